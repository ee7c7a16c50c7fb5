/** /forgot-password (choose a role) and /forgot-password/{driver,driver-manager,customer}. */
import { Role, ZForgotPasswordBody, authRoutes } from '@logi/contract';
import { FORGOT_PASSWORD_TEXT } from '../../texts/account-recovery';
import { CREDENTIAL_FIELD_TEXT, type TRoleSlug } from '../../texts/sign-in';
import { ChevronRight, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { api } from '../../lib/api';
import { roleOfSlug } from './sign-in';
import { TextField } from './text-field';
import { usePlainForm } from './use-plain-form';

const RESETTABLE: TRoleSlug[] = ['customer', 'driver-manager', 'driver'];

export function ForgotPasswordPage() {
  const { role: slug } = useParams();
  const role = roleOfSlug(slug);
  const t = FORGOT_PASSWORD_TEXT;
  if (!role || !slug || role === 'ADMIN') {
    return (
      <PagePanel title={t.chooserTitle}>
        <ul className="flex flex-col gap-2">
          {RESETTABLE.map((s) => (
            <li key={s}>
              <Link
                to={`/forgot-password/${s}`}
                className="flex items-center gap-3 rounded-md border bg-card px-4 py-3 font-semibold transition-colors hover:bg-accent"
              >
                <span className="flex-1">{t.title(Role.labels[roleOfSlug(s)!])}</span>
                <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </PagePanel>
    );
  }
  return <ForgotPasswordForm key={slug} slug={slug} />;
}

function ForgotPasswordForm({ slug }: { slug: string }) {
  const role = roleOfSlug(slug)!;
  const t = FORGOT_PASSWORD_TEXT;
  const form = usePlainForm(ZForgotPasswordBody, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(
    async (body) => {
      await api.call(authRoutes.forgotPassword, { body });
      setSentTo(body.email);
    },
    { role },
  );

  if (sentTo) {
    return (
      <PagePanel title={t.sentTitle} description={t.sentDescription(sentTo)}>
        <MailCheck aria-hidden className="mx-auto size-12 text-primary" />
        <Button asChild variant="outline">
          <Link to={`/sign-in/${slug}`}>{t.backToSignIn}</Link>
        </Button>
      </PagePanel>
    );
  }

  return (
    <PagePanel title={t.title(Role.labels[role])} description={t.description}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextField label={CREDENTIAL_FIELD_TEXT.email} type="email" autoComplete="username" required {...form.field('email')} />
        <Button type="submit" size="lg" loading={form.submitting}>
          {t.submit}
        </Button>
      </form>
      <Link to={`/sign-in/${slug}`} className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {t.backToSignIn}
      </Link>
    </PagePanel>
  );
}

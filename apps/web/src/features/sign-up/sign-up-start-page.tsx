/** /sign-up (e-mail) and /sign-up/email-sent (with resend). */
import { ZSignupBody, authRoutes } from '@logi/contract';
import { CREDENTIAL_FIELD_TEXT } from '../../texts/sign-in';
import { SIGN_UP_TEXT } from '../../texts/sign-up';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Form, FormInput, applyFieldErrors, useZodForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { PagePanel } from '../../components/ui/page-panel';
import { ApiError, api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { toast } from '../../lib/toast';

export function SignUpPage() {
  const t = SIGN_UP_TEXT.start;
  const navigate = useNavigate();
  const form = useZodForm(ZSignupBody, { defaultValues: { email: '' } });

  async function submit(body: { email: string }) {
    try {
      await api.call(authRoutes.signup, { body });
      await navigate(`/sign-up/email-sent?${new URLSearchParams({ email: body.email }).toString()}`);
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form, error.details))) toastError(error);
    }
  }

  return (
    <PagePanel title={t.title} description={t.description}>
      <Form form={form} onSubmit={submit}>
        <FormInput name="email" type="email" label={CREDENTIAL_FIELD_TEXT.email} autoComplete="email" required />
        <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {t.submit}
        </Button>
      </Form>
      <p className="text-center text-sm">
        {t.haveAccount}{' '}
        <Link to="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
          {SIGN_UP_TEXT.succeed.toSignIn}
        </Link>
      </p>
    </PagePanel>
  );
}

export function SignUpEmailSentPage() {
  const t = SIGN_UP_TEXT.emailSent;
  const [params] = useSearchParams();
  const email = params.get('email');
  const [sending, setSending] = useState(false);

  async function resend() {
    if (!email) return;
    setSending(true);
    try {
      const { message } = await api.call(authRoutes.resendVerify, { query: { email } });
      toast.success(message);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <PagePanel title={t.title} description={email ? t.description(email) : t.descriptionNoEmail}>
      <MailCheck aria-hidden className="mx-auto size-12 text-primary" />
      {email && (
        <>
          <p className="text-sm text-muted-foreground">{t.notReceived}</p>
          <Button variant="outline" onClick={resend} loading={sending}>
            {t.resend}
          </Button>
        </>
      )}
    </PagePanel>
  );
}

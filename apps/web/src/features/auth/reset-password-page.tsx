/** /forgot-password/reset-password?token=&role=: the link is checked first, then a new password is set. */
import { SUCCESS_MESSAGES, ZResetPasswordBody, authRoutes } from '@logi/contract';
import { PASSWORD_FIELD_TEXT, RESET_PASSWORD_TEXT } from '../../texts/account-recovery';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { api, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { slugOfRole } from './sign-in';
import { TextField } from './text-field';
import { useOnce } from './use-once';
import { usePlainForm } from './use-plain-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const slug = slugOfRole(params.get('role'));
  const t = RESET_PASSWORD_TEXT;
  const check = useOnce(`verify-reset:${token}`, () => api.call(authRoutes.verifyResetToken, { query: { token } }));

  if (check.status === 'pending') {
    return (
      <PagePanel title={t.title}>
        <PendingLine>{t.checking}</PendingLine>
      </PagePanel>
    );
  }
  if (check.status === 'failed' || !check.data.valid) {
    return (
      <PagePanel title={t.invalidTitle}>
        <Notice tone="error">{check.status === 'failed' ? errorMessage(check.error) : t.invalidTitle}</Notice>
        <Button asChild variant="outline">
          <Link to={slug && slug !== 'admin' ? `/forgot-password/${slug}` : '/forgot-password'}>{t.requestAgain}</Link>
        </Button>
      </PagePanel>
    );
  }
  return <ResetPasswordForm token={token} signInPath={slug ? `/sign-in/${slug}` : '/sign-in'} />;
}

function ResetPasswordForm({ token, signInPath }: { token: string; signInPath: string }) {
  const navigate = useNavigate();
  const t = RESET_PASSWORD_TEXT;
  const form = usePlainForm(ZResetPasswordBody, { password: '', confirmPassword: '' });
  const submit = form.onSubmit(
    async (body) => {
      await api.call(authRoutes.resetPassword, { body });
      toast.success(SUCCESS_MESSAGES.passwordReset);
      await navigate(signInPath, { replace: true });
    },
    { token },
  );
  return (
    <PagePanel title={t.title} description={t.description}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextField
          label={PASSWORD_FIELD_TEXT.newPassword}
          type="password"
          autoComplete="new-password"
          description={PASSWORD_FIELD_TEXT.passwordHint}
          required
          {...form.field('password')}
        />
        <TextField
          label={PASSWORD_FIELD_TEXT.confirmNewPassword}
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <Button type="submit" size="lg" loading={form.submitting}>
          {t.submit}
        </Button>
      </form>
    </PagePanel>
  );
}

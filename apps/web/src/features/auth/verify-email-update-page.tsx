/** /verify-email-update?token=: confirms the new address of the mail's link. */
import { authRoutes } from '@logi/contract';
import { VERIFY_EMAIL_UPDATE_TEXT } from '../../texts/account-recovery';
import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { api, errorMessage } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { useOnce } from './use-once';

export function VerifyEmailUpdatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const t = VERIFY_EMAIL_UPDATE_TEXT;
  const result = useOnce(`verify-email-update:${token}`, () => {
    // Confirming the change ends every session of the account on the server (decision 002).
    // A signed-in user is signed out here first, so that the app's own calls meanwhile
    // (the session refresh, the notification stream) do not meet the revoked token and
    // send the user to /sign-in with an error (decision 021).
    if (authStore.getState().isSignedIn) authStore.signOut();
    return api.call(authRoutes.verifyEmailUpdate, { body: { token } });
  });

  const next = (
    <Button asChild variant="outline">
      <Link to="/sign-in">{t.toSignIn}</Link>
    </Button>
  );

  if (result.status === 'pending') {
    return (
      <PagePanel title={t.title}>
        <PendingLine>{t.checking}</PendingLine>
      </PagePanel>
    );
  }
  if (result.status === 'failed') {
    return (
      <PagePanel title={t.failedTitle}>
        <Notice tone="error">{errorMessage(result.error)}</Notice>
        {next}
      </PagePanel>
    );
  }
  return (
    <PagePanel title={t.title}>
      <CircleCheck aria-hidden className="mx-auto size-12 text-primary" />
      <Notice tone="success">{result.data.message}</Notice>
      <p className="text-sm text-muted-foreground">{t.doneDescription}</p>
      {next}
    </PagePanel>
  );
}

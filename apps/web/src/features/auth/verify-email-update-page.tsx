/** /verify-email-update?token=: confirms the new address of the mail's link. */
import { VERIFY_EMAIL_UPDATE_TEXT, authRoutes } from '@logi/contract';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { api, errorMessage } from '../../lib/api';
import { authStore, useAuth } from '../../lib/auth-store';
import { useOnce } from './use-once';

export function VerifyEmailUpdatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isSignedIn = useAuth((s) => s.isSignedIn);
  const t = VERIFY_EMAIL_UPDATE_TEXT;
  const result = useOnce(`verify-email-update:${token}`, () => api.call(authRoutes.verifyEmailUpdate, { body: { token } }));

  // A signed-in user's stored address is now stale.
  useEffect(() => {
    if (result.status !== 'done' || !authStore.getState().isSignedIn) return;
    api.call(authRoutes.session).then(
      (user) => authStore.setUser(user),
      () => undefined,
    );
  }, [result.status]);

  const next = (
    <Button asChild variant="outline">
      <Link to={isSignedIn ? '/my-page' : '/sign-in'}>{isSignedIn ? t.toMyPage : t.toSignIn}</Link>
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
      {!isSignedIn && <p className="text-sm text-muted-foreground">{t.doneDescription}</p>}
      {next}
    </PagePanel>
  );
}

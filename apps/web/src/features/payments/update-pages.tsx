/**
 * /payments/update?intentCode= (a failed renewal, or a verified card-change link: pay with a
 * new card and get back in), /payments/request-update (mail me a card-change link) and
 * /payments/verify?token= (the mail's link → /payments/update).
 */
import { PAYMENT_TEXT, UI_TEXT, paymentRoutes } from '@logi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { api, errorMessage } from '../../lib/api';
import { authStore, useAuth } from '../../lib/auth-store';
import { toastError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { CardForm } from './card-form';
import { PAYMENTS_KEY, setupQuery } from './queries';

const t = PAYMENT_TEXT;

export function PaymentUpdatePage() {
  const [params] = useSearchParams();
  const intentCode = params.get('intentCode');
  const verified = (useLocation().state as { verified?: boolean } | null)?.verified === true;
  const isSignedIn = useAuth((s) => s.isSignedIn);
  const setup = useQuery(setupQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  if (!intentCode) {
    return (
      <PagePanel title={t.update.title}>
        <Notice tone="error">{t.update.missingIntent}</Notice>
      </PagePanel>
    );
  }
  async function pay(token: string) {
    const result = await api.call(paymentRoutes.updatePaymentMethod, { body: { token, intentCode: intentCode! } });
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    if (authStore.getState().isSignedIn) {
      // Paid: the guard lets the manager in again at once.
      authStore.clearIntentCode();
      await navigate('/', { replace: true });
    } else {
      setDone(true);
    }
  }
  if (done) {
    return (
      <PagePanel title={t.update.title}>
        <CircleCheck aria-hidden className="mx-auto size-12 text-primary" />
        <Notice tone="success">{t.update.done}</Notice>
        <Button asChild>
          <Link to={isSignedIn ? '/' : '/sign-in/driver-manager'}>{isSignedIn ? t.update.toHome : t.update.toSignIn}</Link>
        </Button>
      </PagePanel>
    );
  }
  return (
    <PagePanel title={t.update.title} description={verified ? t.update.verifiedDescription : t.update.description}>
      {setup.isPending && <PendingLine>{UI_TEXT.common.loading}</PendingLine>}
      {setup.isError && <Notice tone="error">{errorMessage(setup.error)}</Notice>}
      {setup.data && <CardForm setup={setup.data} submitLabel={t.update.submit} pay={pay} />}
    </PagePanel>
  );
}

export function PaymentRequestUpdatePage() {
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      setSent((await api.call(paymentRoutes.requestUpdateToken)).message);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <PagePanel title={t.requestUpdate.title} description={t.requestUpdate.description}>
      {sent ? (
        <Notice tone="success">{sent}</Notice>
      ) : (
        <Button size="lg" loading={busy} onClick={() => void send()}>
          {t.requestUpdate.submit}
        </Button>
      )}
    </PagePanel>
  );
}

export function PaymentVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(token ? null : t.verify.missingToken);
  useEffect(() => {
    if (!token) return;
    let live = true;
    api.call(paymentRoutes.verifyToken, { body: { token } }).then(
      (result) => {
        if (live)
          void navigate(`/payments/update?${new URLSearchParams({ intentCode: result.intentCode })}`, {
            replace: true,
            state: { verified: true },
          });
      },
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);
  return (
    <PagePanel title={t.verify.title}>
      {error ? <Notice tone="error">{error}</Notice> : <PendingLine>{t.verify.verifying}</PendingLine>}
    </PagePanel>
  );
}

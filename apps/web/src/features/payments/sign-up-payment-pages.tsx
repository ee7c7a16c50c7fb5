/**
 * /sign-up/driver-manager/payment?intentCode= → /sign-up/driver-manager/succeed: the new
 * driver manager subscribes (plan, coupon, card). The intent code of the registration says
 * whose payment it is, so the page works before signing in (decision 025).
 */
import { PAYMENT_TEXT, UI_TEXT, paymentRoutes, type TCouponPreview } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { api, errorMessage } from '../../lib/api';
import { authStore, useAuth } from '../../lib/auth-store';
import { formatYen } from '../../lib/format';
import { toast } from '../../lib/toast';
import { CardForm } from './card-form';
import { CouponField, PlanSummary } from './plan-summary';
import { setupQuery } from './queries';

const t = PAYMENT_TEXT;

export function SignUpPaymentPage() {
  const [params] = useSearchParams();
  const intentCode = params.get('intentCode');
  const setup = useQuery(setupQuery);
  const navigate = useNavigate();
  const [coupon, setCoupon] = useState<TCouponPreview | null>(null);
  // The registration's own message, handed over by the register page (register-pages.tsx).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  if (!intentCode) {
    return (
      <PagePanel title={t.signUp.title}>
        <Notice tone="error">{t.signUp.missingIntent}</Notice>
        <Button asChild variant="outline">
          <Link to="/sign-in/driver-manager">{t.signUp.toSignIn}</Link>
        </Button>
      </PagePanel>
    );
  }
  async function pay(token: string) {
    const result = await api.call(paymentRoutes.monthlySubscription, {
      body: { token, intentCode: intentCode!, ...(coupon ? { couponCode: coupon.code } : {}) },
    });
    toast.success(result.message);
    // Paid: the guard must not send a signed-in user back to /payments/update.
    if (authStore.getState().isSignedIn) authStore.clearIntentCode();
    await navigate('/sign-up/driver-manager/succeed', { replace: true });
  }
  return (
    <PagePanel title={t.signUp.title} description={t.signUp.description}>
      {notice && <Notice tone="success">{notice}</Notice>}
      {setup.isPending && <PendingLine>{UI_TEXT.common.loading}</PendingLine>}
      {setup.isError && <Notice tone="error">{errorMessage(setup.error)}</Notice>}
      {setup.data && (
        <>
          <PlanSummary setup={setup.data} coupon={coupon} />
          <CouponField applied={coupon} onChange={setCoupon} />
          <h2 className="text-sm font-semibold">{t.card.heading}</h2>
          <CardForm
            setup={setup.data}
            submitLabel={t.signUp.submit(formatYen(coupon ? coupon.firstAmount : setup.data.plan.amount))}
            pay={pay}
          />
        </>
      )}
    </PagePanel>
  );
}

export function SignUpPaymentSucceedPage() {
  const isSignedIn = useAuth((s) => s.isSignedIn);
  return (
    <PagePanel title={t.succeed.title} description={isSignedIn ? t.succeed.description : t.succeed.signInDescription}>
      <CircleCheck aria-hidden className="mx-auto size-12 text-primary" />
      <Button asChild size="lg">
        {isSignedIn ? (
          <Link to="/shipping-requests/results">{t.succeed.start}</Link>
        ) : (
          <Link to="/sign-in/driver-manager">{t.signUp.toSignIn}</Link>
        )}
      </Button>
    </PagePanel>
  );
}

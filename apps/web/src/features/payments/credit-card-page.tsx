/**
 * /my-page/credit-card: the driver manager's card and subscription, the paid months' 適格請求書 and
 * 領収書, changing the card, and the sandbox's dev clock.
 */
import { PAYMENT_TEXT, UI_TEXT, authRoutes, paymentRoutes, type TPaymentSetup, type TSubscription } from '@logi/contract';
import { SUBSCRIPTION_STATUS_LABELS } from '../../texts/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { pendingPaymentPath } from '../../lib/landing-paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Notice, PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { ApiError, api, errorMessage } from '../../lib/api';
import { authStore, useAuth } from '../../lib/auth-store';
import { toastError } from '../../lib/errors';
import { formatDate, formatYen } from '../../lib/format';
import { toast } from '../../lib/toast';
import { CardForm } from './card-form';
import { couponDescription } from './plan-summary';
import { PAYMENTS_KEY, documentsQuery, setupQuery, subscriptionQuery } from './queries';
import { SubscriptionDocuments } from './subscription-documents';

const t = PAYMENT_TEXT.creditCard;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    // The label column as wide as its longest label: a third of a phone's width broke 「カードブランド」.
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function SubscriptionDetails({ s }: { s: TSubscription }) {
  const card = s.default_payment_method?.card;
  const period = s.current_period_start && s.current_period_end;
  return (
    <>
      <section aria-labelledby="card-heading">
        <h2 id="card-heading" className="mb-1 text-sm font-semibold">
          {t.cardHeading}
        </h2>
        <dl className="divide-y">
          <Row label={t.brand}>{card ? (PAYMENT_TEXT.cardBrands[card.brand] ?? PAYMENT_TEXT.cardBrands.unknown) : t.none}</Row>
          <Row label={t.number}>{card ? `**** **** **** ${card.last4}` : t.none}</Row>
          <Row label={t.expiry}>{card ? `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : t.none}</Row>
        </dl>
      </section>
      <section aria-labelledby="subscription-heading">
        <h2 id="subscription-heading" className="mb-1 text-sm font-semibold">
          {t.subscriptionHeading}
        </h2>
        <dl className="divide-y">
          <Row label={t.status}>
            <Badge variant={s.status === 'active' || s.status === 'trialing' ? 'success' : 'destructive'}>
              {SUBSCRIPTION_STATUS_LABELS[s.status]}
            </Badge>
          </Row>
          <Row label={t.currentPeriod}>
            {period ? (
              <>
                <span className="keep">{formatDate(s.current_period_start!)}</span> 〜{' '}
                <span className="keep">{formatDate(s.current_period_end!)}</span>
              </>
            ) : (
              t.none
            )}
          </Row>
          <Row label={t.nextCharge}>
            {s.current_period_end && s.next_charge_amount !== null ? (
              <>
                <span className="keep">{formatDate(s.current_period_end)}</span>{' '}
                <span className="keep">{formatYen(s.next_charge_amount)}</span>
              </>
            ) : (
              t.none
            )}
          </Row>
          <Row label={t.coupon}>{s.coupon ? `${s.coupon.code}（${couponDescription(s.coupon)}）` : t.none}</Row>
        </dl>
      </section>
    </>
  );
}

/** Development only: the sandbox's billing clock, so a renewal (and a failed one) can be seen. */
function DevClock() {
  const d = PAYMENT_TEXT.devClock;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function advance() {
    setBusy(true);
    try {
      const { now } = await api.call(paymentRoutes.sandboxClock, { body: { days: 31 } });
      toast.success(d.advanced(formatDate(now)));
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      // A failed renewal set an intent code on the server: the guard then sends the user to /payments/update.
      authStore.setUser(await api.call(authRoutes.session));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="dev-clock-heading" className="flex flex-col gap-2 rounded-md border border-dashed p-3">
      <h2 id="dev-clock-heading" className="text-sm font-semibold">
        {d.heading}
      </h2>
      <p className="text-xs text-muted-foreground">{d.description}</p>
      <Button variant="outline" size="sm" loading={busy} onClick={() => void advance()}>
        {d.advanceMonth}
      </Button>
    </section>
  );
}

function ChangeCard({ setup, onDone }: { setup: TPaymentSetup; onDone: () => void }) {
  const queryClient = useQueryClient();
  async function pay(token: string) {
    const result = await api.call(paymentRoutes.updatePaymentMethod, { body: { token } });
    toast.success(result.message);
    queryClient.setQueryData(subscriptionQuery.queryKey, result.subscription);
    // Paying an open invoice with the new card adds its documents.
    void queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey });
    onDone();
  }
  return (
    <section aria-labelledby="change-heading" className="flex flex-col gap-3 rounded-md border p-3">
      <h2 id="change-heading" className="text-sm font-semibold">
        {t.changeTitle}
      </h2>
      <CardForm setup={setup} submitLabel={t.saveCard} pay={pay} />
      <Button variant="ghost" onClick={onDone}>
        {t.cancel}
      </Button>
    </section>
  );
}

export function CreditCardPage() {
  const subscription = useQuery(subscriptionQuery);
  const setup = useQuery(setupQuery);
  const [changing, setChanging] = useState(false);
  const missing = subscription.error instanceof ApiError && subscription.error.status === 404;
  const { intentCode, hasSubscribed } = useAuth((s) => s.user);
  const paymentPath = pendingPaymentPath({ intentCode, hasSubscribed });
  return (
    <PagePanel title={t.title} description={t.description}>
      {paymentPath && (
        <Notice tone="error">
          {hasSubscribed ? t.lapsed : t.notSubscribed}{' '}
          <Link to={paymentPath} className="font-semibold underline">
            {hasSubscribed ? t.payNow : t.subscribeNow}
          </Link>
        </Notice>
      )}
      {subscription.isPending && <PendingLine>{UI_TEXT.common.loading}</PendingLine>}
      {missing && <Notice>{t.noSubscription}</Notice>}
      {subscription.isError && !missing && <Notice tone="error">{errorMessage(subscription.error)}</Notice>}
      {subscription.data && <SubscriptionDetails s={subscription.data} />}
      {subscription.data && <SubscriptionDocuments />}
      {setup.data &&
        (changing ? (
          <ChangeCard setup={setup.data} onDone={() => setChanging(false)} />
        ) : (
          <Button onClick={() => setChanging(true)}>{t.changeCard}</Button>
        ))}
      <Link to="/payments/request-update" className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {t.requestUpdate}
      </Link>
      {setup.data?.devClock && <DevClock />}
      <Link to="/my-page" className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {PAYMENT_TEXT.backToMyPage}
      </Link>
    </PagePanel>
  );
}

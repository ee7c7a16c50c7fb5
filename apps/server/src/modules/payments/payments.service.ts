/**
 * Payments: the driver manager's monthly card subscription (spec §7 Payments) and the
 * provider's webhook. The provider (platform/payments) holds the truth; the
 * `subscriptions` row mirrors it and is refreshed from the provider on every call and
 * event that touches it, so events may come twice or in any order (decision 025).
 *
 * The intent code: a driver manager with a pending payment (a new registration, or a
 * renewal that failed) holds `users.intent_code`; the web then sends every page to
 * /payments/update. Paying clears it. The code also lets a browser that is not signed
 * in pay for that account (the sign-up payment step, the link of the failure mail).
 */
import {
  PAYMENT_CURRENCY,
  PAYMENT_LOCALE,
  PAYMENT_TEXT,
  SUBSCRIPTION_IN_GOOD_STANDING,
  SUCCESS_MESSAGES,
  type TCouponPreview,
  type TMessageResponse,
  type TMonthlySubscriptionBody,
  type TPaymentMethodList,
  type TPaymentSetup,
  type TSubscription,
  type TSubscriptionResult,
  type TSubscriptionStatus,
  type TUpdatePaymentMethodBody,
  type TVerifyPaymentTokenResponse,
} from '@logi/contract';
import { chargeAmount } from '../../domain/subscription-charges';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailTemplates } from '../../platform/mail/templates';
import { CardError, type ProviderInvoice, type ProviderSubscription } from '../../platform/payments/payment-provider';
import { WebhookEventError, WebhookSignatureError } from '../../platform/payments/webhook-signature';
import { publishAccountsChanged } from '../../platform/realtime/bus';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from '../../platform/tokens/one-time-tokens';
import { newOpaqueToken } from '../../platform/tokens/opaque-tokens';
import * as accounts from '../accounts/accounts.service';
import { withEvents } from '../notifications/notifications.service';
import { recordPaidInvoice } from '../subscription-documents/subscription-documents.service';
import * as repo from './payments.repository';

/** Whose payment a call settles: the signed-in manager, or the account of an intent code / mailed link. */
interface Payer {
  user: accounts.UserRow;
  /** The mailed card-change link used, consumed once the card is saved. */
  updateTokenId: string | null;
  /** A retry of a call that already settled (its code spent, its card paying the subscription): answered, never charged. */
  retry: boolean;
}

const inGoodStanding = (status: TSubscriptionStatus) => SUBSCRIPTION_IN_GOOD_STANDING.includes(status);
/** Lapsed: the manager must pay before using the product again (an unpaid first invoice is the registration's own intent). */
const isLapsed = (status: TSubscriptionStatus) => !inGoodStanding(status) && status !== 'incomplete';
/** Over: the provider bills it no more, so paying again starts a new subscription. */
const hasEnded = (status: TSubscriptionStatus) => status === 'canceled' || status === 'incomplete_expired';
/** A subscription the provider still bills (active, past due, unpaid …): paying acts on it, never beside it (decision 082). */
const isLive = (row: repo.SubscriptionRow | undefined): row is repo.SubscriptionRow & { subscriptionId: string } =>
  !!row?.subscriptionId && !hasEnded(row.status);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscriptionView(row: repo.SubscriptionRow): TSubscription {
  return {
    id: row.subscriptionId ?? row.id,
    status: row.status,
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    trial_start: iso(row.trialStart),
    trial_end: iso(row.trialEnd),
    default_payment_method: row.paymentMethod ?? null,
    next_charge_amount: row.nextChargeAmount,
    coupon: row.coupon ?? null,
  };
}

/** Runs calls for one account one after another in this process (a double click pays once). */
function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    tails.set(key, run);
    try {
      return await run;
    } finally {
      if (tails.get(key) === run) tails.delete(key);
    }
  };
}

/** The provider unreachable → 503, its error kept for the log. */
const unavailable = (cause: unknown) => Object.assign(new AppError('PAYMENT_PROVIDER_UNAVAILABLE'), { cause });

/** A refused card → its Japanese reason (402); the provider unreachable → 503. */
async function provided<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardError) throw new AppError(error.code);
    if (error instanceof AppError) throw error;
    throw unavailable(error);
  }
}

/** What the provider holds, read: unreachable → 503 (a read refuses no card). */
async function readFromProvider<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw unavailable(error);
  }
}

export function createPaymentsService(deps: Deps) {
  const { db, config } = deps;
  const { provider, sandbox } = deps.payments;
  const oneAtATime = createKeyedQueue();

  /**
   * The payer of a call with a card token. A code that no longer resolves is a retry when the card is the
   * one now paying a subscription in good standing (a double click, an answer lost): paying spent the code.
   * The card token is the key then, not the code, and it only reads that account's answer again.
   */
  async function resolvePayer(caller: AuthContext | null, intentCode: string | undefined, card: string): Promise<Payer> {
    if (caller?.role === 'DRIVER_MANAGER' && !intentCode) {
      const user = await accounts.findUserById(db, caller.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return { user, updateTokenId: null, retry: false };
    }
    if (!intentCode) throw new AppError('PAYMENT_INTENT_INVALID');
    const pending = await repo.findUserByIntentCode(db, intentCode);
    const link = pending ? undefined : await findOneTimeToken(db, 'PAYMENT_UPDATE', intentCode);
    const userId = pending?.id ?? (link?.state === 'valid' ? link.token.userId : null);
    const user = userId ? await accounts.findUserById(db, userId) : undefined;
    if (user) return { user, updateTokenId: link?.state === 'valid' ? link.token.id : null, retry: false };
    const paidBy = await repo.findSubscriptionByCard(db, card);
    const owner = paidBy && inGoodStanding(paidBy.status) ? await accounts.findUserById(db, paidBy.userId) : undefined;
    if (!owner) throw new AppError('PAYMENT_INTENT_INVALID');
    return { user: owner, updateTokenId: null, retry: true };
  }

  async function mirror(
    userId: string,
    customerId: string,
    s: ProviderSubscription,
    coupon: repo.SubscriptionRow['coupon'],
  ): Promise<repo.SubscriptionValues> {
    // The next charge is the open invoice's month, or else the renewal after the last invoice.
    const nextMonth = s.latestInvoice?.open ? s.monthsInvoiced - 1 : s.monthsInvoiced;
    return {
      userId,
      provider: provider.kind,
      customerId,
      subscriptionId: s.id,
      status: s.status,
      currentPeriodStart: s.currentPeriodStart,
      currentPeriodEnd: s.currentPeriodEnd,
      trialStart: s.trialStart,
      trialEnd: s.trialEnd,
      paymentMethod: s.paymentMethod,
      coupon: coupon ?? null,
      nextChargeAmount: hasEnded(s.status) ? null : chargeAmount(await provider.planAmount(), coupon ?? null, nextMonth),
    };
  }

  /**
   * The invoice a call just paid (the subscription's latest, once it is no longer open), read from
   * the provider for its receipt (decision 098); undefined when there is none to record.
   */
  async function paidInvoiceOf(s: ProviderSubscription): Promise<ProviderInvoice | undefined> {
    if (!s.latestInvoice || s.latestInvoice.open) return undefined;
    const invoice = await provided(() => provider.getInvoice(s.latestInvoice!.id));
    return invoice?.paid ? invoice : undefined;
  }

  /**
   * Stores the provider's subscription and settles the account's intent code, in one transaction,
   * with the paid invoice's documents when the call paid one.
   */
  async function settle(payer: Payer, values: repo.SubscriptionValues, paid?: ProviderInvoice): Promise<repo.SubscriptionRow> {
    let recorded = false;
    const saved = await db.transaction(async (tx) => {
      // The account row first, as the webhook handler locks it: one lock order, no deadlock.
      await accounts.findUserById(tx, payer.user.id, true);
      const row = await repo.saveSubscription(tx, values);
      if (inGoodStanding(row.status)) await accounts.updateUser(tx, payer.user.id, { intentCode: null });
      if (payer.updateTokenId) await consumeOneTimeToken(tx, payer.updateTokenId);
      if (paid) recorded = await recordPaidInvoice(deps, tx, payer.user.id, provider.kind, paid);
      return row;
    });
    if (recorded) deps.mailWritten();
    // The session user's intent code may have cleared.
    await publishAccountsChanged(deps.realtime, [payer.user.id]);
    return saved;
  }

  async function findCoupon(code: string) {
    const found = await provided(() => provider.findCoupon(code));
    if (!found) throw new AppError('COUPON_INVALID');
    if (!found.redeemable) throw new AppError('COUPON_EXPIRED');
    return found;
  }

  const answer = (message: string, row: repo.SubscriptionRow): TSubscriptionResult => ({
    message,
    subscription: toSubscriptionView(row),
  });

  /**
   * Settles a subscription the provider still bills with this card: its open invoice (a failed
   * renewal) is paid, as Stripe's `pay` on the invoice does, and the card becomes the default.
   * Undefined when the provider has ended it meanwhile (then a new one starts).
   */
  async function settleLive(payer: Payer, row: repo.SubscriptionRow & { subscriptionId: string }, token: string) {
    const { customerId, subscriptionId } = row;
    const current = await readFromProvider(() => provider.getSubscription(subscriptionId));
    if (hasEnded(current.status)) return undefined;
    await provided(() => provider.attachCard(customerId, token));
    if (current.latestInvoice?.open) await provided(() => provider.payInvoice(current.latestInvoice!.id, token));
    await provided(() => provider.setDefaultCard(customerId, subscriptionId, token));
    const fresh = await readFromProvider(() => provider.getSubscription(subscriptionId));
    return settle(payer, await mirror(payer.user.id, customerId, fresh, row.coupon), await paidInvoiceOf(fresh));
  }

  /** A new subscription: none yet, or the last one ended. */
  async function startSubscription(
    payer: Payer,
    existing: repo.SubscriptionRow | undefined,
    token: string,
    couponCode: string | undefined,
  ): Promise<TSubscriptionResult> {
    const { user } = payer;
    // The coupon is checked before the card is touched: a wrong one charges nothing.
    const coupon = couponCode ? await findCoupon(couponCode) : null;
    const customerId =
      existing?.customerId ??
      (await provided(() => provider.createCustomer({ userId: user.id, email: user.email, name: user.name })));
    if (!existing)
      await repo.saveSubscription(db, { userId: user.id, provider: provider.kind, customerId, status: 'incomplete' });
    await provided(() => provider.attachCard(customerId, token));
    const created = await provided(() =>
      provider.createSubscription({
        customerId,
        paymentMethodId: token,
        promotionId: coupon?.promotionId ?? null,
        // One card, one subscription: a retry with the same token gets the first answer.
        idempotencyKey: `subscription-${user.id}-${token}`,
      }),
    );
    // The card also becomes the customer's default, which later invoices fall back to.
    await provided(() => provider.setDefaultCard(customerId, created.id, token));
    const row = await settle(
      payer,
      await mirror(user.id, customerId, created, coupon?.coupon ?? null),
      await paidInvoiceOf(created),
    );
    return answer(SUCCESS_MESSAGES.subscribed, row);
  }

  async function subscribeAs(payer: Payer, token: string, couponCode: string | undefined): Promise<TSubscriptionResult> {
    const existing = await repo.findSubscriptionByUser(db, payer.user.id);
    // Idempotent: a retried call (or a second tab) answers the subscription already paid.
    if (existing?.subscriptionId && inGoodStanding(existing.status)) return answer(SUCCESS_MESSAGES.subscribed, existing);
    // Past due: the month owed is paid on the subscription there is; a second one would charge it twice.
    // A coupon is for a new subscription only: the open invoice is paid as it stands.
    const settled = isLive(existing) ? await settleLive(payer, existing, token) : undefined;
    if (settled) return answer(SUCCESS_MESSAGES.subscribed, settled);
    return startSubscription(payer, existing, token, couponCode);
  }

  return {
    async setup(): Promise<TPaymentSetup> {
      return {
        provider: provider.kind,
        publishableKey: provider.publishableKey,
        currency: PAYMENT_CURRENCY,
        locale: PAYMENT_LOCALE,
        plan: { name: PAYMENT_TEXT.planName, amount: await provided(() => provider.planAmount()) },
        devClock: sandbox !== undefined && config.payments.provider === 'sandbox' && config.payments.devClock,
      };
    },

    async coupon(code: string): Promise<TCouponPreview> {
      const { coupon } = await findCoupon(code);
      return { ...coupon, firstAmount: chargeAmount(await provider.planAmount(), coupon, 0) };
    },

    async subscribe(caller: AuthContext | null, body: TMonthlySubscriptionBody): Promise<TSubscriptionResult> {
      const payer = await resolvePayer(caller, body.intentCode, body.token);
      // A retry reaches the subscription in good standing and is answered with it.
      return oneAtATime(payer.user.id, () => subscribeAs(payer, body.token, body.couponCode ?? undefined));
    },

    async updatePaymentMethod(caller: AuthContext | null, body: TUpdatePaymentMethodBody): Promise<TSubscriptionResult> {
      const payer = await resolvePayer(caller, body.intentCode, body.token);
      return oneAtATime(payer.user.id, async () => {
        const row = await repo.findSubscriptionByUser(db, payer.user.id);
        if (payer.retry && row) return answer(SUCCESS_MESSAGES.paymentMethodUpdated, row);
        const settled = isLive(row) ? await settleLive(payer, row, body.token) : undefined;
        if (settled) return answer(SUCCESS_MESSAGES.paymentMethodUpdated, settled);
        // Nothing to update (never paid, or canceled after the retries): a new subscription with this card.
        return startSubscription(payer, row, body.token, undefined);
      });
    },

    async current(auth: AuthContext): Promise<TSubscription> {
      const row = await repo.findSubscriptionByUser(db, auth.userId);
      if (!row?.subscriptionId) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      return toSubscriptionView(row);
    },

    async methods(auth: AuthContext): Promise<TPaymentMethodList> {
      const row = await repo.findSubscriptionByUser(db, auth.userId);
      if (!row) return { data: [] };
      const cards = await provided(() => provider.listCards(row.customerId));
      return { data: cards.map(({ card, isDefault }) => ({ ...card, isDefault })) };
    },

    async requestUpdateToken(auth: AuthContext): Promise<TMessageResponse> {
      await db.transaction(async (tx) => {
        const user = await accounts.findUserById(tx, auth.userId);
        if (!user) throw new AppError('USER_NOT_FOUND');
        const token = await issueOneTimeToken(tx, { purpose: 'PAYMENT_UPDATE', email: user.email, userId: user.id });
        await enqueueMail(tx, user.email, mailTemplates.paymentUpdate(config.appUrl, token));
      });
      deps.mailWritten();
      return { message: SUCCESS_MESSAGES.paymentUpdateMailSent };
    },

    async verifyToken(token: string): Promise<TVerifyPaymentTokenResponse> {
      const found = await findOneTimeToken(db, 'PAYMENT_UPDATE', token);
      if (found.state !== 'valid') throw new AppError('PAYMENT_UPDATE_TOKEN_INVALID');
      return { message: SUCCESS_MESSAGES.paymentUpdateTokenVerified, intentCode: token };
    },

    /**
     * POST /webhooks/stripe. Verified on the raw body; recorded by event id in the same
     * transaction as its effect (a repeat is a no-op, a failure is retried by the
     * provider). The effect does not trust the event's payload: the subscription is read
     * again from the provider, so an older event arriving late cannot undo a newer state.
     */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ received: true }> {
      let event;
      try {
        event = await provider.verifyEvent(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        if (error instanceof WebhookEventError) throw new AppError('WEBHOOK_EVENT_INVALID');
        throw error;
      }
      if (await repo.isPaymentEventRecorded(db, event.id)) return { received: true };
      const row = event.subscriptionId ? await repo.findSubscriptionByProviderId(db, event.subscriptionId) : undefined;
      // The provider unreachable: 503 and nothing recorded, so that its retry of the event applies it.
      const subscriptionId = row?.subscriptionId;
      const fresh = subscriptionId ? await readFromProvider(() => provider.getSubscription(subscriptionId)) : undefined;
      const values = row && fresh ? await mirror(row.userId, row.customerId, fresh, row.coupon) : undefined;
      // An invoice event of this subscription (a renewal paid): its documents, from the provider's invoice.
      const invoiceId = row ? event.invoiceId : undefined;
      const invoice = invoiceId ? await readFromProvider(() => provider.getInvoice(invoiceId)) : undefined;
      let recorded = false;
      await withEvents(deps, async (tx, emit) => {
        if (!(await repo.recordPaymentEvent(tx, event.id, event.type))) return;
        if (!row || !values) return;
        const user = await accounts.findUserById(tx, row.userId, true);
        if (!user) return;
        await repo.saveSubscription(tx, values);
        if (invoice?.subscriptionId === row.subscriptionId) {
          recorded = await recordPaidInvoice(deps, tx, user.id, provider.kind, invoice);
        }
        await applyStanding(tx, user, values.status!, (intentCode) =>
          emit({ type: 'SUBSCRIPTION_PAYMENT_FAILED', userId: user.id, intentCode }),
        );
      });
      if (recorded) deps.mailWritten();
      if (row) await publishAccountsChanged(deps.realtime, [row.userId]);
      return { received: true };
    },
  };
}

/** Good standing clears the intent code; a lapse sets one and tells the manager once. */
async function applyStanding(
  tx: Database,
  user: accounts.UserRow,
  status: TSubscriptionStatus,
  notify: (intentCode: string) => Promise<unknown>,
) {
  if (inGoodStanding(status) && user.intentCode) {
    await accounts.updateUser(tx, user.id, { intentCode: null });
  } else if (isLapsed(status) && !user.intentCode) {
    const intentCode = newOpaqueToken();
    await accounts.updateUser(tx, user.id, { intentCode });
    await notify(intentCode);
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

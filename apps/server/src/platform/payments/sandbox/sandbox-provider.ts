/**
 * The sandbox provider: the embedded default, behaving like Stripe's test mode.
 * Cards are tokenized by the web's own card form (POST /payments/sandbox/cards) and
 * behave as Stripe's test card numbers do (sandbox-cards.ts); coupons come from the
 * configuration; monthly renewals and the retries of a failed renewal run on a
 * billing clock that tests and a development-only control move forward. Its events
 * are signed as Stripe signs them and posted to the same webhook handler.
 *
 * Retry schedule after a failed renewal (like Stripe's default): 3 more attempts,
 * 3 days apart; after the last the subscription is canceled.
 */
import { randomBytes } from 'node:crypto';
import type { TCoupon, TPaymentMethod, TSubscriptionStatus } from '@logi/contract';
import type { SandboxCoupon } from '../../../config';
import { chargeAmount } from '../../../domain/subscription-charges';
import type { Database } from '../../db/database';
import {
  CardError,
  cardErrorCode,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../payment-provider';
import { signPayload, verifyWebhook } from '../webhook-signature';
import { behaviourOf, brandOf, cardFormError } from './sandbox-cards';
import { createSandboxStore } from './sandbox-store';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETRY_DAYS = 3;
const MAX_ATTEMPTS = 4;

interface SandboxCard extends TPaymentMethod {
  number: string;
  customer: string | null;
}
interface SandboxCustomer {
  id: string;
  email: string;
  defaultCard: string | null;
}
interface SandboxSubscription {
  id: string;
  customer: string;
  status: TSubscriptionStatus;
  periodStart: number;
  periodEnd: number;
  card: string;
  coupon: TCoupon | null;
  /** The month of the latest invoice (the first charge is month 0). */
  monthsBilled: number;
  latestInvoice: string;
}
interface SandboxInvoice {
  id: string;
  subscription: string;
  customer: string;
  amount: number;
  status: 'paid' | 'open' | 'uncollectible';
  attempts: number;
  nextAttempt: number | null;
  /** The billed month (ms); absent on invoices of a sandbox older than the receipts (decision 098). */
  periodStart?: number;
  periodEnd?: number;
  /** When the successful attempt ran (ms). */
  paidAt?: number | null;
}

export type WebhookPoster = (payload: string, signature: string) => Promise<void>;

export interface SandboxOptions {
  db: Database;
  webhookSecret: string;
  planAmount: number;
  coupons: SandboxCoupon[];
  log: { error(obj: object, msg: string): void };
}

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;
const addMonth = (ms: number) => {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
};

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

export function createSandboxProvider(options: SandboxOptions) {
  const store = createSandboxStore(options.db);
  let poster: WebhookPoster | undefined;
  let deliveries: Promise<void> = Promise.resolve();

  async function now(): Promise<number> {
    const clock = await store.get<{ offsetMs: number }>('clock');
    return Date.now() + (clock?.offsetMs ?? 0);
  }

  async function mustGet<T>(id: string, what: string): Promise<T> {
    const found = await store.get<T>(id);
    if (!found) throw new Error(`sandbox: no such ${what} ${id}`);
    return found;
  }

  /** Queues a signed delivery of a Stripe-shaped event; `flush` waits for the queue. */
  function emit(type: string, object: Record<string, unknown>) {
    const event = { id: newId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } };
    const payload = JSON.stringify(event);
    deliveries = deliveries.then(async () => {
      if (!poster) return;
      try {
        await poster(payload, await signPayload(payload, options.webhookSecret));
      } catch (error) {
        options.log.error({ err: error, type }, 'sandbox webhook delivery failed');
      }
    });
  }

  const invoiceEvent = (invoice: SandboxInvoice) => ({
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customer,
    status: invoice.status,
    amount_due: invoice.amount,
    currency: 'jpy',
    attempt_count: invoice.attempts,
    parent: { type: 'subscription_details', subscription_details: { subscription: invoice.subscription } },
  });
  const subscriptionEvent = (s: SandboxSubscription) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
  });

  function charge(card: SandboxCard): string | null {
    return behaviourOf(card.number).onCharge ?? null;
  }

  async function toProvider(s: SandboxSubscription): Promise<ProviderSubscription> {
    const card = await store.get<SandboxCard>(s.card);
    const invoice = await store.get<SandboxInvoice>(s.latestInvoice);
    return {
      id: s.id,
      customerId: s.customer,
      status: s.status,
      currentPeriodStart: new Date(s.periodStart),
      currentPeriodEnd: new Date(s.periodEnd),
      trialStart: null,
      trialEnd: null,
      paymentMethod: card ? publicCard(card) : null,
      latestInvoice: invoice ? { id: invoice.id, open: invoice.status === 'open' } : null,
      monthsInvoiced: s.monthsBilled + 1,
    };
  }

  const publicCard = ({ id, type, created, card }: SandboxCard): TPaymentMethod => ({ id, type, created, card });

  /** One attempt at an open invoice with the subscription's card; moves the subscription with the result. */
  async function attempt(s: SandboxSubscription, invoice: SandboxInvoice, at: number, card?: SandboxCard) {
    const used = card ?? (await mustGet<SandboxCard>(s.card, 'card'));
    const failure = charge(used);
    invoice.attempts += 1;
    if (!failure) {
      invoice.status = 'paid';
      invoice.nextAttempt = null;
      invoice.paidAt = at;
      s.status = 'active';
    } else if (invoice.attempts >= MAX_ATTEMPTS && !card) {
      invoice.status = 'uncollectible';
      invoice.nextAttempt = null;
      s.status = 'canceled';
    } else {
      invoice.nextAttempt = at + RETRY_DAYS * DAY_MS;
      s.status = 'past_due';
    }
    await store.put(invoice.id, 'invoice', invoice);
    await store.put(s.id, 'subscription', s);
    emit(failure ? 'invoice.payment_failed' : 'invoice.paid', invoiceEvent(invoice));
    emit(s.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscriptionEvent(s));
    return failure;
  }

  /** Runs what fell due by `at`: renewals at period ends and the retries of failed ones. */
  async function runDue(at: number) {
    for (const s of await store.list<SandboxSubscription>('subscription')) {
      for (;;) {
        const invoice = await mustGet<SandboxInvoice>(s.latestInvoice, 'invoice');
        if (s.status === 'past_due' && invoice.status === 'open' && invoice.nextAttempt !== null && invoice.nextAttempt <= at) {
          await attempt(s, invoice, invoice.nextAttempt);
          continue;
        }
        if ((s.status === 'active' || s.status === 'past_due') && s.periodEnd <= at && invoice.status !== 'open') {
          // The renewal is the next month: a `once` coupon spent on month 0 no longer applies.
          s.monthsBilled += 1;
          const renewal: SandboxInvoice = {
            id: newId('in'),
            subscription: s.id,
            customer: s.customer,
            amount: chargeAmount(options.planAmount, s.coupon, s.monthsBilled),
            status: 'open',
            attempts: 0,
            nextAttempt: null,
            periodStart: s.periodEnd,
            periodEnd: addMonth(s.periodEnd),
          };
          const renewedAt = s.periodEnd;
          s.periodStart = s.periodEnd;
          s.periodEnd = addMonth(s.periodEnd);
          s.latestInvoice = renewal.id;
          await attempt(s, renewal, renewedAt);
          continue;
        }
        break;
      }
    }
  }

  const provider: PaymentProvider = {
    kind: 'sandbox',
    publishableKey: null,

    planAmount: async () => options.planAmount,

    async findCoupon(code) {
      const found = options.coupons.find((c) => c.code.toUpperCase() === code.toUpperCase());
      if (!found) return null;
      const { redeemBy, ...coupon } = found;
      return { coupon, promotionId: found.code, redeemable: !redeemBy || redeemBy.getTime() > (await now()) };
    },

    async createCustomer({ userId, email }) {
      const key = `idem_customer_${userId}`;
      const existing = await store.get<{ result: string }>(key);
      if (existing) return existing.result;
      const customer: SandboxCustomer = { id: newId('cus'), email, defaultCard: null };
      await store.put(customer.id, 'customer', customer);
      await store.put(key, 'idempotency', { result: customer.id });
      return customer.id;
    },

    async attachCard(customerId, paymentMethodId) {
      const card = await store.get<SandboxCard>(paymentMethodId);
      if (!card || (card.customer && card.customer !== customerId)) throw new CardError('CARD_DECLINED');
      const refusal = behaviourOf(card.number).onAttach;
      if (refusal) throw new CardError(cardErrorCode(refusal, refusal));
      card.customer = customerId;
      await store.put(card.id, 'card', card);
      return publicCard(card);
    },

    async createSubscription({ customerId, paymentMethodId, promotionId, idempotencyKey }) {
      const key = `idem_subscription_${idempotencyKey}`;
      const earlier = await store.get<{ result?: string; error?: string }>(key);
      if (earlier?.error) throw new CardError(earlier.error as CardError['code']);
      if (earlier?.result) return toProvider(await mustGet<SandboxSubscription>(earlier.result, 'subscription'));
      const card = await mustGet<SandboxCard>(paymentMethodId, 'card');
      const coupon = promotionId ? ((await provider.findCoupon(promotionId))?.coupon ?? null) : null;
      const failure = charge(card);
      if (failure) {
        // payment_behavior=error_if_incomplete: nothing is created when the first charge fails.
        const code = cardErrorCode(failure, failure);
        await store.put(key, 'idempotency', { error: code });
        throw new CardError(code);
      }
      const start = await now();
      const s: SandboxSubscription = {
        id: newId('sub'),
        customer: customerId,
        status: 'active',
        periodStart: start,
        periodEnd: addMonth(start),
        card: card.id,
        coupon,
        monthsBilled: 0,
        latestInvoice: newId('in'),
      };
      const invoice: SandboxInvoice = {
        id: s.latestInvoice,
        subscription: s.id,
        customer: customerId,
        amount: chargeAmount(options.planAmount, coupon, 0),
        status: 'paid',
        attempts: 1,
        nextAttempt: null,
        periodStart: s.periodStart,
        periodEnd: s.periodEnd,
        paidAt: start,
      };
      await store.put(invoice.id, 'invoice', invoice);
      await store.put(s.id, 'subscription', s);
      await store.put(key, 'idempotency', { result: s.id });
      emit('customer.subscription.created', subscriptionEvent(s));
      emit('invoice.paid', invoiceEvent(invoice));
      return toProvider(s);
    },

    async getSubscription(subscriptionId) {
      return toProvider(await mustGet<SandboxSubscription>(subscriptionId, 'subscription'));
    },

    async setDefaultCard(customerId, subscriptionId, paymentMethodId) {
      const customer = await mustGet<SandboxCustomer>(customerId, 'customer');
      await store.put(customer.id, 'customer', { ...customer, defaultCard: paymentMethodId });
      const s = await mustGet<SandboxSubscription>(subscriptionId, 'subscription');
      await store.put(s.id, 'subscription', { ...s, card: paymentMethodId });
      emit('customer.subscription.updated', subscriptionEvent(s));
    },

    async payInvoice(invoiceId, paymentMethodId) {
      const invoice = await mustGet<SandboxInvoice>(invoiceId, 'invoice');
      if (invoice.status !== 'open') return;
      const s = await mustGet<SandboxSubscription>(invoice.subscription, 'subscription');
      const card = await mustGet<SandboxCard>(paymentMethodId, 'card');
      const failure = await attempt(s, invoice, await now(), card);
      if (failure) throw new CardError(cardErrorCode(failure, failure));
    },

    async getInvoice(invoiceId): Promise<ProviderInvoice | undefined> {
      const invoice = await store.get<SandboxInvoice>(invoiceId);
      if (!invoice) return undefined;
      const s = await mustGet<SandboxSubscription>(invoice.subscription, 'subscription');
      return {
        id: invoice.id,
        subscriptionId: invoice.subscription,
        paid: invoice.status === 'paid',
        amountPaid: invoice.status === 'paid' ? invoice.amount : 0,
        periodStart: new Date(invoice.periodStart ?? s.periodStart),
        periodEnd: new Date(invoice.periodEnd ?? s.periodEnd),
        paidAt: invoice.status === 'paid' ? new Date(invoice.paidAt ?? invoice.periodStart ?? s.periodStart) : null,
      };
    },

    async listCards(customerId) {
      const customer = await mustGet<SandboxCustomer>(customerId, 'customer');
      const cards = (await store.list<SandboxCard>('card')).filter((c) => c.customer === customerId);
      return cards.map((c) => ({ card: publicCard(c), isDefault: c.id === customer.defaultCard }));
    },

    verifyEvent: (rawBody, signature) => verifyWebhook(rawBody, signature, options.webhookSecret),
  };

  return {
    provider,
    /** Where its events go: the product's own webhook handler (wired in app.ts). */
    deliverTo(post: WebhookPoster) {
      poster = post;
    },
    /** Resolves once every event emitted so far was delivered. */
    flush: () => deliveries,
    now,
    /** The card form's tokenization (what Stripe Elements does in the browser). */
    async tokenizeCard(input: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<string> {
      const refusal = cardFormError(input.number, input.expMonth, input.expYear, new Date(await now()));
      if (refusal) throw new CardError(refusal);
      const card: SandboxCard = {
        id: newId('pm'),
        type: 'card',
        created: Math.floor((await now()) / 1000),
        number: input.number,
        customer: null,
        card: {
          brand: brandOf(input.number),
          country: brandOf(input.number) === 'jcb' ? 'JP' : 'US',
          exp_month: input.expMonth,
          exp_year: input.expYear,
          funding: 'credit',
          last4: input.number.slice(-4),
        },
      };
      await store.put(card.id, 'card', card);
      return card.id;
    },
    /** Moves the billing clock forward, runs what fell due and waits for its webhooks. */
    async advanceClock(days: number): Promise<Date> {
      const clock = await store.get<{ offsetMs: number }>('clock');
      const offsetMs = (clock?.offsetMs ?? 0) + days * DAY_MS;
      await store.put('clock', 'clock', { offsetMs });
      const at = Date.now() + offsetMs;
      await runDue(at);
      await deliveries;
      return new Date(at);
    },
    /** Runs renewals that fell due on the real clock (called periodically). */
    async tick() {
      await runDue(await now());
    },
  };
}

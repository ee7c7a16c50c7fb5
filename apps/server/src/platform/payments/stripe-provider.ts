/**
 * The Stripe provider, through the official SDK: a customer per driver manager, the
 * card (a PaymentMethod made by Elements in the browser) attached to it, a monthly
 * subscription of STRIPE_PRICE_ID charged at once (`error_if_incomplete`: a declined
 * first charge leaves nothing behind), promotion codes as coupons.
 */
import type { TCoupon, TPaymentMethod, TSubscriptionStatus } from '@logi/contract';
import Stripe from 'stripe';
import {
  CardError,
  cardErrorCode,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './payment-provider';
import { verifyWebhook } from './webhook-signature';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  publishableKey: string;
  apiUrl: string | undefined;
}

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function toPaymentMethod(pm: Stripe.PaymentMethod): TPaymentMethod {
  const card = pm.card;
  return {
    id: pm.id,
    type: 'card',
    created: pm.created,
    card: {
      brand: card?.brand ?? 'unknown',
      country: card?.country ?? null,
      exp_month: card?.exp_month ?? 0,
      exp_year: card?.exp_year ?? 0,
      funding: card?.funding ?? null,
      last4: card?.last4 ?? '',
    },
  };
}

function toCoupon(code: string, coupon: Stripe.Coupon): TCoupon {
  return {
    code,
    percentOff: coupon.percent_off ?? null,
    amountOff: coupon.amount_off ?? null,
    duration: coupon.duration === 'forever' ? 'forever' : coupon.duration === 'repeating' ? 'repeating' : 'once',
    durationInMonths: coupon.duration_in_months ?? null,
  };
}

/** A month on average (365.25 / 12 days): whole monthly periods between two instants round to the count of months. */
const AVERAGE_MONTH_SECONDS = (365.25 / 12) * 24 * 60 * 60;

/** The invoices of a monthly plan: one at the start, one at each period start since. */
function monthsInvoiced(s: Stripe.Subscription, periodStart: number | undefined): number {
  if (!periodStart || !s.start_date) return 1;
  return Math.max(0, Math.round((periodStart - s.start_date) / AVERAGE_MONTH_SECONDS)) + 1;
}

function toSubscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items.data[0];
  const pm = s.default_payment_method;
  const invoice = s.latest_invoice;
  return {
    id: s.id,
    customerId: typeof s.customer === 'string' ? s.customer : s.customer.id,
    status: s.status as TSubscriptionStatus,
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    trialStart: date(s.trial_start),
    trialEnd: date(s.trial_end),
    paymentMethod: pm && typeof pm === 'object' ? toPaymentMethod(pm) : null,
    latestInvoice:
      invoice && typeof invoice === 'object' && invoice.id ? { id: invoice.id, open: invoice.status === 'open' } : null,
    monthsInvoiced: monthsInvoiced(s, item?.current_period_start),
  };
}

/**
 * An invoice in the product's words: the amount Stripe charged (amount_paid, tax included), the
 * service period of its subscription line (the invoice's own period_start/period_end name the
 * period before it, for a subscription), and the instant it was paid.
 */
function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const line = invoice.lines.data[0];
  const subscription = invoice.parent?.subscription_details?.subscription ?? null;
  return {
    id: invoice.id!,
    subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
    paid: invoice.status === 'paid',
    amountPaid: invoice.amount_paid,
    periodStart: date(line?.period.start ?? invoice.period_start)!,
    periodEnd: date(line?.period.end ?? invoice.period_end)!,
    paidAt: date(invoice.status_transitions.paid_at),
  };
}

/** A card refusal becomes CardError; anything else (network, configuration) stays an error. */
async function card<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new CardError(cardErrorCode(error.code, error.decline_code));
    throw error;
  }
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  const expand = ['default_payment_method', 'latest_invoice'];
  let planAmount: number | undefined;

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async planAmount() {
      planAmount ??= (await stripe.prices.retrieve(options.priceId)).unit_amount ?? 0;
      return planAmount;
    },

    async findCoupon(code) {
      const { data } = await stripe.promotionCodes.list({ code, limit: 1, expand: ['data.promotion.coupon'] });
      const promo = data[0];
      const coupon = promo?.promotion.coupon;
      if (!promo || !coupon || typeof coupon === 'string') return null;
      const nowSeconds = Date.now() / 1000;
      const redeemable =
        promo.active &&
        coupon.valid &&
        (!promo.expires_at || promo.expires_at > nowSeconds) &&
        (!coupon.redeem_by || coupon.redeem_by > nowSeconds);
      return { coupon: toCoupon(promo.code, coupon), promotionId: promo.id, redeemable };
    },

    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    attachCard: (customerId, paymentMethodId) =>
      card(async () => toPaymentMethod(await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }))),

    createSubscription: ({ customerId, paymentMethodId, promotionId, idempotencyKey }) =>
      card(async () =>
        toSubscription(
          await stripe.subscriptions.create(
            {
              customer: customerId,
              items: [{ price: options.priceId }],
              default_payment_method: paymentMethodId,
              payment_behavior: 'error_if_incomplete',
              ...(promotionId ? { discounts: [{ promotion_code: promotionId }] } : {}),
              expand,
            },
            { idempotencyKey },
          ),
        ),
      ),

    async getSubscription(subscriptionId) {
      return toSubscription(await stripe.subscriptions.retrieve(subscriptionId, { expand }));
    },

    async setDefaultCard(customerId, subscriptionId, paymentMethodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId });
    },

    payInvoice: (invoiceId, paymentMethodId) =>
      card(async () => {
        await stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId });
      }),

    async getInvoice(invoiceId) {
      try {
        return toInvoice(await stripe.invoices.retrieve(invoiceId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },

    async listCards(customerId) {
      const customer = await stripe.customers.retrieve(customerId);
      const defaultId =
        !customer.deleted && customer.invoice_settings.default_payment_method
          ? typeof customer.invoice_settings.default_payment_method === 'string'
            ? customer.invoice_settings.default_payment_method
            : customer.invoice_settings.default_payment_method.id
          : null;
      const { data } = await stripe.paymentMethods.list({ customer: customerId, type: 'card' });
      return data.map((pm) => ({ card: toPaymentMethod(pm), isDefault: pm.id === defaultId }));
    },

    verifyEvent: (rawBody, signature) => verifyWebhook(rawBody, signature, options.webhookSecret),
  };
}

/**
 * The Payments calls of spec §7 and the Subscription of spec §3 (its snake_case
 * fields as the spec names them, after the card provider's own objects).
 *
 * A driver manager pays a monthly card subscription. The card itself never reaches
 * our server: the web turns it into a provider token (Stripe Elements, or the
 * sandbox's own card form) and the calls carry that token. `intentCode` is the
 * pending payment of a registration or a failed renewal (or a mailed card-change
 * link, once verified): it lets a browser that is not signed in settle it.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { MAX, iso, text, token } from './common';

/** Provider statuses of a subscription (Stripe's), which the product mirrors. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const ZSubscriptionStatus = z.lazy(() => z.enum(SUBSCRIPTION_STATUSES));
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** The statuses in which the driver manager may use the product. */
export const SUBSCRIPTION_IN_GOOD_STANDING: readonly TSubscriptionStatus[] = ['active', 'trialing'];

export const PAYMENT_CURRENCY = 'jpy';
export const PAYMENT_LOCALE = 'ja';

export const ZCard = z.lazy(() =>
  z.object({
    brand: z.string(),
    country: z.string().nullable(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    funding: z.string().nullable(),
    last4: z.string(),
  }),
);
export type TCard = z.infer<typeof ZCard>;

export const ZPaymentMethod = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.literal('card'),
    /** Unix seconds, as the provider gives it. */
    created: z.number().int(),
    card: ZCard,
  }),
);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ZCoupon = z.lazy(() =>
  z.object({
    code: z.string(),
    percentOff: z.number().nullable(),
    /** Yen off each discounted charge. */
    amountOff: z.number().int().nullable(),
    duration: z.enum(['once', 'forever', 'repeating']),
    durationInMonths: z.number().int().nullable(),
  }),
);
export type TCoupon = z.infer<typeof ZCoupon>;
/** Spec §3 Subscription, with what the credit-card page shows of the next charge. */
export const ZSubscription = z.lazy(() =>
  z.object({
    id: z.string(),
    status: ZSubscriptionStatus,
    current_period_start: iso().nullable(),
    current_period_end: iso().nullable(),
    trial_start: iso().nullable(),
    trial_end: iso().nullable(),
    default_payment_method: ZPaymentMethod.nullable(),
    /** Tax-inclusive yen of the next renewal (after a lasting coupon); null when none is due. */
    next_charge_amount: z.number().int().nullable(),
    /** The coupon applied when subscribing, if any. */
    coupon: ZCoupon.nullable(),
  }),
);
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZSubscriptionResult = z.lazy(() => z.object({ message: z.string(), subscription: ZSubscription }));
export type TSubscriptionResult = z.infer<typeof ZSubscriptionResult>;

export const ZPaymentMethodList = z.lazy(() =>
  z.object({
    data: z.array(ZPaymentMethod.unwrap().extend({ isDefault: z.boolean() })),
  }),
);
export type TPaymentMethodList = z.infer<typeof ZPaymentMethodList>;

/** The monthly plan and which card form the web shows (Stripe Elements, or the sandbox's). */
export const ZPaymentSetup = z.lazy(() =>
  z.object({
    provider: z.enum(['sandbox', 'stripe']),
    /** Stripe's publishable key; null for the sandbox. */
    publishableKey: z.string().nullable(),
    currency: z.literal(PAYMENT_CURRENCY),
    locale: z.literal(PAYMENT_LOCALE),
    plan: z.object({
      name: z.string(),
      /** Tax-inclusive yen per month. */
      amount: z.number().int(),
    }),
    /** The sandbox's development-only billing clock control is available. */
    devClock: z.boolean(),
  }),
);
export type TPaymentSetup = z.infer<typeof ZPaymentSetup>;

export const ZCouponParams = z.lazy(() => z.object({ code: text(MAX.short) }));
/** A coupon that applies now, with the amount of the first payment after it. */
export const ZCouponPreview = z.lazy(() =>
  ZCoupon.unwrap().extend({
    /** Tax-inclusive yen of the first month after the discount. */
    firstAmount: z.number().int(),
  }),
);
export type TCouponPreview = z.infer<typeof ZCouponPreview>;

const cardToken = () => token();
const couponCode = () =>
  z
    .string()
    .trim()
    .max(MAX.short, { error: FIELD_MESSAGES.tooLong(MAX.short) })
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** Spec §6: token required, couponCode optional; intentCode when the browser is not signed in. */
export const ZMonthlySubscriptionBody = z.lazy(() =>
  z.object({
    token: cardToken(),
    couponCode: couponCode(),
    intentCode: token().optional(),
  }),
);
export type TMonthlySubscriptionBody = z.input<typeof ZMonthlySubscriptionBody>;

/** Spec §6: "token and userId, both optional": the card token, and whose card (the caller, or the intent's account). */
export const ZUpdatePaymentMethodBody = z.lazy(() =>
  z.object({
    token: cardToken(),
    intentCode: token().optional(),
  }),
);
export type TUpdatePaymentMethodBody = z.infer<typeof ZUpdatePaymentMethodBody>;

export const ZVerifyPaymentTokenBody = z.lazy(() => z.object({ token: token() }));
export type TVerifyPaymentTokenBody = z.infer<typeof ZVerifyPaymentTokenBody>;
/** The mailed link verified: its code opens /payments/update for that account. */
export const ZVerifyPaymentTokenResponse = z.lazy(() => z.object({ message: z.string(), intentCode: z.string() }));
export type TVerifyPaymentTokenResponse = z.infer<typeof ZVerifyPaymentTokenResponse>;

// ───────────────────────── the sandbox provider (embedded default) ─────────────────────────

/**
 * A whole number of the card form: a number, or the digits its text field holds. Nothing else:
 * z.coerce would read `true` as 1 and `[]` as 0.
 */
const cardNumberField = (min: number, max: number, error: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,4}$/)
          .transform(Number),
      ],
      { error },
    )
    .pipe(z.number().int({ error }).min(min, { error }).max(max, { error }));

/** The sandbox's card form: what Stripe Elements would tokenize in the browser. */
export const ZSandboxCardBody = z.lazy(() =>
  z.object({
    number: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { error: FIELD_MESSAGES.cardNumber })),
    expMonth: cardNumberField(1, 12, FIELD_MESSAGES.cardExpMonth),
    expYear: cardNumberField(2000, 2100, FIELD_MESSAGES.cardExpYear),
    cvc: z.string().regex(/^\d{3,4}$/, { error: FIELD_MESSAGES.cardCvc }),
  }),
);
export type TSandboxCardBody = z.input<typeof ZSandboxCardBody>;
export const ZSandboxCardResponse = z.lazy(() => z.object({ id: z.string() }));

/** Development only: moves the sandbox's billing clock forward and runs what falls due. */
export const ZSandboxClockBody = z.lazy(() => z.object({ days: z.number().int().min(1).max(400) }));
export const ZSandboxClockResponse = z.lazy(() => z.object({ now: iso() }));

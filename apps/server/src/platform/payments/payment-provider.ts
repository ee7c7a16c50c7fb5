/**
 * The card payment provider behind one interface (DESIGN §1): `stripe` (the official
 * SDK) when STRIPE_SECRET_KEY is set, the embedded `sandbox` otherwise. The product
 * (modules/payments) speaks only this interface, and receives both providers' events
 * through the same signed webhook (webhook-signature.ts).
 */
import type { ErrorCode, TCoupon, TPaymentMethod, TSubscriptionStatus } from '@logi/contract';

/** The provider's subscription, in the product's words. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: TSubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  paymentMethod: TPaymentMethod | null;
  /** The newest invoice and whether it is still to be paid. */
  latestInvoice: { id: string; open: boolean } | null;
  /** How many monthly invoices the subscription has had, the first included: what a coupon's months count. */
  monthsInvoiced: number;
}

/**
 * One invoice of the subscription as the provider billed it: what its 適格請求書 and 領収書 print
 * (decision 098). Amounts are the provider's own, tax included.
 */
export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  paid: boolean;
  /** Tax-inclusive yen charged (after any coupon). */
  amountPaid: number;
  /** The billed month of service. */
  periodStart: Date;
  periodEnd: Date;
  /** When the charge succeeded; null while unpaid. */
  paidAt: Date | null;
}

/** A promotion code found at the provider: usable now, or past its date / switched off. */
export interface FoundCoupon {
  coupon: TCoupon;
  /** The provider's id to attach to the subscription. */
  promotionId: string;
  redeemable: boolean;
}

/** A webhook event, verified, reduced to what the product acts on. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The subscription the event is about (invoice or subscription events); null otherwise. */
  subscriptionId: string | null;
  /** The invoice an invoice event is about; null otherwise. */
  invoiceId: string | null;
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  readonly publishableKey: string | null;
  /** Tax-inclusive yen per month. */
  planAmount(): Promise<number>;
  findCoupon(code: string): Promise<FoundCoupon | null>;
  /** One customer per account: a retry returns the same one. */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** Attaches a tokenized card to the customer. Throws CardError when the card is refused. */
  attachCard(customerId: string, paymentMethodId: string): Promise<TPaymentMethod>;
  /**
   * Creates the monthly subscription and charges its first invoice at once; nothing
   * remains when the charge fails (CardError). The key makes a retry return the first result.
   */
  createSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    promotionId: string | null;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Makes the card the default of the customer and of the subscription. */
  setDefaultCard(customerId: string, subscriptionId: string, paymentMethodId: string): Promise<void>;
  /** Pays an open invoice with the card now. Throws CardError when refused. */
  payInvoice(invoiceId: string, paymentMethodId: string): Promise<void>;
  /** One invoice of a subscription; undefined when the provider has no such invoice. */
  getInvoice(invoiceId: string): Promise<ProviderInvoice | undefined>;
  listCards(customerId: string): Promise<{ card: TPaymentMethod; isDefault: boolean }[]>;
  /** Verifies a webhook delivery's signature on the raw body; throws when it does not hold. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

/** The product's error codes for a refused card (typed as these, so each call's document lists them). */
export type CardErrorCode = Extract<
  ErrorCode,
  | 'CARD_DECLINED'
  | 'CARD_INSUFFICIENT_FUNDS'
  | 'CARD_EXPIRED'
  | 'CARD_INCORRECT_CVC'
  | 'CARD_NUMBER_INVALID'
  | 'CARD_PROCESSING_ERROR'
>;

/** A refused card, with the product's error code for its reason. */
export class CardError extends Error {
  constructor(readonly code: CardErrorCode) {
    super(code);
    this.name = 'CardError';
  }
}

/** Stripe's error code / decline code → ours (the sandbox uses the same codes). */
export function cardErrorCode(code: string | undefined, declineCode: string | undefined): CardErrorCode {
  const reason = declineCode ?? code;
  switch (reason) {
    case 'insufficient_funds':
      return 'CARD_INSUFFICIENT_FUNDS';
    case 'expired_card':
      return 'CARD_EXPIRED';
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'CARD_INCORRECT_CVC';
    case 'incorrect_number':
    case 'invalid_number':
      return 'CARD_NUMBER_INVALID';
    case 'processing_error':
      return 'CARD_PROCESSING_ERROR';
    default:
      return 'CARD_DECLINED';
  }
}

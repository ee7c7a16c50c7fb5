/**
 * Stripe's webhook signature scheme, through the official SDK: the sandbox signs its
 * events with it and both providers' deliveries are verified with it, on the raw body,
 * with Stripe's default tolerance of 300 s.
 */
import type Stripe from 'stripe';
import type { PaymentEvent } from './payment-provider';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

// Signing and verifying need no API key: the SDK's webhook helpers are local. The SDK is loaded
// on the first webhook, not at every start (a tenth of a second of a restart, decision 060);
// Node keeps the module once loaded.
const sdk = async () => (await import('stripe')).default;
const webhooks = async (): Promise<Stripe['webhooks']> => (await sdk()).webhooks;

/** The delivery is not signed by the provider (or too old): nothing in it can be trusted. */
export class WebhookSignatureError extends Error {}
/** Signed, but not an event the product can read (not JSON, no id or type, `data.object` not an object). */
export class WebhookEventError extends Error {}

/** The `Stripe-Signature` header for a payload, as Stripe computes it. */
export async function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return (await webhooks()).generateTestHeaderString({ payload, secret, timestamp });
}

interface RawEvent {
  id: string;
  type: string;
  data: { object: { id?: string; object?: string; subscription?: unknown; parent?: unknown } };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isEvent(value: unknown): value is RawEvent {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    typeof value.type === 'string' &&
    isRecord(value.data) &&
    isRecord(value.data.object)
  );
}

/** Which subscription an invoice or subscription event is about (Stripe's current and older invoice shapes). */
function subscriptionOf(event: RawEvent): string | null {
  const object = event.data.object;
  if (object.object === 'subscription' && typeof object.id === 'string') return object.id;
  if (object.object === 'invoice') {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    const id = parent?.subscription_details?.subscription ?? object.subscription;
    if (typeof id === 'string') return id;
    if (id && typeof id === 'object' && 'id' in id && typeof id.id === 'string') return id.id;
  }
  return null;
}

export async function verifyWebhook(rawBody: string, signature: string | undefined, secret: string): Promise<PaymentEvent> {
  if (!signature) throw new WebhookSignatureError('missing signature');
  const stripe = await sdk();
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    // The SDK checks the signature first, then reads the JSON: only the first is a signature failure.
    const message = error instanceof Error ? error.message : 'invalid event';
    if (error instanceof stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(message);
    throw new WebhookEventError(message);
  }
  if (!isEvent(event)) throw new WebhookEventError('not an event');
  const object = event.data.object;
  const invoiceId = object.object === 'invoice' && typeof object.id === 'string' ? object.id : null;
  return { id: event.id, type: event.type, subscriptionId: subscriptionOf(event), invoiceId };
}

/** What the payments tests share: a manager with a pending intent, cards from the sandbox's card form, signed events. */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentSandboxObjects, subscriptions } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { signPayload } from '../../platform/payments/webhook-signature';

export const API = '/api/v1';
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  failsLater: '4000 0000 0000 0341',
} as const;

/** A driver manager just registered: not signed in, holding the registration's intent code. */
export async function newManager(t: TestApp) {
  const intentCode = randomBytes(16).toString('base64url');
  const user = await makeUser(t, ['DRIVER_MANAGER'], { intentCode });
  return { ...user, intentCode };
}

export async function tokenize(t: TestApp, number: string): Promise<string> {
  const res = await t.call('POST', `${API}/payments/sandbox/cards`, {
    body: { number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

export async function subscribe(t: TestApp, body: Record<string, unknown>, token?: string) {
  return t.call('POST', `${API}/payments/monthly-subscription`, { body, token });
}

export async function signIn(t: TestApp, email: string) {
  return (await login(t, email, 'DRIVER_MANAGER')).accessToken;
}

/** A manager who subscribed with the 4242 card (and a coupon, when given), then signed in. */
export async function paidManager(t: TestApp, couponCode?: string) {
  const manager = await newManager(t);
  const res = await subscribe(t, { token: await tokenize(t, CARDS.ok), intentCode: manager.intentCode, couponCode });
  expect(res.statusCode, res.body).toBe(200);
  return { ...manager, access: await signIn(t, manager.email) };
}

export async function sessionIntent(t: TestApp, accessToken: string): Promise<string | null> {
  const res = await t.call('GET', `${API}/auth/session`, { token: accessToken });
  return (res.json() as { intentCode: string | null }).intentCode;
}

/** What the web's route guard reads of the session: the pending intent, and whether it is a first payment or a lapse. */
export async function sessionPayment(t: TestApp, accessToken: string) {
  const res = await t.call('GET', `${API}/auth/session`, { token: accessToken });
  const { intentCode, hasSubscribed } = res.json() as { intentCode: string | null; hasSubscribed: boolean };
  return { intentCode, hasSubscribed };
}

export async function advanceClock(t: TestApp, days: number) {
  const res = await t.call('POST', `${API}/payments/sandbox/clock`, { body: { days } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Posts a Stripe-shaped event to the webhook, signed as Stripe signs (or with the given secret / time). */
export async function postEvent(
  t: TestApp,
  event: { id: string; type: string; object: Record<string, unknown> },
  opts: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
) {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, created: 0, data: { object: event.object } });
  const signature = await signPayload(payload, opts.secret ?? t.config.payments.webhookSecret, opts.timestamp);
  return t.app.inject({
    method: 'POST',
    url: `${API}/webhooks/stripe`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: opts.tamper ? opts.tamper(payload) : payload,
  });
}

export const invoiceOf = (subscriptionId: string) => ({
  id: `in_test_${randomBytes(6).toString('hex')}`,
  object: 'invoice',
  parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
});

/** What the sandbox holds on its side (as Stripe's dashboard would show): the account's subscriptions and invoices, oldest first. */
export async function sandboxRecords(t: TestApp, userId: string) {
  const { db } = t.app.deps;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const objects = await db.select().from(paymentSandboxObjects).orderBy(asc(paymentSandboxObjects.createdAt));
  const of = (type: string) => objects.filter((o) => o.type === type && o.data.customer === row?.customerId).map((o) => o.data);
  return {
    subscriptions: of('subscription') as { id: string; status: string }[],
    invoices: of('invoice') as { subscription: string; amount: number; status: string; attempts: number }[],
  };
}

/**
 * POST /webhooks/stripe and the sandbox's billing clock: renewals, a failed renewal
 * (intent code, SUBSCRIPTION_PAYMENT_FAILED notification and mail), the new card that
 * restores access, the end of the retries; signatures, repeats and late events.
 */
import { ERROR_MESSAGES, NOTIFICATION_TEXTS, type TSubscription } from '@logi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, paymentEvents, userNotifications } from '../../db/schema';
import { login, makeUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signPayload } from '../../platform/payments/webhook-signature';
import { addCandidate, approveDirectly, makeDeliveryRequest } from '../../../test/request-item-fixtures';
import {
  API,
  CARDS,
  advanceClock,
  invoiceOf,
  paidManager,
  postEvent,
  sandboxRecords,
  sessionIntent,
  sessionPayment,
  subscribe,
  tokenize,
} from './payments.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A manager paid with 4242 whose card was then changed to one that attaches but fails its charges. */
async function managerWithFailingCard() {
  const { access, ...manager } = await paidManager(t);
  const changed = await t.call('POST', `${API}/payments/update-payment-method`, {
    token: access,
    body: { token: await tokenize(t, CARDS.failsLater) },
  });
  expect(changed.statusCode).toBe(200);
  return { ...manager, access };
}

const current = async (access: string) =>
  (await t.call('GET', `${API}/payments/subscription/current`, { token: access })).json() as TSubscription;

async function failureNotices(userId: string) {
  return t.app.deps.db
    .select({ link: notifications.link, title: notifications.title })
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(eq(userNotifications.userId, userId))
    .then((rows) => rows.filter((r) => r.title === NOTIFICATION_TEXTS.SUBSCRIPTION_PAYMENT_FAILED.title));
}

describe('renewals on the sandbox clock, through the signed webhook', () => {
  it('a good card renews the month and keeps the manager in', async () => {
    const { access } = await paidManager(t);
    const before = await current(access);
    await advanceClock(t, 32);
    const after = await current(access);
    expect(after.status).toBe('active');
    expect(after.current_period_start).toBe(before.current_period_end);
    expect(await sessionIntent(t, access)).toBeNull();
  });

  it('a failed renewal sets the intent code, notifies and mails once; a new card pays and clears it', async () => {
    const manager = await managerWithFailingCard();
    await advanceClock(t, 32);
    expect((await current(manager.access)).status).toBe('past_due');
    const intentCode = await sessionIntent(t, manager.access);
    expect(intentCode).toBeTruthy();
    // A lapse, not a first payment: the web sends it to /payments/update.
    expect(await sessionPayment(t, manager.access)).toEqual({ intentCode, hasSubscribed: true });
    const notices = await failureNotices(manager.id);
    expect(notices).toEqual([
      { title: NOTIFICATION_TEXTS.SUBSCRIPTION_PAYMENT_FAILED.title, link: `/payments/update?intentCode=${intentCode}` },
    ]);
    expect((await t.lastMail(manager.email))?.text).toContain(`/payments/update?intentCode=${intentCode}`);
    // A retry 3 days later fails again: still one notice, the same intent.
    await advanceClock(t, 3);
    expect(await sessionIntent(t, manager.access)).toBe(intentCode);
    expect(await failureNotices(manager.id)).toHaveLength(1);
    // A declined new card leaves it unpaid; a good one pays the open invoice.
    const declined = await t.call('POST', `${API}/payments/update-payment-method`, {
      body: { token: await tokenize(t, CARDS.insufficientFunds), intentCode: intentCode! },
    });
    expect(declined.json()).toMatchObject({ message: ERROR_MESSAGES.CARD_INSUFFICIENT_FUNDS });
    const paid = await t.call('POST', `${API}/payments/update-payment-method`, {
      body: { token: await tokenize(t, CARDS.ok), intentCode: intentCode! },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await current(manager.access)).status).toBe('active');
    expect(await sessionIntent(t, manager.access)).toBeNull();
  });

  it('after the last retry the subscription is canceled; paying again starts a new one', async () => {
    const manager = await managerWithFailingCard();
    const first = await current(manager.access);
    await advanceClock(t, 32);
    await advanceClock(t, 3);
    await advanceClock(t, 3);
    await advanceClock(t, 3);
    expect((await current(manager.access)).status).toBe('canceled');
    const intentCode = await sessionIntent(t, manager.access);
    expect(intentCode).toBeTruthy();
    const res = await t.call('POST', `${API}/payments/update-payment-method`, {
      body: { token: await tokenize(t, CARDS.ok), intentCode: intentCode! },
    });
    expect(res.statusCode, res.body).toBe(200);
    const renewed = await current(manager.access);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(renewed.id).not.toBe(first.id);
    expect(await sessionIntent(t, manager.access)).toBeNull();
  });
});

describe('subscribing again while a renewal is unpaid (decision 082)', () => {
  it('pays the open invoice of the past-due subscription with the new card: no second subscription, no more retries', async () => {
    const manager = await managerWithFailingCard();
    const lapsed = await current(manager.access);
    await advanceClock(t, 32);
    const intentCode = (await sessionIntent(t, manager.access))!;
    expect(intentCode).toBeTruthy();
    const res = await subscribe(t, { token: await tokenize(t, CARDS.ok), intentCode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subscription: { id: lapsed.id, status: 'active', default_payment_method: { card: { last4: '4242' } } },
    });
    expect(await sessionIntent(t, manager.access)).toBeNull();
    // The retries that were due find nothing open: the month was charged once.
    await advanceClock(t, 3);
    await advanceClock(t, 3);
    const records = await sandboxRecords(t, manager.id);
    expect(records.subscriptions).toEqual([expect.objectContaining({ id: lapsed.id, status: 'active' })]);
    expect(records.invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
    expect((await current(manager.access)).status).toBe('active');
  });

  it('the signed-in manager subscribing again is answered by the same subscription', async () => {
    const manager = await managerWithFailingCard();
    const lapsed = await current(manager.access);
    await advanceClock(t, 32);
    const declined = await subscribe(t, { token: await tokenize(t, CARDS.insufficientFunds) }, manager.access);
    expect(declined.statusCode).toBe(402);
    expect((await current(manager.access)).status).toBe('past_due');
    const res = await subscribe(t, { token: await tokenize(t, CARDS.ok) }, manager.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subscription: { id: lapsed.id, status: 'active' } });
    expect((await sandboxRecords(t, manager.id)).subscriptions).toHaveLength(1);
  });
});

describe('a lapsed subscription (decision 026)', () => {
  it('the company takes no new work until paid; the drivers’ approved jobs go on', async () => {
    const manager = await managerWithFailingCard();
    const driver = await makeUser(t, ['DRIVER'], { parentId: manager.id, companyId: manager.companyId! });
    const driverAccess = (await login(t, driver.email, 'DRIVER')).accessToken;
    const customer = await makeUser(t, ['CUSTOMER']);
    const customerAccess = (await login(t, customer.email, 'CUSTOMER')).accessToken;
    const item = await makeDeliveryRequest(t, customerAccess, { price: undefined });
    const approvedItem = await makeDeliveryRequest(t, customerAccess, { price: undefined });
    await addCandidate(t, approvedItem.id, driver.id);
    await approveDirectly(t, approvedItem.id, driver.id);
    await advanceClock(t, 32);
    const bid = (token: string) =>
      t.call('POST', `${API}/request-items/request-prices`, { token, body: { requestItemId: item.id, price: 30000 } });
    for (const res of [await bid(driverAccess), await bid(manager.access)]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        code: 'SUBSCRIPTION_PAYMENT_REQUIRED',
        message: ERROR_MESSAGES.SUBSCRIPTION_PAYMENT_REQUIRED,
      });
    }
    const approvedJob = await t.call('GET', `${API}/request-items/applied-items/${approvedItem.id}`, { token: driverAccess });
    expect(approvedJob.statusCode).toBe(200);
    const intentCode = (await sessionIntent(t, manager.access))!;
    await t.call('POST', `${API}/payments/update-payment-method`, { body: { token: await tokenize(t, CARDS.ok), intentCode } });
    expect((await bid(driverAccess)).statusCode).toBe(200);
  });
});

describe('POST /webhooks/stripe', () => {
  it('accepts a valid event and stores it by id; a repeat is a no-op', async () => {
    const manager = await managerWithFailingCard();
    await advanceClock(t, 32);
    const subscription = await current(manager.access);
    const event = { id: 'evt_repeat_1', type: 'invoice.payment_failed', object: invoiceOf(subscription.id) };
    const first = await postEvent(t, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const again = await postEvent(t, event);
    expect(again.json()).toEqual({ received: true });
    const stored = await t.app.deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    expect(stored).toHaveLength(1);
    expect(await failureNotices(manager.id)).toHaveLength(1);
  });

  it('keeps the provider’s current state when events arrive late or out of order', async () => {
    const manager = await managerWithFailingCard();
    await advanceClock(t, 32);
    const { id } = await current(manager.access);
    const intentCode = (await sessionIntent(t, manager.access))!;
    // A stale "paid" arriving now does not clear a renewal that is still unpaid.
    await postEvent(t, { id: 'evt_late_paid', type: 'invoice.paid', object: invoiceOf(id) });
    expect(await sessionIntent(t, manager.access)).toBe(intentCode);
    expect((await current(manager.access)).status).toBe('past_due');
    await t.call('POST', `${API}/payments/update-payment-method`, { body: { token: await tokenize(t, CARDS.ok), intentCode } });
    // An old failure arriving after the payment does not lock the manager out again.
    await postEvent(t, { id: 'evt_late_failed', type: 'invoice.payment_failed', object: invoiceOf(id) });
    await postEvent(t, {
      id: 'evt_late_updated',
      type: 'customer.subscription.updated',
      object: { id, object: 'subscription', status: 'past_due' },
    });
    expect(await sessionIntent(t, manager.access)).toBeNull();
    expect((await current(manager.access)).status).toBe('active');
    expect(await failureNotices(manager.id)).toHaveLength(1);
  });

  it.each([
    ['a tampered body', { tamper: (p: string) => p.replace('invoice.paid', 'invoice.payment_failed') }],
    ['the wrong secret', { secret: 'whsec_not_ours' }],
    ['a timestamp older than 300 s', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
  ])('answers 400 and does nothing for %s', async (_name, opts) => {
    const { access } = await paidManager(t);
    const { id } = await current(access);
    const eventId = `evt_bad_${Math.random().toString(36).slice(2)}`;
    const res = await postEvent(t, { id: eventId, type: 'invoice.paid', object: invoiceOf(id) }, opts);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', message: ERROR_MESSAGES.WEBHOOK_SIGNATURE_INVALID });
    expect(await t.app.deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId))).toHaveLength(0);
  });

  it.each([
    ['data.object null', '{"id":"evt_m1","object":"event","type":"invoice.paid","data":{"object":null}}'],
    ['data.object a string', '{"id":"evt_m2","object":"event","type":"invoice.paid","data":{"object":"in_1"}}'],
    ['data.object an array', '{"id":"evt_m3","object":"event","type":"invoice.paid","data":{"object":[]}}'],
    ['no data', '{"id":"evt_m4","object":"event","type":"invoice.paid"}'],
    ['no id', '{"object":"event","type":"invoice.paid","data":{"object":{"object":"invoice"}}}'],
    ['a number for a type', '{"id":"evt_m5","object":"event","type":5,"data":{"object":{"object":"invoice"}}}'],
    ['a body that is not JSON', 'not json'],
    ['JSON null', 'null'],
  ])('answers 400 WEBHOOK_EVENT_INVALID, recording nothing, for a well-signed event with %s', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/webhooks/stripe`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': await signPayload(payload, t.config.payments.webhookSecret),
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_EVENT_INVALID', message: ERROR_MESSAGES.WEBHOOK_EVENT_INVALID });
    const recorded = await t.app.deps.db.select().from(paymentEvents);
    expect(recorded.filter((e) => e.id.startsWith('evt_m'))).toHaveLength(0);
  });

  it('accepts a timestamp within the 300 s tolerance, and refuses a missing signature', async () => {
    const ok = await postEvent(
      t,
      { id: 'evt_within', type: 'ping', object: { object: 'account' } },
      { timestamp: Math.floor(Date.now() / 1000) - 240 },
    );
    expect(ok.statusCode).toBe(200);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `${API}/webhooks/stripe`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
  });
});

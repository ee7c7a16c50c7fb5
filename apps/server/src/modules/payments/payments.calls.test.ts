/**
 * The Payments calls of spec §7 on the sandbox provider: subscribing with a coupon or
 * not, declines with their Japanese reason, idempotent retries, the card change by
 * session, by intent code and by mailed link, roles and other accounts.
 */
import { ERROR_MESSAGES, FIELD_MESSAGES, SUCCESS_MESSAGES, type TSubscription, type TSubscriptionResult } from '@logi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import {
  API,
  CARDS,
  newManager,
  paidManager,
  sandboxRecords,
  sessionIntent,
  sessionPayment,
  signIn,
  subscribe,
  tokenize,
} from './payments.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_COUPONS: 'HALF:50%:once,OFF1000:1000:forever,OLD:20%:once:2020-01-31' });
});
afterAll(() => t.close());

const current = (token: string) => t.call('GET', `${API}/payments/subscription/current`, { token });

describe('GET /payments/setup and /payments/coupons/:code', () => {
  it('tells the plan price with tax and the sandbox card form', async () => {
    const res = await t.call('GET', `${API}/payments/setup`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'sandbox',
      publishableKey: null,
      currency: 'jpy',
      locale: 'ja',
      plan: { amount: 5500 },
    });
  });

  it('prices the first month after a coupon', async () => {
    expect((await t.call('GET', `${API}/payments/coupons/HALF`)).json()).toMatchObject({
      code: 'HALF',
      percentOff: 50,
      firstAmount: 2750,
    });
    expect((await t.call('GET', `${API}/payments/coupons/OFF1000`)).json()).toMatchObject({ amountOff: 1000, firstAmount: 4500 });
  });

  it('answers 400 with a Japanese message for a wrong or expired coupon', async () => {
    const wrong = await t.call('GET', `${API}/payments/coupons/NOPE`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'COUPON_INVALID', message: ERROR_MESSAGES.COUPON_INVALID });
    const old = await t.call('GET', `${API}/payments/coupons/OLD`);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'COUPON_EXPIRED', message: ERROR_MESSAGES.COUPON_EXPIRED });
  });
});

describe('POST /payments/monthly-subscription', () => {
  it('subscribes a new manager by its intent code, with a coupon, and clears the intent', async () => {
    const manager = await newManager(t);
    const res = await subscribe(t, { token: await tokenize(t, CARDS.ok), couponCode: 'HALF', intentCode: manager.intentCode });
    expect(res.statusCode, res.body).toBe(200);
    const { message, subscription } = res.json() as TSubscriptionResult;
    expect(message).toBe(SUCCESS_MESSAGES.subscribed);
    expect(subscription).toMatchObject({
      status: 'active',
      default_payment_method: { type: 'card', card: { brand: 'visa', last4: '4242', funding: 'credit' } },
      coupon: { code: 'HALF', percentOff: 50 },
      next_charge_amount: 5500,
    });
    const end = new Date(subscription.current_period_end!).getTime();
    const start = new Date(subscription.current_period_start!).getTime();
    expect(Math.round((end - start) / 86_400_000)).toBeGreaterThanOrEqual(28);
    const access = await signIn(t, manager.email);
    expect(await sessionIntent(t, access)).toBeNull();
    expect(((await current(access)).json() as TSubscription).id).toBe(subscription.id);
    // The intent code is spent: it cannot be used again.
    const again = await subscribe(t, { token: await tokenize(t, CARDS.ok), intentCode: manager.intentCode });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'PAYMENT_INTENT_INVALID' });
  });

  it('answers a retry of a subscribe that paid (double click, lost answer) with the same subscription, charging nothing', async () => {
    const manager = await newManager(t);
    const body = { token: await tokenize(t, CARDS.ok), couponCode: 'HALF', intentCode: manager.intentCode };
    const first = await subscribe(t, body);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await subscribe(t, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const records = await sandboxRecords(t, manager.id);
    expect(records.subscriptions).toHaveLength(1);
    expect(records.invoices.map((i) => i.amount)).toEqual([2750]);
    // The spent code is no key to the account: with any other card it is refused.
    const other = await subscribe(t, { ...body, token: await tokenize(t, CARDS.ok) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'PAYMENT_INTENT_INVALID', message: ERROR_MESSAGES.PAYMENT_INTENT_INVALID });
  });

  it.each([
    [CARDS.declined, 'CARD_DECLINED'],
    [CARDS.insufficientFunds, 'CARD_INSUFFICIENT_FUNDS'],
    [CARDS.failsLater, 'CARD_DECLINED'],
  ] as const)('refuses card %s with its Japanese reason and leaves the intent pending', async (card, code) => {
    const manager = await newManager(t);
    const res = await subscribe(t, { token: await tokenize(t, card), intentCode: manager.intentCode });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code, message: ERROR_MESSAGES[code] });
    const access = await signIn(t, manager.email);
    // Never paid: the web sends this intent to the sign-up payment step, not to /payments/update.
    expect(await sessionPayment(t, access)).toEqual({ intentCode: manager.intentCode, hasSubscribed: false });
    expect((await current(access)).statusCode).toBe(404);
    // The same intent then pays with a good card.
    const retry = await subscribe(t, { token: await tokenize(t, CARDS.ok), intentCode: manager.intentCode });
    expect(retry.statusCode).toBe(200);
    // The session read before shows the payment settled at once.
    expect(await sessionPayment(t, access)).toEqual({ intentCode: null, hasSubscribed: true });
  });

  it('charges nothing when the coupon is wrong or expired', async () => {
    const manager = await newManager(t);
    for (const [couponCode, code] of [
      ['NOPE', 'COUPON_INVALID'],
      ['OLD', 'COUPON_EXPIRED'],
    ] as const) {
      const res = await subscribe(t, { token: await tokenize(t, CARDS.ok), couponCode, intentCode: manager.intentCode });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, message: ERROR_MESSAGES[code] });
    }
    const access = await signIn(t, manager.email);
    expect((await current(access)).statusCode).toBe(404);
    expect((await t.call('GET', `${API}/payments/methods`, { token: access })).json()).toEqual({ data: [] });
  });

  it('is idempotent: a retried or doubled call never makes a second subscription', async () => {
    const manager = await newManager(t);
    const access = await signIn(t, manager.email);
    const token = await tokenize(t, CARDS.ok);
    const [a, b] = await Promise.all([subscribe(t, { token }, access), subscribe(t, { token }, access)]);
    const c = await subscribe(t, { token: await tokenize(t, CARDS.ok) }, access);
    const ids = [a, b, c].map((r) => (r.json() as TSubscriptionResult).subscription.id);
    expect(new Set(ids).size).toBe(1);
    const methods = (await t.call('GET', `${API}/payments/methods`, { token: access })).json() as { data: unknown[] };
    expect(methods.data).toHaveLength(1);
  });

  it('refuses a caller without a valid intent code, and another role', async () => {
    const token = await tokenize(t, CARDS.ok);
    expect((await subscribe(t, { token })).json()).toMatchObject({ code: 'PAYMENT_INTENT_INVALID' });
    expect((await subscribe(t, { token, intentCode: 'not-a-code' })).statusCode).toBe(404);
    const customer = await makeUser(t, ['CUSTOMER']);
    const customerAccess = (await login(t, customer.email, 'CUSTOMER')).accessToken;
    expect((await subscribe(t, { token }, customerAccess)).statusCode).toBe(404);
    expect((await subscribe(t, {})).statusCode).toBe(400);
  });
});

describe('the manager’s own subscription', () => {
  it('GET subscription/current and methods: only the caller’s, only for a driver manager', async () => {
    const paid = await newManager(t);
    await subscribe(t, { token: await tokenize(t, CARDS.ok), intentCode: paid.intentCode });
    const other = await newManager(t);
    const otherAccess = await signIn(t, other.email);
    expect((await current(otherAccess)).json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
    expect((await current(otherAccess)).statusCode).toBe(404);
    const methods = (await t.call('GET', `${API}/payments/methods`, { token: await signIn(t, paid.email) })).json();
    expect(methods).toMatchObject({ data: [{ card: { last4: '4242' }, isDefault: true }] });
    const customer = await makeUser(t, ['CUSTOMER']);
    const customerAccess = (await login(t, customer.email, 'CUSTOMER')).accessToken;
    for (const path of ['/payments/subscription/current', '/payments/methods']) {
      expect((await t.call('GET', API + path, { token: customerAccess })).statusCode).toBe(401);
      expect((await t.call('GET', API + path)).statusCode).toBe(401);
    }
  });

  it('POST update-payment-method changes the card; a declined card keeps the old one', async () => {
    const { access } = await paidManager(t);
    const declined = await t.call('POST', `${API}/payments/update-payment-method`, {
      token: access,
      body: { token: await tokenize(t, CARDS.declined) },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: ERROR_MESSAGES.CARD_DECLINED });
    const res = await t.call('POST', `${API}/payments/update-payment-method`, {
      token: access,
      body: { token: await tokenize(t, '5555 5555 5555 4444') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: SUCCESS_MESSAGES.paymentMethodUpdated,
      subscription: { status: 'active', default_payment_method: { card: { brand: 'mastercard', last4: '4444' } } },
    });
    expect(((await current(access)).json() as TSubscription).default_payment_method?.card.last4).toBe('4444');
  });

  it('request-update-token mails a link; verify-token opens it once for update-payment-method', async () => {
    const { access, ...manager } = await paidManager(t);
    const sent = await t.call('POST', `${API}/payments/request-update-token`, { token: access });
    expect(sent.json()).toEqual({ message: SUCCESS_MESSAGES.paymentUpdateMailSent });
    expect((await t.lastMail(manager.email))?.text).toContain('http://app.test/payments/verify?token=');
    const link = await t.lastMailToken(manager.email);
    const verified = await t.call('POST', `${API}/payments/verify-token`, { body: { token: link } });
    expect(verified.statusCode).toBe(200);
    const { intentCode } = verified.json() as { intentCode: string };
    // Not signed in: the link's code says whose card it is.
    const res = await t.call('POST', `${API}/payments/update-payment-method`, {
      body: { token: await tokenize(t, '3566 0020 2036 0505'), intentCode },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(((await current(access)).json() as TSubscription).default_payment_method?.card).toMatchObject({
      brand: 'jcb',
      last4: '0505',
    });
    // The answer lost, the page sends it again: the link is spent, the same card gets the same answer.
    const retry = await t.call('POST', `${API}/payments/update-payment-method`, {
      body: { token: (res.json() as TSubscriptionResult).subscription.default_payment_method!.id, intentCode },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(res.json());
    // Used once.
    expect((await t.call('POST', `${API}/payments/verify-token`, { body: { token: link } })).json()).toMatchObject({
      code: 'PAYMENT_UPDATE_TOKEN_INVALID',
      message: ERROR_MESSAGES.PAYMENT_UPDATE_TOKEN_INVALID,
    });
    expect((await t.call('POST', `${API}/payments/verify-token`, { body: { token: 'nope' } })).statusCode).toBe(404);
    expect((await t.call('POST', `${API}/payments/verify-token`, { body: {} })).statusCode).toBe(400);
    const customer = await makeUser(t, ['CUSTOMER']);
    const customerAccess = (await login(t, customer.email, 'CUSTOMER')).accessToken;
    expect((await t.call('POST', `${API}/payments/request-update-token`, { token: customerAccess })).statusCode).toBe(401);
  });
});

describe('the sandbox card form', () => {
  it('refuses a number that is not a card and an expired card, in Japanese', async () => {
    const bad = await t.call('POST', `${API}/payments/sandbox/cards`, {
      body: { number: '4242 4242 4242 4241', expMonth: 1, expYear: 2099, cvc: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: ERROR_MESSAGES.CARD_NUMBER_INVALID });
    const expired = await t.call('POST', `${API}/payments/sandbox/cards`, {
      body: { number: CARDS.ok, expMonth: 1, expYear: 2020, cvc: '123' },
    });
    expect(expired.json()).toMatchObject({ code: 'CARD_EXPIRED', message: ERROR_MESSAGES.CARD_EXPIRED });
  });

  it.each([
    ['expMonth', true, FIELD_MESSAGES.cardExpMonth],
    ['expMonth', [], FIELD_MESSAGES.cardExpMonth],
    ['expMonth', '', FIELD_MESSAGES.cardExpMonth],
    ['expMonth', '1e1', FIELD_MESSAGES.cardExpMonth],
    ['expMonth', 13, FIELD_MESSAGES.cardExpMonth],
    ['expYear', false, FIELD_MESSAGES.cardExpYear],
    ['expYear', null, FIELD_MESSAGES.cardExpYear],
  ])('refuses %s %j with 400 and its Japanese message', async (field, value, message) => {
    const res = await t.call('POST', `${API}/payments/sandbox/cards`, {
      body: { number: CARDS.ok, expMonth: 12, expYear: 2099, cvc: '123', [field]: value },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: `body.${field}`, message }] });
  });

  it('takes the month and year as numbers or as the digits the form holds', async () => {
    for (const [expMonth, expYear] of [
      [12, 2099],
      ['12', '2099'],
    ]) {
      const res = await t.call('POST', `${API}/payments/sandbox/cards`, {
        body: { number: CARDS.ok, expMonth, expYear, cvc: '123' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

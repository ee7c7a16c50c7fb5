/**
 * The Stripe provider through the whole app, against a local server speaking Stripe's REST
 * protocol (test/stripe-protocol-server.ts): the official SDK's requests, its card errors,
 * promotion codes, idempotency keys, and webhooks signed with the configured secret.
 */
import { ERROR_MESSAGES, type TSubscriptionResult } from '@logi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startStripeProtocolServer, type StripeProtocolServer } from '../../../test/stripe-protocol-server';
import { API, invoiceOf, newManager, postEvent, sessionIntent, signIn, subscribe } from './payments.test-support';

let stripe: StripeProtocolServer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeProtocolServer();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: 'whsec_local_test',
    STRIPE_PRICE_ID: 'price_monthly',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A manager subscribed with a card (and a coupon) whose next month's charge Stripe then failed. */
async function renewalFailed(couponCode?: string) {
  const manager = await newManager(t);
  const { subscription } = (
    await subscribe(t, { token: 'pm_card_visa', couponCode, intentCode: manager.intentCode })
  ).json() as TSubscriptionResult;
  const access = await signIn(t, manager.email);
  stripe.failRenewal(subscription.id);
  return { subscription, access };
}

describe('the stripe provider', () => {
  it('tells the web to use Elements with the publishable key and the price of STRIPE_PRICE_ID', async () => {
    const res = await t.call('GET', `${API}/payments/setup`);
    expect(res.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_local',
      currency: 'jpy',
      plan: { amount: 4980 },
      devClock: false,
    });
    expect(
      (
        await t.call('POST', `${API}/payments/sandbox/cards`, {
          body: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reads promotion codes as coupons', async () => {
    expect((await t.call('GET', `${API}/payments/coupons/LAUNCH`)).json()).toMatchObject({
      code: 'LAUNCH',
      percentOff: 50,
      firstAmount: 2490,
    });
    expect((await t.call('GET', `${API}/payments/coupons/OLDCODE`)).json()).toMatchObject({ code: 'COUPON_EXPIRED' });
    expect((await t.call('GET', `${API}/payments/coupons/NOPE`)).json()).toMatchObject({ code: 'COUPON_INVALID' });
  });

  it('subscribes with customer, attached card, price and promotion code, idempotently', async () => {
    const manager = await newManager(t);
    const body = { token: 'pm_card_visa', couponCode: 'LAUNCH', intentCode: manager.intentCode };
    const res = await subscribe(t, body);
    expect(res.statusCode, res.body).toBe(200);
    const { subscription } = res.json() as TSubscriptionResult;
    expect(subscription).toMatchObject({
      status: 'active',
      default_payment_method: { id: 'pm_card_visa', card: { brand: 'visa', last4: '4242' } },
    });
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(create?.form).toMatchObject({
      'items[0][price]': 'price_monthly',
      default_payment_method: 'pm_card_visa',
      payment_behavior: 'error_if_incomplete',
      'discounts[0][promotion_code]': 'promo_launch',
    });
    expect(create?.idempotencyKey).toBe(`subscription-${manager.id}-pm_card_visa`);
    expect(stripe.requests.some((r) => r.path === '/v1/payment_methods/pm_card_visa/attach')).toBe(true);
    // Sent again after the answer was lost: the intent code is spent, the card is the one that paid.
    const retry = await subscribe(t, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as TSubscriptionResult).subscription.id).toBe(subscription.id);
    // Retried by a second sign-in: the same subscription, no second create.
    const access = await signIn(t, manager.email);
    const again = await subscribe(t, { token: 'pm_card_visa' }, access);
    expect((again.json() as TSubscriptionResult).subscription.id).toBe(subscription.id);
    expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions')).toHaveLength(1);
  });

  it('answers a Stripe card_error with its Japanese reason, and nothing is subscribed', async () => {
    const manager = await newManager(t);
    const before = stripe.subscriptions.size;
    const res = await subscribe(t, { token: 'pm_card_chargeDeclinedInsufficientFunds', intentCode: manager.intentCode });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'CARD_INSUFFICIENT_FUNDS', message: ERROR_MESSAGES.CARD_INSUFFICIENT_FUNDS });
    expect(stripe.subscriptions.size).toBe(before);
  });

  it('a signed invoice.payment_failed sets the intent; a new card pays the open invoice through invoices.pay', async () => {
    const { subscription, access } = await renewalFailed();
    const failed = await postEvent(
      t,
      { id: 'evt_stripe_failed', type: 'invoice.payment_failed', object: invoiceOf(subscription.id) },
      { secret: 'whsec_local_test' },
    );
    expect(failed.statusCode).toBe(200);
    const intentCode = await sessionIntent(t, access);
    expect(intentCode).toBeTruthy();
    // Signed with another secret than this deployment's: refused.
    const forged = await postEvent(
      t,
      { id: 'evt_other', type: 'invoice.paid', object: invoiceOf(subscription.id) },
      { secret: 'whsec_other' },
    );
    expect(forged.statusCode).toBe(400);
    const paid = await t.call('POST', `${API}/payments/update-payment-method`, {
      body: { token: 'pm_card_mastercard', intentCode: intentCode! },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      subscription: { status: 'active', default_payment_method: { card: { last4: '4444' } } },
    });
    expect(stripe.requests.some((r) => r.path.endsWith('/pay') && r.form.payment_method === 'pm_card_mastercard')).toBe(true);
    expect(await sessionIntent(t, access)).toBeNull();
  });

  it('a webhook while Stripe cannot answer is 503 and changes nothing; Stripe sending it again then applies it', async () => {
    const { subscription, access } = await renewalFailed();
    const event = { id: 'evt_stripe_outage', type: 'invoice.payment_failed', object: invoiceOf(subscription.id) };
    stripe.outage = true;
    try {
      const refused = await postEvent(t, event, { secret: 'whsec_local_test' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: ERROR_MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE,
      });
    } finally {
      stripe.outage = false;
    }
    expect(await sessionIntent(t, access)).toBeNull();
    const applied = await postEvent(t, event, { secret: 'whsec_local_test' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await sessionIntent(t, access)).toBeTruthy();
  });

  it('subscribing while past due pays the open invoice with the new card: one subscription, its next charge the full price', async () => {
    const { subscription, access } = await renewalFailed('LAUNCH');
    await postEvent(
      t,
      { id: 'evt_stripe_past_due', type: 'invoice.payment_failed', object: invoiceOf(subscription.id) },
      { secret: 'whsec_local_test' },
    );
    const intentCode = (await sessionIntent(t, access))!;
    expect(intentCode).toBeTruthy();
    const creates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').length;
    const before = creates();
    const res = await subscribe(t, { token: 'pm_card_mastercard', intentCode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subscription: {
        id: subscription.id,
        status: 'active',
        next_charge_amount: 4980,
        default_payment_method: { card: { last4: '4444' } },
      },
    });
    expect(creates()).toBe(before);
    expect(stripe.requests.some((r) => r.path.endsWith('/pay') && r.form.payment_method === 'pm_card_mastercard')).toBe(true);
    expect(await sessionIntent(t, access)).toBeNull();
  });
});

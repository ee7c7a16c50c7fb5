/**
 * The subscription's 適格請求書 and 領収書 with Stripe (decision 098), through the official SDK against
 * the local server speaking Stripe's protocol: the amount and period come from Stripe's invoice
 * (a coupon's discount included), a settled renewal adds its pair, and Stripe's own invoice.paid
 * event for the same invoice records nothing twice.
 */
import { type TSubscriptionResult } from '@logi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startStripeProtocolServer, type StripeProtocolServer } from '../../../test/stripe-protocol-server';
import { API, newManager, postEvent, sessionIntent, signIn, subscribe } from '../payments/payments.test-support';
import { documentsOf, longDay, pdfOf, pdfText } from './subscription-documents.test-support';

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
    PLATFORM_ISSUER_NAME: '株式会社物流マーケット',
    PLATFORM_ISSUER_ADDRESS: '大阪府大阪市北区梅田一丁目1番1号',
    PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T2876543210987',
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const latestInvoiceOf = (subscriptionId: string) => stripe.subscriptions.get(subscriptionId)!.latest_invoice as string;

describe('with Stripe', () => {
  it("prints what Stripe's invoice charged after the coupon, its period and the configured issuer", async () => {
    const manager = await newManager(t);
    const res = await subscribe(t, { token: 'pm_card_visa', couponCode: 'LAUNCH', intentCode: manager.intentCode });
    expect(res.statusCode, res.body).toBe(200);
    const { subscription } = res.json() as TSubscriptionResult;
    const access = await signIn(t, manager.email);
    const [doc, ...others] = await documentsOf(t, access);
    expect(others).toEqual([]);
    // 4,980円 at 50% off; the tax included in 2,490円 is 226.36…円, rounded down once.
    expect(doc).toMatchObject({ total: 2490, tax: 226, periodStart: subscription.current_period_start });
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/invoices/${latestInvoiceOf(subscription.id)}`)).toBe(
      true,
    );
    const text = await pdfText((await pdfOf(t, access, doc!.id, 'invoice')).rawPayload);
    for (const part of [
      '名称 株式会社物流マーケット',
      '所在地 大阪府大阪市北区梅田一丁目1番1号',
      '登録番号 T2876543210987',
      `対象期間 ${longDay(doc!.periodStart)}〜${longDay(doc!.periodEnd)}`,
      '10%対象（税込） 2,490円',
      '消費税（10%） 226円',
      '合計（税込） 2,490円',
    ]) {
      expect(text).toContain(part);
    }
    expect(await pdfText((await pdfOf(t, access, doc!.id, 'receipt')).rawPayload)).toContain('領収金額（税込） 2,490円');
  });

  it("adds the settled renewal's pair at the full price, once although Stripe's invoice.paid event follows", async () => {
    const manager = await newManager(t);
    const { subscription } = (
      await subscribe(t, { token: 'pm_card_visa', intentCode: manager.intentCode })
    ).json() as TSubscriptionResult;
    const access = await signIn(t, manager.email);
    stripe.failRenewal(subscription.id);
    const renewal = latestInvoiceOf(subscription.id);
    const object = {
      id: renewal,
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    };
    await postEvent(t, { id: 'evt_docs_failed', type: 'invoice.payment_failed', object }, { secret: 'whsec_local_test' });
    // The failed renewal has no document.
    expect(await documentsOf(t, access)).toHaveLength(1);
    const intentCode = (await sessionIntent(t, access))!;
    const paid = await t.call('POST', `${API}/payments/update-payment-method`, {
      body: { token: 'pm_card_mastercard', intentCode },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const event = await postEvent(t, { id: 'evt_docs_paid', type: 'invoice.paid', object }, { secret: 'whsec_local_test' });
    expect(event.statusCode).toBe(200);
    const [second, first] = await documentsOf(t, access);
    expect(await documentsOf(t, access)).toHaveLength(2);
    expect(first).toMatchObject({ total: 4980, tax: 452 });
    expect(second).toMatchObject({ total: 4980, tax: 452 });
    expect(second!.periodStart > first!.periodStart).toBe(true);
    expect(await pdfText((await pdfOf(t, access, second!.id, 'receipt')).rawPayload)).toContain('消費税（10%） 452円');
  });
});

/**
 * Coupons across renewals on the sandbox's billing clock: what each invoice charges, and that
 * the next charge subscription/current announces is the one the next invoice makes (decision 082).
 */
import type { TSubscription } from '@logi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { API, advanceClock, paidManager, sandboxRecords } from './payments.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_COUPONS: 'DEMO50:50%:once,THREE:50%:3,OFF1000:1000:forever' });
});
afterAll(() => t.close());

/** Subscribes with the coupon, then renews `months` times: the invoices made and the next charge announced before each. */
async function renewals(couponCode: string, months: number) {
  const { access, ...manager } = await paidManager(t, couponCode);
  const announced: (number | null)[] = [];
  for (let month = 1; month <= months; month++) {
    const current = await t.call('GET', `${API}/payments/subscription/current`, { token: access });
    announced.push((current.json() as TSubscription).next_charge_amount);
    // More than any month: one renewal each time.
    await advanceClock(t, 32);
  }
  const { invoices } = await sandboxRecords(t, manager.id);
  expect(invoices.map((i) => i.status)).toEqual(Array(months + 1).fill('paid'));
  return { charged: invoices.map((i) => i.amount), announced };
}

describe('coupons over the months (plan 5,500円)', () => {
  it('a once coupon lowers the first month only; the renewal charges what was announced', async () => {
    const { charged, announced } = await renewals('DEMO50', 2);
    expect(charged).toEqual([2750, 5500, 5500]);
    expect(announced).toEqual(charged.slice(1));
  });

  it('a three-month coupon lowers months one to three, and the announcement turns with it', async () => {
    const { charged, announced } = await renewals('THREE', 4);
    expect(charged).toEqual([2750, 2750, 2750, 5500, 5500]);
    expect(announced).toEqual(charged.slice(1));
  });

  it('a forever coupon lowers every month', async () => {
    const { charged, announced } = await renewals('OFF1000', 2);
    expect(charged).toEqual([4500, 4500, 4500]);
    expect(announced).toEqual(charged.slice(1));
  });
});

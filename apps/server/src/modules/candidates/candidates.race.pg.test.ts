/**
 * Races that need real parallel connections, so they run only on PostgreSQL
 * (TEST_DATABASE_URL; vitest.config.ts leaves *.pg.test.ts out on PGlite).
 * Calls are fired at once through the app, whose pool holds several connections.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, requestItems, talkrooms, userNotifications } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import { API, applyFixed, bid, notificationTypes } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const N = 8;

async function countWhere(table: typeof candidates | typeof talkrooms, requestItemId: string) {
  const [row] = await t.app.deps.db.select({ n: count() }).from(table).where(eq(table.requestItemId, requestItemId));
  return row!.n;
}

describe('simultaneous approvals', () => {
  it('of different candidates of one delivery: one winner, 400 for the rest, one approved row', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    const applied = [
      await bid(t, people.driver, item.id, 30000),
      await bid(t, people.otherDriver, item.id, 31000),
      await bid(t, people.manager, item.id, 32000),
    ];
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call('POST', API.approve(applied[i % applied.length]!.candidate.id), {
          token: people.customer.token,
          body: { requestItemId: item.id },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(N - 1).fill(400)]);
    for (const r of results.filter((r) => r.statusCode === 400)) expect(r.json().code).toBe('CANDIDATE_ALREADY_APPROVED');

    const winner = results.find((r) => r.statusCode === 200)!.json().candidate.applicantId as string;
    const rows = await t.app.deps.db.select().from(candidates).where(eq(candidates.requestItemId, item.id));
    expect(rows.filter((c) => c.status === 'APPROVED').map((c) => c.applicantId)).toEqual([winner]);
    expect(rows.filter((c) => c.status === 'NOT_CHOSEN')).toHaveLength(2);
    const [row] = await t.app.deps.db.select().from(requestItems).where(eq(requestItems.id, item.id));
    expect(row).toMatchObject({ status: 'APPROVED', receiverId: winner });
    // One approval notification in all: the losers wrote nothing.
    const [approvals] = await t.app.deps.db
      .select({ n: count() })
      .from(userNotifications)
      .where(eq(userNotifications.userId, winner));
    expect(approvals!.n).toBe(1);
  });

  it('of the same warehouse candidate (a double click): one 200, the rest 400', async () => {
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    const applied = await applyFixed(t, people.manager, warehouse.id);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        t.call('POST', API.approve(applied.candidate.id), {
          token: people.customer.token,
          body: { requestItemId: warehouse.id },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(N - 1).fill(400)]);
    expect(await notificationTypes(t, people.manager, warehouse.id)).toEqual(['WAREHOUSE_USE_REQUEST_APPROVED']);
  });
});

describe('simultaneous applications', () => {
  it('bids by one driver: one candidate, one talkroom, one notification; the price is one of the bids', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    const prices = Array.from({ length: N }, (_, i) => 20000 + i);
    const results = await Promise.all(
      prices.map((price) =>
        t.call('POST', API.requestPrices, { token: people.driver.token, body: { requestItemId: item.id, price } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(N).fill(200));
    expect(results.filter((r) => r.json().isNew)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().candidate.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.json().candidate.talkroom.id)).size).toBe(1);
    expect(await countWhere(candidates, item.id)).toBe(1);
    expect(await countWhere(talkrooms, item.id)).toBe(1);
    const [row] = await t.app.deps.db.select().from(candidates).where(eq(candidates.requestItemId, item.id));
    expect(prices).toContain(row!.price);
    expect(await notificationTypes(t, people.customer, item.id)).toEqual(['PICKUP_REQUEST_RECEIVED']);
  });

  it('fixed-price applications by one driver: one candidate and one talkroom', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        t.call('POST', API.applyFixedPrice, { token: people.manager.token, body: { requestItemId: item.id } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(N).fill(200));
    expect(results.filter((r) => r.json().isNew)).toHaveLength(1);
    expect(await countWhere(candidates, item.id)).toBe(1);
    expect(await countWhere(talkrooms, item.id)).toBe(1);
  });

  it('applications racing an approval: each lands before the approval (and is not chosen) or is refused after it', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    const first = await applyFixed(t, people.driver, item.id);
    const [approval, ...applications] = await Promise.all([
      t.call('POST', API.approve(first.candidate.id), { token: people.customer.token, body: { requestItemId: item.id } }),
      t.call('POST', API.applyFixedPrice, { token: people.otherDriver.token, body: { requestItemId: item.id } }),
      t.call('POST', API.applyFixedPrice, { token: people.manager.token, body: { requestItemId: item.id } }),
    ]);
    expect(approval!.statusCode).toBe(200);
    for (const res of applications) expect([200, 404]).toContain(res.statusCode);
    // No application is left APPLIED on a matched item.
    const rows = await t.app.deps.db.select().from(candidates).where(eq(candidates.requestItemId, item.id));
    expect(rows.filter((c) => c.status === 'APPLIED')).toEqual([]);
  });
});

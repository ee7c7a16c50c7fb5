/**
 * The market's own prices on a lane: the agreed prices (税抜) of completed deliveries with the same
 * pickup and delivery prefecture, vehicle class and a distance within ±20 %, as median and
 * 10th–90th percentile range with their count; nothing below five jobs, never a party; for a draft
 * (the lane its quote names) and for a request its readers may see.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIR_PRICE_TEXT, type TCreateDeliveryBody, type TLanePrices, type TStandardFareQuote } from '@logi/contract';
import { completedJobLanes, requestItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { API, type Party, cast, expectError } from '../../../test/marketplace-fixtures';
import { approvedDelivery, reportInFull, startPickup } from '../../../test/scenario';
import {
  addCandidate,
  approveDirectly,
  deliveryBody,
  makeDeliveryRequest,
  makeWarehouseRequest,
  stop,
} from '../../../test/request-item-fixtures';
import { backfillLaneFacts, recordCompletedJob } from './standard-fares.service';

let t: TestApp;
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  t = await createTestApp();
  people = await cast(t);
});
afterAll(() => t.close());

const as = (who: Party | undefined) => ({ token: who?.token });
const ofRequest = (id: string) => `/api/v1/request-items/${id}/lane-prices`;
const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

/**
 * A delivery posted by the customer, bid on by the driver at `price`, approved and completed
 * `daysAgo` days ago (the states set directly: the lifecycle's calls are tested in their module).
 * `record`: the facts written as the completion will write them, before or after its status in
 * the same transaction; `backfill`: left to the backfill.
 */
async function completedJob(
  price: number,
  overrides: Partial<TCreateDeliveryBody> = {},
  opts: { record: 'before' | 'after' | 'backfill'; daysAgo: number } = { record: 'after', daysAgo: 3 },
) {
  const item = await makeDeliveryRequest(t, people.customer.token, overrides);
  await addCandidate(t, item.id, people.driver.id, price);
  await approveDirectly(t, item.id, people.driver.id);
  await t.app.deps.db.transaction(async (tx) => {
    if (opts.record === 'before') await recordCompletedJob(tx, item.id);
    await tx
      .update(requestItems)
      .set({ status: 'COMPLETED', completedAt: new Date(Date.now() - opts.daysAgo * DAY) })
      .where(eq(requestItems.id, item.id));
    if (opts.record === 'after') await recordCompletedJob(tx, item.id);
  });
  return item;
}

async function lanePrices(url: string, who: Party = people.customer): Promise<TLanePrices> {
  const res = await t.call('GET', url, as(who));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The lane a draft's quote names: 4t, 東京都中央区 → 大阪市北区 (the fixtures' route). */
async function draftLane(): Promise<string> {
  const body = deliveryBody();
  const res = await t.call('POST', '/api/v1/standard-fares/quote', {
    ...as(people.customer),
    body: {
      ...body,
      transports: body.transports.map(({ transportType, prefecture, city, timeFrom, timeTo }) => ({
        transportType,
        prefecture,
        city,
        timeFrom,
        timeTo,
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const lane = (res.json() as TStandardFareQuote).lane!;
  return `/api/v1/standard-fares/lane-prices?${new URLSearchParams({ ...lane, distanceKm: String(lane.distanceKm) })}`;
}

describe('the lane prices', () => {
  let draft: string;
  let open: Awaited<ReturnType<typeof makeDeliveryRequest>>;
  let completed: Awaited<ReturnType<typeof makeDeliveryRequest>>;

  beforeAll(async () => {
    draft = await draftLane();
    open = await makeDeliveryRequest(t, people.customer.token);
    // Same lane: four jobs recorded on completion (one before its status is written, one with the
    // request's own fuel surcharge).
    completed = await completedJob(40_000);
    await completedJob(42_000, {}, { record: 'before', daysAgo: 0 });
    await completedJob(44_000);
    await completedJob(45_000, { fuelSurcharge: 3_000 });
    // Not the lane: a 10t truck, a route by way of 福岡 (far beyond +20 %), a job of 400 days ago.
    await completedJob(90_000, { vehicleType: 'TEN_T_TRUCK' });
    const [pickup, delivery] = deliveryBody().transports;
    await completedJob(99_000, {
      transports: [pickup!, stop({ transportType: 'TRANSIT', prefecture: '福岡県', city: '福岡市博多区' }), delivery!],
    });
    await completedJob(10_000, {}, { record: 'after', daysAgo: 400 });
  });

  it('shows nothing below five jobs on the lane, and says why', async () => {
    const answer = await lanePrices(draft);
    expect(answer.prices).toBeNull();
    expect(answer.message).toBe(FAIR_PRICE_TEXT.lanePrices.tooFew(5));
    expect(answer.lane).toMatchObject({
      pickupPrefecture: '東京都',
      deliveryPrefecture: '大阪府',
      vehicleClass: { id: 'medium' },
    });
  });

  it('shows median, 10–90 % range and count from the fifth job on (one the backfill found)', async () => {
    await completedJob(46_000, {}, { record: 'backfill', daysAgo: 1 });
    expect(await backfillLaneFacts(t.app.deps.db)).toBe(1);
    expect(await backfillLaneFacts(t.app.deps.db)).toBe(0);
    const answer = await lanePrices(draft);
    // 40,000 / 42,000 / 44,000 / 46,000 / 48,000 (45,000 + the 3,000 fuel surcharge), 税抜.
    expect(answer.prices).toEqual({ count: 5, median: 44_000, p10: 40_800, p90: 47_200 });
    expect(answer.message).toBeNull();
    expect(answer.basis).toBe(FAIR_PRICE_TEXT.lanePrices.basis(365, 20));
    expect(answer.lane!.distanceKm.from).toBeLessThan(answer.lane!.distanceKm.to);
  });

  it('never names a party or a job', async () => {
    const text = JSON.stringify(await lanePrices(ofRequest(open.id)));
    for (const secret of [people.customer, people.driver, people.manager].flatMap((p) => [p.id, p.email]))
      expect(text).not.toContain(secret);
    const facts = await t.app.deps.db.select().from(completedJobLanes);
    for (const f of facts) expect(text).not.toContain(f.requestItemId);
    expect(Object.keys((await lanePrices(draft)).prices!)).toEqual(['count', 'median', 'p10', 'p90']);
  });

  it('for a request: its owner, a carrier who may read the open request, the admin', async () => {
    for (const who of [people.customer, people.otherDriver, people.admin]) {
      expect((await lanePrices(ofRequest(open.id), who)).prices).toMatchObject({ count: 5 });
    }
    expect((await lanePrices(ofRequest(completed.id), people.driver)).prices).toMatchObject({ count: 5 });
  });

  it('is 404 for a request the caller may not read, or none; a warehouse has no lane; anonymous is refused', async () => {
    expectError(await t.call('GET', ofRequest(completed.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', ofRequest(completed.id), as(people.otherDriver)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', ofRequest(UNKNOWN), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    expectError(await t.call('GET', ofRequest(warehouse.id), as(people.customer)), 400, 'REQUEST_TYPE_MISMATCH');
    expect((await t.call('GET', ofRequest(open.id))).statusCode).toBe(401);
    expect((await t.call('GET', draft)).statusCode).toBe(401);
  });

  it('for a request no longer open: also a carrier that applied and was not chosen; no one else', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    await addCandidate(t, item.id, people.otherDriver.id, 41_000);
    await addCandidate(t, item.id, people.driver.id, 40_000);
    await approveDirectly(t, item.id, people.driver.id);
    for (const who of [people.otherDriver, people.driver, people.customer, people.admin]) {
      expect((await lanePrices(ofRequest(item.id), who)).prices).toMatchObject({ count: 5 });
    }
    expectError(await t.call('GET', ofRequest(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', ofRequest(item.id), as(people.manager)), 404, 'REQUEST_ITEM_NOT_FOUND');
  });

  it('refuses a lane query without a class or distance, in Japanese', async () => {
    const res = await t.call(
      'GET',
      '/api/v1/standard-fares/lane-prices?pickupPrefecture=東京都&deliveryPrefecture=大阪府',
      as(people.driver),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.length).toBe(2);
  });

  it('counts a job the customer completes through its calls at once, with no backfill', async () => {
    const deal = await approvedDelivery(t, people.customer, people.driver);
    await startPickup(t, deal, people.customer, people.driver);
    await reportInFull(t, people.driver, deal.item.id, { pickupTemperature: 5, deliveryTemperature: 5 });
    const res = await t.call('PATCH', API.complete(deal.item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    expect((await lanePrices(draft)).prices).toMatchObject({ count: 6 });
    expect(await backfillLaneFacts(t.app.deps.db)).toBe(0);
  });
});

/**
 * The open market in memory on the real database (decision 112): loaded from the open requests,
 * it answers every filter exactly as the market statement does, and through the API a write shows
 * at the next read, read from memory.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestItemPage, TRequestListQuery } from '@logi/contract';
import { createTestApp, openMarketReads, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import {
  addCandidate,
  approveDirectly,
  makeDeliveryRequest,
  makeWarehouseRequest,
  postedDaysAgo,
  stop,
  viaTransitStops,
} from '../../../test/request-item-fixtures';
import { createOpenMarket, type OpenEntry } from './open-market';
import { eachOpenBatch } from './open-market.repository';
import { createOpenMarketSource } from './open-market.service';
import { openDetailViews } from './request-items.detail';
import { listMarket } from './request-items.lists.repository';
import { marketFilter } from './request-items.market-filter';

let t: TestApp;
let owner = '';
let driverId = '';

beforeAll(async () => {
  t = await createTestApp();
  const customer = await makeUser(t, ['CUSTOMER']);
  const driver = await makeUser(t, ['DRIVER']);
  owner = (await login(t, customer.email, 'CUSTOMER')).accessToken;
  driverId = driver.id;
  const osaka = stop({ transportType: 'DELIVERY', prefecture: '大阪府', city: '大阪市北区', postalCode: '530-0001' });
  const made = [
    await makeDeliveryRequest(t, owner, { baggageName: '家具', vehicleType: 'LIGHT_TRUCK', vehicleTemperatureRange: 'ROOM' }),
    await makeDeliveryRequest(t, owner, { baggageName: '冷凍食品' }),
    await makeDeliveryRequest(t, owner, { baggageName: '冷凍食品の残り', price: undefined }),
    await makeDeliveryRequest(t, owner, {
      baggageName: '精密機器と機械',
      vehicleType: 'TWO_T_TRUCK',
      transports: viaTransitStops(),
    }),
    await makeDeliveryRequest(t, owner, {
      baggageName: 'ＡＢＣ部品',
      transports: [stop({ prefecture: '愛知県', city: '名古屋市' }), osaka],
    }),
    await makeWarehouseRequest(t, owner, { vehicleTypes: ['COOL_TRUCK', 'LIGHT_TRUCK'] }),
    await makeWarehouseRequest(t, owner),
  ];
  await postedDaysAgo(t, made[0]!.id, 5);
  await postedDaysAgo(t, made[3]!.id, 2);
  await addCandidate(t, made[1]!.id, driverId);
  await approveDirectly(t, made[1]!.id, driverId);
  await addCandidate(t, made[2]!.id, driverId);
}, 180_000);
afterAll(() => t.close());

const QUERIES: Partial<TRequestListQuery>[] = [
  {},
  { vehicleType: ['LIGHT_TRUCK'] },
  { vehicleType: ['LIGHT_TRUCK', 'TWO_T_TRUCK'] },
  { pickupLocation: ['東京都'] },
  { pickupLocation: ['東京都中央区'], sendLocation: ['大阪府'] },
  { sendLocation: ['大阪府', '愛知県'] },
  { warehouseLocation: ['神奈川県'] },
  { transportType: ['TRANSIT'] },
  { requestType: 'WAREHOUSE' },
  { requestType: 'DELIVERY', isWarehouse: true },
  { priceType: ['ESTIMATION'] },
  { keyword: '冷凍' },
  { keyword: '冷凍食品 残り' },
  { keyword: 'abc' },
  { keyword: '機' },
  { keyword: '食品の残りで' },
  { isNewArrival: true },
  { isNearDate: true },
  { startDate: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) },
  { endDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) },
];

describe('the open market loaded from the database', () => {
  it('answers every filter and page as the market statement does', async () => {
    const db = t.app.deps.db;
    const newestFirst: OpenEntry[] = [];
    await eachOpenBatch(db, (entries) => newestFirst.push(...entries) > 0);
    const market = createOpenMarket();
    for (const entry of newestFirst.reverse()) market.put(entry);
    expect(market.size).toBe(6);
    for (const q of QUERIES) {
      for (const page of [
        { limit: 20, offset: 0 },
        { limit: 2, offset: 2 },
        { limit: 1, offset: 0 },
      ]) {
        const f = marketFilter(q, new Date());
        const fromDatabase = await listMarket(db, f, page);
        const fromMemory = market.page(f, page);
        const label = JSON.stringify({ q, page });
        expect(
          fromMemory.entries.map((e) => e.id),
          label,
        ).toEqual(fromDatabase.rows.map((r) => r.id));
        expect(fromMemory.counted, label).toBe(fromDatabase.total);
      }
    }
  });

  it("gives an outsider's and an anonymous visitor's detail of each open request exactly as read from the database", async () => {
    const newestFirst: OpenEntry[] = [];
    await eachOpenBatch(t.app.deps.db, (entries) => newestFirst.push(...entries) > 0);
    for (const entry of newestFirst) {
      const fromMemory = (await openDetailViews(t.app.deps, entry.id, entry))!;
      const fromDatabase = (await openDetailViews(t.app.deps, entry.id))!;
      expect(fromMemory.parties).toEqual(fromDatabase.parties);
      expect(fromMemory.outsider).toEqual(fromDatabase.outsider);
      expect(await fromMemory.anonymous()).toEqual(await fromDatabase.anonymous());
    }
    // Applications are counted for everyone while the request is open.
    expect(newestFirst.map((e) => e.candidateCount).sort()).toEqual([0, 0, 0, 0, 0, 1]);
  });
});

describe('the open market kept in step', () => {
  it('gives a request named as changed elsewhere only once it is read again', async () => {
    const made = await makeDeliveryRequest(t, owner, { baggageName: '書籍の束' });
    const db = t.app.deps.db;
    const source = createOpenMarketSource(db, { maxItems: 1_000, log: t.app.log });
    const reader = source.reader({ heard: true });
    const page = () => reader.page(marketFilter({}, new Date()), { limit: 100, offset: 0 });
    await expect.poll(async () => (await page())?.rows.map((r) => r.id), { timeout: 60_000 }).toContain(made.id);

    // A write made elsewhere (a job, another instance), heard: its request is named.
    await db.execute(sql`update delivery_items set baggage_name = '書籍と雑誌' where request_item_id = ${made.id}`);
    source.handlers.payload(made.id);
    const entry = await reader.entry(made.id);
    expect(entry?.parts.delivery?.baggageName).toBe('書籍と雑誌');
    await source.settled();
    expect((await page())!.parts.deliveries.get(made.id)?.baggageName).toBe('書籍と雑誌');
  });
});

describe('a round naming many requests', () => {
  it('reads every open one, more than one statement takes, and forgets those no longer open', async () => {
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await makeDeliveryRequest(t, owner, { baggageName: `段ボール${i}` }));
    const ids = made.map((m) => m.id);
    const db = t.app.deps.db;
    const source = createOpenMarketSource(db, { maxItems: 1_000, log: t.app.log });
    const reader = source.reader({ heard: true });
    const page = async () => (await reader.page(marketFilter({}, new Date()), { limit: 100, offset: 0 }))!;
    await expect
      .poll(async () => (await page())?.rows.map((r) => r.id), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(ids));

    // Written elsewhere at once: eleven renamed, one deleted, and an id that is no request at all.
    await db.execute(sql`update delivery_items set baggage_name = baggage_name || '（改）'
      where request_item_id in (${sql.join(ids.slice(0, 11), sql`, `)})`);
    await db.execute(sql`update request_items set deleted_at = now() where id = ${ids[11]!}`);
    for (const id of [...ids, '00000000-0000-4000-8000-000000000000']) source.handlers.payload(id);
    await source.settled();

    const after = await page();
    expect(after.rows.map((r) => r.id)).not.toContain(ids[11]);
    expect(ids.slice(0, 11).map((id) => after.parts.deliveries.get(id)?.baggageName)).toEqual(
      Array.from({ length: 11 }, (_, i) => `段ボール${i}（改）`),
    );
  });
});

async function market(query: string): Promise<string[]> {
  const res = await t.call('GET', `/api/v1/request-items/list/private?${query}`, { token: owner });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TRequestItemPage).data.map((i) => i.id);
}

describe('the open market through the API', () => {
  it('shows a new request and its deletion at the next read, read from memory', async () => {
    // Its first read starts the load: read until the memory answers.
    await expect.poll(async () => (await market(''), openMarketReads(t)), { timeout: 60_000 }).toBeGreaterThan(0);
    const before = await openMarketReads(t);

    const made = await makeDeliveryRequest(t, owner, { baggageName: '陶磁器の食器' });
    expect(await market('keyword=陶磁器')).toEqual([made.id]);
    expect((await market(''))[0]).toBe(made.id);

    const res = await t.call('DELETE', `/api/v1/request-items/${made.id}/owner`, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(await market('keyword=陶磁器')).toEqual([]);
    expect(await market('')).not.toContain(made.id);
    expect(await openMarketReads(t)).toBeGreaterThanOrEqual(before + 4);
  });
});

/**
 * The market lists (public / private / top); the admin's are in admin.requests.test.ts. One fixed set
 * of items is posted up front, so every filter can be checked against exact ids.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  ZRequestItemDetail,
  ZRequestItemPage,
  ZTopRequests,
  requestItemRoutes,
  type TRequestItem,
  type TRequestItemPage,
} from '@logi/contract';
import type { z } from 'zod';
import { requestItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import {
  addCandidate,
  approveDirectly,
  deleteDirectly,
  jst,
  makeDeliveryRequest,
  makeWarehouseRequest,
  postedDaysAgo,
  viaTransitStops,
} from '../../../test/request-item-fixtures';

const BASE = '/api/v1/request-items';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
const tokens = { owner: '', other: '', driver: '' };
/** dA: frozen food Tokyo → Osaka, fixed price; dB: estimation via a transit, near pickup; w1: warehouse; dOld: posted 5 days ago. */
const ids = { dA: '', dB: '', w1: '', dOld: '', approved: '', deleted: '' };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t, ['CUSTOMER']);
  const other = await makeUser(t, ['CUSTOMER'], { phone: '0398765432' });
  const driver = await makeUser(t, ['DRIVER']);
  tokens.owner = (await login(t, owner.email, 'CUSTOMER')).accessToken;
  tokens.other = (await login(t, other.email, 'CUSTOMER')).accessToken;
  tokens.driver = (await login(t, driver.email, 'DRIVER')).accessToken;

  ids.dOld = (
    await makeDeliveryRequest(t, tokens.owner, {
      baggageName: '家具',
      vehicleTemperatureRange: 'ROOM',
      vehicleType: 'LIGHT_TRUCK',
    })
  ).id;
  ids.approved = (await makeDeliveryRequest(t, tokens.owner, { baggageName: '冷凍食品の残り' })).id;
  ids.deleted = (await makeDeliveryRequest(t, tokens.owner, { baggageName: '冷凍食品の削除' })).id;
  ids.dA = (await makeDeliveryRequest(t, tokens.owner)).id;
  ids.dB = (
    await makeDeliveryRequest(t, tokens.other, {
      vehicleType: 'TWO_T_TRUCK',
      vehicleTemperatureRange: 'ROOM',
      baggageName: '精密機器と機械',
      price: undefined,
      transports: viaTransitStops(),
    })
  ).id;
  ids.w1 = (await makeWarehouseRequest(t, tokens.other, { vehicleTypes: ['COOL_TRUCK'] })).id;

  await postedDaysAgo(t, ids.dOld, 5);
  const driverRow = await login(t, driver.email, 'DRIVER');
  await addCandidate(t, ids.approved, driverRow.user.id);
  await approveDirectly(t, ids.approved, driverRow.user.id);
  await addCandidate(t, ids.dA, driverRow.user.id);
  await deleteDirectly(t, ids.deleted);
}, 180_000);
afterAll(() => t.close());

async function list(path: string, token?: string) {
  const res = await t.call('GET', `${BASE}${path}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TRequestItemPage;
}
const idsOf = (items: TRequestItem[]) => items.map((i) => i.id);
const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
async function market(query: string, token?: string) {
  return (await list(`/list/public?limit=100&${query}`, token)).data.map((i) => name(i.id));
}

describe('GET /request-items/list/public', () => {
  it('lists open items only, newest first, never deleted or matched ones', async () => {
    const page = await list('/list/public');
    expect(page.data.map((i) => name(i.id))).toEqual(['w1', 'dB', 'dA', 'dOld']);
    expect(page.meta).toEqual({
      isFirstPage: true,
      isLastPage: true,
      currentPage: 1,
      previousPage: null,
      nextPage: null,
      pageCount: 1,
      totalCount: 4,
    });
  });

  it('paginates in SQL', async () => {
    const one = await list('/list/public?limit=3&page=1');
    const two = await list('/list/public?limit=3&page=2');
    const three = await list('/list/public?limit=3&page=3');
    expect(idsOf(one.data).map(name)).toEqual(['w1', 'dB', 'dA']);
    expect(idsOf(two.data).map(name)).toEqual(['dOld']);
    expect(three.data).toEqual([]);
    expect(one.meta).toMatchObject({ isFirstPage: true, isLastPage: false, nextPage: 2, pageCount: 2, totalCount: 4 });
    expect(two.meta).toMatchObject({ isFirstPage: false, isLastPage: true, previousPage: 1, nextPage: null, currentPage: 2 });
  });

  it('hides contact details and messages from strangers; the owner sees their own', async () => {
    const guest = (await list('/list/public')).data;
    expect(guest.every((i) => i.isHidden && i.message === '詳細は承認後に表示されます。')).toBe(true);
    expect(guest.find((i) => i.id === ids.dA)!.deliveryItem!.transports[0]).toMatchObject({
      name: '担当者',
      phone: '0000000000',
      location: { prefecture: '東京都', city: '中央区', town: '銀座', block: '1-1', building: null },
    });
    expect(guest[0]).not.toHaveProperty('isApplied');
    const asOwner = (await list('/list/public', tokens.owner)).data;
    expect(asOwner.find((i) => i.id === ids.dA)).toMatchObject({ isHidden: false, message: '荷主からの連絡事項です。' });
    expect(asOwner.find((i) => i.id === ids.dB)).toMatchObject({ isHidden: true });
  });

  it.each([
    ['vehicleType=FOUR_T_TRUCK', ['dA']],
    ['vehicleType=FOUR_T_TRUCK,COOL_TRUCK', ['w1', 'dA']],
    ['vehicleType=FOUR_T_TRUCK&vehicleType=COOL_TRUCK', ['w1', 'dA']],
    ['pickupLocation=東京都', ['dA', 'dOld']],
    ['pickupLocation=神奈川県横浜市西区', ['dB']],
    ['pickupLocation=神奈川県横浜市中区', []],
    ['pickupLocation=北海道,神奈川県', ['dB']],
    ['sendLocation=東京都', ['dB']],
    ['sendLocation=大阪府大阪市北区', ['dA', 'dOld']],
    ['warehouseLocation=神奈川県', ['w1']],
    ['warehouseLocation=東京都', []],
    ['transportType=TRANSIT', ['dB']],
    ['transportType=PICKUP,DELIVERY', ['dB', 'dA', 'dOld']],
    ['isWarehouse=true', ['w1']],
    ['isWarehouse=false', ['w1', 'dB', 'dA', 'dOld']],
    ['requestType=DELIVERY', ['dB', 'dA', 'dOld']],
    ['requestType=DELIVERY&isWarehouse=true', []],
    ['priceType=ESTIMATION', ['dB']],
    ['priceType=PER_UNIT,FIXED', ['w1', 'dA', 'dOld']],
    ['isNewArrival=true', ['w1', 'dB', 'dA']],
    ['isNearDate=true', ['dB']],
    ['isNearDate=1&isNewArrival=1', ['dB']],
    ['vehicleType=TWO_T_TRUCK&pickupLocation=東京都', []],
    ['vehicleType=FOUR_T_TRUCK,TWO_T_TRUCK&pickupLocation=東京都', ['dA']],
  ])('filters %s', async (query, expected) => {
    expect(await market(query)).toEqual(expected);
  });

  it('filters by posting date in Japan time', async () => {
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const fourDaysAgo = new Date(Date.now() - 4 * DAY + 9 * 3600_000).toISOString().slice(0, 10);
    expect(await market(`startDate=${today}`)).toEqual(['w1', 'dB', 'dA']);
    expect(await market(`endDate=${fourDaysAgo}`)).toEqual(['dOld']);
    expect(await market(`startDate=${fourDaysAgo}&endDate=${today}`)).toEqual(['w1', 'dB', 'dA']);
  });

  it.each([
    ['冷凍', ['w1', 'dA']], // 冷凍食品, and the warehouse's 冷蔵冷凍車
    ['銀', ['dA', 'dOld']], // one character: 銀座
    ['梅田 冷凍', ['dA']], // every word must match
    ['精密機器', ['dB']],
    ['精密機械', []], // its bigrams all occur in 精密機器と機械, the word does not
    ['ＳＩＺＥ', []],
    ['６０サイズ', ['dB', 'dA', 'dOld']], // width-folded: 60サイズ
    ['連絡', []], // the hidden message is not searchable
    ['佐藤', []], // nor the stop's contact name
    ['よこはま', []],
    ['新港', ['w1']],
  ])('finds the keyword %s', async (keyword, expected) => {
    expect(await market(`keyword=${encodeURIComponent(keyword)}`)).toEqual(expected);
  });

  it('answers 400 with Japanese details for a bad query', async () => {
    const cases: [string, string, string][] = [
      ['vehicleType=BICYCLE', 'querystring.vehicleType.0', FIELD_MESSAGES.invalidOption],
      ['limit=101', 'querystring.limit', FIELD_MESSAGES.tooBig(100)],
      ['page=0', 'querystring.page', FIELD_MESSAGES.tooSmall(1)],
      ['startDate=2026-13-01', 'querystring.startDate', FIELD_MESSAGES.date],
      ['startDate=2026-12-02&endDate=2026-12-01', 'querystring.endDate', FIELD_MESSAGES.dateOrder],
      ['isNewArrival=maybe', 'querystring.isNewArrival', FIELD_MESSAGES.invalidType],
      [`keyword=${'あ'.repeat(51)}`, 'querystring.keyword', FIELD_MESSAGES.tooLong(50)],
      ['requestType=delivery', 'querystring.requestType', FIELD_MESSAGES.invalidOption],
    ];
    for (const [query, path, message] of cases) {
      const res = await t.call('GET', `${BASE}/list/public?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VALIDATION_FAILED });
      expect(res.json().details, query).toContainEqual({ path, message });
    }
  });
});

describe('GET /request-items/list/private', () => {
  it('lists the same open items and tells the caller which ones it applied to', async () => {
    const page = await list('/list/private', tokens.driver);
    expect(page.data.map((i) => [name(i.id), i.isApplied])).toEqual([
      ['w1', false],
      ['dB', false],
      ['dA', true],
      ['dOld', false],
    ]);
    expect(await list('/list/private?vehicleType=COOL_TRUCK', tokens.driver)).toMatchObject({ meta: { totalCount: 1 } });
  });

  it('needs a token', async () => {
    const res = await t.call('GET', `${BASE}/list/private`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: ERROR_MESSAGES.UNAUTHENTICATED });
  });
});

describe('GET /request-items/top-requests/public|private', () => {
  it('answers the newest open items with the quick filters', async () => {
    const top = await t.call('GET', `${BASE}/top-requests/public?limit=2`);
    expect(top.statusCode).toBe(200);
    expect(top.json().data.map((i: TRequestItem) => name(i.id))).toEqual(['w1', 'dB']);
    const warehouses = await t.call('GET', `${BASE}/top-requests/public?isWarehouse=true`);
    expect(warehouses.json().data.map((i: TRequestItem) => name(i.id))).toEqual(['w1']);
    const newest = await t.call('GET', `${BASE}/top-requests/public?isNewArrival=true&vehicleType=FOUR_T_TRUCK,LIGHT_TRUCK`);
    expect(newest.json().data.map((i: TRequestItem) => name(i.id))).toEqual(['dA']);
    const bad = await t.call('GET', `${BASE}/top-requests/public?limit=51`);
    expect(bad.statusCode).toBe(400);
  });

  it('private: with isApplied; needs a token', async () => {
    const res = await t.call('GET', `${BASE}/top-requests/private?transportType=PICKUP`, { token: tokens.driver });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((i: TRequestItem) => [name(i.id), i.isApplied])).toEqual([
      ['dB', false],
      ['dA', true],
      ['dOld', false],
    ]);
    expect((await t.call('GET', `${BASE}/top-requests/private`)).statusCode).toBe(401);
  });
});

describe('the market’s hot path, sent without the response schema’s zod pass (decision 022)', () => {
  // What the zod serializer would have sent: the schema's encoding of the body. Equal means
  // no key the contract lacks, none missing, nothing the schema would have changed.
  async function expectContractShape(schema: z.ZodType, path: string, token?: string) {
    const res = await t.call('GET', `${BASE}${path}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(schema.encode(body), path).toEqual(body);
    return body;
  }

  it('answers every list, top and public detail in exactly the contract’s shapes', async () => {
    const page = await expectContractShape(ZRequestItemPage, '/list/public?limit=100');
    expect(page.data.length).toBe(4);
    await expectContractShape(ZRequestItemPage, '/list/public?limit=2&page=2');
    await expectContractShape(ZRequestItemPage, '/list/public?keyword=冷凍', tokens.owner);
    await expectContractShape(ZRequestItemPage, '/list/private?limit=100', tokens.driver);
    await expectContractShape(ZTopRequests, '/top-requests/public');
    await expectContractShape(ZTopRequests, '/top-requests/private', tokens.driver);
    for (const id of [ids.dA, ids.dB, ids.w1]) {
      await expectContractShape(ZRequestItemDetail, `/public/${id}`);
      await expectContractShape(ZRequestItemDetail, `/public/${id}`, tokens.owner);
      await expectContractShape(ZRequestItemDetail, `/public/${id}`, tokens.driver);
    }
  });

  it('reads rows built as JSON by the database exactly as before: instants, decimals, stop order', async () => {
    const item = (await list('/list/public?limit=100', tokens.owner)).data.find((i) => i.id === ids.dA)!;
    const [row] = await t.app.deps.db.select().from(requestItems).where(eq(requestItems.id, ids.dA));
    expect(item.createdAt).toBe(row!.createdAt.toISOString());
    expect(item.deliveryItem).toMatchObject({ totalWeight: 1200.5, weight: 12.5, totalAmount: 96, size: '60サイズ' });
    const stops = item.deliveryItem!.transports;
    expect(stops.map((s) => [s.position, s.label])).toEqual([
      [0, '集荷'],
      [1, '配達'],
    ]);
    expect(stops[0]!.timeFrom).toBe(new Date(jst(10, 9)).toISOString());
    expect(stops[0]!.location).toEqual({
      postalCode: '104-0061',
      prefecture: '東京都',
      city: '中央区',
      town: '銀座',
      block: '1-2-3',
      building: '銀座ビル5F',
    });
  });
});

describe('OpenAPI', () => {
  it('documents every request item route of the contract', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    for (const route of Object.values(requestItemRoutes)) {
      const path = '/api/v1' + route.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
  });
});

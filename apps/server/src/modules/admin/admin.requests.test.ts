/**
 * GET /request-items/delivery and /warehouse (admin): every live request of a type, newest
 * first, each row holding only what the back office's list shows (decision 087), with the
 * agreed price once a candidate is approved; the filters; and who may call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES, ZAdminRequestList, requestReference, type TAdminRequestList } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { type Party, applyFixed, approve, bid } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, applyAndApprove } from '../../../test/scenario';
import {
  deleteDirectly,
  makeDeliveryRequest,
  makeWarehouseRequest,
  postedDaysAgo,
  viaTransitStops,
} from '../../../test/request-item-fixtures';

const BASE = '/api/v1/request-items';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let people: Cast;
let admin: Party;
/**
 * dOld: furniture posted 5 days ago; quoted: an estimation won by a bid of 38,000円 (another bid
 * 41,000円); dA: frozen
 * food Tokyo → Osaka, fixed price, one bid; dB: precision machines via a transit, estimation;
 * w1: a warehouse, matched (a warehouse completes on approval); deleted: never listed.
 */
const ids = { dOld: '', quoted: '', deleted: '', dA: '', dB: '', w1: '' };

beforeAll(async () => {
  ({ t, people } = await appWithCast());
  admin = people.admin;
  const { customer, otherCustomer, driver, manager } = people;
  ids.dOld = (await makeDeliveryRequest(t, customer.token, { baggageName: '家具', vehicleTemperatureRange: 'ROOM' })).id;
  ids.quoted = (await makeDeliveryRequest(t, customer.token, { baggageName: '冷凍食品の残り', price: undefined })).id;
  ids.deleted = (await makeDeliveryRequest(t, customer.token, { baggageName: '冷凍食品の削除' })).id;
  ids.dA = (await makeDeliveryRequest(t, customer.token)).id;
  ids.dB = (
    await makeDeliveryRequest(t, otherCustomer.token, {
      vehicleTemperatureRange: 'ROOM',
      baggageName: '精密機器と機械',
      price: undefined,
      transports: viaTransitStops(),
    })
  ).id;
  ids.w1 = (await makeWarehouseRequest(t, otherCustomer.token, { vehicleTypes: ['COOL_TRUCK'] })).id;

  await bid(t, people.otherDriver, ids.quoted, 41000);
  const won = await bid(t, driver, ids.quoted, 38000);
  await approve(t, customer, won.candidate.id, ids.quoted);
  await applyFixed(t, driver, ids.dA);
  await applyAndApprove(t, otherCustomer, manager, ids.w1);

  await postedDaysAgo(t, ids.dOld, 5);
  await deleteDirectly(t, ids.deleted);
}, 180_000);
afterAll(() => t.close());

async function list(path: string, who: Party = admin) {
  const res = await t.call('GET', `${BASE}${path}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminRequestList.parse(res.json()) as TAdminRequestList;
}
const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
const names = (page: TAdminRequestList) => page.data.map((row) => name(row.id));

describe('GET /request-items/delivery (admin)', () => {
  it('lists every live delivery of any status, newest first, each row as the list shows it', async () => {
    const page = await list('/delivery?limit=100');
    expect(names(page)).toEqual(['dB', 'dA', 'quoted', 'dOld']);
    expect(page.meta).toMatchObject({ totalCount: 4, isLastPage: true });
    expect(page.data.find((row) => row.id === ids.dB)).toEqual({
      id: ids.dB,
      type: 'DELIVERY',
      status: 'WAITING_APPROVE',
      title: '精密機器と機械',
      pickupPlace: '神奈川県横浜市西区',
      deliveryPlace: '東京都新宿区',
      customer: expect.objectContaining({ id: people.otherCustomer.id }),
      price: { priceType: 'ESTIMATION', price: null },
      agreedPrice: null,
      numberOfCandidates: 0,
      createdAt: expect.any(String),
    });
    expect(page.data.find((row) => row.id === ids.dA)).toMatchObject({
      price: { priceType: 'FIXED', price: 50000 },
      agreedPrice: null,
      numberOfCandidates: 1,
      customer: { id: people.customer.id, companyName: 'テスト株式会社' },
    });
  });

  it('gives a quoted delivery the approved bid as its agreed price', async () => {
    const row = (await list('/delivery?status=APPROVED')).data;
    expect(row).toEqual([
      expect.objectContaining({
        id: ids.quoted,
        status: 'APPROVED',
        price: { priceType: 'ESTIMATION', price: null },
        agreedPrice: 38000,
        numberOfCandidates: 2,
      }),
    ]);
  });

  it('answers a page of rows without the request items’ parts', async () => {
    const res = await t.call('GET', `${BASE}/delivery?limit=100`, { token: admin.token });
    // Four rows; a request item with its stops, images and contacts is ~2.5 kB each.
    expect(res.body.length).toBeLessThan(4 * 600);
    expect(res.body).not.toMatch(/transports|deliveryItem|phone/);
  });

  it.each([
    ['status=APPROVED', ['quoted']],
    ['status=WAITING_APPROVE,APPROVED', ['dB', 'dA', 'quoted', 'dOld']],
    ['status=COMPLETED,CANCELLED', []],
    ['priceType=ESTIMATION', ['dB', 'quoted']],
    ['keyword=冷凍', ['dA', 'quoted']],
    ['keyword=銀&status=WAITING_APPROVE', ['dA', 'dOld']],
  ])('filters deliveries by %s', async (query, expected) => {
    expect(names(await list(`/delivery?limit=100&${query}`))).toEqual(expected);
  });

  it('finds a request by its reference number (依頼番号), however it is typed', async () => {
    const reference = requestReference(ids.dA);
    for (const typed of [reference, reference.toLowerCase().replace('-', ''), `＃${reference}`]) {
      expect(names(await list(`/delivery?keyword=${encodeURIComponent(typed)}`)), typed).toEqual(['dA']);
    }
    // A warehouse's number does not find it among the deliveries, nor the other way round.
    expect((await list(`/delivery?keyword=${requestReference(ids.w1)}`)).data).toEqual([]);
    expect(names(await list(`/warehouse?keyword=${requestReference(ids.w1)}`))).toEqual(['w1']);
  });

  it('filters deliveries by posting date', async () => {
    const fourDaysAgo = new Date(Date.now() - 4 * DAY + 9 * 3600_000).toISOString().slice(0, 10);
    expect(names(await list(`/delivery?endDate=${fourDaysAgo}`))).toEqual(['dOld']);
    expect((await list(`/delivery?startDate=${fourDaysAgo}`)).meta.totalCount).toBe(3);
  });
});

describe('GET /request-items/warehouse (admin)', () => {
  it('lists warehouses with their place and, once matched, the agreed price', async () => {
    const page = await list('/warehouse');
    expect(page.data).toEqual([
      expect.objectContaining({
        id: ids.w1,
        type: 'WAREHOUSE',
        status: 'COMPLETED',
        title: '神奈川県横浜市中区',
        pickupPlace: null,
        deliveryPlace: null,
        price: { priceType: 'PER_UNIT', price: 8000 },
        agreedPrice: 8000,
        numberOfCandidates: 1,
      }),
    ]);
  });

  it('filters warehouses', async () => {
    expect(names(await list('/warehouse?status=COMPLETED'))).toEqual(['w1']);
    expect((await list('/warehouse?status=WAITING_APPROVE')).data).toEqual([]);
    expect(names(await list('/warehouse?keyword=冷凍'))).toEqual(['w1']);
    const bad = await t.call('GET', `${BASE}/warehouse?status=APPROVED`, { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({ path: 'querystring.status.0', message: FIELD_MESSAGES.invalidOption });
  });
});

describe('who may call', () => {
  it('is for the admin only', async () => {
    for (const path of ['/delivery', '/warehouse']) {
      const res = await t.call('GET', `${BASE}${path}`, { token: people.customer.token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'ADMIN_REQUIRED', message: ERROR_MESSAGES.ADMIN_REQUIRED });
      expect((await t.call('GET', `${BASE}${path}`)).statusCode).toBe(401);
    }
  });
});

/**
 * Request items that exist before a test starts: posted through the real API as a
 * signed-in customer, with bodies valid by default and overridable per field.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TCreateDeliveryBody, TCreateWarehouseBody, TRequestItemDetail, TTransportStopInput } from '@logi/contract';
import { candidates, requestItems, talkrooms } from '../src/db/schema';
import type { TestApp } from './helpers';

type Caller = string | { accessToken: string };
const tokenOf = (c: Caller) => (typeof c === 'string' ? c : c.accessToken);

const DAY = 24 * 60 * 60 * 1000;

/** An instant `days` from now at `hour`:00 in Japan, with its +09:00 offset. */
export function jst(days: number, hour = 9): string {
  const date = new Date(Date.now() + days * DAY + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return `${date}T${String(hour).padStart(2, '0')}:00:00+09:00`;
}

export function stop(overrides: Partial<TTransportStopInput> = {}): TTransportStopInput {
  return {
    transportType: 'PICKUP',
    postalCode: '104-0061',
    prefecture: '東京都',
    city: '中央区',
    town: '銀座',
    block: '1-2-3',
    building: '銀座ビル5F',
    name: '出荷担当 佐藤',
    phone: '0312345678',
    timeFrom: jst(10, 9),
    timeTo: jst(10, 12),
    elevator: 'YES',
    ...overrides,
  };
}

export function deliveryBody(overrides: Partial<TCreateDeliveryBody> = {}): TCreateDeliveryBody {
  return {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'FROZEN',
    baggageName: '冷凍食品',
    totalWeight: 1200.5,
    transports: [
      stop(),
      stop({
        transportType: 'DELIVERY',
        postalCode: '530-0001',
        prefecture: '大阪府',
        city: '大阪市北区',
        town: '梅田',
        block: '3-1',
        building: undefined,
        name: '受取担当 田中',
        phone: '0661234567',
        timeFrom: jst(11, 9),
        timeTo: jst(11, 17),
        elevator: 'NO',
      }),
    ],
    price: 50000,
    message: '荷主からの連絡事項です。',
    material: '段ボール',
    weight: 12.5,
    totalAmount: 96,
    size: '60サイズ',
    ...overrides,
  };
}

export function warehouseBody(overrides: Partial<TCreateWarehouseBody> = {}): TCreateWarehouseBody {
  return {
    postalCode: '231-0001',
    prefecture: '神奈川県',
    city: '横浜市中区',
    town: '新港',
    block: '2-2-1',
    building: '新港倉庫',
    price: 8000,
    roomTemperatureRange: 'REFRIGERATED',
    acreage: 120.5,
    requestAmount: 40,
    vehicleTypes: ['TEN_T_TRUCK', 'COOL_TRUCK'],
    message: '倉庫利用の連絡事項です。',
    ...overrides,
  };
}

/**
 * A route picked up tomorrow in Yokohama, via Shizuoka, delivered the day after in Shinjuku: a
 * delivery with a transit stop and a near pickup date, for the list filters.
 */
export function viaTransitStops(): TTransportStopInput[] {
  return [
    stop({ prefecture: '神奈川県', city: '横浜市西区', town: 'みなとみらい', timeFrom: jst(1, 9), timeTo: jst(1, 10) }),
    stop({
      transportType: 'TRANSIT',
      prefecture: '静岡県',
      city: '静岡市葵区',
      town: '追手町',
      timeFrom: jst(1, 13),
      timeTo: jst(1, 14),
    }),
    stop({
      transportType: 'DELIVERY',
      prefecture: '東京都',
      city: '新宿区',
      town: '西新宿',
      timeFrom: jst(2, 9),
      timeTo: jst(2, 12),
    }),
  ];
}

/** Posts a delivery request as the customer; throws unless 201. */
export async function makeDeliveryRequest(t: TestApp, customer: Caller, overrides: Partial<TCreateDeliveryBody> = {}) {
  const res = await t.call('POST', '/api/v1/request-items/deliveries', {
    token: tokenOf(customer),
    body: deliveryBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TRequestItemDetail;
}

/** Posts a warehouse request as the customer; throws unless 201. */
export async function makeWarehouseRequest(t: TestApp, customer: Caller, overrides: Partial<TCreateWarehouseBody> = {}) {
  const res = await t.call('POST', '/api/v1/request-items/warehouses', {
    token: tokenOf(customer),
    body: warehouseBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TRequestItemDetail;
}

/**
 * An application with its talkroom, written directly: stands in for the apply calls
 * (POST /request-items/request-prices, /apply-fixed-price) in tests of reading.
 */
export async function addCandidate(t: TestApp, requestItemId: string, applicantId: string, price = 45000) {
  const db = t.app.deps.db;
  const [candidate] = await db.insert(candidates).values({ requestItemId, applicantId, price }).returning();
  const [talkroom] = await db
    .insert(talkrooms)
    .values({ requestItemId, candidateId: candidate!.id, appliedUserId: applicantId })
    .returning();
  await t.app.caughtUp();
  return { candidate: candidate!, talkroom: talkroom! };
}

/** Marks a candidate approved and the item matched, directly: stands in for POST /candidates/{id}/approve. */
export async function approveDirectly(t: TestApp, requestItemId: string, applicantId: string) {
  const db = t.app.deps.db;
  const [item] = await db.select().from(requestItems).where(eq(requestItems.id, requestItemId));
  await db
    .update(candidates)
    .set({ status: 'APPROVED' })
    .where(and(eq(candidates.requestItemId, requestItemId), eq(candidates.applicantId, applicantId)));
  await db
    .update(requestItems)
    .set({ receiverId: applicantId, status: item!.type === 'DELIVERY' ? 'APPROVED' : 'COMPLETED' })
    .where(eq(requestItems.id, requestItemId));
  await t.app.caughtUp();
}

/** Moves a request's posting `days` back, directly: the API always posts now. */
export async function postedDaysAgo(t: TestApp, requestItemId: string, days: number) {
  await t.app.deps.db
    .update(requestItems)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(eq(requestItems.id, requestItemId));
  // What this instance keeps of the market reflects it, as after a call of the API.
  await t.app.caughtUp();
}

/** Marks a request deleted, directly: stands in for the delete calls in tests of reading. */
export async function deleteDirectly(t: TestApp, requestItemId: string) {
  await t.app.deps.db.update(requestItems).set({ deletedAt: new Date() }).where(eq(requestItems.id, requestItemId));
  await t.app.caughtUp();
}

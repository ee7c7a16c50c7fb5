/**
 * GET /carrier-register (実運送体制管理簿): the matched deliveries of 1.5 t or more in a Japan-time
 * month with who ordered, who took the contract and who carried them — for their customer, the
 * carrier company and the admin, nobody else.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, type TCarrierRegister, requestReference } from '@logi/contract';
import { requestItems, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { jst, makeDeliveryRequest, stop } from '../../../test/request-item-fixtures';
import { type Party, expectError, party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
let outsiderManager: Party;
/** The month (Japan time) the fixtures' pickups fall in. */
let month: string;
const ids = { heavy: '', limit: '', light: '', open: '' };

const as = (who: Party | undefined) => ({ token: who?.token });
const register = async (who: Party, m = month) => {
  const res = await t.call('GET', `/api/v1/carrier-register?month=${m}`, as(who));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TCarrierRegister).rows;
};

/** A fixed-price delivery of `kg` picked up 10 days from now, applied to by `carrier` and approved. */
async function matched(kg: number, carrier: Party, name: string) {
  const pickupAt = jst(10, 9);
  const { item } = await approvedDelivery(t, people.customer, carrier, {
    totalWeight: kg,
    baggageName: name,
    price: 50000,
    transports: [
      stop({ timeFrom: pickupAt, timeTo: jst(10, 12) }),
      stop({
        transportType: 'DELIVERY',
        prefecture: '大阪府',
        city: '大阪市北区',
        town: '梅田',
        block: '3-1',
        building: undefined,
        timeFrom: jst(11, 9),
        timeTo: jst(11, 17),
      }),
    ],
  });
  return item.id;
}

beforeAll(async () => {
  ({ t, people } = await appWithCast());
  outsiderManager = await party(t, ['DRIVER_MANAGER']);
  month = new Date(Date.parse(jst(10, 9))).toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' }).slice(0, 7);
  ids.heavy = await matched(2000, people.driver, '鋼材');
  ids.limit = await matched(1500, people.manager, '機械部品');
  ids.light = await matched(1499.99, people.driver, '書類');
  // Open (never matched): not in the register whatever its weight.
  ids.open = (await makeDeliveryRequest(t, people.customer.token, { totalWeight: 5000, baggageName: '未成約' })).id;
  // Two drivers of one company, told apart by name.
  await t.app.deps.db.update(users).set({ lastName: '佐藤', firstName: '花子' }).where(eq(users.id, people.otherDriver.id));
  // The manager took the second job itself and has its other driver carry it.
  const assigned = await t.call('PATCH', `/api/v1/request-items/assign-carrier/${ids.limit}`, {
    ...as(people.manager),
    body: { driverId: people.otherDriver.id },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /carrier-register', () => {
  it('lists the customer’s matched loads of 1.5 t or more in the month, with contractor, actual carrier and driver', async () => {
    const rows = await register(people.customer);
    expect(rows.map((r) => r.requestItemId)).toEqual(expect.arrayContaining([ids.heavy, ids.limit]));
    expect(rows.map((r) => r.requestItemId)).not.toContain(ids.light);
    expect(rows.map((r) => r.requestItemId)).not.toContain(ids.open);
    const heavy = rows.find((r) => r.requestItemId === ids.heavy)!;
    expect(heavy).toMatchObject({
      reference: requestReference(ids.heavy),
      status: 'APPROVED',
      baggageName: '鋼材',
      totalWeightKg: 2000,
      vehicleType: 'FOUR_T_TRUCK',
      // 区間 in full: the pickup's and the delivery's whole address.
      pickupAddress: '東京都中央区銀座1-2-3 銀座ビル5F',
      deliveryAddress: '大阪府大阪市北区梅田3-1',
      route: '東京都中央区銀座1-2-3 銀座ビル5F → 大阪府大阪市北区梅田3-1',
      deliverBy: new Date(jst(11, 17)).toISOString(),
      // The contracting company's own driver carried it: the 元請 itself, tier 0.
      subcontractTier: 0,
      conditionsNumber: `TC-${requestReference(ids.heavy)}`,
    });
    // A driver of the manager's company took it: the company contracts, the driver carries.
    expect(heavy.contractor).toBe(heavy.actualCarrier);
    const byManager = rows.find((r) => r.requestItemId === ids.limit)!;
    expect(byManager.contractor).toBe(heavy.contractor);
    expect(byManager.subcontractTier).toBe(0);
    // The manager named its driver after the approval: the second version is the one in force.
    expect(byManager.conditionsNumber).toBe(`TC-${requestReference(ids.limit)}-2`);
    expect([heavy.driverName, byManager.driverName]).toEqual(['山田 太郎', '佐藤 花子']);
    expect(new Set(rows.map((r) => r.shipper)).size).toBe(1);
  });

  it('shows the carrier company its jobs, taken by itself or its drivers, and the admin every one', async () => {
    const forManager = (await register(people.manager)).map((r) => r.requestItemId);
    expect(forManager).toEqual(expect.arrayContaining([ids.heavy, ids.limit]));
    expect(forManager).not.toContain(ids.light);
    const forAdmin = (await register(people.admin)).map((r) => r.requestItemId);
    expect(forAdmin).toEqual(expect.arrayContaining([ids.heavy, ids.limit]));
  });

  it('counts the 請負階層 from the contracting company: another company carrying is 1次請け', async () => {
    const id = await matched(3000, people.manager, '建材');
    // Recorded as carried by an account of another company (no product flow does this yet).
    await t.app.deps.db.update(requestItems).set({ carrierId: outsiderManager.id }).where(eq(requestItems.id, id));
    const row = (await register(people.admin)).find((r) => r.requestItemId === id)!;
    expect(row.subcontractTier).toBe(1);
  });

  it('shows nothing of theirs to another customer or company, nothing in another month', async () => {
    expect(await register(people.otherCustomer)).toEqual([]);
    expect(await register(outsiderManager)).toEqual([]);
    expect(await register(people.customer, '2001-01')).toEqual([]);
  });

  it('refuses a driver, a guest and a malformed month', async () => {
    expectError(await t.call('GET', `/api/v1/carrier-register?month=${month}`, as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('GET', `/api/v1/carrier-register?month=${month}`, as(undefined)), 401, 'UNAUTHENTICATED');
    const bad = await t.call('GET', '/api/v1/carrier-register?month=2026-13', as(people.customer));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().details).toContainEqual({ path: 'querystring.month', message: FIELD_MESSAGES.month });
  });
});

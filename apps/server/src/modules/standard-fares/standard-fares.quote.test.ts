/**
 * The fuel price an admin sets (with its history and its audit entry) and the quote of a draft
 * delivery against the 標準的運賃: the breakdown at the fuel price in force on the drive's first
 * day, the route's estimate marked 推定, what the draft left out, and who may ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  FAIR_PRICE_TEXT,
  FIELD_MESSAGES,
  type TFuelPrices,
  type TStandardFareQuote,
  type TStandardFareQuoteBody,
} from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Party, cast, expectError } from '../../../test/marketplace-fixtures';
import { jst } from '../../../test/request-item-fixtures';

let t: TestApp;
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  t = await createTestApp();
  people = await cast(t);
});
afterAll(() => t.close());

const FUEL = '/api/v1/admin/fuel-prices';
const QUOTE = '/api/v1/standard-fares/quote';
const as = (who: Party | undefined) => ({ token: who?.token });

/** A 4t run from 東京都中央区 to 大阪市北区 ten days from now, in the create form's words. */
const draft = (overrides: Partial<TStandardFareQuoteBody> = {}): TStandardFareQuoteBody => ({
  vehicleType: 'FOUR_T_TRUCK',
  vehicleTemperatureRange: 'ROOM',
  totalWeight: 3000,
  transports: [
    { transportType: 'PICKUP', prefecture: '東京都', city: '中央区', timeFrom: jst(10, 9), timeTo: jst(10, 10) },
    { transportType: 'DELIVERY', prefecture: '大阪府', city: '大阪市北区', timeFrom: jst(10, 17), timeTo: jst(10, 18) },
  ],
  ...overrides,
});

async function quote(body: unknown, who: Party = people.customer): Promise<TStandardFareQuote> {
  const res = await t.call('POST', QUOTE, { ...as(who), body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setFuel(effectiveFrom: string, yenPerLitre: number): Promise<TFuelPrices> {
  const res = await t.call('POST', FUEL, { ...as(people.admin), body: { effectiveFrom, yenPerLitre } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the fuel price (admin)', () => {
  it('has none at first: the quote then has no fuel line and says so', async () => {
    const res = await t.call('GET', FUEL, as(people.admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ current: null, history: [] });
    const q = await quote(draft());
    expect(q.fuelPrice).toBeNull();
    expect(q.standardFare.covered && q.standardFare.fuelSurcharge).toBeNull();
    expect(q.standardFare.covered && q.standardFare.assumptions.map((a) => a.code)).toContain('NO_FUEL_PRICE');
  });

  it('keeps every price set with its day and who set it; the current one is the latest day on or before today', async () => {
    await setFuel('2025-07-14', 153.4);
    await setFuel('2030-01-01', 200);
    const prices = await setFuel('2026-01-05', 141);
    expect(prices.history.map((p) => [p.effectiveFrom, p.yenPerLitre])).toEqual([
      ['2030-01-01', 200],
      ['2026-01-05', 141],
      ['2025-07-14', 153.4],
    ]);
    expect(prices.current).toMatchObject({ effectiveFrom: '2026-01-05', yenPerLitre: 141, setBy: { id: people.admin.id } });
    expect((await t.call('GET', FUEL, as(people.admin))).json()).toEqual(prices);
  });

  it('writes each setting to the audit log with the price it replaced on that day', async () => {
    await setFuel('2026-01-05', 142.5);
    const res = await t.call('GET', '/api/v1/admin/audit-log?action=FUEL_PRICE_SET&limit=1', as(people.admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      action: 'FUEL_PRICE_SET',
      targetType: 'FUEL_PRICE',
      actor: { id: people.admin.id },
      before: { effectiveFrom: '2026-01-05', yenPerLitre: 141 },
      after: { effectiveFrom: '2026-01-05', yenPerLitre: 142.5 },
    });
  });

  it('refuses a price out of range or finer than 0.1 yen, and a bad day, in Japanese', async () => {
    for (const body of [
      { effectiveFrom: '2026-01-05', yenPerLitre: 49.9 },
      { effectiveFrom: '2026-01-05', yenPerLitre: 150.25 },
      { effectiveFrom: '2026-13-01', yenPerLitre: 150 },
    ]) {
      const res = await t.call('POST', FUEL, { ...as(people.admin), body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.map((d: { message: string }) => d.message)[0]).toMatch(
        new RegExp(`${FIELD_MESSAGES.fuelPrice}|${FIELD_MESSAGES.date}`.replace(/[()]/g, '\\$&')),
      );
    }
  });

  it('is the admin’s alone: any other role is refused, anonymous too', async () => {
    for (const who of [people.customer, people.driver, people.manager]) {
      expectError(await t.call('GET', FUEL, as(who)), 401, 'ADMIN_REQUIRED');
      expectError(
        await t.call('POST', FUEL, { ...as(who), body: { effectiveFrom: '2026-01-05', yenPerLitre: 100 } }),
        401,
        'ADMIN_REQUIRED',
      );
    }
    expect((await t.call('GET', FUEL)).statusCode).toBe(401);
  });
});

describe('POST /standard-fares/quote', () => {
  it('prices a draft at the fuel price in force on its first day, and says which price it used', async () => {
    // In force ten days from now: 2026-01-05's 142.5 yen/L (2030's is not yet).
    const q = await quote(draft({ distanceKm: 100 }));
    expect(q.fuelPrice).toEqual({ yenPerLitre: 142.5, effectiveFrom: '2026-01-05' });
    if (!q.standardFare.covered) throw new Error(q.standardFare.message);
    // 142.5 yen/L is in the band (140, 145]: uplift 5 × 5 − 2.5 = 22.5 yen/L; 100 km ÷ 5 km/L (中型) × 22.5 = 450 yen.
    expect(q.standardFare.fuelSurcharge).toMatchObject({ code: 'FUEL', amount: 450 });
    expect(q.standardFare.assumptions.find((a) => a.code === 'FUEL_PRICE')!.text).toContain('142.5円/L（2026-01-05設定）');
    expect(q.standardFare.vehicleClass.id).toBe('medium');
    expect(q.standardFare.distance).toEqual({ km: 100, fareKm: 100, estimated: false });
  });

  it('estimates the route’s distance offline, marks it 推定 and names the lane to ask the market about', async () => {
    const q = await quote(draft());
    expect(q.distanceEstimate).toMatchObject({ estimated: true, placements: ['municipality', 'municipality'] });
    expect(q.distanceEstimate!.km).toBeGreaterThan(450);
    expect(q.distanceEstimate!.km).toBeLessThan(550);
    if (!q.standardFare.covered) throw new Error(q.standardFare.message);
    expect(q.standardFare.distance).toMatchObject({ km: q.distanceEstimate!.km, estimated: true });
    expect(q.standardFare.assumptions.map((a) => a.code)).toContain('DISTANCE_ESTIMATED');
    expect(q.standardFare.total).toBe(q.standardFare.subtotal + q.standardFare.consumptionTax);
    expect(q.lane).toEqual({
      pickupPrefecture: '東京都',
      deliveryPrefecture: '大阪府',
      vehicleClass: 'medium',
      distanceKm: q.distanceEstimate!.km,
    });
  });

  it('bills handling only with 積込み・荷下ろし and its minutes, and says what it left out', async () => {
    const withWork = await quote(draft({ incidentalWork: ['LOADING', 'SORTING'], handlingMinutes: 60, waitingMinutes: 90 }));
    if (!withWork.standardFare.covered) throw new Error(withWork.standardFare.message);
    expect(withWork.standardFare.charges.map((c) => c.code)).toEqual(['WAITING', 'HANDLING']);
    expect(withWork.notes.map((n) => n.code)).toEqual(['SORTING_NOT_IN_TABLE', 'HANDLING_METHOD_ASSUMED']);
    expect(withWork.notes[0]!.text).toBe(FAIR_PRICE_TEXT.quoteNotes.SORTING_NOT_IN_TABLE);

    const noMinutes = await quote(draft({ incidentalWork: ['UNLOADING'] }));
    expect(noMinutes.notes.map((n) => n.code)).toEqual(['HANDLING_WITHOUT_MINUTES']);
    expect(noMinutes.standardFare.covered && noMinutes.standardFare.charges).toEqual([]);
  });

  it('answers why a job has no standard fare: 軽車両, and a place the data does not know', async () => {
    const light = await quote(draft({ vehicleType: 'LIGHT_TRUCK' }));
    expect(light.standardFare).toMatchObject({ covered: false, reason: 'LIGHT_VEHICLE' });
    expect(light.lane).toMatchObject({ vehicleClass: 'light' });

    const unknown = draft();
    unknown.transports[1] = { ...unknown.transports[1]!, prefecture: '大坂府' };
    const q = await quote(unknown);
    expect(q.standardFare).toMatchObject({ covered: false, reason: 'UNKNOWN_PREFECTURE' });
    expect(q.distanceEstimate).toBeNull();
    expect(q.lane).toBeNull();
    expect(q.notes.map((n) => n.code)).toEqual(['DISTANCE_NOT_ESTIMATED']);
  });

  it('is open to carriers and the admin too', async () => {
    for (const who of [people.driver, people.manager, people.admin])
      expect((await quote(draft(), who)).standardFare.covered).toBe(true);
  });

  it('refuses a draft without a delivery or with a bad distance, in Japanese; anonymous callers are refused', async () => {
    const res = await t.call('POST', QUOTE, {
      ...as(people.customer),
      body: draft({ transports: [draft().transports[0]!, draft().transports[0]!], distanceKm: 0 }),
    });
    expect(res.statusCode, res.body).toBe(400);
    const messages = res.json().details.map((d: { message: string }) => d.message);
    expect(messages).toContain(FIELD_MESSAGES.deliveryRequired);
    expect(messages).toContain(FIELD_MESSAGES.distanceKm);
    const anonymous = await t.call('POST', QUOTE, { body: draft() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(ERROR_MESSAGES[anonymous.json().code as keyof typeof ERROR_MESSAGES]);
  });
});

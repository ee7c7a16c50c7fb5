/**
 * The standard fare on the reads (issue 45, decision 100): a stored delivery's breakdown on every
 * detail its reader may open (the same as the quote of the same draft, at the fuel price in force),
 * the figure on each market row, each bid as a share of it (at the carrier's own distance when it
 * stated one) on the shipper's candidates and the carrier's own reads, the bid's breakdown one call
 * away, and who may not see any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  type TBidStandardFare,
  type TCandidate,
  type TCreateDeliveryBody,
  type TRequestItem,
  type TRequestItemDetail,
  type TStandardFareQuote,
} from '@logi/contract';
import { STANDARD_FARE_TEXT } from '@logi/contract/standard-fare';
import type { TestApp } from '../../../test/helpers';
import { API, type Party, approve, expectError, UNKNOWN } from '../../../test/marketplace-fixtures';
import { deliveryBody, makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  const res = await t.call('POST', '/api/v1/admin/fuel-prices', {
    token: people.admin.token,
    body: { effectiveFrom: '2025-07-14', yenPerLitre: 153.4 },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

const as = (who: Party | undefined) => ({ token: who?.token });
const BASE = '/api/v1/request-items';

async function get<T>(path: string, who?: Party): Promise<T> {
  const res = await t.call('GET', path, as(who));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The quote of the draft a request was posted from: what its stored breakdown must equal. */
async function quoteOf(body: TCreateDeliveryBody, distanceKm?: number): Promise<TStandardFareQuote> {
  const res = await t.call('POST', '/api/v1/standard-fares/quote', {
    ...as(people.customer),
    body: {
      vehicleType: body.vehicleType,
      vehicleTemperatureRange: body.vehicleTemperatureRange,
      totalWeight: body.totalWeight,
      transports: body.transports.map((s) => ({
        transportType: s.transportType,
        prefecture: s.prefecture,
        city: s.city,
        timeFrom: s.timeFrom,
        timeTo: s.timeTo,
      })),
      incidentalWork: body.incidentalWork,
      distanceKm,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A bid through the API with the carrier's own distance, when given. */
async function bidWith(who: Party, requestItemId: string, price: number, distanceKm?: number): Promise<string> {
  const res = await t.call('POST', API.requestPrices, { ...as(who), body: { requestItemId, price, distanceKm } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().candidate.id;
}

const subtotalOf = (q: TStandardFareQuote) => {
  if (!q.standardFare.covered) throw new Error('not covered');
  return q.standardFare.subtotal;
};

describe('a delivery request’s standard fare on its detail', () => {
  it('is the quote of the same draft, at the fuel price in force, for every reader of the detail', async () => {
    const body = deliveryBody({ price: undefined });
    const item = await makeDeliveryRequest(t, people.customer.token, body);
    const expected = await quoteOf(body);
    expect(expected.standardFare.covered).toBe(true);
    expect(expected.fuelPrice).toEqual({ yenPerLitre: 153.4, effectiveFrom: '2025-07-14' });
    expect(expected.distanceEstimate?.estimated).toBe(true);
    // The answer to the post, the owner's, an outsider carrier's, an anonymous visitor's.
    expect(item.standardFareBreakdown).toEqual(expected);
    for (const [path, who] of [
      [`${BASE}/my-items/${item.id}`, people.customer],
      [API.privateDetail(item.id), people.customer],
      [API.privateDetail(item.id), people.driver],
      [API.privateDetail(item.id), people.admin],
      [`${BASE}/public/${item.id}`, undefined],
      [`${BASE}/${item.id}/delivery`, people.manager],
    ] as const) {
      const detail = await get<TRequestItemDetail>(path, who);
      expect(detail.standardFareBreakdown, path).toEqual(expected);
      const f = expected.standardFare.covered ? expected.standardFare : null;
      expect(detail.standardFare).toEqual({ covered: true, subtotal: f!.subtotal, total: f!.total, estimated: true });
    }
  });

  it('says why a job has none: a 軽車両 has no standard fare', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { vehicleType: 'LIGHT_TRUCK', totalWeight: 300 });
    const detail = await get<TRequestItemDetail>(API.privateDetail(item.id), people.driver);
    expect(detail.standardFareBreakdown?.standardFare).toEqual({
      covered: false,
      reason: 'LIGHT_VEHICLE',
      message: STANDARD_FARE_TEXT.notCovered.LIGHT_VEHICLE,
    });
    expect(detail.standardFare).toEqual({ covered: false, message: STANDARD_FARE_TEXT.notCovered.LIGHT_VEHICLE });
  });

  it('is not on a warehouse request', async () => {
    const item = await makeWarehouseRequest(t, people.customer.token);
    const detail = await get<TRequestItemDetail>(API.privateDetail(item.id), people.driver);
    expect(detail.standardFareBreakdown).toBeNull();
    expect(detail.standardFare).toBeUndefined();
  });

  it('is shown to no one who may not read the request: 404', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    const candidateId = await bidWith(people.driver, item.id, 90_000);
    await approve(t, people.customer, candidateId, item.id);
    expectError(await t.call('GET', API.privateDetail(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', `${BASE}/public/${item.id}`), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', `${BASE}/my-items/${item.id}`, as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
  });
});

describe('the market lists', () => {
  it('give each delivery row its standard fare in brief (税抜 and 税込), and a not-covered row its reason', async () => {
    const body = deliveryBody({ baggageName: '市場の標準運賃' });
    const item = await makeDeliveryRequest(t, people.customer.token, body);
    const light = await makeDeliveryRequest(t, people.customer.token, { vehicleType: 'LIGHT_TRUCK', totalWeight: 200 });
    const expected = await quoteOf(body);
    const figure = {
      covered: true,
      subtotal: subtotalOf(expected),
      total: expected.standardFare.covered ? expected.standardFare.total : 0,
      estimated: true,
    };
    for (const [path, who] of [
      [`${BASE}/list/public?limit=100`, undefined],
      [`${BASE}/list/public?limit=100`, people.driver],
      [`${BASE}/list/private?limit=100`, people.driver],
      [`${BASE}/top-requests/public?limit=20`, undefined],
      [`${BASE}/top-requests/private?limit=20`, people.manager],
    ] as const) {
      const rows = (await get<{ data: TRequestItem[] }>(path, who)).data;
      expect(rows.find((r) => r.id === item.id)?.standardFare, path).toEqual(figure);
      expect(rows.find((r) => r.id === light.id)?.standardFare, path).toEqual({
        covered: false,
        message: STANDARD_FARE_TEXT.notCovered.LIGHT_VEHICLE,
      });
      for (const row of rows.filter((r) => r.type === 'WAREHOUSE')) expect(row.standardFare).toBeUndefined();
    }
  });
});

describe('a new fuel price', () => {
  it('shows on a request’s market row and detail read before it was set', async () => {
    const body = deliveryBody({ baggageName: '燃料価格の改定前' });
    const item = await makeDeliveryRequest(t, people.customer.token, body);
    const figureOf = (q: TStandardFareQuote) =>
      q.standardFare.covered
        ? { covered: true, subtotal: q.standardFare.subtotal, total: q.standardFare.total, estimated: true }
        : null;
    const shown = async () => ({
      row: (await get<{ data: TRequestItem[] }>(`${BASE}/list/private?limit=100`, people.driver)).data.find(
        (r) => r.id === item.id,
      )?.standardFare,
      detail: (await get<TRequestItemDetail>(`${BASE}/my-items/${item.id}`, people.customer)).standardFareBreakdown,
    });
    const before = await quoteOf(body);
    expect(await shown()).toEqual({ row: figureOf(before), detail: before });

    const res = await t.call('POST', '/api/v1/admin/fuel-prices', {
      token: people.admin.token,
      body: { effectiveFrom: '2025-09-01', yenPerLitre: 190 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await quoteOf(body);
    expect(after.fuelPrice).toEqual({ yenPerLitre: 190, effectiveFrom: '2025-09-01' });
    expect(subtotalOf(after)).not.toBe(subtotalOf(before));
    expect(await shown()).toEqual({ row: figureOf(after), detail: after });
  });
});

describe('bids against the standard fare', () => {
  it('give the shipper each candidate’s share (税抜 vs 税抜), at the carrier’s own distance when it stated one', async () => {
    const body = deliveryBody({ price: undefined, fuelSurcharge: 4000 });
    const item = await makeDeliveryRequest(t, people.customer.token, body);
    const [request, at480] = [await quoteOf(body), await quoteOf(body, 480)];
    const plain = await bidWith(people.driver, item.id, 80_000);
    const own = await bidWith(people.otherDriver, item.id, 90_000, 480);

    const page = await get<{ data: TCandidate[] }>(`${API.candidates}?requestId=${item.id}`, people.customer);
    const byId = new Map(page.data.map((c) => [c.id, c]));
    // The bid's 税抜 is its fare with the request's fuel surcharge, as the 運送条件書 adds them.
    expect(byId.get(plain)!.standardFare).toEqual({
      percent: Math.round((84_000 * 100) / subtotalOf(request)),
      bidSubtotal: 84_000,
      standardSubtotal: subtotalOf(request),
      distanceKm: null,
    });
    expect(byId.get(own)!).toMatchObject({
      distanceKm: 480,
      standardFare: {
        percent: Math.round((94_000 * 100) / subtotalOf(at480)),
        bidSubtotal: 94_000,
        standardSubtotal: subtotalOf(at480),
        distanceKm: 480,
      },
    });
    const one = await get<TCandidate>(API.candidate(own, item.id), people.customer);
    expect(one.standardFare).toEqual(byId.get(own)!.standardFare);

    // The breakdown one call away: the request's for a plain bid, the carrier's distance for the other.
    const plainFare = await get<TBidStandardFare>(`${API.candidates}/${plain}/standard-fare`, people.customer);
    expect(plainFare).toEqual({ share: byId.get(plain)!.standardFare, breakdown: request });
    const ownFare = await get<TBidStandardFare>(`${API.candidates}/${own}/standard-fare`, people.customer);
    expect(ownFare).toEqual({ share: byId.get(own)!.standardFare, breakdown: at480 });
    expect(ownFare.breakdown.standardFare).toMatchObject({ distance: { km: 480, estimated: false } });
  });

  it('give the carrier its own bid’s share on its applied list, its detail and the request’s detail', async () => {
    const body = deliveryBody({ price: undefined, baggageName: '自分の入札' });
    const item = await makeDeliveryRequest(t, people.customer.token, body);
    const at300 = await quoteOf(body, 300);
    const candidateId = await bidWith(people.driver, item.id, 70_000, 300);
    const share = {
      percent: Math.round((70_000 * 100) / subtotalOf(at300)),
      bidSubtotal: 70_000,
      standardSubtotal: subtotalOf(at300),
      distanceKm: 300,
    };
    const applied = await get<{ data: TRequestItem[] }>(`${BASE}/applied-items?limit=100`, people.driver);
    const row = applied.data.find((r) => r.id === item.id)!;
    expect(row.candidate).toMatchObject({ id: candidateId, standardFare: share });
    expect(row.standardFare).toMatchObject({ covered: true, estimated: true });
    for (const path of [`${BASE}/applied-items/${item.id}`, API.privateDetail(item.id)]) {
      const detail = await get<TRequestItemDetail>(path, people.driver);
      expect(detail.candidate, path).toMatchObject({ id: candidateId, standardFare: share });
      // The request's own breakdown stays the request's: the bid's distance is the bid's.
      expect(detail.standardFareBreakdown?.standardFare).toMatchObject({ distance: { estimated: true } });
    }
    // Its own bid's breakdown, for the carrier and its manager too.
    for (const who of [people.driver, people.manager, people.admin]) {
      const fare = await get<TBidStandardFare>(`${API.candidates}/${candidateId}/standard-fare`, who);
      expect(fare).toEqual({ share, breakdown: at300 });
    }
  });

  it('has no share where the job has no standard fare', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, {
      price: undefined,
      vehicleType: 'LIGHT_TRUCK',
      totalWeight: 100,
    });
    const candidateId = await bidWith(people.driver, item.id, 20_000);
    const fare = await get<TBidStandardFare>(`${API.candidates}/${candidateId}/standard-fare`, people.customer);
    expect(fare.share).toEqual({ percent: null, bidSubtotal: 20_000, standardSubtotal: null, distanceKm: null });
    expect(fare.breakdown.standardFare).toMatchObject({ covered: false, reason: 'LIGHT_VEHICLE' });
  });

  it('shows a bid’s breakdown to no one else: another shipper, another carrier, an unknown id, a warehouse bid → 404', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    const candidateId = await bidWith(people.driver, item.id, 60_000);
    for (const who of [people.otherCustomer, people.otherDriver]) {
      expectError(await t.call('GET', `${API.candidates}/${candidateId}/standard-fare`, as(who)), 404, 'CANDIDATE_NOT_FOUND');
    }
    expectError(
      await t.call('GET', `${API.candidates}/${UNKNOWN}/standard-fare`, as(people.customer)),
      404,
      'CANDIDATE_NOT_FOUND',
    );
    expect((await t.call('GET', `${API.candidates}/${candidateId}/standard-fare`)).statusCode).toBe(401);

    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    const applied = await t.call('POST', API.applyFixedPrice, { ...as(people.driver), body: { requestItemId: warehouse.id } });
    expect(applied.statusCode, applied.body).toBe(200);
    const page = await get<{ data: TCandidate[] }>(`${API.candidates}?requestId=${warehouse.id}`, people.customer);
    expect(page.data[0]!.standardFare).toBeNull();
    expectError(
      await t.call('GET', `${API.candidates}/${applied.json().candidate.id}/standard-fare`, as(people.customer)),
      404,
      'CANDIDATE_NOT_FOUND',
    );
  });

  it('refuses a stated distance out of range or finer than 0.1 km, in Japanese', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    for (const distanceKm of [0, 5000.1, 12.34]) {
      const res = await t.call('POST', API.requestPrices, {
        ...as(people.driver),
        body: { requestItemId: item.id, price: 1, distanceKm },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details[0].message).toBe(FIELD_MESSAGES.distanceKm);
    }
  });
});

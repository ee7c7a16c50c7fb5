/**
 * Waiting and loading time at the stops: the carrier's taps (order, bounds, a queued tap sent
 * again), what each party reads, who is refused, and the customer's monthly report.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStopTimeEvent, TStopTimeReport, TStopTimesResponse } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { API, type Party, applyFixed, expectError, UNKNOWN } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, matchedWarehouse } from '../../../test/scenario';
import { MIN, ago, approvedJob, times } from './stop-times.test-support';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

function tap(
  who: Party | undefined,
  requestItemId: string,
  stopId: string,
  event: TStopTimeEvent,
  occurredAt: string,
  clientId = randomUUID(),
) {
  return t.call('POST', times(requestItemId), { token: who?.token, body: { clientId, stopId, event, occurredAt } });
}

describe('POST /request-items/{id}/stop-times', () => {
  it('records the four taps with the times the device sent; the stop shows its waiting and loading minutes', async () => {
    const { item, pickup } = await approvedJob(t, people);
    expect(pickup).toMatchObject({ arrivedAt: null, waitingMinutes: null, loadingMinutes: null, overLimit: false });
    expect((await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(200))).statusCode).toBe(200);
    expect((await tap(people.driver, item.id, pickup.stopId, 'LOADING_STARTED', ago(150))).statusCode).toBe(200);
    expect((await tap(people.driver, item.id, pickup.stopId, 'LOADING_FINISHED', ago(70))).statusCode).toBe(200);
    const last = await tap(people.driver, item.id, pickup.stopId, 'DEPARTED', ago(60));
    expect(last.statusCode, last.body).toBe(200);
    const stop = (last.json() as TStopTimesResponse).stops.find((s) => s.stopId === pickup.stopId)!;
    expect(stop).toMatchObject({
      transportType: 'PICKUP',
      site: '東京都 中央区 銀座 1-2-3 銀座ビル5F',
      waitingMinutes: 50,
      loadingMinutes: 80,
      overLimit: true,
    });
    expect(stop.departedAt).not.toBeNull();
    // No waiting charge was agreed in the written conditions: none is computed.
    expect(stop.waitingCharge).toBeNull();
    expect(last.json()).toMatchObject({ waitingChargePer30Min: null, waitingChargeTotal: null });
  });

  it('computes the agreed waiting charge from the measured waiting: 30 minutes free, then per started 30 minutes', async () => {
    const { item, pickup, delivery } = await approvedJob(t, people, { waitingChargePer30Min: 2500 });
    // Pickup: 61 minutes of waiting = 31 beyond the free 30 = two started units.
    await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(300));
    await tap(people.driver, item.id, pickup.stopId, 'LOADING_STARTED', ago(239));
    // Delivery: exactly the free 30 minutes, so nothing.
    await tap(people.driver, item.id, delivery.stopId, 'ARRIVED', ago(100));
    const last = await tap(people.driver, item.id, delivery.stopId, 'LOADING_STARTED', ago(70));
    expect(last.statusCode, last.body).toBe(200);
    const body = last.json() as TStopTimesResponse;
    const of = (stopId: string) => body.stops.find((s) => s.stopId === stopId)!;
    expect(of(pickup.stopId)).toMatchObject({ waitingMinutes: 61, waitingCharge: 5000 });
    expect(of(delivery.stopId)).toMatchObject({ waitingMinutes: 30, waitingCharge: 0 });
    expect(body).toMatchObject({ waitingChargePer30Min: 2500, waitingChargeTotal: 5000 });
    // The customer reads the same charge.
    const read = await t.call('GET', times(item.id), { token: people.customer.token });
    expect(read.json()).toEqual(body);
  });

  it('a queued tap sent again (same clientId) is recorded once and answers as before', async () => {
    const { item, pickup } = await approvedJob(t, people);
    const clientId = randomUUID();
    const first = await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(30), clientId);
    const again = await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(30), clientId);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same event under another id is a second tap of a recorded step.
    expectError(await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(20)), 409, 'STOP_TIME_ALREADY_RECORDED');
  });

  it('offline taps sent later in their order keep their own times; out of order is refused', async () => {
    const { item, delivery } = await approvedJob(t, people);
    expectError(await tap(people.driver, item.id, delivery.stopId, 'LOADING_STARTED', ago(100)), 409, 'STOP_TIME_OUT_OF_ORDER');
    expect((await tap(people.driver, item.id, delivery.stopId, 'ARRIVED', ago(120))).statusCode).toBe(200);
    expectError(await tap(people.driver, item.id, delivery.stopId, 'LOADING_STARTED', ago(121)), 409, 'STOP_TIME_OUT_OF_ORDER');
    const ok = await tap(people.driver, item.id, delivery.stopId, 'LOADING_STARTED', ago(100));
    expect((ok.json() as TStopTimesResponse).stops.find((s) => s.stopId === delivery.stopId)!.waitingMinutes).toBe(20);
  });

  it('refuses a time in the future or before the approval, and an unknown stop', async () => {
    const { item, pickup } = await approvedJob(t, people);
    const future = new Date(Date.now() + 30 * MIN).toISOString();
    expectError(await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', future), 400, 'STOP_TIME_OUT_OF_RANGE');
    expectError(await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(7 * 60)), 400, 'STOP_TIME_OUT_OF_RANGE');
    expectError(await tap(people.driver, item.id, UNKNOWN, 'ARRIVED', ago(10)), 404, 'STOP_NOT_FOUND');
    const bad = await t.call('POST', times(item.id), {
      token: people.driver.token,
      body: { clientId: 'x', stopId: pickup.stopId, event: 'NAP', occurredAt: 'now' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
  });

  it('only the carrier taps: a stranger, an applicant of an open request and an unknown item 404; a warehouse 400; a customer 401', async () => {
    const { item, pickup } = await approvedJob(t, people);
    expectError(await tap(people.otherDriver, item.id, pickup.stopId, 'ARRIVED', ago(5)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await tap(people.driver, UNKNOWN, pickup.stopId, 'ARRIVED', ago(5)), 404, 'REQUEST_ITEM_NOT_FOUND');
    const open = await makeDeliveryRequest(t, people.customer.token);
    await applyFixed(t, people.driver, open.id);
    const openStop = open.deliveryItem!.transports.find((s) => s.transportType === 'PICKUP')!;
    expectError(await tap(people.driver, open.id, openStop.id, 'ARRIVED', ago(5)), 404, 'REQUEST_ITEM_NOT_FOUND');
    const { item: warehouse } = await matchedWarehouse(t, people.customer, people.driver);
    expectError(await tap(people.driver, warehouse.id, UNKNOWN, 'ARRIVED', ago(5)), 400, 'REQUEST_TYPE_MISMATCH');
    expect((await tap(undefined, item.id, pickup.stopId, 'ARRIVED', ago(5))).statusCode).toBe(401);
    // A customer cannot call it at all (carriers only).
    expectError(await tap(people.customer, item.id, pickup.stopId, 'ARRIVED', ago(5)), 401, 'ROLE_NOT_ALLOWED');
  });

  it('a completed or cancelled job takes no more taps', async () => {
    const { item } = await approvedDelivery(t, people.customer, people.driver);
    expect((await t.call('PATCH', API.cancel(item.id), { token: people.customer.token })).statusCode).toBe(200);
    const stop = item.deliveryItem!.transports.find((s) => s.transportType === 'PICKUP')!;
    expectError(await tap(people.driver, item.id, stop.id, 'ARRIVED', ago(1)), 409, 'REQUEST_STATUS_CONFLICT');
  });
});

describe('GET /request-items/{id}/stop-times', () => {
  it('the owner, the carrier, its company and the admin read it; another customer and another driver get 404', async () => {
    const { item } = await approvedJob(t, people);
    for (const who of [people.customer, people.driver, people.admin]) {
      expect((await t.call('GET', times(item.id), { token: who.token })).statusCode).toBe(200);
    }
    expectError(await t.call('GET', times(item.id), { token: people.otherCustomer.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', times(item.id), { token: people.otherDriver.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', times(UNKNOWN), { token: people.customer.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
  });
});

describe('GET /stop-times/report?month=', () => {
  const japanMonth = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date(iso));

  it('groups the month’s stops per site with averages, flags those over two hours, and shows only the customer’s own', async () => {
    const { item, pickup, delivery } = await approvedJob(t, people);
    const arrived = ago(300);
    await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', arrived);
    await tap(people.driver, item.id, pickup.stopId, 'LOADING_STARTED', ago(200));
    await tap(people.driver, item.id, pickup.stopId, 'LOADING_FINISHED', ago(170));
    await tap(people.driver, item.id, delivery.stopId, 'ARRIVED', ago(60));
    await tap(people.driver, item.id, delivery.stopId, 'LOADING_STARTED', ago(50));
    await tap(people.driver, item.id, delivery.stopId, 'LOADING_FINISHED', ago(30));

    const month = japanMonth(arrived);
    const res = await t.call('GET', `/api/v1/stop-times/report?month=${month}`, { token: people.customer.token });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as TStopTimeReport;
    const ginza = report.sites.find((s) => s.site.startsWith('東京都 中央区 銀座'))!;
    const mine = ginza.stops.find((s) => s.requestItemId === item.id)!;
    expect(mine).toMatchObject({ waitingMinutes: 100, loadingMinutes: 30, overLimit: true, baggageName: '冷凍食品' });
    expect(ginza.overLimitCount).toBeGreaterThanOrEqual(1);
    if (japanMonth(ago(60)) === month) {
      const umeda = report.sites.find((s) => s.site.startsWith('大阪府'))!;
      expect(umeda.stops.find((s) => s.requestItemId === item.id)).toMatchObject({
        waitingMinutes: 10,
        loadingMinutes: 20,
        overLimit: false,
      });
    }

    const other = await t.call('GET', `/api/v1/stop-times/report?month=${month}`, { token: people.otherCustomer.token });
    expect((other.json() as TStopTimeReport).sites).toEqual([]);
    const previousYear = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
    const empty = await t.call('GET', `/api/v1/stop-times/report?month=${previousYear}`, { token: people.customer.token });
    expect((empty.json() as TStopTimeReport).sites).toEqual([]);
  });

  it('refuses a malformed month and a carrier', async () => {
    const bad = await t.call('GET', '/api/v1/stop-times/report?month=2026-13', { token: people.customer.token });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expectError(
      await t.call('GET', '/api/v1/stop-times/report?month=2026-11', { token: people.driver.token }),
      401,
      'ROLE_NOT_ALLOWED',
    );
  });
});

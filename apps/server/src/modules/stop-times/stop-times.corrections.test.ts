/**
 * A mistaken stop time corrected with a reason (decision 085): the first tap and every change kept
 * and shown to the shipper; the month's waiting charges totalled on the report and downloadable as
 * CSV by the customer and by the carrier.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TStopTimeEvent, type TStopTimeReport, type TStopTimesResponse, requestReference } from '@logi/contract';
import { stopTimeCorrections } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { API, type Party, expectError } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { MIN, ago, approvedJob, times } from './stop-times.test-support';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const corrections = (id: string) => `/api/v1/request-items/${id}/stop-times/corrections`;
const japanMonth = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date(iso));

async function tap(requestItemId: string, stopId: string, event: TStopTimeEvent, occurredAt: string) {
  const res = await t.call('POST', times(requestItemId), {
    token: people.driver.token,
    body: { clientId: randomUUID(), stopId, event, occurredAt },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const correct = (who: Party, requestItemId: string, body: Record<string, unknown>) =>
  t.call('POST', corrections(requestItemId), { token: who.token, body });

describe('POST /request-items/{id}/stop-times/corrections', () => {
  it('moves a mistaken tap with its reason; the minutes and charge follow; the shipper sees the first time and each change', async () => {
    const { item, pickup } = await approvedJob(t, people, { waitingChargePer30Min: 3000 });
    const tapped = ago(200);
    await tap(item.id, pickup.stopId, 'ARRIVED', tapped);
    // 荷役開始 tapped by mistake right after arriving; loading really started 100 minutes later.
    await tap(item.id, pickup.stopId, 'LOADING_STARTED', ago(195));
    const wrong = ago(195);
    const fixed = ago(100);
    const res = await correct(people.driver, item.id, {
      stopId: pickup.stopId,
      event: 'LOADING_STARTED',
      occurredAt: fixed,
      reason: '到着直後に誤って荷役開始を押したため',
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await t.call('GET', times(item.id), { token: people.customer.token })).json() as TStopTimesResponse;
    const stop = seen.stops.find((s) => s.stopId === pickup.stopId)!;
    // 100 minutes of waiting: 70 beyond the free 30 = three started units of 3,000円.
    expect(stop).toMatchObject({ waitingMinutes: 100, waitingCharge: 9000, loadingStartedAt: new Date(fixed).toISOString() });
    expect(stop.corrections).toEqual([
      {
        event: 'LOADING_STARTED',
        fromAt: expect.any(String),
        toAt: new Date(fixed).toISOString(),
        reason: '到着直後に誤って荷役開始を押したため',
        correctedAt: expect.any(String),
      },
    ]);
    expect(Math.abs(Date.parse(stop.corrections[0]!.fromAt) - Date.parse(wrong))).toBeLessThan(MIN);

    // A second correction keeps the first: the trail reads oldest first.
    const again = await correct(people.driver, item.id, {
      stopId: pickup.stopId,
      event: 'LOADING_STARTED',
      occurredAt: ago(110),
      reason: '受付票の時刻に合わせました',
    });
    expect(again.statusCode, again.body).toBe(200);
    const trail = (again.json() as TStopTimesResponse).stops.find((s) => s.stopId === pickup.stopId)!.corrections;
    expect(trail.map((c) => c.reason)).toEqual(['到着直後に誤って荷役開始を押したため', '受付票の時刻に合わせました']);
    expect(trail[1]!.fromAt).toBe(new Date(fixed).toISOString());
    // The trail cannot be rewritten, even from inside.
    await expect(t.app.deps.db.delete(stopTimeCorrections)).rejects.toThrow();
  });

  it('refuses a step not recorded, the same time, a time past its neighbour, no reason; only the carrier while the job runs', async () => {
    const { item, pickup } = await approvedJob(t, people);
    const arrived = ago(120);
    await tap(item.id, pickup.stopId, 'ARRIVED', arrived);
    await tap(item.id, pickup.stopId, 'LOADING_STARTED', ago(90));
    const body = (over: Record<string, unknown>) => ({
      stopId: pickup.stopId,
      event: 'ARRIVED',
      occurredAt: ago(130),
      reason: '押し忘れ',
      ...over,
    });
    expectError(await correct(people.driver, item.id, body({ event: 'DEPARTED' })), 409, 'STOP_TIME_NOT_RECORDED');
    expectError(await correct(people.driver, item.id, body({ occurredAt: arrived })), 409, 'STOP_TIME_UNCHANGED');
    expectError(await correct(people.driver, item.id, body({ occurredAt: ago(80) })), 409, 'STOP_TIME_OUT_OF_ORDER');
    expectError(await correct(people.driver, item.id, body({ occurredAt: ago(7 * 60) })), 400, 'STOP_TIME_OUT_OF_RANGE');
    const blank = await correct(people.driver, item.id, body({ reason: '  ' }));
    expectError(blank, 400, 'VALIDATION_FAILED');
    expect(blank.json().details).toContainEqual({ path: 'body.reason', message: '必須項目です。' });
    expectError(await correct(people.otherDriver, item.id, body({})), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await correct(people.customer, item.id, body({})), 401, 'ROLE_NOT_ALLOWED');
    expect((await t.call('PATCH', API.cancel(item.id), { token: people.customer.token })).statusCode).toBe(200);
    expectError(await correct(people.driver, item.id, body({})), 409, 'REQUEST_STATUS_CONFLICT');
    const seen = (await t.call('GET', times(item.id), { token: people.customer.token })).json() as TStopTimesResponse;
    expect(seen.stops.find((s) => s.stopId === pickup.stopId)).toMatchObject({
      arrivedAt: new Date(arrived).toISOString(),
      corrections: [],
    });
  });
});

describe('the month’s waiting charges', () => {
  it('the report totals them; the customer and the carrier download them as CSV, one line per stop and the total', async () => {
    const { item, pickup, delivery } = await approvedJob(t, people, { waitingChargePer30Min: 2500 });
    const arrived = ago(300);
    await tap(item.id, pickup.stopId, 'ARRIVED', arrived);
    await tap(item.id, pickup.stopId, 'LOADING_STARTED', ago(239)); // 61 minutes: 5,000円
    await tap(item.id, delivery.stopId, 'ARRIVED', ago(100));
    await tap(item.id, delivery.stopId, 'LOADING_STARTED', ago(10)); // 90 minutes: 5,000円
    const month = japanMonth(arrived);
    const sameMonth = japanMonth(ago(100)) === month;

    const report = (
      await t.call('GET', `/api/v1/stop-times/report?month=${month}`, { token: people.customer.token })
    ).json() as TStopTimeReport;
    const mine = report.sites.flatMap((s) => s.stops).filter((s) => s.requestItemId === item.id);
    const total = mine.reduce((sum, s) => sum + (s.waitingCharge ?? 0), 0);
    expect(total).toBe(sameMonth ? 10000 : 5000);
    expect(report.waitingChargeTotal).toBe(
      report.sites.flatMap((s) => s.stops).reduce((sum, s) => sum + (s.waitingCharge ?? 0), 0),
    );

    for (const who of [people.customer, people.driver]) {
      const res = await t.call('GET', `/api/v1/stop-times/waiting-charges?month=${month}`, { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('attachment');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('到着日時,依頼番号,荷主,荷物,区分,地点,荷待ち（分）,荷役（分）,時刻の修正（件）,待機料金（円）');
      const ours = lines.filter((l) => l.includes(requestReference(item.id)));
      expect(ours).toContainEqual(expect.stringMatching(/,冷凍食品,集荷,東京都 中央区 銀座 1-2-3 銀座ビル5F,61,,0,5000$/));
      expect(ours).toHaveLength(sameMonth ? 2 : 1);
      const last = lines.at(-1)!.split(',');
      expect(last[0]).toBe('合計');
      const charges = lines.slice(1, -1).map((l) => Number(l.split(',').at(-1) || 0));
      expect(Number(last.at(-1))).toBe(charges.reduce((a, b) => a + b, 0));
    }
    // Someone with no part in the job does not see it.
    const stranger = await t.call('GET', `/api/v1/stop-times/waiting-charges?month=${month}`, {
      token: people.otherDriver.token,
    });
    expect(stranger.body).not.toContain(requestReference(item.id));
    expectError(
      await t.call('GET', '/api/v1/stop-times/waiting-charges?month=2026-13', { token: people.customer.token }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.call('GET', `/api/v1/stop-times/waiting-charges?month=${month}`, { token: people.admin.token }),
      401,
      'ROLE_NOT_ALLOWED',
    );
  });
});

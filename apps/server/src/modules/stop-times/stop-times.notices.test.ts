/**
 * A channel during transport (issue 49 item 5, decision 107): the shipper is told of each stop's
 * 到着 and 出発 once (not of the loading taps, not of a tap sent again), may mute one request, and
 * the approved talkroom takes messages and files until the delivery is completed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification, TStopTimeEvent } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { API, type Party, expectError, UNKNOWN } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, reportInFull, startPickup } from '../../../test/scenario';
import { uploadedPng } from '../files/files.test-support';
import { ago, approvedJob, times } from './stop-times.test-support';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const setting = (id: string) => `/api/v1/request-items/${id}/stop-notifications`;
const tap = (
  who: Party,
  requestItemId: string,
  stopId: string,
  event: TStopTimeEvent,
  occurredAt: string,
  clientId = randomUUID(),
) => t.call('POST', times(requestItemId), { token: who.token, body: { clientId, stopId, event, occurredAt } });

/** The stop notices the shipper has about one request, newest first. */
async function stopNotices(requestItemId: string): Promise<TNotification[]> {
  const res = await t.call('GET', '/api/v1/notifications?limit=100', { token: people.customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { notification: TNotification }[] }).data
    .map((r) => r.notification)
    .filter((n) => n.type === 'TRANSPORT_STOP_EVENT' && n.link?.endsWith(requestItemId));
}

describe('到着・出発 notices', () => {
  it('one notice per 到着 and 出発 naming the request and the stop; none for loading taps or a tap sent again', async () => {
    const { item, pickup, delivery } = await approvedJob(t, people);
    const arrivedId = randomUUID();
    expect((await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(200), arrivedId)).statusCode).toBe(200);
    expect((await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(200), arrivedId)).statusCode).toBe(200); // queued again
    expect((await tap(people.driver, item.id, pickup.stopId, 'LOADING_STARTED', ago(190))).statusCode).toBe(200);
    expect((await tap(people.driver, item.id, pickup.stopId, 'LOADING_FINISHED', ago(180))).statusCode).toBe(200);
    expect((await tap(people.driver, item.id, pickup.stopId, 'DEPARTED', ago(170))).statusCode).toBe(200);
    expect((await tap(people.driver, item.id, delivery.stopId, 'ARRIVED', ago(60))).statusCode).toBe(200);

    const notices = await stopNotices(item.id);
    expect(notices.map((n) => n.title)).toEqual(['到着: 冷凍食品', '出発: 冷凍食品', '到着: 冷凍食品']);
    expect(notices[2]!.message).toMatch(
      /^「冷凍食品」のドライバーが集荷先「出荷担当 佐藤」（東京都中央区）に\d\d:\d\dに到着しました。$/,
    );
    expect(notices[0]!.message).toContain('配達先「受取担当 田中」（大阪府大阪市北区）');
    expect(notices[0]!.link).toBe(`/shipping-requests/my-items/detail/${item.id}`);
    // The carrier is not told of its own taps.
    const carrier = await t.call('GET', '/api/v1/notifications?limit=100', { token: people.driver.token });
    expect(
      (carrier.json() as { data: { notification: TNotification }[] }).data.filter(
        (r) => r.notification.type === 'TRANSPORT_STOP_EVENT',
      ),
    ).toEqual([]);
  });

  it('muted per request, on the server: no notice while muted; unmuted, they come again; only its shipper may', async () => {
    const { item, pickup, delivery } = await approvedJob(t, people);
    const other = await approvedJob(t, people);
    expect((await t.call('GET', setting(item.id), { token: people.customer.token })).json()).toEqual({ muted: false });
    const muted = await t.call('PUT', setting(item.id), { token: people.customer.token, body: { muted: true } });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toEqual({ muted: true });
    expect((await t.call('GET', setting(item.id), { token: people.customer.token })).json()).toEqual({ muted: true });

    await tap(people.driver, item.id, pickup.stopId, 'ARRIVED', ago(200));
    await tap(people.driver, other.item.id, other.pickup.stopId, 'ARRIVED', ago(200));
    expect(await stopNotices(item.id)).toEqual([]);
    expect(await stopNotices(other.item.id)).toHaveLength(1); // only that request is muted

    await tap(people.driver, item.id, pickup.stopId, 'LOADING_STARTED', ago(190));
    await tap(people.driver, item.id, pickup.stopId, 'LOADING_FINISHED', ago(180));
    await t.call('PUT', setting(item.id), { token: people.customer.token, body: { muted: false } });
    expect((await tap(people.driver, item.id, pickup.stopId, 'DEPARTED', ago(100))).statusCode).toBe(200);
    await tap(people.driver, item.id, delivery.stopId, 'ARRIVED', ago(50));
    expect((await stopNotices(item.id)).map((n) => n.title)).toEqual(['到着: 冷凍食品', '出発: 冷凍食品']);

    expectError(await t.call('GET', setting(item.id), { token: people.otherCustomer.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(
      await t.call('PUT', setting(item.id), { token: people.otherCustomer.token, body: { muted: true } }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(await t.call('GET', setting(UNKNOWN), { token: people.customer.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', setting(item.id), { token: people.driver.token }), 401, 'ROLE_NOT_ALLOWED');
    expectError(
      await t.call('PUT', setting(item.id), { token: people.customer.token, body: { muted: 'yes' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('the talkroom during transport (issue 43 item 14)', () => {
  it('messages and files both ways while the job is under way; closed once the delivery is completed', async () => {
    const { item, talkroomId } = await approvedDelivery(t, people.customer, people.driver);
    await startPickup(t, { item, talkroomId }, people.customer, people.driver);
    const post = async (who: Party, content: string, fileIds: string[]) =>
      t.call('POST', API.messages(item.id), { token: who.token, body: { talkroomId, content, fileIds } });
    const fromShipper = await post(people.customer, '搬入口の地図です。', [
      await uploadedPng(t, people.customer.token, '地図.png'),
    ]);
    expect(fromShipper.statusCode, fromShipper.body).toBe(201);
    const fromDriver = await post(people.driver, '積込み完了の写真です。', [
      await uploadedPng(t, people.driver.token, '積込み.png'),
    ]);
    expect(fromDriver.statusCode, fromDriver.body).toBe(201);
    expect(fromDriver.json().fileIds).toHaveLength(1);

    await reportInFull(t, people.driver, item.id, { pickupTemperature: -20, deliveryTemperature: -19 });
    expect((await post(people.customer, '受領しました。', [])).statusCode).toBe(201);
    expect((await t.call('PATCH', API.complete(item.id), { token: people.customer.token })).statusCode).toBe(200);
    expectError(await post(people.driver, '追加の連絡', []), 409, 'TALKROOM_INACTIVE');
    expectError(
      await post(people.customer, '追加の写真', [await uploadedPng(t, people.customer.token, '追加.png')]),
      409,
      'TALKROOM_INACTIVE',
    );
  });
});

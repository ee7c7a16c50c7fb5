/**
 * The whole deal through the API, as the three parties walk it: a delivery from posting to
 * completion, and a warehouse from posting to its match — with what each party is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGES, type TCandidatePage, type TRequestItemPage } from '@logi/contract';
import { uploadedPng } from '../src/modules/files/files.test-support';
import type { TestApp } from './helpers';
import { API, applyFixed, bid, notificationTypes } from './marketplace-fixtures';
import { type Cast, appWithCast } from './scenario';
import { makeDeliveryRequest, makeWarehouseRequest } from './request-item-fixtures';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as Record<string, unknown> & { requestItem?: { status: string } };
};

describe('a delivery from posting to completion', () => {
  it('create → bids → approve → messages → meeting complete on both sides → report → complete', async () => {
    const { customer, driver, manager } = people;
    const item = await makeDeliveryRequest(t, customer.token, { price: undefined });

    await bid(t, driver, item.id, 40000);
    await bid(t, manager, item.id, 38000);
    await bid(t, manager, item.id, 37000);
    const list = (await ok(t.call('GET', `${API.candidates}?requestId=${item.id}`, { token: customer.token }))) as TCandidatePage;
    expect(list.data.map((c) => [c.applicantId, c.price])).toEqual([
      [manager.id, 37000],
      [driver.id, 40000],
    ]);
    const chosen = list.data.find((c) => c.applicantId === driver.id)!;

    const approved = await ok(
      t.call('POST', API.approve(chosen.id), { token: customer.token, body: { requestItemId: item.id } }),
    );
    expect(approved.requestItem).toMatchObject({ status: 'APPROVED', receiverId: driver.id });
    const talkroomId = chosen.talkroom!.id;

    const photo = await uploadedPng(t, customer.token, '荷姿.png');
    await ok(
      t.call('POST', API.messages(item.id), {
        token: customer.token,
        body: { talkroomId, content: '荷姿の写真です。', fileIds: [photo] },
      }),
      201,
    );
    await ok(
      t.call('POST', API.messages(item.id), { token: driver.token, body: { talkroomId, content: '確認しました。' } }),
      201,
    );

    expect((await ok(t.call('PATCH', API.inactivate(talkroomId), { token: customer.token }))).requestItem!.status).toBe(
      'APPROVED',
    );
    expect((await ok(t.call('PATCH', API.confirmReceive(item.id), { token: driver.token }))).requestItem!.status).toBe(
      'IN_PROGRESS',
    );

    const report = {
      receiptImageId: await uploadedPng(t, driver.token, '受領書.png'),
      recipientSignatureImageId: await uploadedPng(t, driver.token, '署名.png'),
      deliveryImageId: await uploadedPng(t, driver.token, '配送完了.png'),
      // A 冷凍 load: the temperatures at pickup and delivery belong to the report.
      pickupTemperature: -18.5,
      deliveryTemperature: -19,
    };
    expect((await ok(t.call('POST', API.report(item.id), { token: driver.token, body: report }))).requestItem).toMatchObject({
      status: 'IN_PROGRESS',
      deliveryItem: { isReportComplete: true },
    });
    const done = await ok(t.call('PATCH', API.complete(item.id), { token: customer.token }));
    expect(done).toMatchObject({ message: SUCCESS_MESSAGES.completionApproved, requestItem: { status: 'COMPLETED' } });

    const applied = (await ok(
      t.call('GET', '/api/v1/request-items/applied-items?limit=100', { token: driver.token }),
    )) as TRequestItemPage;
    expect(applied.data.find((i) => i.id === item.id)).toMatchObject({
      status: 'COMPLETED',
      candidate: { status: 'APPROVED', price: 40000 },
    });
    const lost = (await ok(
      t.call('GET', '/api/v1/request-items/applied-items?limit=100', { token: manager.token }),
    )) as TRequestItemPage;
    expect(lost.data.find((i) => i.id === item.id)).toMatchObject({ candidate: { status: 'NOT_CHOSEN', price: 37000 } });

    expect(await notificationTypes(t, customer, item.id)).toEqual([
      'PICKUP_REQUEST_RECEIVED',
      'PICKUP_REQUEST_RECEIVED',
      'NEW_MESSAGE',
      'MEETING_COMPLETE_BUTTON_PRESSED',
      'DELIVERY_COMPLETE_REPORT',
    ]);
    expect(await notificationTypes(t, driver, item.id)).toEqual([
      'PICKUP_REQUEST_APPROVED',
      'NEW_MESSAGE',
      'MEETING_COMPLETE_BUTTON_PRESSED',
      'DELIVERY_COMPLETE_APPROVED',
    ]);
    expect(await notificationTypes(t, manager, item.id)).toEqual(['PICKUP_REQUEST_RESULT']);
  });
});

describe('a warehouse from posting to its match', () => {
  it('create → two applications → approve one → matching ends, every room read-only', async () => {
    const { customer, manager, otherDriver } = people;
    const warehouse = await makeWarehouseRequest(t, customer.token);
    const chosen = await applyFixed(t, manager, warehouse.id);
    const other = await applyFixed(t, otherDriver, warehouse.id);
    await ok(
      t.call('POST', API.messages(warehouse.id), {
        token: manager.token,
        body: { talkroomId: chosen.candidate.talkroom.id, content: '見学可能ですか。' },
      }),
      201,
    );

    const approved = await ok(
      t.call('POST', API.approve(chosen.candidate.id), { token: customer.token, body: { requestItemId: warehouse.id } }),
    );
    expect(approved.requestItem).toMatchObject({ status: 'COMPLETED', receiverId: manager.id });

    const rooms = await ok(t.call('GET', API.talkrooms(warehouse.id), { token: customer.token }));
    expect((rooms.data as { isActive: boolean }[]).map((r) => r.isActive)).toEqual([false, false]);
    const late = await t.call('POST', API.messages(warehouse.id), {
      token: otherDriver.token,
      body: { talkroomId: other.candidate.talkroom.id, content: 'まだ空いていますか。' },
    });
    expect(late.statusCode).toBe(409);
    expect(await notificationTypes(t, customer, warehouse.id)).toEqual([
      'WAREHOUSE_USE_REQUEST_RECEIVED',
      'WAREHOUSE_USE_REQUEST_RECEIVED',
      'NEW_MESSAGE',
    ]);
    expect(await notificationTypes(t, manager, warehouse.id)).toEqual(['WAREHOUSE_USE_REQUEST_APPROVED']);
    expect(await notificationTypes(t, otherDriver, warehouse.id)).toEqual(['WAREHOUSE_USE_REQUEST_RESULT']);
  });
});

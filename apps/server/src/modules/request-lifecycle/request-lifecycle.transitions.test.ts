/**
 * The lifecycle calls: meeting complete from both sides, the delivery report, completion,
 * cancel and the two deletes — what each allows, what each refuses (changing nothing),
 * and who is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  SUCCESS_MESSAGES,
  type TCreateDeliveryBody,
  type TDeliveryItem,
  type TNotification,
  type TTransitionResponse,
} from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import {
  API,
  type Party,
  applyFixed,
  approve,
  expectError,
  itemRow,
  notificationTypes,
  talkroomRow,
  UNKNOWN,
} from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, matchedWarehouse, reportImages, reportInFull, startPickup } from '../../../test/scenario';
import { postUpload, signUploads, uploadedPng } from '../files/files.test-support';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const as = (who: Party | undefined) => ({ token: who?.token });

/** A fixed-price delivery (冷凍 unless told) with the driver and the manager applied; the driver approved. */
async function approvedDelivery(overrides: Partial<TCreateDeliveryBody> = {}) {
  const item = await makeDeliveryRequest(t, people.customer.token, overrides);
  const chosen = await applyFixed(t, people.driver, item.id);
  const other = await applyFixed(t, people.manager, item.id);
  await approve(t, people.customer, chosen.candidate.id, item.id);
  return { item, talkroomId: chosen.candidate.talkroom.id, otherTalkroomId: other.candidate.talkroom.id };
}

/** Approved, and both sides pressed meeting complete. */
async function deliveryInProgress(overrides: Partial<TCreateDeliveryBody> = {}) {
  const deal = await approvedDelivery(overrides);
  await startPickup(t, deal, people.customer, people.driver);
  return deal;
}

describe('meeting complete: PATCH talkrooms/{id}/inactivate and confirm-receive/{id}', () => {
  it('customer first, then the driver: the press is recorded, the room stays open for the job, then pickup work starts; each side tells the other', async () => {
    const { item, talkroomId } = await approvedDelivery();
    const first = await t.call('PATCH', API.inactivate(talkroomId), as(people.customer));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json() as TTransitionResponse).toMatchObject({
      message: SUCCESS_MESSAGES.statusUpdated,
      requestItem: { id: item.id, status: 'APPROVED', talkroom: { id: talkroomId, isActive: true } },
    });
    expect(first.json().requestItem.talkroom.customerMeetingCompletedAt).not.toBeNull();
    const room = (await talkroomRow(t, item.id, people.driver.id))!;
    expect(room.isActive).toBe(true);
    expect(room.customerMeetingCompletedAt).not.toBeNull();
    expect(await notificationTypes(t, people.driver, item.id)).toContain('MEETING_COMPLETE_BUTTON_PRESSED');

    const second = await t.call('PATCH', API.confirmReceive(item.id), as(people.driver));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ message: SUCCESS_MESSAGES.statusUpdated, requestItem: { status: 'IN_PROGRESS' } });
    expect((await itemRow(t, item.id)).status).toBe('IN_PROGRESS');
    expect(await notificationTypes(t, people.customer, item.id)).toContain('MEETING_COMPLETE_BUTTON_PRESSED');
  });

  it('the driver first, then the customer: pickup work starts at the customer’s press', async () => {
    const { item, talkroomId } = await approvedDelivery();
    const first = await t.call('PATCH', API.confirmReceive(item.id), as(people.driver));
    expect(first.json()).toMatchObject({ requestItem: { status: 'APPROVED', talkroom: { isActive: true } } });
    expect((await talkroomRow(t, item.id, people.driver.id))!.driverMeetingCompletedAt).not.toBeNull();
    const second = await t.call('PATCH', API.inactivate(talkroomId), as(people.customer));
    expect(second.json()).toMatchObject({ requestItem: { status: 'IN_PROGRESS' } });
  });

  it('each side confirms once: a second press is 409', async () => {
    const { item, talkroomId } = await approvedDelivery();
    await t.call('PATCH', API.inactivate(talkroomId), as(people.customer));
    expectError(await t.call('PATCH', API.inactivate(talkroomId), as(people.customer)), 409, 'MEETING_ALREADY_CONFIRMED');
    const other = await approvedDelivery();
    await t.call('PATCH', API.confirmReceive(other.item.id), as(people.driver));
    expectError(await t.call('PATCH', API.confirmReceive(other.item.id), as(people.driver)), 409, 'MEETING_ALREADY_CONFIRMED');
    expect((await itemRow(t, item.id)).status).toBe('APPROVED');
  });

  it('refusals: a not-chosen applicant’s room 409, before approval 409, a warehouse 400, nothing changes', async () => {
    const { item, otherTalkroomId } = await approvedDelivery();
    expectError(await t.call('PATCH', API.inactivate(otherTalkroomId), as(people.customer)), 409, 'TALKROOM_NOT_APPROVED');
    expect((await talkroomRow(t, item.id, people.driver.id))!.customerMeetingCompletedAt).toBeNull();

    const open = await makeDeliveryRequest(t, people.customer.token);
    const applied = await applyFixed(t, people.driver, open.id);
    expectError(
      await t.call('PATCH', API.inactivate(applied.candidate.talkroom.id), as(people.customer)),
      409,
      'REQUEST_STATUS_CONFLICT',
    );
    expect((await talkroomRow(t, open.id, people.driver.id))!.isActive).toBe(true);

    const warehouse = await matchedWarehouse(t, people.customer, people.manager);
    expectError(await t.call('PATCH', API.inactivate(warehouse.talkroomId), as(people.customer)), 400, 'REQUEST_TYPE_MISMATCH');
    expectError(await t.call('PATCH', API.confirmReceive(warehouse.item.id), as(people.manager)), 400, 'REQUEST_TYPE_MISMATCH');
  });

  it('who may press: strangers and other applicants 404, wrong role 401, bad id 400', async () => {
    const { item, talkroomId } = await approvedDelivery();
    expectError(await t.call('PATCH', API.inactivate(talkroomId), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('PATCH', API.inactivate(UNKNOWN), as(people.customer)), 404, 'TALKROOM_NOT_FOUND');
    expectError(await t.call('PATCH', API.inactivate(talkroomId), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('PATCH', API.inactivate(talkroomId), as(undefined)), 401, 'UNAUTHENTICATED');
    expectError(await t.call('PATCH', API.inactivate('x'), as(people.customer)), 400, 'VALIDATION_FAILED');
    // The manager applied too but was not chosen; the other driver never applied.
    expectError(await t.call('PATCH', API.confirmReceive(item.id), as(people.manager)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('PATCH', API.confirmReceive(item.id), as(people.otherDriver)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('PATCH', API.confirmReceive(item.id), as(people.customer)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('PATCH', API.confirmReceive(UNKNOWN), as(people.driver)), 404, 'REQUEST_ITEM_NOT_FOUND');
    const room = (await talkroomRow(t, item.id, people.driver.id))!;
    expect([room.customerMeetingCompletedAt, room.driverMeetingCompletedAt]).toEqual([null, null]);
  });
});

describe('POST /request-items/delivery-report/{id}', () => {
  it('in parts: the customer is told once the report holds all three images, which the parties may open', async () => {
    const { item } = await deliveryInProgress({ vehicleTemperatureRange: 'ROOM' });
    const receipt = await uploadedPng(t, people.driver.token, '受領書.png');
    const part = await t.call('POST', API.report(item.id), { ...as(people.driver), body: { receiptImageId: receipt } });
    expect(part.statusCode, part.body).toBe(200);
    // A part is kept, not sent: the answer says so, and how many of the three are in.
    expect(part.json()).toMatchObject({
      message: '報告を保存しました（3点中1点）。残り2点がそろうと荷主様に完了報告が届きます。',
      requestItem: { status: 'IN_PROGRESS', deliveryItem: { receiptImageId: receipt, isReportComplete: false } },
    });
    expect(await notificationTypes(t, people.customer, item.id)).not.toContain('DELIVERY_COMPLETE_REPORT');

    const rest = {
      recipientSignatureImageId: await uploadedPng(t, people.driver.token),
      deliveryImageId: await uploadedPng(t, people.driver.token),
    };
    const full = await t.call('POST', API.report(item.id), { ...as(people.driver), body: rest });
    const delivery = (full.json() as TTransitionResponse).requestItem.deliveryItem!;
    expect(delivery).toMatchObject({ ...rest, receiptImageId: receipt, isReportComplete: true });
    expect(delivery.deliveryImage!.fileUrl).toEqual(expect.any(String));
    expect(delivery.reportedAt).not.toBeNull();
    expect(await notificationTypes(t, people.customer, item.id)).toContain('DELIVERY_COMPLETE_REPORT');

    for (const who of [people.customer, people.admin, people.driver]) {
      expect((await t.call('GET', `/api/v1/files/${receipt}`, as(who))).statusCode).toBe(200);
    }
    expectError(await t.call('GET', `/api/v1/files/${receipt}`, as(people.otherDriver)), 404, 'FILE_NOT_FOUND');
    expectError(await t.call('GET', `/api/v1/files/${receipt}`, as(people.otherCustomer)), 404, 'FILE_NOT_FOUND');
  });

  it('only the driver’s own uploaded images; before pickup work: 409; nothing written on a refusal', async () => {
    const { item } = await deliveryInProgress();
    const foreign = await uploadedPng(t, people.otherDriver.token);
    expectError(
      await t.call('POST', API.report(item.id), { ...as(people.driver), body: { deliveryImageId: foreign } }),
      404,
      'FILE_NOT_FOUND',
    );
    const [pdf] = await signUploads(t, people.driver.token, [{ fileName: '受領書.pdf', fileType: 'application/pdf' }]);
    expect((await postUpload(t, pdf!, { content: Buffer.from('%PDF-1.4\n%%EOF\n') })).statusCode).toBe(204);
    expectError(
      await t.call('POST', API.report(item.id), { ...as(people.driver), body: { receiptImageId: pdf!.fileId } }),
      400,
      'FILE_KIND_NOT_ALLOWED',
    );
    const detail = await t.call('GET', API.privateDetail(item.id), as(people.driver));
    expect(detail.json().deliveryItem).toMatchObject({ receiptImageId: null, deliveryImageId: null, reportedAt: null });

    const approved = await approvedDelivery();
    const png = await uploadedPng(t, people.driver.token);
    expectError(
      await t.call('POST', API.report(approved.item.id), { ...as(people.driver), body: { deliveryImageId: png } }),
      409,
      'REQUEST_STATUS_CONFLICT',
    );
  });

  it('who may report: other drivers 404, the customer 401; bad input 400', async () => {
    const { item } = await deliveryInProgress();
    const png = await uploadedPng(t, people.manager.token);
    expectError(
      await t.call('POST', API.report(item.id), { ...as(people.manager), body: { deliveryImageId: png } }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(
      await t.call('POST', API.report(item.id), { ...as(people.customer), body: { deliveryImageId: png } }),
      401,
      'ROLE_NOT_ALLOWED',
    );
    const empty = await t.call('POST', API.report(item.id), { ...as(people.driver), body: {} });
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(empty.json().details).toContainEqual({ path: 'body.receiptImageId', message: FIELD_MESSAGES.reportEmpty });
    const same = await t.call('POST', API.report(item.id), {
      ...as(people.driver),
      body: { receiptImageId: png, deliveryImageId: png },
    });
    expect(same.json().details).toContainEqual({ path: 'body.deliveryImageId', message: FIELD_MESSAGES.duplicate });
    const bad = await t.call('POST', API.report(item.id), { ...as(people.driver), body: { receiptImageId: 'x' } });
    expect(bad.json().details).toContainEqual({ path: 'body.receiptImageId', message: FIELD_MESSAGES.uuid });
  });
});

describe('cold-chain evidence: the report of a 冷蔵・冷凍 delivery', () => {
  const reportAs = async (who: Party, requestItemId: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', API.report(requestItemId), { ...as(who), body });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TTransitionResponse).requestItem.deliveryItem!;
  };

  it('is complete only with both readings; in range, no alert; the customer may then approve', async () => {
    const { item } = await deliveryInProgress({ vehicleTemperatureRange: 'REFRIGERATED' });
    // A cold load's report has five parts: the three images are not yet a report sent.
    const first = await t.call('POST', API.report(item.id), { ...as(people.driver), body: await reportImages(t, people.driver) });
    expect(first.json().message).toBe('報告を保存しました（5点中3点）。残り2点がそろうと荷主様に完了報告が届きます。');
    const imagesOnly = (first.json() as TTransitionResponse).requestItem.deliveryItem!;
    expect(imagesOnly).toMatchObject({ isTemperatureRequired: true, isReportComplete: false, pickupTemperature: null });
    expect(await notificationTypes(t, people.customer, item.id)).not.toContain('DELIVERY_COMPLETE_REPORT');
    expectError(await t.call('PATCH', API.complete(item.id), as(people.customer)), 409, 'REPORT_INCOMPLETE');

    const pickup = await reportAs(people.driver, item.id, { pickupTemperature: 0 });
    expect(pickup).toMatchObject({ pickupTemperature: 0, deliveryTemperature: null, isReportComplete: false });
    const done = await reportAs(people.driver, item.id, { deliveryTemperature: 10 });
    expect(done).toMatchObject({
      pickupTemperature: 0,
      deliveryTemperature: 10,
      isTemperatureOutOfRange: false,
      isReportComplete: true,
    } satisfies Partial<TDeliveryItem>);
    expect(await notificationTypes(t, people.customer, item.id)).toContain('DELIVERY_COMPLETE_REPORT');
    expect(await notificationTypes(t, people.customer, item.id)).not.toContain('TEMPERATURE_OUT_OF_RANGE');
    expect((await t.call('PATCH', API.complete(item.id), as(people.customer))).statusCode).toBe(200);
  });

  it('a reading out of range is flagged in the report and told to the customer and the carrier side before approval', async () => {
    const { item } = await deliveryInProgress();
    const logger = (await signUploads(t, people.driver.token, [{ fileName: 'logger.csv', fileType: 'text/csv' }]))[0]!;
    expect((await postUpload(t, logger, { content: Buffer.from('時刻,温度\n09:00,-18.0\n') })).statusCode).toBe(204);
    const delivery = await reportAs(people.driver, item.id, {
      ...(await reportImages(t, people.driver)),
      pickupTemperature: -18,
      deliveryTemperature: -12.4,
      temperatureLogFileId: logger.fileId,
    });
    expect(delivery).toMatchObject({
      deliveryTemperature: -12.4,
      isTemperatureOutOfRange: true,
      isReportComplete: true,
      temperatureLogFile: { id: logger.fileId, fileUrl: expect.any(String) },
    });
    const inbox = await t.call('GET', '/api/v1/notifications?limit=100', as(people.customer));
    const alert = (inbox.json() as { data: { notification: TNotification }[] }).data
      .map((r) => r.notification)
      .find((n) => n.type === 'TEMPERATURE_OUT_OF_RANGE' && n.link === `/shipping-requests/my-items/detail/${item.id}`);
    expect(alert).toMatchObject({
      title: '温度の逸脱が記録されました',
      message: expect.stringContaining('配達時 -12.4℃（冷凍の基準 -15℃以下）'),
    });
    expect(await notificationTypes(t, people.customer, item.id)).toContain('TEMPERATURE_OUT_OF_RANGE');
    // The driver who measured it is not told what it just sent.
    expect(await notificationTypes(t, people.driver, item.id)).not.toContain('TEMPERATURE_OUT_OF_RANGE');
    const seen = await t.call('GET', API.privateDetail(item.id), as(people.customer));
    expect(seen.json().deliveryItem).toMatchObject({ deliveryTemperature: -12.4, isTemperatureOutOfRange: true });
    // The parties open the logger's file; someone outside the deal does not.
    expect((await t.call('GET', `/api/v1/files/${logger.fileId}`, as(people.customer))).statusCode).toBe(200);
    expectError(await t.call('GET', `/api/v1/files/${logger.fileId}`, as(people.otherDriver)), 404, 'FILE_NOT_FOUND');
    // The customer may still approve: the flag informs, it does not block.
    expect((await t.call('PATCH', API.complete(item.id), as(people.customer))).statusCode).toBe(200);
  });

  it('judges the readings against the shipper’s own range: 9.0℃ is inside 冷蔵 0〜10℃ but outside 2〜8℃', async () => {
    const { item } = await deliveryInProgress({ vehicleTemperatureRange: 'REFRIGERATED', temperatureMin: 2, temperatureMax: 8 });
    const delivery = await reportAs(people.driver, item.id, { pickupTemperature: 5, deliveryTemperature: 9 });
    expect(delivery).toMatchObject({ temperatureMin: 2, temperatureMax: 8, isTemperatureOutOfRange: true });
    const inbox = await t.call('GET', '/api/v1/notifications?limit=100', as(people.customer));
    const alert = (inbox.json() as { data: { notification: TNotification }[] }).data
      .map((r) => r.notification)
      .find((n) => n.type === 'TEMPERATURE_OUT_OF_RANGE' && n.link === `/shipping-requests/my-items/detail/${item.id}`);
    expect(alert?.message).toContain('配達時 9.0℃（冷蔵・依頼の指定 2〜8℃）');
  });

  it('others never see the readings; bad readings and a logger that is not a document are refused, nothing written', async () => {
    const { item } = await deliveryInProgress();
    await reportAs(people.driver, item.id, { pickupTemperature: -30 });
    // The manager applied but was not chosen: it sees the request, not the report.
    const applicant = await t.call('GET', API.privateDetail(item.id), as(people.manager));
    expect(applicant.statusCode, applicant.body).toBe(200);
    expect(applicant.json().deliveryItem).toMatchObject({ pickupTemperature: null, isTemperatureOutOfRange: false });
    expectError(await t.call('GET', API.privateDetail(item.id), as(people.otherDriver)), 404, 'REQUEST_ITEM_NOT_FOUND');

    for (const bad of [-50.1, 50.5, 3.25, '冷たい']) {
      const res = await t.call('POST', API.report(item.id), { ...as(people.driver), body: { deliveryTemperature: bad } });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.json().details).toContainEqual({ path: 'body.deliveryTemperature', message: FIELD_MESSAGES.temperature });
    }
    const photo = await uploadedPng(t, people.driver.token);
    expectError(
      await t.call('POST', API.report(item.id), {
        ...as(people.driver),
        body: { deliveryTemperature: -20, temperatureLogFileId: photo },
      }),
      400,
      'FILE_KIND_NOT_ALLOWED',
    );
    const detail = await t.call('GET', API.privateDetail(item.id), as(people.driver));
    expect(detail.json().deliveryItem).toMatchObject({
      pickupTemperature: -30,
      deliveryTemperature: null,
      temperatureLogFile: null,
    });
  });
});

describe('PATCH /request-items/complete/{id}', () => {
  it('refused until the report is complete; then COMPLETED and the driver is told (and mailed)', async () => {
    const { item } = await deliveryInProgress();
    expectError(await t.call('PATCH', API.complete(item.id), as(people.customer)), 409, 'REPORT_INCOMPLETE');
    expect((await itemRow(t, item.id)).status).toBe('IN_PROGRESS');
    // The fixtures' loads are 冷凍: readings within -15℃以下.
    await reportInFull(t, people.driver, item.id, { pickupTemperature: -18, deliveryTemperature: -17.5 });
    const res = await t.call('PATCH', API.complete(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: SUCCESS_MESSAGES.completionApproved, requestItem: { status: 'COMPLETED' } });
    expect(await notificationTypes(t, people.driver, item.id)).toContain('DELIVERY_COMPLETE_APPROVED');
    expect((await t.lastMail(people.driver.email))?.subject).toContain('配送完了報告が承認されました');
    expectError(await t.call('PATCH', API.complete(item.id), as(people.customer)), 409, 'REQUEST_STATUS_CONFLICT');
  });

  it('who may complete: another customer 404, the driver 401; before pickup work 409', async () => {
    const { item } = await approvedDelivery();
    expectError(await t.call('PATCH', API.complete(item.id), as(people.customer)), 409, 'REQUEST_STATUS_CONFLICT');
    expectError(await t.call('PATCH', API.complete(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('PATCH', API.complete(item.id), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('PATCH', API.complete('x'), as(people.customer)), 400, 'VALIDATION_FAILED');
  });
});

describe('PATCH /request-items/cancel/{id}', () => {
  it('an open delivery: CANCELLED, every talkroom closes, every applicant is told', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    await applyFixed(t, people.driver, item.id);
    await applyFixed(t, people.manager, item.id);
    const res = await t.call('PATCH', API.cancel(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SUCCESS_MESSAGES.deliveryCancelled,
      requestItem: { status: 'CANCELLED', deliveryItem: { isAllowCancel: false } },
    });
    expect((await talkroomRow(t, item.id, people.driver.id))!.isActive).toBe(false);
    expect((await talkroomRow(t, item.id, people.manager.id))!.isActive).toBe(false);
    for (const who of [people.driver, people.manager])
      expect(await notificationTypes(t, who, item.id)).toContain('DELIVERY_CANCELLED');
    expect((await t.lastMail(people.manager.email))?.subject).toContain('キャンセル');
  });

  it('an approved delivery can still be cancelled; pickup work cannot', async () => {
    const approved = await approvedDelivery();
    expect((await t.call('PATCH', API.cancel(approved.item.id), as(people.customer))).json()).toMatchObject({
      requestItem: { status: 'CANCELLED' },
    });
    const running = await deliveryInProgress();
    expectError(await t.call('PATCH', API.cancel(running.item.id), as(people.customer)), 409, 'CANCEL_NOT_ALLOWED');
    expect((await itemRow(t, running.item.id)).status).toBe('IN_PROGRESS');
    expectError(await t.call('PATCH', API.cancel(approved.item.id), as(people.customer)), 409, 'CANCEL_NOT_ALLOWED');
  });

  it('a warehouse: its own message; a matched one cannot be cancelled', async () => {
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    await applyFixed(t, people.manager, warehouse.id);
    const res = await t.call('PATCH', API.cancel(warehouse.id), as(people.customer));
    expect(res.json()).toMatchObject({ message: SUCCESS_MESSAGES.requestCancelled, requestItem: { status: 'CANCELLED' } });
    expect(await notificationTypes(t, people.manager, warehouse.id)).toContain('DELIVERY_CANCELLED');
    const { item: matched } = await matchedWarehouse(t, people.customer, people.manager);
    expectError(await t.call('PATCH', API.cancel(matched.id), as(people.customer)), 409, 'CANCEL_NOT_ALLOWED');
  });

  it('who may cancel: another customer 404, drivers and the admin 401', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    expectError(await t.call('PATCH', API.cancel(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('PATCH', API.cancel(item.id), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('PATCH', API.cancel(item.id), as(people.admin)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('PATCH', API.cancel(UNKNOWN), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expect((await itemRow(t, item.id)).status).toBe('WAITING_APPROVE');
  });
});

describe('DELETE /request-items/{id}/owner and DELETE /request-items/{id} (admin)', () => {
  it('the owner deletes an open delivery: soft, gone from every view, applicants told', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    await applyFixed(t, people.driver, item.id);
    const res = await t.call('DELETE', API.ownerDelete(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.requestDeleted });
    const row = await itemRow(t, item.id);
    expect(row).toMatchObject({ status: 'WAITING_APPROVE', deletedBy: people.customer.id });
    expect(row.deletedAt).not.toBeNull();
    expectError(await t.call('GET', API.privateDetail(item.id), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    const mine = await t.call('GET', '/api/v1/request-items/my-items?limit=100', as(people.customer));
    expect(mine.json().data.map((i: { id: string }) => i.id)).not.toContain(item.id);
    expect(await notificationTypes(t, people.driver, item.id)).toContain('DELIVERY_CANCELLED');
    expectError(await t.call('DELETE', API.ownerDelete(item.id), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
  });

  it('approved-or-later deliveries and matched warehouses cannot be deleted; cancelled warehouses can', async () => {
    const { item } = await approvedDelivery();
    expectError(await t.call('DELETE', API.ownerDelete(item.id), as(people.customer)), 409, 'DELIVERY_DELETE_NOT_ALLOWED');
    expectError(await t.call('DELETE', API.adminDelete(item.id), as(people.admin)), 409, 'DELIVERY_DELETE_NOT_ALLOWED');
    expect((await itemRow(t, item.id)).deletedAt).toBeNull();

    const { item: matched } = await matchedWarehouse(t, people.customer, people.manager);
    expectError(await t.call('DELETE', API.ownerDelete(matched.id), as(people.customer)), 409, 'WAREHOUSE_DELETE_NOT_ALLOWED');
    expectError(await t.call('DELETE', API.adminDelete(matched.id), as(people.admin)), 409, 'WAREHOUSE_DELETE_NOT_ALLOWED');

    const cancelled = await makeWarehouseRequest(t, people.customer.token);
    await t.call('PATCH', API.cancel(cancelled.id), as(people.customer));
    expect((await t.call('DELETE', API.ownerDelete(cancelled.id), as(people.customer))).statusCode).toBe(200);
  });

  it('the admin deletes a delivery or a warehouse with the matching message', async () => {
    const delivery = await makeDeliveryRequest(t, people.customer.token);
    const res = await t.call('DELETE', API.adminDelete(delivery.id), as(people.admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.deliveryDeleted });
    expect((await itemRow(t, delivery.id)).deletedBy).toBe(people.admin.id);
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    expect((await t.call('DELETE', API.adminDelete(warehouse.id), as(people.admin))).json()).toEqual({
      message: SUCCESS_MESSAGES.requestDeleted,
    });
  });

  it('who may delete: another customer 404, drivers 401, the customer on the admin call 401', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    expectError(await t.call('DELETE', API.ownerDelete(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('DELETE', API.ownerDelete(item.id), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('DELETE', API.adminDelete(item.id), as(people.customer)), 401, 'ADMIN_REQUIRED');
    expectError(await t.call('DELETE', API.adminDelete(UNKNOWN), as(people.admin)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('DELETE', API.adminDelete('x'), as(people.admin)), 400, 'VALIDATION_FAILED');
    expect((await itemRow(t, item.id)).deletedAt).toBeNull();
  });
});

/** Talkrooms: GET {id}/talkrooms, GET and POST {id}/messages — who reads, who writes, read marks, attachments. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, FIELD_MESSAGES, type TMessage, type TMessagePage, type TTalkroomList } from '@logi/contract';
import { messages, streamEvents } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { API, type Party, applyFixed, approve, expectError, notificationTypes, party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, reportImages } from '../../../test/scenario';
import { postUpload, signUploads, uploadedPng } from '../files/files.test-support';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

/** An open delivery the driver and the manager applied to. */
async function conversation() {
  const item = await makeDeliveryRequest(t, people.customer.token);
  const driver = await applyFixed(t, people.driver, item.id);
  const manager = await applyFixed(t, people.manager, item.id);
  return { item, driverRoom: driver.candidate.talkroom.id, managerRoom: manager.candidate.talkroom.id };
}

const post = (who: Party | undefined, requestItemId: string, body: unknown) =>
  t.call('POST', API.messages(requestItemId), { token: who?.token, body });
const read = (who: Party | undefined, requestItemId: string, talkroomId: string, extra = '') =>
  t.call('GET', `${API.messages(requestItemId)}?talkroomId=${talkroomId}${extra}`, { token: who?.token });

async function send(who: Party, requestItemId: string, talkroomId: string, content: string, fileIds: string[] = []) {
  const res = await post(who, requestItemId, { talkroomId, content, fileIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TMessage;
}

const messageCount = async (talkroomId: string) =>
  (await t.app.deps.db.select({ n: count() }).from(messages).where(eq(messages.talkroomId, talkroomId)))[0]!.n;

describe('POST /request-items/{id}/messages', () => {
  it('the applicant writes: 201 with the sender, the customer is told, both get it on the stream', async () => {
    const { item, driverRoom, managerRoom } = await conversation();
    const message = await send(people.driver, item.id, driverRoom, '  集荷時間の確認をお願いします。 ');
    expect(message).toMatchObject({
      talkroomId: driverRoom,
      senderId: people.driver.id,
      content: '集荷時間の確認をお願いします。',
      isRead: false,
      fileIds: [],
      files: [],
      senderInfo: { id: people.driver.id, name: '山田 太郎', role: 'DRIVER' },
    });
    expect(await notificationTypes(t, people.customer, item.id)).toContain('NEW_MESSAGE');
    expect(await notificationTypes(t, people.driver, item.id)).not.toContain('NEW_MESSAGE');
    const streamed = await t.app.deps.db.select().from(streamEvents).where(eq(streamEvents.event, 'talkroom-message'));
    const mine = streamed.find((e) => (e.data as { message: { id: string } }).message.id === message.id)!;
    expect(new Set(mine.userIds)).toEqual(new Set([people.customer.id, people.driver.id]));
    // The room's last-message time is the message's; the other room keeps none.
    const page = (await read(people.customer, item.id, driverRoom)).json() as TMessagePage;
    expect(page.talkroom.lastMessageAt).toBe(message.createdAt);
    const other = (await read(people.customer, item.id, managerRoom)).json() as TMessagePage;
    expect(other.talkroom.lastMessageAt).toBeNull();
  });

  it('the customer writes with attachments, which the other party and the admin may open and nobody else', async () => {
    const { item, managerRoom } = await conversation();
    const png = await uploadedPng(t, people.customer.token, '地図.png');
    const [pdf] = await signUploads(t, people.customer.token, [{ fileName: '指示書.pdf', fileType: 'application/pdf' }]);
    expect((await postUpload(t, pdf!, { content: Buffer.from('%PDF-1.4\n%%EOF\n') })).statusCode).toBe(204);
    const message = await send(people.customer, item.id, managerRoom, '', [png, pdf!.fileId]);
    expect(message.senderInfo).toMatchObject({ id: people.customer.id, role: 'CUSTOMER' });
    expect(message.files.map((f) => [f.id, f.fileName, f.kind])).toEqual([
      [png, '地図.png', 'IMAGE'],
      [pdf!.fileId, '指示書.pdf', 'DOCUMENT'],
    ]);
    expect(message.files[0]!.fileUrl).toEqual(expect.any(String));
    for (const who of [people.manager, people.admin])
      expect((await t.call('GET', `/api/v1/files/${png}`, { token: who.token })).statusCode).toBe(200);
    for (const who of [people.driver, people.otherCustomer]) {
      expectError(await t.call('GET', `/api/v1/files/${png}`, { token: who.token }), 404, 'FILE_NOT_FOUND');
    }
    const reply = await send(people.manager, item.id, managerRoom, '承知しました。');
    expect(reply.senderInfo.role).toBe('DRIVER_MANAGER');
  });

  it('a file that is not the sender’s, or used elsewhere: refused, no message written', async () => {
    const { item, driverRoom } = await conversation();
    const foreign = await uploadedPng(t, people.customer.token);
    expectError(
      await post(people.driver, item.id, { talkroomId: driverRoom, content: 'x', fileIds: [foreign] }),
      404,
      'FILE_NOT_FOUND',
    );
    const own = await uploadedPng(t, people.driver.token);
    await send(people.driver, item.id, driverRoom, 'first', [own]);
    expectError(
      await post(people.driver, item.id, { talkroomId: driverRoom, content: 'again', fileIds: [own] }),
      409,
      'FILE_ALREADY_ATTACHED',
    );
    expect(await messageCount(driverRoom)).toBe(1);
  });

  it('a closed talkroom is read-only: 409 (not chosen)', async () => {
    const { item, managerRoom } = await conversation();
    const list = await t.call('GET', `${API.candidates}?requestId=${item.id}`, { token: people.customer.token });
    const driverCandidate = (list.json().data as { id: string; applicantId: string }[]).find(
      (c) => c.applicantId === people.driver.id,
    )!;
    await approve(t, people.customer, driverCandidate.id, item.id);
    expectError(
      await post(people.manager, item.id, { talkroomId: managerRoom, content: 'まだ可能ですか' }),
      409,
      'TALKROOM_INACTIVE',
    );
    expect(await messageCount(managerRoom)).toBe(0);
    // Still readable.
    expect((await read(people.manager, item.id, managerRoom)).json().talkroom).toMatchObject({
      id: managerRoom,
      isActive: false,
    });
  });

  it('the approved room stays writable through the job (after both meeting completes, with a reading out of range) and closes when the delivery completes', async () => {
    const { item, talkroomId: room } = await approvedDelivery(t, people.customer, people.driver, {
      vehicleTemperatureRange: 'REFRIGERATED',
    });
    expect((await t.call('PATCH', API.inactivate(room), { token: people.customer.token })).statusCode).toBe(200);
    await send(people.customer, item.id, room, '当日はよろしくお願いします。');
    expect((await t.call('PATCH', API.confirmReceive(item.id), { token: people.driver.token })).statusCode).toBe(200);
    const images = await reportImages(t, people.driver);
    const report = await t.call('POST', API.report(item.id), {
      token: people.driver.token,
      body: { ...images, pickupTemperature: 4, deliveryTemperature: 12.5 },
    });
    expect(report.json().requestItem.deliveryItem).toMatchObject({ isTemperatureOutOfRange: true });
    // What the alert asks of them can be done: both sides write in the room before the approval.
    await send(people.customer, item.id, room, '配達時の温度が基準外です。状況を教えてください。');
    await send(people.driver, item.id, room, '荷下ろし待ちの間に扉を開けていました。');
    expect((await read(people.driver, item.id, room)).json().talkroom).toMatchObject({ id: room, isActive: true });

    expect((await t.call('PATCH', API.complete(item.id), { token: people.customer.token })).statusCode).toBe(200);
    expectError(await post(people.driver, item.id, { talkroomId: room, content: '追加の連絡' }), 409, 'TALKROOM_INACTIVE');
    expect(await messageCount(room)).toBe(3);
    expect((await read(people.customer, item.id, room)).json().talkroom).toMatchObject({ id: room, isActive: false });
  });

  it('who may write: another applicant or customer 404, the admin 401; bad input 400', async () => {
    const { item, driverRoom } = await conversation();
    expectError(await post(people.manager, item.id, { talkroomId: driverRoom, content: 'x' }), 404, 'TALKROOM_NOT_FOUND');
    expectError(await post(people.otherCustomer, item.id, { talkroomId: driverRoom, content: 'x' }), 404, 'TALKROOM_NOT_FOUND');
    expectError(await post(people.otherDriver, item.id, { talkroomId: driverRoom, content: 'x' }), 404, 'TALKROOM_NOT_FOUND');
    const other = await conversation();
    expectError(await post(people.driver, other.item.id, { talkroomId: driverRoom, content: 'x' }), 404, 'TALKROOM_NOT_FOUND');
    expectError(await post(people.admin, item.id, { talkroomId: driverRoom, content: 'x' }), 401, 'ROLE_NOT_ALLOWED');
    expectError(await post(undefined, item.id, { talkroomId: driverRoom, content: 'x' }), 401, 'UNAUTHENTICATED');

    const cases: [unknown, string, string][] = [
      [{ talkroomId: driverRoom, content: '   ' }, 'body.content', FIELD_MESSAGES.messageEmpty],
      [{ talkroomId: driverRoom }, 'body.content', FIELD_MESSAGES.messageEmpty],
      [{ talkroomId: driverRoom, content: 'あ'.repeat(2001) }, 'body.content', FIELD_MESSAGES.tooLong(2000)],
      [{ talkroomId: driverRoom, content: 1 }, 'body.content', FIELD_MESSAGES.invalidType],
      [
        { talkroomId: driverRoom, content: 'x', fileIds: Array.from({ length: 6 }, () => crypto.randomUUID()) },
        'body.fileIds',
        CLIENT_MESSAGES.tooManyFiles(5),
      ],
      [{ content: 'x' }, 'body.talkroomId', FIELD_MESSAGES.uuid],
    ];
    for (const [body, path, message] of cases) {
      const res = await post(people.driver, item.id, body);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.json().details, JSON.stringify(body).slice(0, 80)).toContainEqual({ path, message });
    }
    expect(await messageCount(driverRoom)).toBe(0);
  });
});

describe('the new-message notification', () => {
  async function customerNotices(requestItemId: string) {
    const res = await t.call('GET', '/api/v1/notifications?limit=100', { token: people.customer.token });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (
      res.json() as {
        data: { isRead: boolean; notification: { type: string; title: string; message: string; link: string | null } }[];
      }
    ).data;
    return rows.filter((r) => r.notification.type === 'NEW_MESSAGE' && r.notification.link?.includes(requestItemId));
  }

  it('names the sender and the request and quotes the message; reading the room marks it read', async () => {
    const { item, driverRoom } = await conversation();
    await send(people.driver, item.id, driverRoom, '集荷時間の確認をお願いします。');
    const [notice] = await customerNotices(item.id);
    expect(notice).toMatchObject({
      isRead: false,
      notification: {
        title: '山田 太郎さんからメッセージ',
        message: `${item.deliveryItem!.baggageName}: 集荷時間の確認をお願いします。`,
      },
    });
    // The customer opens the room (its messages): the notice is read, as the message is.
    expect((await read(people.customer, item.id, driverRoom)).statusCode).toBe(200);
    expect((await customerNotices(item.id)).map((n) => n.isRead)).toEqual([true]);
    // The admin reading the room reads nothing on the customer's behalf.
    await send(people.driver, item.id, driverRoom, 'もう一件あります。');
    expect((await read(people.admin, item.id, driverRoom)).statusCode).toBe(200);
    expect((await customerNotices(item.id)).map((n) => n.isRead).sort()).toEqual([false, true]);
  });
});

describe('GET /request-items/{id}/messages', () => {
  it('newest first with files and senders, paginated; reading marks the other party’s messages read', async () => {
    const { item, driverRoom } = await conversation();
    const png = await uploadedPng(t, people.driver.token);
    const m1 = await send(people.driver, item.id, driverRoom, '1通目', [png]);
    const m2 = await send(people.customer, item.id, driverRoom, '2通目');
    const m3 = await send(people.driver, item.id, driverRoom, '3通目');

    const res = await read(people.customer, item.id, driverRoom, '&limit=2');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TMessagePage;
    expect(page.meta).toMatchObject({ totalCount: 3, pageCount: 2, currentPage: 1 });
    expect(page.talkroom).toMatchObject({ id: driverRoom, isActive: true, appliedUserId: people.driver.id });
    expect(page.data.map((m) => m.id)).toEqual([m3.id, m2.id]);
    // The customer has now read the driver's messages; its own wait for the driver.
    expect(page.data.map((m) => m.isRead)).toEqual([true, false]);
    const older = (await read(people.customer, item.id, driverRoom, '&page=2&limit=2')).json() as TMessagePage;
    expect(older.data).toMatchObject([
      { id: m1.id, isRead: true, fileIds: [png], files: [{ id: png, kind: 'IMAGE' }], senderInfo: { role: 'DRIVER' } },
    ]);

    const asDriver = (await read(people.driver, item.id, driverRoom)).json() as TMessagePage;
    expect(asDriver.data.map((m) => [m.content, m.isRead])).toEqual([
      ['3通目', true],
      ['2通目', true],
      ['1通目', true],
    ]);
  });

  it('the admin reads without marking anything read; strangers get 404', async () => {
    const { item, driverRoom } = await conversation();
    await send(people.driver, item.id, driverRoom, '管理者は既読にしない');
    const res = await read(people.admin, item.id, driverRoom);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TMessagePage).data).toMatchObject([{ isRead: false }]);
    expectError(await read(people.manager, item.id, driverRoom), 404, 'TALKROOM_NOT_FOUND');
    expectError(await read(people.otherCustomer, item.id, driverRoom), 404, 'TALKROOM_NOT_FOUND');
    const other = await conversation();
    expectError(await read(people.customer, other.item.id, driverRoom), 404, 'TALKROOM_NOT_FOUND');
    expectError(await read(people.customer, item.id, crypto.randomUUID()), 404, 'TALKROOM_NOT_FOUND');
    expectError(await read(undefined, item.id, driverRoom), 401, 'UNAUTHENTICATED');
    expectError(await t.call('GET', API.messages(item.id), { token: people.customer.token }), 400, 'VALIDATION_FAILED');
    expect((await read(people.admin, item.id, driverRoom)).json().data).toMatchObject([{ isRead: false }]);
  });

  it('a deleted request: 404', async () => {
    const { item, driverRoom } = await conversation();
    await t.call('DELETE', API.ownerDelete(item.id), { token: people.customer.token });
    expectError(await read(people.driver, item.id, driverRoom), 404, 'REQUEST_ITEM_NOT_FOUND');
  });
});

describe('GET /request-items/{id}/talkrooms', () => {
  it('the owner sees every talkroom with the applicant, the last message and what it has not read', async () => {
    const { item, driverRoom, managerRoom } = await conversation();
    await send(people.driver, item.id, driverRoom, 'こんにちは');
    await send(people.driver, item.id, driverRoom, 'よろしくお願いします');
    const res = await t.call('GET', API.talkrooms(item.id), { token: people.customer.token });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as TTalkroomList;
    expect(list.data).toMatchObject([
      {
        id: driverRoom,
        applicant: { id: people.driver.id, name: '山田 太郎', companyName: 'テスト株式会社' },
        lastMessage: { content: 'よろしくお願いします', senderId: people.driver.id },
        unreadCount: 2,
        isActive: true,
        customerMeetingCompletedAt: null,
      },
      { id: managerRoom, lastMessage: null, unreadCount: 0 },
    ]);
    await read(people.customer, item.id, driverRoom);
    const after = (await t.call('GET', API.talkrooms(item.id), { token: people.customer.token })).json() as TTalkroomList;
    expect(after.data[0]!.unreadCount).toBe(0);
  });

  it('an applicant sees its own, the admin all; strangers 404', async () => {
    const { item, driverRoom } = await conversation();
    expect(
      (await t.call('GET', API.talkrooms(item.id), { token: people.driver.token })).json().data.map((r: { id: string }) => r.id),
    ).toEqual([driverRoom]);
    expect((await t.call('GET', API.talkrooms(item.id), { token: people.admin.token })).json().data).toHaveLength(2);
    expectError(await t.call('GET', API.talkrooms(item.id), { token: people.otherDriver.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(
      await t.call('GET', API.talkrooms(item.id), { token: people.otherCustomer.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(await t.call('GET', API.talkrooms(item.id)), 401, 'UNAUTHENTICATED');
  });
});

describe('display names of nameless accounts (names are optional at registration)', () => {
  const nameless = { lastName: undefined, firstName: undefined };

  it('an applicant never sees a nameless customer’s e-mail: the sender is named by the role', async () => {
    const customer = await party(t, ['CUSTOMER'], nameless);
    const item = await makeDeliveryRequest(t, customer.token);
    const { candidate } = await applyFixed(t, people.driver, item.id);
    await send(customer, item.id, candidate.talkroom.id, 'よろしくお願いします。');
    const page = (await read(people.driver, item.id, candidate.talkroom.id)).json() as TMessagePage;
    expect(page.data[0]!.senderInfo).toEqual({ id: customer.id, name: '荷主', role: 'CUSTOMER' });
    expect(JSON.stringify(page)).not.toContain(customer.email);
  });

  it('the customer sees a nameless applicant by its company name, never its e-mail as a name', async () => {
    const manager = await party(t, ['DRIVER_MANAGER'], nameless);
    const item = await makeDeliveryRequest(t, people.customer.token);
    const { candidate } = await applyFixed(t, manager, item.id);
    await send(manager, item.id, candidate.talkroom.id, '応募しました。');
    const page = (await read(people.customer, item.id, candidate.talkroom.id)).json() as TMessagePage;
    expect(page.data[0]!.senderInfo.name).toBe('テスト株式会社');
    const rooms = (await t.call('GET', API.talkrooms(item.id), { token: people.customer.token })).json() as TTalkroomList;
    expect(rooms.data.find((r) => r.id === candidate.talkroom.id)!.applicant.name).toBe('テスト株式会社');
  });
});

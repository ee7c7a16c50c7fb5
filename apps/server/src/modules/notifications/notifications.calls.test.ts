/** The notification calls of spec §7: success, each error status of §8, other users' notifications, roles. */
import { ERROR_MESSAGES } from '@logi/contract';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/events';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeManagerWithDrivers, makeUser } from '../../../test/fixtures';
import { expectError, uploadedPng } from '../files/files.test-support';
import { recordEvent, withEvents } from './notifications.service';

let t: TestApp;
let admin: { id: string; token: string };
let customer: { id: string; email: string; token: string };
let driver: { id: string; token: string };
let manager: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const signIn = async (
    roles: Parameters<typeof makeUser>[1],
    role: 'ADMIN' | 'CUSTOMER' | 'DRIVER' | 'DRIVER_MANAGER',
    extra = {},
  ) => {
    const user = await makeUser(t, roles, extra);
    return { id: user.id, email: user.email, token: (await login(t, user.email, role)).accessToken };
  };
  admin = await signIn(['ADMIN'], 'ADMIN');
  customer = await signIn(['CUSTOMER'], 'CUSTOMER');
  const team = await makeManagerWithDrivers(t, 1);
  manager = { id: team.manager.id, token: (await login(t, team.manager.email, 'DRIVER_MANAGER')).accessToken };
  driver = { id: team.drivers[0]!.id, token: (await login(t, team.drivers[0]!.email, 'DRIVER')).accessToken };
});
afterAll(() => t.close());

const record = (event: DomainEvent) => withEvents(t.app.deps, (tx) => recordEvent(tx, event));
const N = '/api/v1/notifications';

async function eventFor(userId: string) {
  const { notificationIds } = await record({
    type: 'DELIVERY_REPORT_SUBMITTED',
    requestItemId: uuidv7(),
    driverId: driver.id,
    customerId: userId,
  });
  return notificationIds[0]!;
}

async function broadcast(body: Record<string, unknown>, token = admin.token) {
  return t.call('POST', `${N}/broadcast`, { token, body });
}

describe('GET /notifications, has-unread, detail, mark-as-read', () => {
  it('lists the caller’s notifications newest first, by tab, paginated', async () => {
    const first = await eventFor(customer.id);
    const second = await eventFor(customer.id);
    const announced = await broadcast({ targetRoles: ['CUSTOMER'], title: 'お知らせ1', message: '本文' });
    expect(announced.statusCode).toBe(201);
    const systemId = announced.json().id as string;

    const all = await t.call('GET', `${N}?limit=2`, { token: customer.token });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({
      isFirstPage: true,
      isLastPage: false,
      currentPage: 1,
      previousPage: null,
      nextPage: 2,
      pageCount: 2,
      totalCount: 3,
    });
    expect(all.json().data.map((d: { notificationId: string }) => d.notificationId)).toEqual([systemId, second]);

    const events = await t.call('GET', `${N}?isSystemNotifications=false`, { token: customer.token });
    expect(events.json().data.map((d: { notificationId: string }) => d.notificationId)).toEqual([second, first]);
    expect(events.json().data[0]).toMatchObject({
      userId: customer.id,
      isRead: false,
      readAt: null,
      notification: {
        id: second,
        kind: 'EVENT_NOTIFICATION',
        type: 'DELIVERY_COMPLETE_REPORT',
        title: '配送完了報告が届きました',
      },
    });

    const system = await t.call('GET', `${N}?isSystemNotifications=true`, { token: customer.token });
    expect(system.json().data.map((d: { notificationId: string }) => d.notificationId)).toEqual([systemId]);

    // Another user sees none of them.
    const driverList = await t.call('GET', N, { token: driver.token });
    expect(driverList.json().meta.totalCount).toBe(0);
  });

  it('answers 400 with Japanese field errors for a bad query', async () => {
    const res = await t.call('GET', `${N}?page=0&limit=1000&isSystemNotifications=maybe`, { token: customer.token });
    expectError(res, 400, 'VALIDATION_FAILED');
    const paths = (res.json().details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['querystring.isSystemNotifications', 'querystring.limit', 'querystring.page']);
  });

  it('tells whether anything is unread, and marks read once', async () => {
    const fresh = await makeUser(t, ['CUSTOMER']);
    const token = (await login(t, fresh.email, 'CUSTOMER')).accessToken;
    expect((await t.call('GET', `${N}/has-unread`, { token })).json()).toEqual({ hasUnreadNotifications: false });
    const id = await eventFor(fresh.id);
    expect((await t.call('GET', `${N}/has-unread`, { token })).json()).toEqual({ hasUnreadNotifications: true });

    const read = await t.call('PATCH', `${N}/${id}/mark-as-read`, { token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ notificationId: id, userId: fresh.id, isRead: true });
    const readAt = read.json().readAt as string;
    expect(Date.parse(readAt)).not.toBeNaN();
    const again = await t.call('PATCH', `${N}/${id}/mark-as-read`, { token });
    expect(again.json()).toMatchObject({ isRead: true, readAt });
    expect((await t.call('GET', `${N}/has-unread`, { token })).json()).toEqual({ hasUnreadNotifications: false });
  });

  it('shows the detail of the caller’s own notification; another user’s is 404', async () => {
    const id = await eventFor(customer.id);
    const mine = await t.call('GET', `${N}/${id}`, { token: customer.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      notificationId: id,
      notification: { id, files: [], link: expect.stringMatching(/^\/shipping-requests\/my-items\/detail\//) },
    });

    for (const call of [
      () => t.call('GET', `${N}/${id}`, { token: driver.token }),
      () => t.call('PATCH', `${N}/${id}/mark-as-read`, { token: driver.token }),
      () => t.call('GET', `${N}/${uuidv7()}`, { token: customer.token }),
      () => t.call('PATCH', `${N}/${uuidv7()}/mark-as-read`, { token: customer.token }),
    ]) {
      expectError(await call(), 404, 'NOTIFICATION_NOT_FOUND');
    }
    // The other user's attempt changed nothing.
    expect((await t.call('GET', `${N}/${id}`, { token: customer.token })).json().isRead).toBe(false);
    expectError(await t.call('GET', `${N}/not-a-uuid`, { token: customer.token }), 400, 'VALIDATION_FAILED');
  });

  it('refuses every call without a valid token', async () => {
    const id = uuidv7();
    const announcement = { title: 'a', message: 'b' };
    for (const [method, url, body] of [
      ['GET', N, undefined],
      ['GET', `${N}/has-unread`, undefined],
      ['GET', `${N}/${id}`, undefined],
      ['PATCH', `${N}/${id}/mark-as-read`, undefined],
      ['GET', `${N}/system`, undefined],
      ['GET', `${N}/${id}/system`, undefined],
      ['POST', `${N}/broadcast`, { ...announcement, targetRoles: ['DRIVER'] }],
      ['POST', `${N}/message`, { ...announcement, userId: customer.id }],
    ] as const) {
      expectError(await t.call(method, url, { body }), 401, 'UNAUTHENTICATED');
      expectError(await t.call(method, url, { body, token: 'not-a-jwt' }), 401, 'ACCESS_TOKEN_INVALID');
    }
  });
});

describe('announcements (admin)', () => {
  it('broadcasts to the chosen roles with attachments; recipients read them, others cannot', async () => {
    const fileId = await uploadedPng(t, admin.token, '休業案内.png');
    const res = await broadcast({
      targetRoles: ['DRIVER', 'DRIVER_MANAGER'],
      title: '  システムメンテナンスのお知らせ ',
      message: '11月30日 2:00〜4:00',
      fileIds: [fileId],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'SYSTEM_NOTIFICATION',
      type: 'SYSTEM_NOTIFICATION',
      title: 'システムメンテナンスのお知らせ',
      message: '11月30日 2:00〜4:00',
      link: `/notifications/detail/${body.id}`,
      fileIds: [fileId],
      targetRoles: ['DRIVER', 'DRIVER_MANAGER'],
      targetUserId: null,
      senderId: admin.id,
      recipientCount: 2,
      files: [{ id: fileId, fileName: '休業案内.png', isUploaded: true }],
    });

    const seen = await t.call('GET', `${N}/${body.id}`, { token: driver.token });
    expect(seen.statusCode).toBe(200);
    const file = seen.json().notification.files[0];
    expect(file).toMatchObject({ id: fileId, fileUrl: expect.any(String) });
    // The recipient may open the attachment; the customer (not a recipient) may not.
    expect((await t.call('GET', `/api/v1/files/${fileId}`, { token: manager.token })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/files/${fileId}`, { token: customer.token })).statusCode).toBe(404);
    expectError(await t.call('GET', `${N}/${body.id}`, { token: customer.token }), 404, 'NOTIFICATION_NOT_FOUND');

    const detail = await t.call('GET', `${N}/${body.id}/system`, { token: admin.token });
    expect(detail.statusCode).toBe(200);
    // The same view (the download URL is signed afresh on each read).
    const withoutUrls = (v: { files: { fileUrl: unknown }[] }) => ({
      ...v,
      files: v.files.map((f) => ({ ...f, fileUrl: 'signed' })),
    });
    expect(withoutUrls(detail.json())).toEqual(withoutUrls(body));
  });

  it('refuses invalid broadcasts with 400 and writes nothing', async () => {
    const before = (await t.call('GET', `${N}/system?limit=100`, { token: admin.token })).json().meta.totalCount;
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['body.message', 'body.targetRoles', 'body.title']],
      [{ targetRoles: [], title: 'a', message: 'b' }, ['body.targetRoles']],
      [{ targetRoles: ['ADMIN'], title: 'a', message: 'b' }, ['body.targetRoles.0']],
      [{ targetRoles: ['DRIVER'], title: ' ', message: 'x'.repeat(5001) }, ['body.message', 'body.title']],
      [{ targetRoles: ['DRIVER'], title: 'a', message: 'b', fileIds: ['nope'] }, ['body.fileIds.0']],
    ];
    for (const [body, paths] of cases) {
      const res = await broadcast(body);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect((res.json().details as { path: string }[]).map((d) => d.path).sort()).toEqual(paths);
    }
    // Someone else's upload cannot be attached; the announcement is not written either.
    const foreign = await uploadedPng(t, customer.token);
    expectError(
      await broadcast({ targetRoles: ['DRIVER'], title: 'a', message: 'b', fileIds: [foreign] }),
      404,
      'FILE_NOT_FOUND',
    );
    expect((await t.call('GET', `${N}/system?limit=100`, { token: admin.token })).json().meta.totalCount).toBe(before);
  });

  it('sends a message to one account; an unknown account is 404', async () => {
    const res = await t.call('POST', `${N}/message`, {
      token: admin.token,
      body: { userId: customer.id, title: 'ご登録内容の確認', message: '会社情報をご確認ください。' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ targetRoles: null, targetUserId: customer.id, recipientCount: 1, files: [] });
    const list = await t.call('GET', `${N}?isSystemNotifications=true`, { token: customer.token });
    expect(list.json().data[0].notification).toMatchObject({ id: res.json().id, title: 'ご登録内容の確認' });
    expect(
      (await t.call('GET', `${N}?isSystemNotifications=true`, { token: driver.token }))
        .json()
        .data.map((d: { notificationId: string }) => d.notificationId),
    ).not.toContain(res.json().id);

    expectError(
      await t.call('POST', `${N}/message`, { token: admin.token, body: { userId: uuidv7(), title: 'a', message: 'b' } }),
      404,
      'USER_NOT_FOUND',
    );
    const bad = await t.call('POST', `${N}/message`, { token: admin.token, body: { userId: 'x', title: '', message: 'b' } });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect((bad.json().details as { path: string }[]).map((d) => d.path).sort()).toEqual(['body.title', 'body.userId']);
  });

  it('lists system notifications with a keyword; event notifications are not among them', async () => {
    await broadcast({ targetRoles: ['CUSTOMER'], title: '料金改定のお知らせ', message: '2027年1月から' });
    await broadcast({ targetRoles: ['CUSTOMER'], title: '新機能', message: '100%_対応の料金表' });
    const eventId = await eventFor(customer.id);

    const found = await t.call('GET', `${N}/system?keyword=${encodeURIComponent('料金')}`, { token: admin.token });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((d: { title: string }) => d.title)).toEqual(['新機能', '料金改定のお知らせ']);
    // LIKE wildcards in the keyword match themselves.
    const literal = await t.call('GET', `${N}/system?keyword=${encodeURIComponent('%_')}`, { token: admin.token });
    expect(literal.json().data.map((d: { title: string }) => d.title)).toEqual(['新機能']);

    const all = await t.call('GET', `${N}/system?limit=100`, { token: admin.token });
    expect(all.json().data.map((d: { id: string }) => d.id)).not.toContain(eventId);
    expectError(await t.call('GET', `${N}/${eventId}/system`, { token: admin.token }), 404, 'SYSTEM_NOTIFICATION_NOT_FOUND');
    expectError(await t.call('GET', `${N}/${uuidv7()}/system`, { token: admin.token }), 404, 'SYSTEM_NOTIFICATION_NOT_FOUND');
  });

  it('is for admins only (401 with the admin message)', async () => {
    const id = uuidv7();
    for (const token of [customer.token, driver.token, manager.token]) {
      for (const [method, url, body] of [
        ['GET', `${N}/system`, undefined],
        ['GET', `${N}/${id}/system`, undefined],
        ['POST', `${N}/broadcast`, { targetRoles: ['DRIVER'], title: 'a', message: 'b' }],
        ['POST', `${N}/message`, { userId: customer.id, title: 'a', message: 'b' }],
      ] as const) {
        const res = await t.call(method, url, { token, body });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'ADMIN_REQUIRED', message: ERROR_MESSAGES.ADMIN_REQUIRED });
      }
    }
  });
});

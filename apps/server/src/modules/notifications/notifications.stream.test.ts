/**
 * GET /notifications/stream over a real listening server, read like the web reads it
 * (fetch, bearer header, Last-Event-ID): delivery, heartbeat, resume, refusal,
 * isolation between users, talkroom messages, and the ends of a stream.
 */
import type { AddressInfo } from 'node:net';
import { STREAM_HEARTBEAT_MS } from '@logi/contract';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/events';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { openStream, type SseEvent, type SseStream } from '../../../test/sse';
import { grantRole } from '../accounts/accounts.service';
import * as repo from './notifications.repository';
import { recordEvent, withEvents } from './notifications.service';

let t: TestApp;
let base: string;
const open: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ STREAM_HEARTBEAT_MS: '300' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function signedIn(roles: Parameters<typeof makeUser>[1], role: 'ADMIN' | 'CUSTOMER' | 'DRIVER' | 'DRIVER_MANAGER') {
  const user = await makeUser(t, roles);
  const session = await login(t, user.email, role);
  return { id: user.id, email: user.email, token: session.accessToken };
}

async function stream(token?: string, lastEventId?: string) {
  const s = await openStream(base, { token, lastEventId });
  open.push(s);
  return s;
}

const record = (event: DomainEvent) => withEvents(t.app.deps, (tx) => recordEvent(tx, event));
const reportFor = (customerId: string) =>
  record({ type: 'DELIVERY_REPORT_SUBMITTED', requestItemId: uuidv7(), driverId: uuidv7(), customerId });
const isNotification = (id: string) => (e: SseEvent) => e.event === 'notification' && (e.data as { id: string }).id === id;

describe('GET /notifications/stream', () => {
  it('refuses a caller without a valid token with the usual JSON 401', async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const res = await fetch(`${base}/api/v1/notifications/stream`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { code: string }).code).toBe(token ? 'ACCESS_TOKEN_INVALID' : 'UNAUTHENTICATED');
    }
  });

  it('delivers the user’s notifications with ids, and heartbeats', async () => {
    const customer = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const s = await stream(customer.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    const ready = await s.next((e) => e.event === 'ready');
    expect(ready.id).toMatch(/^\d+$/);

    const { notificationIds } = await reportFor(customer.id);
    const got = await s.next(isNotification(notificationIds[0]!));
    expect(Number(got.id)).toBeGreaterThan(Number(ready.id));
    expect(got.data).toMatchObject({
      id: notificationIds[0],
      kind: 'EVENT_NOTIFICATION',
      type: 'DELIVERY_COMPLETE_REPORT',
      title: '配送完了報告が届きました',
      link: expect.stringMatching(/^\/shipping-requests\/my-items\/detail\//),
    });

    // Two heartbeats at the configured interval, with no id (they do not move the resume point).
    // The upper bound is half the default interval: it tells the configured 300 ms from the
    // default, with room for a busy machine's late timers.
    const h1 = await s.next((e) => e.event === 'heartbeat');
    const h2 = await s.next((e) => e.event === 'heartbeat');
    expect(h1.id).toBeUndefined();
    const gap = Date.parse((h2.data as { at: string }).at) - Date.parse((h1.data as { at: string }).at);
    expect(gap).toBeGreaterThanOrEqual(200);
    expect(gap).toBeLessThan(STREAM_HEARTBEAT_MS / 2);
  });

  it('never sends a user another user’s events', async () => {
    const a = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const b = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const sa = await stream(a.token);
    const sb = await stream(b.token);
    await Promise.all([sa.next((e) => e.event === 'ready'), sb.next((e) => e.event === 'ready')]);

    const forA = (await reportFor(a.id)).notificationIds[0]!;
    const forB = (await reportFor(b.id)).notificationIds[0]!;
    await sa.next(isNotification(forA));
    await sb.next(isNotification(forB));
    // Events reach a stream in publish order: had A's reached B, it would be there by now.
    const ids = (s: SseStream) => s.events.filter((e) => e.event === 'notification').map((e) => (e.data as { id: string }).id);
    expect(ids(sa)).toEqual([forA]);
    expect(ids(sb)).toEqual([forB]);
  });

  it('resumes with Last-Event-ID after a dropped connection: what was missed, in order, then live', async () => {
    const customer = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const other = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const first = await stream(customer.token);
    await first.next((e) => e.event === 'ready');
    const seen = (await reportFor(customer.id)).notificationIds[0]!;
    await first.next(isNotification(seen));
    const resumeFrom = first.lastEventId()!;
    first.close();

    // While disconnected: two for the user, one for someone else.
    const missed1 = (await reportFor(customer.id)).notificationIds[0]!;
    await reportFor(other.id);
    const missed2 = (await reportFor(customer.id)).notificationIds[0]!;

    const again = await stream(customer.token, resumeFrom);
    const r1 = await again.next((e) => e.event === 'notification');
    const r2 = await again.next((e) => e.event === 'notification');
    expect([(r1.data as { id: string }).id, (r2.data as { id: string }).id]).toEqual([missed1, missed2]);
    expect(Number(r1.id)).toBeGreaterThan(Number(resumeFrom));
    expect(Number(r2.id)).toBeGreaterThan(Number(r1.id));

    const live = (await reportFor(customer.id)).notificationIds[0]!;
    await again.next(isNotification(live));
    // Nothing twice, nothing of the other user.
    const ids = again.events.filter((e) => e.event === 'notification').map((e) => (e.data as { id: string }).id);
    expect(ids).toEqual([missed1, missed2, live]);
  });

  it('never skips on resume an event published after a newer one (commits race to publish)', async () => {
    const customer = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const s = await stream(customer.token);
    await s.next((e) => e.event === 'ready');
    // Two committed events whose publications cross: the newer is published first, the
    // older only once the client has gone away (what two racing commits can do).
    const [older, newer] = await t.app.deps.db.transaction((tx) =>
      repo.appendStreamEvents(
        tx,
        ['older', 'newer'].map((marker) => ({
          userIds: [customer.id],
          notificationId: null,
          event: 'talkroom-message',
          data: { marker },
        })),
      ),
    );
    const publish = (id: number, marker: string) =>
      t.app.deps.realtime.publish({ target: { userIds: [customer.id] }, event: 'talkroom-message', id, data: { marker } });
    await publish(newer!, 'newer');
    await s.next((e) => e.id === String(newer));
    s.close();
    await publish(older!, 'older');

    const again = await stream(customer.token, s.lastEventId());
    const later = (await reportFor(customer.id)).notificationIds[0]!;
    await again.next(isNotification(later));
    const received = [...s.events, ...again.events].filter((e) => e.event === 'talkroom-message').map((e) => e.data);
    expect(received).toEqual([{ marker: 'older' }, { marker: 'newer' }]);
  });

  it('replays an announcement only to the accounts that received it', async () => {
    const admin = await signedIn(['ADMIN'], 'ADMIN');
    const before = await signedIn(['DRIVER'], 'DRIVER');
    const s = await stream(before.token);
    const resumeFrom = (await s.next((e) => e.event === 'ready')).id!;
    s.close();
    const res = await t.call('POST', '/api/v1/notifications/broadcast', {
      token: admin.token,
      body: { targetRoles: ['DRIVER'], title: '登録済みの方へ', message: '以前からの会員へのお知らせです。' },
    });
    expect(res.statusCode).toBe(201);
    const broadcastId = (res.json() as { id: string }).id;
    // Registered after the announcement: not a recipient, in its list or on resume.
    const after = await signedIn(['DRIVER'], 'DRIVER');
    const list = await t.call('GET', '/api/v1/notifications?isSystemNotifications=true', { token: after.token });
    expect(list.json().data).toEqual([]);

    const late = await stream(after.token, resumeFrom);
    const lateMarker = (await reportFor(after.id)).notificationIds[0]!;
    await late.next(isNotification(lateMarker));
    expect(late.events.some(isNotification(broadcastId))).toBe(false);
    // The account that held the role when it was sent gets it on resume.
    const back = await stream(before.token, resumeFrom);
    await back.next(isNotification(broadcastId));
  });

  it('tells a client to refetch when it cannot replay (unknown position)', async () => {
    const customer = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const s = await stream(customer.token, '999999999999');
    const resync = await s.next((e) => e.event === 'resync');
    expect(resync.id).toMatch(/^\d+$/);
    const next = (await reportFor(customer.id)).notificationIds[0]!;
    await s.next(isNotification(next));
  });

  it('carries talkroom messages on the same stream, to both participants', async () => {
    const customer = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const driver = await signedIn(['DRIVER'], 'DRIVER');
    const sc = await stream(customer.token);
    const sd = await stream(driver.token);
    await Promise.all([sc.next((e) => e.event === 'ready'), sd.next((e) => e.event === 'ready')]);
    const requestItemId = uuidv7();
    const talkroomId = uuidv7();
    const messageId = uuidv7();
    await record({
      type: 'TALKROOM_MESSAGE_POSTED',
      requestItemId,
      talkroomId,
      messageId,
      senderId: driver.id,
      senderName: 'ドライバー',
      subject: '冷凍食品',
      participantIds: [customer.id, driver.id],
      content: '本日15時に到着予定です。',
      fileIds: [],
      createdAt: new Date(),
    });
    for (const s of [sc, sd]) {
      const m = await s.next((e) => e.event === 'talkroom-message');
      expect(m.id).toMatch(/^\d+$/);
      expect(m.data).toMatchObject({
        requestItemId,
        talkroomId,
        message: { id: messageId, senderId: driver.id, content: '本日15時に到着予定です。' },
      });
    }
    // Only the recipient gets the NEW_MESSAGE notification (published with the message, just before it).
    const newMessage = (e: SseEvent) => e.event === 'notification' && (e.data as { type: string }).type === 'NEW_MESSAGE';
    expect(sc.events.filter(newMessage)).toHaveLength(1);
    expect(sd.events.some((e) => e.event === 'notification')).toBe(false);
  });

  it('delivers an admin broadcast to the target role only', async () => {
    const admin = await signedIn(['ADMIN'], 'ADMIN');
    const driver = await signedIn(['DRIVER'], 'DRIVER');
    const customer = await signedIn(['CUSTOMER'], 'CUSTOMER');
    const sd = await stream(driver.token);
    const sc = await stream(customer.token);
    await Promise.all([sd.next((e) => e.event === 'ready'), sc.next((e) => e.event === 'ready')]);
    const res = await t.call('POST', '/api/v1/notifications/broadcast', {
      token: admin.token,
      body: { targetRoles: ['DRIVER'], title: '安全運転のお願い', message: '年末は道路が混雑します。' },
    });
    expect(res.statusCode).toBe(201);
    const got = await sd.next(isNotification(res.json().id));
    expect(got.data).toMatchObject({ kind: 'SYSTEM_NOTIFICATION', title: '安全運転のお願い' });
    // The customer's stream got the next event addressed to it, but not the broadcast.
    const mine = (await reportFor(customer.id)).notificationIds[0]!;
    await sc.next(isNotification(mine));
    expect(sc.events.some(isNotification(res.json().id))).toBe(false);
  });

  it('delivers a broadcast live to the accounts it was written for, a role given while the stream is open included', async () => {
    const admin = await signedIn(['ADMIN'], 'ADMIN');
    const driver = await signedIn(['DRIVER'], 'DRIVER');
    const s = await stream(driver.token);
    await s.next((e) => e.event === 'ready');
    await grantRole(t.app.deps.db, driver.id, 'CUSTOMER');
    const res = await t.call('POST', '/api/v1/notifications/broadcast', {
      token: admin.token,
      body: { targetRoles: ['CUSTOMER'], title: '荷主の皆様へ', message: '新しく荷主になった方にも届きます。' },
    });
    expect(res.statusCode).toBe(201);
    await s.next(isNotification(res.json().id));
  });

  it('ends when the session logs out; the same user’s other session stays', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const one = (await login(t, user.email, 'CUSTOMER')).accessToken;
    const two = (await login(t, user.email, 'CUSTOMER')).accessToken;
    const s1 = await stream(one);
    const s2 = await stream(two);
    await Promise.all([s1.next((e) => e.event === 'ready'), s2.next((e) => e.event === 'ready')]);

    expect((await t.call('POST', '/api/v1/auth/logout', { token: one })).statusCode).toBe(200);
    await s1.ended;
    const after = (await reportFor(user.id)).notificationIds[0]!;
    await s2.next(isNotification(after));
    expect(s1.events.some(isNotification(after))).toBe(false);
    // The logged-out token cannot open a new stream.
    expect((await stream(one)).status).toBe(401);
  });

  it('ends when the account is suspended', async () => {
    const admin = await signedIn(['ADMIN'], 'ADMIN');
    const driver = await signedIn(['DRIVER'], 'DRIVER');
    const s = await stream(driver.token);
    await s.next((e) => e.event === 'ready');
    expect((await t.call('PATCH', `/api/v1/auth/users/${driver.id}/toggle-status`, { token: admin.token })).statusCode).toBe(200);
    await s.ended;
  });
});

describe('shutdown', () => {
  it('ends open streams so that close() does not wait for them', async () => {
    const other = await createTestApp({ STREAM_HEARTBEAT_MS: '60000' });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const user = await makeUser(other, ['CUSTOMER']);
    const token = (await login(other, user.email, 'CUSTOMER')).accessToken;
    const s = await openStream(url, { token });
    await s.next((e) => e.event === 'ready');
    // A close() that waited for the stream would hang until the test's timeout: the heartbeat
    // keeps the connection busy, so the server never sees it idle. No time bar: on a busy machine
    // closing the app (database, queue) alone can take seconds.
    await other.close();
    await s.ended;
  });
});

/**
 * Two API instances on one PostgreSQL database, fanning out through Redis pub/sub:
 * a client on instance A receives what happened through instance B, resumes on B
 * what it missed on A, and its stream on A ends when it logs out through B.
 * Runs with TEST_DATABASE_URL (PostgreSQL only) and needs TEST_REDIS_URL.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { openStream, type SseEvent, type SseStream } from '../../../test/sse';
import { recordEvent, withEvents } from './notifications.service';

let a: TestApp;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
const open: SseStream[] = [];

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('TEST_REDIS_URL is required with TEST_DATABASE_URL (two instances fan out through Redis)');
  // A channel of its own: other test files' instances on the same Redis stay apart.
  a = await createTestApp({ REDIS_URL: redisUrl, REALTIME_CHANNEL: `logi:test:${uuidv7()}` });
  expect(a.app.deps.realtime.kind).toBe('redis');
  // Instance B: same database, same secrets, same channel.
  b = await buildApp(a.config);
  await b.ready();
  urlA = await listen(a.app);
  urlB = await listen(b);
});
afterAll(async () => {
  for (const s of open) s.close();
  await b?.close();
  await a?.close();
});

async function stream(base: string, token: string, lastEventId?: string) {
  const s = await openStream(base, { token, lastEventId });
  open.push(s);
  expect(s.status).toBe(200);
  return s;
}

/** A call to instance B over HTTP, as the web client makes it. */
async function callB(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${urlB}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-csrf-token': 'csrf',
      cookie: 'csrf-token=csrf',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const onB = (customerId: string) =>
  withEvents(b.deps, (tx) =>
    recordEvent(tx, { type: 'DELIVERY_REPORT_SUBMITTED', requestItemId: uuidv7(), driverId: uuidv7(), customerId }),
  );
const isNotification = (id: string) => (e: SseEvent) => e.event === 'notification' && (e.data as { id: string }).id === id;
const notificationIds = (s: SseStream) =>
  s.events.filter((e) => e.event === 'notification').map((e) => (e.data as { id: string }).id);

describe('two instances, one database, Redis fan-out', () => {
  it('a client on A receives an event caused through B, and a broadcast sent through B', async () => {
    const admin = await makeUser(a, ['ADMIN']);
    const customer = await makeUser(a, ['CUSTOMER']);
    const adminToken = (await login(a, admin.email, 'ADMIN')).accessToken;
    const token = (await login(a, customer.email, 'CUSTOMER')).accessToken;
    const s = await stream(urlA, token);
    await s.next((e) => e.event === 'ready');

    const id = (await onB(customer.id)).notificationIds[0]!;
    await s.next(isNotification(id));

    const res = await callB('POST', '/api/v1/notifications/broadcast', adminToken, {
      targetRoles: ['CUSTOMER'],
      title: '複数サーバーからのお知らせ',
      message: 'インスタンスBから送信',
    });
    expect(res.status).toBe(201);
    const broadcastId = ((await res.json()) as { id: string }).id;
    const got = await s.next(isNotification(broadcastId));
    expect(got.data).toMatchObject({ kind: 'SYSTEM_NOTIFICATION', title: '複数サーバーからのお知らせ' });
  });

  it('resumes on B what was missed on A; ids follow commit order across instances', async () => {
    const customer = await makeUser(a, ['CUSTOMER']);
    const token = (await login(a, customer.email, 'CUSTOMER')).accessToken;
    const onA = await stream(urlA, token);
    const ready = await onA.next((e) => e.event === 'ready');

    // Concurrent events through both instances.
    const written = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withEvents((i % 2 ? b : a.app).deps, (tx) =>
          recordEvent(tx, {
            type: 'DELIVERY_REPORT_SUBMITTED',
            requestItemId: uuidv7(),
            driverId: uuidv7(),
            customerId: customer.id,
          }),
        ),
      ),
    );
    const all = written.map((w) => w.notificationIds[0]!);
    for (let i = 0; i < all.length; i++) await onA.next((e) => e.event === 'notification');
    expect(notificationIds(onA)).toHaveLength(all.length);
    expect(new Set(notificationIds(onA))).toEqual(new Set(all));
    onA.close();

    // A reconnect to the other instance from the start replays the same events, in id order.
    const onB2 = await stream(urlB, token, ready.id);
    for (let i = 0; i < all.length; i++) await onB2.next((e) => e.event === 'notification');
    const replayed = onB2.events.filter((e) => e.event === 'notification');
    expect(new Set(replayed.map((e) => (e.data as { id: string }).id))).toEqual(new Set(all));
    const ids = replayed.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    // Missed while away: delivered on resume from the last id seen.
    const resumeFrom = onB2.lastEventId()!;
    onB2.close();
    const missed = (await onB(customer.id)).notificationIds[0]!;
    const back = await stream(urlA, token, resumeFrom);
    await back.next(isNotification(missed));
    expect(notificationIds(back)).toEqual([missed]);
  });

  it('a stream on A ends when its session logs out through B', async () => {
    const customer = await makeUser(a, ['CUSTOMER']);
    const token = (await login(a, customer.email, 'CUSTOMER')).accessToken;
    const s = await stream(urlA, token);
    await s.next((e) => e.event === 'ready');
    expect((await callB('POST', '/api/v1/auth/logout', token)).status).toBe(200);
    await s.ended;
  });
});

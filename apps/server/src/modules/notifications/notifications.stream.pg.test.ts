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

/**
 * A client that reconnects at random, as a flaky network makes it: it takes 1–3 events,
 * drops the connection (what was in flight is lost), and reconnects to either instance
 * with the highest id it took as Last-Event-ID. Returns the notification ids it took and
 * the event ids of each connection, once it has `count` of them or nothing came for 10 s.
 */
async function reconnectingClient(token: string, lastEventId: string, count: number) {
  const taken: string[] = [];
  const idsPerConnection: number[][] = [];
  let last = Number(lastEventId);
  for (let n = 0; taken.length < count; n++) {
    const s = await openStream(n % 2 ? urlB : urlA, { token, lastEventId: String(last) });
    expect(s.status).toBe(200);
    const ids: number[] = [];
    idsPerConnection.push(ids);
    try {
      for (let quota = 1 + Math.floor(Math.random() * 3); quota > 0 && taken.length < count;) {
        const e = await s.next(() => true, 10_000);
        if (e.event === 'resync') throw new Error('resync: the client was told to refetch instead of resuming');
        if (e.event !== 'notification') continue;
        ids.push(Number(e.id));
        last = Math.max(last, Number(e.id));
        taken.push((e.data as { id: string }).id);
        quota--;
      }
    } catch (err) {
      if (String(err).includes('resync')) throw err;
      break; // nothing more came: the assertion shows what is missing
    } finally {
      s.close();
    }
  }
  return { taken, idsPerConnection };
}

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

  it('a burst on both instances reaches every client exactly once while they reconnect at random', async () => {
    const admin = await makeUser(a, ['ADMIN']);
    const customers = await Promise.all(Array.from({ length: 4 }, () => makeUser(a, ['CUSTOMER'])));
    const tokens = await Promise.all(customers.map(async (c) => (await login(a, c.email, 'CUSTOMER')).accessToken));
    const start = await stream(urlA, tokens[0]!);
    const startId = (await start.next((e) => e.event === 'ready')).id!;
    start.close();

    // 240 events, each on a random instance, all at once: 236 to one customer each, 4 broadcasts to all.
    const plan = Array.from({ length: 240 }, (_, i) => ({
      on: Math.random() < 0.5 ? a.app : b,
      to: i % 60 === 0 ? 'all' : i % 4,
    }));
    const expected = customers.map((_, c) => plan.filter((p) => p.to === 'all' || p.to === c).length);
    const clients = tokens.map((token, c) => reconnectingClient(token, startId, expected[c]!));
    const cause = (p: (typeof plan)[number]) =>
      withEvents(p.on.deps, (tx) =>
        recordEvent(
          tx,
          p.to === 'all'
            ? {
                type: 'SYSTEM_BROADCAST',
                actorId: admin.id,
                targetRoles: ['CUSTOMER'],
                title: '一斉',
                message: '一斉送信',
                fileIds: [],
              }
            : {
                type: 'DELIVERY_REPORT_SUBMITTED',
                requestItemId: uuidv7(),
                driverId: uuidv7(),
                customerId: customers[p.to as number]!.id,
              },
        ),
      );
    // In waves of 40 concurrent transactions, so that the clients are connected while they commit.
    const written: Awaited<ReturnType<typeof cause>>[] = [];
    for (let i = 0; i < plan.length; i += 40) written.push(...(await Promise.all(plan.slice(i, i + 40).map(cause))));
    const received = await Promise.all(clients);
    customers.forEach((_, c) => {
      const mine = written.filter((_, i) => plan[i]!.to === 'all' || plan[i]!.to === c).map((w) => w.notificationIds[0]!);
      // Exactly once: no event missing, none twice.
      expect([...received[c]!.taken].sort()).toEqual([...mine].sort());
      // What makes resuming from the highest id safe: each connection's ids only grow.
      for (const ids of received[c]!.idsPerConnection) expect(ids).toEqual([...ids].sort((x, y) => x - y));
    });
  }, 120_000);

  it('a stream on A ends when its session logs out through B', async () => {
    const customer = await makeUser(a, ['CUSTOMER']);
    const token = (await login(a, customer.email, 'CUSTOMER')).accessToken;
    const s = await stream(urlA, token);
    await s.next((e) => e.event === 'ready');
    expect((await callB('POST', '/api/v1/auth/logout', token)).status).toBe(200);
    await s.ended;
  });

  it('a session A remembered as live is refused on A as soon as B says it was logged out', async () => {
    const customer = await makeUser(a, ['CUSTOMER']);
    const token = (await login(a, customer.email, 'CUSTOMER')).accessToken;
    const callA = () => fetch(`${urlA}/api/v1/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    expect((await callA()).status).toBe(200); // A now remembers the session as live
    const s = await stream(urlA, token);
    await s.next((e) => e.event === 'ready');
    expect((await callB('POST', '/api/v1/auth/logout', token)).status).toBe(200);
    // The stream ends on the same bus message that makes A forget the session.
    await s.ended;
    const refused = await callA();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('ACCESS_TOKEN_INVALID');
  });
});

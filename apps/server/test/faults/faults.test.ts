/**
 * Faults, on private PostgreSQL and Redis servers this file starts, stops and starts
 * again (never the shared ones), against the API running as its own process:
 *
 * - PostgreSQL stops under load: the process lives, /readyz and the calls answer 503 with
 *   the Japanese SERVICE_UNAVAILABLE message, nothing is half-written, and it serves again
 *   when the database returns, without a restart. Every request's answer is counted.
 * - Redis stops: the streams keep working on each instance and catch up when it returns.
 * - Shutdown under load: every request in flight gets its answer, then the process exits.
 *
 * `npm run test:faults -w @logi/server` (a step of .ci/run).
 */
import { ERROR_MESSAGES } from '@logi/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type SseEvent } from '../sse';
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from './private-services';
import { startServer, type ServerProcess } from './server-process';

let postgres: PrivatePostgres;
let redis: PrivateRedis;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  redis = await startPrivateRedis();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await redis?.destroy();
  await postgres?.destroy();
});

async function server(env: Record<string, string> = {}) {
  const started = await startServer({ DATABASE_URL: postgres.url, REDIS_URL: redis.url, ...env });
  servers.push(started);
  return started;
}

/**
 * Waits for what a client would observe, however long a busy machine takes (bounded by the
 * test's time-out); fails at once, with its output, if a server process died meanwhile.
 */
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) {
    const dead = servers.find((s) => s.process.exitCode !== null && !s.stopping);
    if (dead) throw new Error(`the server process exited (${dead.process.exitCode}):\n${dead.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Answer {
  call: 'write' | 'read';
  startedAt: number;
  answeredAt: number;
  status: number | 'network-error';
  body?: { code?: string; message?: string; id?: string };
}

/** Clients calling in a loop until stopped: an admin writing announcements, a customer reading. */
function load(api: ServerProcess, admin: string, customer: { token: string; userId: string }, title: string, workers = 4) {
  const answers: Answer[] = [];
  let stopped = false;
  let n = 0;
  const worker = async (w: number) => {
    while (!stopped) {
      const call = w % 2 ? 'read' : 'write';
      const startedAt = Date.now();
      try {
        const res =
          call === 'write'
            ? await api.call('POST', '/api/v1/notifications/message', {
                token: admin,
                body: { userId: customer.userId, title: `${title}-${++n}`, message: '障害試験' },
              })
            : await api.call('GET', '/api/v1/notifications/has-unread', { token: customer.token });
        const body = (await res.json()) as Answer['body'];
        answers.push({ call, startedAt, answeredAt: Date.now(), status: res.status, body });
      } catch {
        answers.push({ call, startedAt, answeredAt: Date.now(), status: 'network-error' });
      }
    }
  };
  const running = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    answers,
    count: (status: number, since = 0) => answers.filter((a) => a.status === status && a.startedAt >= since).length,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

const readyz = (api: ServerProcess) =>
  fetch(`${api.url}/readyz`).then(
    (r) => r.status,
    () => 0,
  );

describe('PostgreSQL stops and returns under load', () => {
  it('answers 503 in Japanese while it is away, writes nothing half, and recovers without a restart', async () => {
    const api = await server();
    const admin = (await api.login('admin@demo.example.jp', 'ADMIN')).token;
    const customer = await api.login('customer@demo.example.jp', 'CUSTOMER');
    const title = `faults-${Date.now()}`;
    const traffic = load(api, admin, customer, title);

    await until(() => traffic.count(201) >= 10 && traffic.count(200) >= 10);
    const stoppedAt = Date.now();
    await postgres.stop();
    try {
      await until(() => traffic.count(503, stoppedAt) >= 10);
      expect(await readyz(api)).toBe(503);
      expect(api.process.exitCode, api.output()).toBeNull();
    } finally {
      await postgres.start();
    }
    await until(async () => (await readyz(api)) === 200);
    const backAt = Date.now();
    await until(() => traffic.count(201, backAt) >= 10 && traffic.count(200, backAt) >= 10);
    await traffic.stop();
    expect(api.process.exitCode, api.output()).toBeNull();

    // Every request was answered: a success, or 503 with the Japanese message; never a dropped connection or a 500.
    const { answers } = traffic;
    expect(answers.filter((a) => a.status === 'network-error')).toEqual([]);
    for (const a of answers) expect([a.call === 'write' ? 201 : 200, 503]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
    }

    // Nothing half-written: each announcement has its recipient row and its stream event; every 201 is stored.
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string; recipients: string; events: string }>(
        `select n.id,
                (select count(*) from user_notifications u where u.notification_id = n.id) as recipients,
                (select count(*) from stream_events s where s.notification_id = n.id) as events
           from notifications n where n.title like $1`,
        [`${title}-%`],
      );
      for (const row of rows) expect(row, `notification ${row.id}`).toMatchObject({ recipients: '1', events: '1' });
      const stored = new Set(rows.map((r) => r.id));
      const created = answers.filter((a) => a.status === 201).map((a) => a.body!.id!);
      expect(created.filter((id) => !stored.has(id))).toEqual([]);
      // A write answered 503 may have committed just before the connection was cut; none beyond that.
      const failedWrites = answers.filter((a) => a.call === 'write' && a.status === 503).length;
      expect(rows.length).toBeLessThanOrEqual(created.length + failedWrites);
    } finally {
      await db.end();
    }
    console.info(
      `PostgreSQL fault: ${answers.length} requests, ${traffic.count(200) + traffic.count(201)} succeeded, ${traffic.count(503)} answered 503`,
    );
  }, 180_000);
});

describe('Redis stops and returns', () => {
  it('keeps the streams working on each instance and catches up when it returns', async () => {
    const [a, b] = [await server(), await server()];
    const admin = (await b.login('admin@demo.example.jp', 'ADMIN')).token;
    const customer = await a.login('customer@demo.example.jp', 'CUSTOMER');
    const stream = await openStream(a.url, { token: customer.token });
    await stream.next((e) => e.event === 'ready', 60_000);

    const announce = async (via: ServerProcess, title: string) => {
      const res = await via.call('POST', '/api/v1/notifications/message', {
        token: admin,
        body: { userId: customer.userId, title, message: 'Redis 障害試験' },
      });
      expect(res.status).toBe(201);
      const id = ((await res.json()) as { id: string }).id;
      await stream.next((e: SseEvent) => e.event === 'notification' && (e.data as { id: string }).id === id, 60_000);
      return id;
    };
    const before = await announce(b, 'Redis 停止前');
    await redis.stop();
    let sameInstance: string, otherInstance: string;
    try {
      sameInstance = await announce(a, 'Redis 停止中(同じサーバー)');
      otherInstance = await announce(b, 'Redis 停止中(別のサーバー)');
    } finally {
      await redis.start();
    }
    const after = await announce(b, 'Redis 復旧後');
    stream.close();

    const received = stream.events.filter((e) => e.event === 'notification');
    expect(received.map((e) => (e.data as { id: string }).id)).toEqual([before, sameInstance, otherInstance, after]);
    const ids = received.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
  }, 180_000);
});

describe('shutdown under load', () => {
  it('finishes every request in flight, then exits', async () => {
    const api = await server();
    const admin = (await api.login('admin@demo.example.jp', 'ADMIN')).token;
    const customer = await api.login('customer@demo.example.jp', 'CUSTOMER');
    const traffic = load(api, admin, customer, `shutdown-${Date.now()}`, 8);
    await until(() => traffic.count(201) >= 10);

    const signalledAt = Date.now();
    api.stopping = true;
    api.process.kill('SIGTERM');
    const code = await api.exited;
    await traffic.stop();

    expect(code, api.output()).toBe(0);
    const inFlight = traffic.answers.filter((a) => a.startedAt < signalledAt);
    // Each request sent before the signal got its answer: its result, or 503 once closing had begun.
    expect(inFlight.filter((a) => a.status === 'network-error')).toEqual([]);
    for (const a of inFlight) expect([a.call === 'write' ? 201 : 200, 503]).toContain(a.status);
    for (const a of inFlight.filter((x) => x.status === 503)) expect(a.body?.code).toBe('SERVICE_UNAVAILABLE');
    // Requests still being served at the signal were finished, not cut.
    expect(inFlight.some((a) => a.answeredAt >= signalledAt && (a.status === 200 || a.status === 201))).toBe(true);
  }, 120_000);
});

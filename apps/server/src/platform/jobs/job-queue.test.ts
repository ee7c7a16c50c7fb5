/**
 * The job queue on a real database (PGlite, or PostgreSQL under TEST_DATABASE_URL): sends and
 * deferred sends, retries with growing waits, a failed job kept with its error and queued again,
 * schedules, exactly one run per occurrence with two runners (two app instances) on one
 * database, and a stop that waits for the run in flight.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { rowsOf } from '../db/database';
import { createJobQueue, type JobDefinition, type JobQueue } from './job-queue';

let tdb: TestDatabase;
const runners: JobQueue[] = [];
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(() => tdb.close());

const log = Fastify({ logger: false }).log;
const waitFor = <T>(check: () => Promise<T> | T, timeout = 20_000) => vi.waitFor(check, { timeout, interval: 20 });

/** One app instance's queue, with these jobs defined, started. */
async function runner(...jobs: JobDefinition<object>[]) {
  const queue = createJobQueue(tdb.handle, { log, pollSeconds: 0.5, keepDays: 1 });
  runners.push(queue);
  for (const job of jobs) queue.define(job);
  await queue.start();
  return queue;
}

let names = 0;
const jobName = (what: string) => `test.${what}-${++names}`;

describe('the job queue', () => {
  it('runs a sent job with its data, and a deferred one not before its time', async () => {
    const runs: { data: object; at: number }[] = [];
    const name = jobName('send');
    const queue = await runner({ name, run: async (data) => void runs.push({ data, at: Date.now() }) });

    await queue.send(name, { invoiceId: 'a' });
    await waitFor(() => expect(runs.map((r) => r.data)).toEqual([{ invoiceId: 'a' }]));

    const sentAt = Date.now();
    await queue.send(name, { invoiceId: 'b' }, { afterSeconds: 2 });
    await waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]!.data).toEqual({ invoiceId: 'b' });
    expect(runs[1]!.at - sentAt).toBeGreaterThanOrEqual(1900);
    // A run is marked completed just after its handler returns.
    await waitFor(async () => {
      const { rows } = await queue.list({ states: ['completed'], limit: 10, offset: 0 });
      expect(rows.filter((r) => r.name === name)).toHaveLength(2);
    });
  });

  it('retries a failing run with growing waits, keeping the error while it waits', async () => {
    const attempts: number[] = [];
    const name = jobName('flaky');
    const queue = await runner({
      name,
      retry: { limit: 3, delaySeconds: 1 },
      run: async () => {
        attempts.push(Date.now());
        if (attempts.length <= 2) throw new Error(`配送先に届きませんでした (${attempts.length})`);
      },
    });
    await queue.send(name);

    await waitFor(async () => {
      const { rows } = await queue.list({ states: ['retry'], limit: 10, offset: 0 });
      expect(rows.find((r) => r.name === name)).toMatchObject({ attempts: 1, error: '配送先に届きませんでした (1)' });
    });
    await waitFor(() => expect(attempts).toHaveLength(3));
    const [first, second, third] = attempts as [number, number, number];
    // Backoff: about 1 s, then about 2 s (pg-boss adds up to as much again at random).
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1900);
    await waitFor(async () => {
      const { rows } = await queue.list({ states: ['completed'], limit: 10, offset: 0 });
      expect(rows.find((r) => r.name === name)).toMatchObject({ attempts: 3, error: null });
    });
  });

  it('keeps a job that failed for good with its error; retry() runs it again', async () => {
    let fail = true;
    let runs = 0;
    const name = jobName('broken');
    const queue = await runner({
      name,
      retry: { limit: 0, delaySeconds: 1 },
      run: async () => {
        runs++;
        if (fail) throw new Error('SMTP 550 no such user');
      },
    });
    await queue.send(name);
    let failedId = '';
    await waitFor(async () => {
      const { rows } = await queue.list({ states: ['failed'], limit: 10, offset: 0 });
      const job = rows.find((r) => r.name === name);
      expect(job).toMatchObject({ state: 'failed', error: 'SMTP 550 no such user' });
      failedId = job!.id;
    });
    expect(await queue.health()).toMatchObject({ failed: 1 });

    fail = false;
    expect(await queue.retry(failedId)).toBe(true);
    await waitFor(async () => {
      const { rows } = await queue.list({ states: ['completed'], limit: 10, offset: 0 });
      expect(rows.find((r) => r.id === failedId)).toMatchObject({ name, error: null });
    });
    expect(runs).toBe(2);
    // Only a failed job can be retried.
    expect(await queue.retry(failedId)).toBe(false);
    expect(await queue.retry('0190a000-0000-7000-8000-000000000000')).toBe(false);
    expect(await queue.health()).toMatchObject({ failed: 0 });
  });

  it('runs a job every N seconds once per slot, with two instances on one database', async () => {
    const runs: string[] = [];
    const name = jobName('every');
    const job = (instance: string): JobDefinition<object> => ({
      name,
      schedule: { everySeconds: 1 },
      run: async () => void runs.push(instance),
    });
    await runner(job('a'));
    await runner(job('b'));

    await waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(4));
    // Every job row is one slot, and no slot has two jobs, though both instances asked for each.
    const slots = await rowsOf<{ slot: string; jobs: number }>(
      tdb.db,
      sql`SELECT singleton_on::text AS slot, count(*)::int AS jobs FROM pgboss.job WHERE name = ${name} GROUP BY 1`,
    );
    expect(slots.every((s) => s.slot !== null && s.jobs === 1)).toBe(true);
    expect(slots.length).toBeGreaterThanOrEqual(runs.length);
  });

  it('runs each sent job once when two instances work one queue', async () => {
    const seen: string[] = [];
    const name = jobName('shared');
    const job: JobDefinition<{ n: number }> = {
      name,
      run: async ({ n }) => {
        seen.push(String(n));
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
    const a = await runner(job as JobDefinition<object>);
    await runner(job as JobDefinition<object>);
    for (let n = 0; n < 20; n++) await a.send(name, { n });

    await waitFor(() => expect(seen).toHaveLength(20));
    expect(new Set(seen).size).toBe(20);
    // A run is marked completed just after its handler returns.
    await waitFor(async () => {
      const { rows } = await a.list({ states: ['completed'], limit: 100, offset: 0 });
      expect(rows.filter((r) => r.name === name)).toHaveLength(20);
    });
    expect(seen).toHaveLength(20);
  });

  it('puts a cron job on the schedule in Japan’s time zone, and takes a dropped one off', async () => {
    const name = jobName('cron');
    const first = await runner({ name, schedule: { cron: '0 3 * * *' }, run: async () => undefined });
    const schedules = () =>
      rowsOf<{ name: string; cron: string; timezone: string }>(tdb.db, sql`SELECT name, cron, timezone FROM pgboss.schedule`);
    expect(await schedules()).toContainEqual({ name, cron: '0 3 * * *', timezone: 'Asia/Tokyo' });
    await first.stop();

    await runner();
    expect((await schedules()).map((s) => s.name)).not.toContain(name);
  });

  it('stop() waits for the run in flight', async () => {
    let finished = false;
    let started = false;
    const name = jobName('slow');
    const queue = await runner({
      name,
      run: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
    });
    await queue.send(name);
    await waitFor(() => expect(started).toBe(true));
    await queue.stop();
    expect(finished).toBe(true);
  });

  it('reports depth, runs in flight and the age of the oldest due job', async () => {
    const name = jobName('busy');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = await runner({ name, run: () => gate });
    const before = await queue.health();
    await queue.send(name);
    await queue.send(name);

    // One runs (a worker takes one job at a time), the other waits and ages.
    await waitFor(async () => {
      const health = await queue.health();
      expect(health.running).toBe(before.running + 1);
      expect(health.depth).toBe(before.depth + 1);
      expect(health.oldestDueSeconds).toBeGreaterThanOrEqual(1);
    });
    release();
    await waitFor(async () => expect((await queue.health()).depth).toBe(before.depth));
  });
});

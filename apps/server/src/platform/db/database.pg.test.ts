/**
 * The two pools on PostgreSQL (TEST_DATABASE_URL, decision 113): transactions holding every
 * connection of theirs leave the single statements theirs, and each pool keeps its bound.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshServerDatabase } from '../../../test/helpers';
import { type DatabaseHandle, openDatabase, rowsOf } from './database';

const POOL_SIZE = 2;
let server: Awaited<ReturnType<typeof freshServerDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  server = await freshServerDatabase(process.env.TEST_DATABASE_URL!);
  handle = await openDatabase(server.url, mkdtempSync(path.join(tmpdir(), 'logi-test-')), undefined, POOL_SIZE);
});
afterAll(async () => {
  await handle.close();
  await server.drop();
});

it('answers a single statement while transactions hold every connection of theirs; one more transaction waits for them', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const inTransaction: string[] = [];
  const transaction = (name: string) =>
    handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inTransaction.push(name);
      await held;
    });
  const holding = [transaction('first'), transaction('second')];
  try {
    // Opening the connections takes what it takes on a busy machine.
    await expect.poll(() => inTransaction.length, { timeout: 60_000 }).toBe(POOL_SIZE);
    holding.push(transaction('third'));
    await expect.poll(() => handle.pool()?.waiting, { timeout: 60_000 }).toBe(1);

    // Sharing one pool, this statement would wait for a transaction to end (and fail after 5 s).
    expect(await rowsOf(handle.db, sql`select 42 as answer`)).toEqual([{ answer: 42 }]);
    expect(inTransaction.toSorted()).toEqual(['first', 'second']);
    expect(handle.pool()?.max).toBe(2 * POOL_SIZE);
  } finally {
    release();
    await Promise.all(holding);
  }
  expect(inTransaction[2]).toBe('third');
});

it('keeps its connections through a quiet spell: the same PostgreSQL sessions answer after it', async () => {
  // Two at once, so that the statements' pool opens both its connections.
  const sessions = async () =>
    (
      await Promise.all([0, 1].map(() => rowsOf<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid, pg_sleep(0.2)`)))
    ).map(([row]) => row!.pid);
  const before = await sessions();
  expect(new Set(before).size).toBe(POOL_SIZE);
  // pg-pool closes a connection idle for 10 s unless the pool keeps it: quiet for longer than that.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  expect((await sessions()).toSorted()).toEqual(before.toSorted());
}, 60_000);

/**
 * The notifications' own connection on PostgreSQL (TEST_DATABASE_URL): heard after the commit,
 * caught up on demand, and listened to again after the connection is lost, with a gap reported.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshServerDatabase } from '../../../test/helpers';
import { type DatabaseHandle, openDatabase } from './database';
import type { Listening } from './notifications';

let server: Awaited<ReturnType<typeof freshServerDatabase>>;
let handle: DatabaseHandle;
let listening: Listening;
const heard: string[] = [];
let gaps = 0;

beforeAll(async () => {
  server = await freshServerDatabase(process.env.TEST_DATABASE_URL!);
  handle = await openDatabase(server.url, mkdtempSync(path.join(tmpdir(), 'logi-test-')));
  listening = await handle.listen('lists_changed', { payload: (p) => heard.push(p), gap: () => gaps++ });
});
afterAll(async () => {
  await handle.close();
  await server.drop();
});

const notify = (payload: string) => handle.db.execute(sql`select pg_notify('lists_changed', ${payload})`);

it('hears a notification once its transaction commits, and every one committed before caughtUp resolves', async () => {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_notify('lists_changed', 'in-transaction')`);
    await tx.execute(sql`select pg_notify('lists_changed', 'in-transaction')`);
  });
  await notify('after');
  await listening.caughtUp();
  expect(heard).toEqual(['in-transaction', 'after']);
});

it('listens again after its connection is lost, and reports the gap', async () => {
  const gapsBefore = gaps;
  await handle.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
  );
  // Lost (a gap), then listening again a second later (another: what came meanwhile is unknown).
  await expect.poll(() => gaps, { timeout: 60_000 }).toBeGreaterThanOrEqual(gapsBefore + 2);
  expect(listening.heard).toBe(true);
  await notify('after the gap');
  await listening.caughtUp();
  expect(heard).toContain('after the gap');
});

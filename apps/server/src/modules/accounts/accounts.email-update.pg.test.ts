/**
 * Races that need a second database connection, so they run only on PostgreSQL
 * (TEST_DATABASE_URL; vitest.config.ts leaves *.pg.test.ts out on PGlite, whose
 * single connection cannot hold a transaction open while another call runs).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { rowsOf } from '../../platform/db/database';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REQUEST = '/api/v1/auth/request-email-update';
const VERIFY = '/api/v1/auth/verify-email-update';

const emailOf = async (userId: string) =>
  (await t.app.deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

describe('POST /auth/verify-email-update under concurrency', () => {
  it('an account created with the address during the confirmation: 409, not 500', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const session = await login(t, user.email, 'CUSTOMER');
    const email = `race-${Date.now()}@example.jp`;
    expect((await t.call('POST', REQUEST, { token: session.accessToken, body: { email } })).statusCode).toBe(200);
    const token = await t.lastMailToken(email);

    let commit!: () => void;
    let inserted!: () => void;
    const holding = new Promise<void>((resolve) => (inserted = resolve));
    const racer = t.app.deps.db.transaction(async (tx) => {
      await tx.insert(users).values({ email });
      inserted();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await holding;
    // The confirmation passes its check (the row is not committed) and waits on the unique index:
    // seen as a connection of this database waiting for a lock, however slow the machine.
    const confirming = t.call('POST', VERIFY, { body: { token } });
    const waitingForLock = async () =>
      (
        await rowsOf<{ n: number }>(
          t.app.deps.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]!.n;
    await expect.poll(waitingForLock, { timeout: 60_000 }).toBe(1);
    commit();
    await racer;
    const res = await confirming;
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_ALREADY_REGISTERED');
    expect(await emailOf(user.id)).toBe(user.email);
  });
});

/**
 * Failed logins per e-mail address (docs/decisions/043-login-throttle.md). After
 * `maxFailures` failures within `lockMs`, logins to the address pause for `lockMs`, from
 * every client address and also with the right password, so that credential stuffing
 * spread over many addresses stops. Unknown addresses are counted the same way: the
 * answers never tell whether an account exists. Kept in the database, so that every
 * API instance sees one count.
 */
import { eq, sql } from 'drizzle-orm';
import { loginThrottles } from '../../db/schema';
import type { Database } from '../db/database';
import { AppError } from '../errors/app-error';
import { hashToken } from './opaque-tokens';

export interface LoginThrottleLimits {
  maxFailures: number;
  lockMs: number;
}

const keyOf = (email: string) => hashToken(email.trim().toLowerCase());

export async function isLoginLocked(db: Database, email: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.emailHash, keyOf(email)));
  return row?.lockedUntil != null && row.lockedUntil > now;
}

/** Counts a failure in one statement (concurrent failures all count); locks at the limit. */
export async function recordLoginFailure(db: Database, email: string, limits: LoginThrottleLimits, now = new Date()) {
  const windowStart = new Date(now.getTime() - limits.lockMs);
  const lockUntil = new Date(now.getTime() + limits.lockMs);
  // A window older than lockMs (or an expired lock) starts the count again.
  const failures = sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN 1 ELSE ${loginThrottles.failures} + 1 END`;
  await db
    .insert(loginThrottles)
    .values({
      emailHash: keyOf(email),
      failures: 1,
      windowStartedAt: now,
      lockedUntil: limits.maxFailures <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: loginThrottles.emailHash,
      set: {
        failures,
        windowStartedAt: sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN ${now} ELSE ${loginThrottles.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${failures} >= ${limits.maxFailures} THEN ${lockUntil}::timestamptz ELSE NULL END`,
      },
    });
}

export async function clearLoginFailures(db: Database, email: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.emailHash, keyOf(email)));
}

/**
 * A `.catch` for a step that checks a password or a code: a refusal with one of `codes` counts as
 * a failed login of the account (the login, its second step, disabling the second factor), then
 * the error goes on.
 */
export const countingLoginFailures =
  (db: Database, email: string, limits: LoginThrottleLimits, codes: readonly string[]) =>
  async (err: unknown): Promise<never> => {
    if (err instanceof AppError && codes.includes(err.code)) await recordLoginFailure(db, email, limits);
    throw err;
  };

/**
 * One-time e-mail link tokens (verification, password reset, e-mail update,
 * driver invite). Stored hashed; issuing a new token of a purpose for an address
 * retires the earlier unused ones, so only the newest link works.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { TOneTimeTokenPurpose } from '@logi/contract';
import { oneTimeTokens } from '../../db/schema';
import type { Database } from '../db/database';
import { hashToken, newOpaqueToken } from './opaque-tokens';

/** How long each kind of link stays valid. */
export const ONE_TIME_TOKEN_TTL_SECONDS: Record<TOneTimeTokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60 * 60,
  RESET_PASSWORD: 60 * 60,
  UPDATE_EMAIL: 24 * 60 * 60,
  DRIVER_INVITE: 7 * 24 * 60 * 60,
  PAYMENT_UPDATE: 24 * 60 * 60,
};

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

interface TokenInput {
  purpose: TOneTimeTokenPurpose;
  email: string;
  userId?: string | null;
  payload?: Record<string, string>;
}

export async function issueOneTimeToken(db: Database, input: TokenInput): Promise<string> {
  return (await issueOneTimeTokenRow(db, input)).token;
}

/** As issueOneTimeToken, also answering the row's id (a driver invitation is listed by it). */
export async function issueOneTimeTokenRow(db: Database, input: TokenInput): Promise<{ id: string; token: string }> {
  const token = newOpaqueToken();
  const now = new Date();
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeTokens.email, input.email), eq(oneTimeTokens.purpose, input.purpose), isNull(oneTimeTokens.consumedAt)));
  const [row] = await db
    .insert(oneTimeTokens)
    .values({
      purpose: input.purpose,
      email: input.email,
      userId: input.userId ?? null,
      payload: input.payload ?? {},
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_TTL_SECONDS[input.purpose] * 1000),
    })
    .returning({ id: oneTimeTokens.id });
  return { id: row!.id, token };
}

export type TokenLookup = { state: 'missing' } | { state: 'expired' | 'consumed' | 'valid'; token: OneTimeToken };

/** Finds a token of the purpose; `lock` takes a row lock (inside a transaction). */
export async function findOneTimeToken(
  db: Database,
  purpose: TOneTimeTokenPurpose,
  presented: string,
  lock = false,
): Promise<TokenLookup> {
  const query = db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(presented)), eq(oneTimeTokens.purpose, purpose)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return { state: 'missing' };
  if (row.consumedAt) return { state: 'consumed', token: row };
  if (row.expiresAt.getTime() <= Date.now()) return { state: 'expired', token: row };
  return { state: 'valid', token: row };
}

export async function consumeOneTimeToken(db: Database, id: string): Promise<void> {
  await db.update(oneTimeTokens).set({ consumedAt: new Date() }).where(eq(oneTimeTokens.id, id));
}

/** Retires a user's unused tokens of a purpose (only the newest request may then be confirmed). */
export async function retireUserTokens(db: Database, userId: string, purpose: TOneTimeTokenPurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.consumedAt)));
}

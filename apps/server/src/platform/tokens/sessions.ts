/**
 * Sign-in sessions as refresh-token families (DESIGN §5): each sign-in opens a
 * family; each refresh rotates the token inside it; presenting a token that was
 * already used revokes the whole family (reuse detection). Logout revokes the
 * family; suspension revokes every family of the user.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TSignInRole } from '@logi/contract';
import { refreshTokens, tokenFamilies } from '../../db/schema';
import type { Database } from '../db/database';
import { hashToken, newOpaqueToken } from './opaque-tokens';

export type RevokeReason =
  | 'LOGOUT'
  | 'REUSE_DETECTED'
  | 'SUSPENDED'
  | 'REMOVED'
  | 'PASSWORD_CHANGED'
  | 'PASSWORD_RESET'
  | 'EMAIL_CHANGED'
  | 'TOTP_ENABLED'
  | 'TOTP_DISABLED';

export interface IssuedRefresh {
  familyId: string;
  refreshToken: string;
}

export type RotateResult =
  | { ok: true; familyId: string; userId: string; role: TSignInRole; refreshToken: string }
  | { ok: false; reason: 'UNKNOWN' | 'EXPIRED' | 'REVOKED' }
  | { ok: false; reason: 'REUSED'; userId: string };

/** Opens a new family and returns its first refresh token. */
export async function openSession(db: Database, userId: string, role: TSignInRole, ttlSeconds: number): Promise<IssuedRefresh> {
  const [family] = await db.insert(tokenFamilies).values({ userId, role }).returning({ id: tokenFamilies.id });
  const refreshToken = await addToken(db, family!.id, ttlSeconds);
  return { familyId: family!.id, refreshToken };
}

async function addToken(db: Database, familyId: string, ttlSeconds: number): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/**
 * Exchanges a refresh token for a new one in the same family. Must run inside a
 * transaction: the token row is locked so two concurrent refreshes with the same
 * token cannot both succeed (the second sees it used and revokes the family).
 */
export async function rotateSession(tx: Database, presented: string, ttlSeconds: number): Promise<RotateResult> {
  const [row] = await tx
    .select({
      id: refreshTokens.id,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      userId: tokenFamilies.userId,
      role: tokenFamilies.role,
      revokedAt: tokenFamilies.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
    .for('update', { of: refreshTokens });
  if (!row) return { ok: false, reason: 'UNKNOWN' };
  if (row.revokedAt) return { ok: false, reason: 'REVOKED' };
  if (row.usedAt) {
    await revokeFamily(tx, row.familyId, 'REUSE_DETECTED');
    return { ok: false, reason: 'REUSED', userId: row.userId };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'EXPIRED' };
  await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
  const refreshToken = await addToken(tx, row.familyId, ttlSeconds);
  return { ok: true, familyId: row.familyId, userId: row.userId, role: row.role as TSignInRole, refreshToken };
}

export async function revokeFamily(db: Database, familyId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(tokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
}

/** Revokes every open family of the users, except `keepFamilyId` (the caller's own session). */
export async function revokeUserSessions(
  db: Database,
  userIds: string[],
  reason: RevokeReason,
  keepFamilyId?: string,
): Promise<void> {
  if (userIds.length === 0) return;
  const open = and(inArray(tokenFamilies.userId, userIds), isNull(tokenFamilies.revokedAt));
  const rows = await db.select({ id: tokenFamilies.id }).from(tokenFamilies).where(open);
  const ids = rows.map((r) => r.id).filter((id) => id !== keepFamilyId);
  if (ids.length === 0) return;
  await db.update(tokenFamilies).set({ revokedAt: new Date(), revokedReason: reason }).where(inArray(tokenFamilies.id, ids));
}

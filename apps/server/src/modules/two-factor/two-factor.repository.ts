/** SQL of the second factor: the factor row (secret, state, last step) and its recovery codes. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { totpFactors, totpRecoveryCodes } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type TotpFactor = typeof totpFactors.$inferSelect;

/** `lock` takes a row lock (inside a transaction): two codes checked at once cannot both spend one step. */
export async function findFactor(db: Database, userId: string, lock = false): Promise<TotpFactor | undefined> {
  const query = db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Starts (or restarts) an enrolment: a pending factor with a new secret. */
export async function savePendingFactor(db: Database, userId: string, secretCiphertext: string): Promise<void> {
  await db
    .insert(totpFactors)
    .values({ userId, secretCiphertext, enabledAt: null, lastUsedStep: null })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretCiphertext, enabledAt: null, lastUsedStep: null, updatedAt: new Date() },
    });
}

export async function enableFactor(db: Database, userId: string, step: number): Promise<void> {
  await db.update(totpFactors).set({ enabledAt: new Date(), lastUsedStep: step }).where(eq(totpFactors.userId, userId));
}

export async function markStepUsed(db: Database, userId: string, step: number): Promise<void> {
  await db.update(totpFactors).set({ lastUsedStep: step }).where(eq(totpFactors.userId, userId));
}

/** A challenge signed in: it and every challenge issued before it are spent. */
export async function spendChallenge(db: Database, userId: string, issuedAt: Date): Promise<void> {
  await db.update(totpFactors).set({ lastChallengeIssuedAt: issuedAt }).where(eq(totpFactors.userId, userId));
}

export async function deleteFactor(db: Database, userId: string): Promise<void> {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

export async function replaceRecoveryCodes(db: Database, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code in one statement; false when there is none such. */
export async function useRecoveryCode(db: Database, userId: string, codeHash: string): Promise<boolean> {
  const used = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, codeHash), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

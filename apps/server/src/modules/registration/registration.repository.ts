/** The only SQL of the registration module: pending sign-ups. */
import { and, eq } from 'drizzle-orm';
import { oneTimeTokens } from '../../db/schema';
import type { Database } from '../../platform/db/database';

/**
 * Whether a sign-up was ever started for the address: a pending sign-up is only a
 * VERIFY_EMAIL token (no user row exists before registration), expired or not.
 */
export async function hasSignUpToken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.email, email), eq(oneTimeTokens.purpose, 'VERIFY_EMAIL')))
    .limit(1);
  return row !== undefined;
}

/** The only SQL of the subscription's documents: inserted once per paid invoice, then only read. */
import { and, desc, eq } from 'drizzle-orm';
import { subscriptionDocuments } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type SubscriptionDocumentRow = typeof subscriptionDocuments.$inferSelect;
export type NewSubscriptionDocument = Pick<
  typeof subscriptionDocuments.$inferInsert,
  'userId' | 'provider' | 'providerInvoiceId' | 'content' | 'paidAt'
>;

export async function isRecorded(db: Database, provider: 'sandbox' | 'stripe', providerInvoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptionDocuments.id })
    .from(subscriptionDocuments)
    .where(and(eq(subscriptionDocuments.provider, provider), eq(subscriptionDocuments.providerInvoiceId, providerInvoiceId)));
  return row !== undefined;
}

/** The new row, or undefined when this invoice was recorded before (a repeated event, a second path). */
export async function insertDocument(
  db: Database,
  values: NewSubscriptionDocument,
): Promise<SubscriptionDocumentRow | undefined> {
  const [row] = await db.insert(subscriptionDocuments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listDocuments(db: Database, userId: string): Promise<SubscriptionDocumentRow[]> {
  return db
    .select()
    .from(subscriptionDocuments)
    .where(eq(subscriptionDocuments.userId, userId))
    .orderBy(desc(subscriptionDocuments.paidAt), desc(subscriptionDocuments.seq));
}

/** The user's own document; another account's is as missing as one that does not exist. */
export async function findDocument(db: Database, userId: string, id: string): Promise<SubscriptionDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionDocuments)
    .where(and(eq(subscriptionDocuments.id, id), eq(subscriptionDocuments.userId, userId)));
  return row;
}

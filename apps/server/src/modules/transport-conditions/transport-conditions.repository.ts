/** 運送条件書 rows: written once, read by the parties. The only SQL of this module. */
import { eq } from 'drizzle-orm';
import { transportConditionDocuments } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type NewDocument = typeof transportConditionDocuments.$inferInsert;

export async function insertDocument(db: Database, values: NewDocument): Promise<void> {
  await db.insert(transportConditionDocuments).values(values);
}

export async function findDocument(db: Database, requestItemId: string) {
  const [row] = await db
    .select()
    .from(transportConditionDocuments)
    .where(eq(transportConditionDocuments.requestItemId, requestItemId));
  return row;
}

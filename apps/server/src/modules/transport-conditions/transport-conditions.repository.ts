/** 運送条件書 rows: written once, read by the parties. The only SQL of this module. */
import { and, desc, eq } from 'drizzle-orm';
import { candidates, transportConditionDocuments } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type NewDocument = typeof transportConditionDocuments.$inferInsert;

export async function insertDocument(db: Database, values: NewDocument): Promise<void> {
  await db.insert(transportConditionDocuments).values(values);
}

/** One version, or the newest when `version` is absent. */
export async function findDocument(db: Database, requestItemId: string, version?: number) {
  const [row] = await db
    .select()
    .from(transportConditionDocuments)
    .where(
      and(
        eq(transportConditionDocuments.requestItemId, requestItemId),
        version === undefined ? undefined : eq(transportConditionDocuments.version, version),
      ),
    )
    .orderBy(desc(transportConditionDocuments.version))
    .limit(1);
  return row;
}

/** The newest version's number, without its PDF. */
export async function findLatestVersion(db: Database, requestItemId: string) {
  const [row] = await db
    .select({
      id: transportConditionDocuments.id,
      number: transportConditionDocuments.number,
      version: transportConditionDocuments.version,
    })
    .from(transportConditionDocuments)
    .where(eq(transportConditionDocuments.requestItemId, requestItemId))
    .orderBy(desc(transportConditionDocuments.version))
    .limit(1);
  return row;
}

/** The approved application of a matched request: its price and the charges it named. */
export async function findApprovedBid(db: Database, requestItemId: string) {
  const [row] = await db
    .select({
      id: candidates.id,
      price: candidates.price,
      incidentalCharge: candidates.incidentalCharge,
      fuelSurcharge: candidates.fuelSurcharge,
    })
    .from(candidates)
    .where(and(eq(candidates.requestItemId, requestItemId), eq(candidates.status, 'APPROVED')));
  return row;
}

/** The writes of the request lifecycle: status, soft delete, the delivery report. The only SQL of this module. */
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { TRequestStatus } from '@logi/contract';
import { candidates, deliveryItems, requestItems } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export async function setStatus(db: Database, id: string, status: TRequestStatus): Promise<void> {
  await db
    .update(requestItems)
    .set({ status, ...(status === 'COMPLETED' ? { completedAt: new Date() } : {}) })
    .where(eq(requestItems.id, id));
}

/** Deletion is soft: the row, its parts and its history stay; every list and detail skips it. */
export async function softDelete(db: Database, id: string, deletedBy: string): Promise<void> {
  await db
    .update(requestItems)
    .set({ deletedAt: new Date(), deletedBy })
    .where(and(eq(requestItems.id, id), isNull(requestItems.deletedAt)));
}

/** What one report call sets; absent parts keep what an earlier call sent. */
export interface ReportParts {
  receiptImageId?: string;
  recipientSignatureImageId?: string;
  deliveryImageId?: string;
  temperatureLogFileId?: string;
  pickupTemperature?: number;
  deliveryTemperature?: number;
}

/** Sets the given parts of the report (the others are kept); answers the delivery item as it now is. */
export async function setReport(db: Database, requestItemId: string, parts: ReportParts, at: Date) {
  const [row] = await db
    .update(deliveryItems)
    .set({ ...parts, reportedAt: at })
    .where(eq(deliveryItems.requestItemId, requestItemId))
    .returning();
  return row!;
}

/** Open requests whose selection deadline has come, oldest deadline first (the sweep's batch). */
export async function dueSelections(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: requestItems.id })
    .from(requestItems)
    .where(
      and(
        eq(requestItems.status, 'WAITING_APPROVE'),
        isNull(requestItems.deletedAt),
        isNotNull(requestItems.selectionDeadline),
        lte(requestItems.selectionDeadline, now),
      ),
    )
    .orderBy(asc(requestItems.selectionDeadline))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The request closes at its deadline: CANCELLED, stamped with when. */
export async function closeAtDeadline(db: Database, id: string, at: Date): Promise<void> {
  await db.update(requestItems).set({ status: 'CANCELLED', selectionClosedAt: at }).where(eq(requestItems.id, id));
}

/** Every open application becomes NOT_CHOSEN; answers the applicants. */
export async function markApplicationsNotChosen(db: Database, requestItemId: string): Promise<string[]> {
  const rows = await db
    .update(candidates)
    .set({ status: 'NOT_CHOSEN' })
    .where(and(eq(candidates.requestItemId, requestItemId), eq(candidates.status, 'APPLIED')))
    .returning({ applicantId: candidates.applicantId });
  return rows.map((r) => r.applicantId);
}

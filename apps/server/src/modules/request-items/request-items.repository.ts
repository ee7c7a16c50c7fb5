/**
 * Request items' rows: the writes of a new or reposted request, and the small reads of one item
 * (its row, its talkrooms, an application, its subject and applicants) or of a page's applied
 * marks. The lists (request-items.lists.repository.ts) and the detail
 * (request-items.detail.repository.ts) are one statement each, built on the rows as JSON of
 * request-items.parts.repository.ts.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  candidates,
  deliveryItems,
  files,
  requestItemImages,
  requestItems,
  talkrooms,
  transportStops,
  warehouseItems,
} from '../../db/schema';
import { type Database, selectOnce } from '../../platform/db/database';

export type RequestItemRow = typeof requestItems.$inferSelect;
export type DeliveryItemRow = typeof deliveryItems.$inferSelect;
export type TransportStopRow = typeof transportStops.$inferSelect;
export type WarehouseItemRow = typeof warehouseItems.$inferSelect;
export type CandidateRow = typeof candidates.$inferSelect;
export type TalkroomRow = typeof talkrooms.$inferSelect;

type Insert<T extends { $inferInsert: unknown }> = Omit<T['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;
export type NewRequestItem = Insert<typeof requestItems>;
export type NewDeliveryItem = Omit<Insert<typeof deliveryItems>, 'requestItemId'>;
export type NewTransportStop = Omit<Insert<typeof transportStops>, 'requestItemId'>;
export type NewWarehouseItem = Omit<Insert<typeof warehouseItems>, 'requestItemId'>;

// ───────────────────────── writing ─────────────────────────

export async function insertRequestItem(db: Database, values: NewRequestItem): Promise<RequestItemRow> {
  const [row] = await db.insert(requestItems).values(values).returning();
  return row!;
}

export async function insertDeliveryItem(db: Database, requestItemId: string, item: NewDeliveryItem, stops: NewTransportStop[]) {
  await db.insert(deliveryItems).values({ ...item, requestItemId });
  await db.insert(transportStops).values(stops.map((s) => ({ ...s, requestItemId })));
}

export async function insertWarehouseItem(db: Database, requestItemId: string, item: NewWarehouseItem) {
  await db.insert(warehouseItems).values({ ...item, requestItemId });
}

export async function insertImages(db: Database, requestItemId: string, fileIds: readonly string[]) {
  if (fileIds.length === 0) return;
  await db.insert(requestItemImages).values(fileIds.map((fileId, position) => ({ requestItemId, fileId, position })));
}

/** A repost takes the closed request's photos: rows and file ownership move to the copy. */
export async function moveImages(db: Database, fromId: string, toId: string) {
  await db.update(requestItemImages).set({ requestItemId: toId }).where(eq(requestItemImages.requestItemId, fromId));
  await db
    .update(files)
    .set({ entityId: toId })
    .where(and(eq(files.entityType, 'REQUEST_ITEM_IMAGE'), eq(files.entityId, fromId)));
}

/** The shipper's 「認証済みの運送会社のみ」 (decision 104). */
export async function setVerifiedCarriersOnly(db: Database, id: string, verifiedCarriersOnly: boolean) {
  await db.update(requestItems).set({ verifiedCarriersOnly }).where(eq(requestItems.id, id));
}

export async function setRepostedAs(db: Database, id: string, copyId: string) {
  await db.update(requestItems).set({ repostedAsId: copyId }).where(eq(requestItems.id, id));
}

// ───────────────────────── reading ─────────────────────────

/** The live (not deleted) request item with the id `id`. */
const liveRequestItem = (db: Database) =>
  db
    .select()
    .from(requestItems)
    .where(and(eq(requestItems.id, sql.placeholder('id')), isNull(requestItems.deletedAt)));
const requestItemById = selectOnce('request_item', liveRequestItem);
const requestItemForUpdate = selectOnce('request_item_for_update', (db) => liveRequestItem(db).for('update'));

/** A live (not deleted) request item; `lock` takes the row lock of a lifecycle transition. */
export async function findRequestItem(db: Database, id: string, lock = false): Promise<RequestItemRow | undefined> {
  const [row] = await (lock ? requestItemForUpdate : requestItemById)(db, { id });
  return row;
}

export async function findCandidateOf(
  db: Database,
  requestItemId: string,
  applicantId: string,
): Promise<CandidateRow | undefined> {
  const [row] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.requestItemId, requestItemId), eq(candidates.applicantId, applicantId)));
  return row;
}

export async function findTalkrooms(db: Database, requestItemId: string): Promise<TalkroomRow[]> {
  return db.select().from(talkrooms).where(eq(talkrooms.requestItemId, requestItemId)).orderBy(asc(talkrooms.createdAt));
}

/** Which of the given items the user applied to. */
export async function appliedItemIds(db: Database, userId: string, itemIds: readonly string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ id: candidates.requestItemId })
    .from(candidates)
    .where(and(eq(candidates.applicantId, userId), inArray(candidates.requestItemId, [...itemIds])));
  return new Set(rows.map((r) => r.id));
}

const subjectOf = selectOnce('request_subject', (db) =>
  db
    .select({ baggage: deliveryItems.baggageName, prefecture: warehouseItems.prefecture, city: warehouseItems.city })
    .from(requestItems)
    .leftJoin(deliveryItems, eq(deliveryItems.requestItemId, requestItems.id))
    .leftJoin(warehouseItems, eq(warehouseItems.requestItemId, requestItems.id))
    .where(eq(requestItems.id, sql.placeholder('id'))),
);

/** What a request is, in a few words: a delivery's baggage, or where the warehouse is. */
export async function requestSubject(db: Database, requestItemId: string): Promise<string | null> {
  const [row] = await subjectOf(db, { id: requestItemId });
  if (!row) return null;
  return row.baggage ?? (row.prefecture ? `${row.prefecture}${row.city ?? ''}` : null);
}

/** Everyone who applied to the item (the approved applicant included). */
export async function applicantIds(db: Database, requestItemId: string): Promise<string[]> {
  const rows = await db
    .select({ id: candidates.applicantId })
    .from(candidates)
    .where(eq(candidates.requestItemId, requestItemId));
  return rows.map((r) => r.id);
}

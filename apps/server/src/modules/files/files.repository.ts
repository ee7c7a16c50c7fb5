/** Uploaded files: the only SQL of the files module. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type FileRow = typeof files.$inferSelect;
export type NewFile = Omit<typeof files.$inferInsert, 'createdAt' | 'updatedAt'>;

export async function insertFiles(db: Database, rows: NewFile[]): Promise<void> {
  if (rows.length) await db.insert(files).values(rows);
}

export async function findFileById(db: Database, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/** The files with these ids, in one query; `lock` takes their row locks (attach). */
export async function findFiles(db: Database, ids: readonly string[], lock = false): Promise<FileRow[]> {
  if (!ids.length) return [];
  const query = db
    .select()
    .from(files)
    .where(inArray(files.id, [...ids]));
  return lock ? query.for('update') : query;
}

/** The files attached to any of these entities, oldest first (upload order). */
export async function findFilesByEntity(db: Database, entityType: string, entityIds: readonly string[]): Promise<FileRow[]> {
  if (!entityIds.length) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.entityType, entityType), inArray(files.entityId, [...entityIds])))
    .orderBy(asc(files.id));
}

/** Records that the object under `key` is stored (size in bytes); answers the row, if any. */
export async function markUploadedByKey(db: Database, key: string, size: number): Promise<FileRow | undefined> {
  const [row] = await db
    .update(files)
    .set({ isUploaded: true, uploadedAt: new Date(), size })
    .where(eq(files.key, key))
    .returning();
  return row;
}

export async function markUploaded(db: Database, id: string, size: number): Promise<void> {
  await db
    .update(files)
    .set({ isUploaded: true, uploadedAt: new Date(), size })
    .where(and(eq(files.id, id), eq(files.isUploaded, false)));
}

/** Attaches files that belong to no entity yet; answers how many were attached. */
export async function attachFiles(db: Database, ids: readonly string[], entityType: string, entityId: string): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(files)
    .set({ entityType, entityId, attachedAt: new Date() })
    .where(and(inArray(files.id, [...ids]), isNull(files.entityId)))
    .returning({ id: files.id });
  return rows.length;
}

/** A shipper's saved places (decision 106): the only SQL of this module. */
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { savedPlaces } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type PlaceRow = typeof savedPlaces.$inferSelect;
export type PlaceFields = Omit<typeof savedPlaces.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;

interface Page {
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` in a keyword are matched as themselves. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function ownedBy(ownerId: string, keyword: string | undefined) {
  const own = eq(savedPlaces.ownerId, ownerId);
  if (!keyword) return own;
  const p = likePattern(keyword);
  return and(
    own,
    or(
      ilike(savedPlaces.name, p),
      ilike(savedPlaces.prefecture, p),
      ilike(savedPlaces.city, p),
      ilike(savedPlaces.town, p),
      ilike(savedPlaces.block, p),
      ilike(savedPlaces.building, p),
    ),
  );
}

/** A page of the owner's places in name order (saved_places_owner_name_idx). */
export async function listPlaces(db: Database, ownerId: string, keyword: string | undefined, page: Page) {
  const where = ownedBy(ownerId, keyword);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(savedPlaces)
      .where(where)
      .orderBy(asc(savedPlaces.name), asc(savedPlaces.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(savedPlaces).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The owner's place; undefined when it does not exist or is someone else's. */
export async function findPlace(db: Database, ownerId: string, id: string): Promise<PlaceRow | undefined> {
  const [row] = await db
    .select()
    .from(savedPlaces)
    .where(and(eq(savedPlaces.id, id), eq(savedPlaces.ownerId, ownerId)));
  return row;
}

export async function insertPlace(db: Database, ownerId: string, fields: PlaceFields): Promise<PlaceRow> {
  const [row] = await db
    .insert(savedPlaces)
    .values({ ...fields, ownerId })
    .returning();
  return row!;
}

/** Changes the owner's place; undefined when it is not the owner's. */
export async function updatePlace(db: Database, ownerId: string, id: string, fields: PlaceFields) {
  const [row] = await db
    .update(savedPlaces)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(savedPlaces.id, id), eq(savedPlaces.ownerId, ownerId)))
    .returning();
  return row;
}

/** Deletes the owner's place; false when it is not the owner's. */
export async function deletePlace(db: Database, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedPlaces)
    .where(and(eq(savedPlaces.id, id), eq(savedPlaces.ownerId, ownerId)))
    .returning({ id: savedPlaces.id });
  return rows.length > 0;
}

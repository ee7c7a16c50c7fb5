/** Reviews (decision 105): the only SQL of the reviews themselves. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { companies, reviews, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;

/** Inserts the side's review of the job; undefined when that side already wrote one (the unique index decides). */
export async function insertReview(db: Database, values: NewReview): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.requestItemId, reviews.side] })
    .returning();
  return row;
}

export async function findReview(db: Database, id: string, lock = false): Promise<ReviewRow | undefined> {
  const query = db.select().from(reviews).where(eq(reviews.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function reviewsOfJob(db: Database, requestItemId: string): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.requestItemId, requestItemId));
}

export async function updateReview(db: Database, id: string, set: Partial<NewReview>): Promise<ReviewRow> {
  const [row] = await db.update(reviews).set(set).where(eq(reviews.id, id)).returning();
  return row!;
}

/** A party's newest visible reviews (the subject index, in order). */
export async function visibleReviewsOf(db: Database, subjectId: string, limit: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.subjectId, subjectId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
}

/** A party's visible reviews: how many and their average (the subject index alone). */
export async function ratingOf(db: Database, subjectId: string): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(and(eq(reviews.subjectId, subjectId), isNull(reviews.hiddenAt)));
  return { count: row?.count ?? 0, average: row?.average == null ? null : Number(row.average) };
}

export interface PartyName {
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  parentId: string | null;
  companyName: string | null;
  deletedAt: Date | null;
}

/** Accounts by id with their company's name (authors of reviews, a carrier's profile). */
export async function partiesById(db: Database, ids: string[]): Promise<Map<string, PartyName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      parentId: users.parentId,
      companyName: companies.name,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(sql`${users.id} = any(${`{${[...new Set(ids)].join(',')}}`}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether the account is a carrier (a driver manager or a driver), by its live roles. */
export async function isCarrierAccount(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.parentId), sql`${users.roles} && '{DRIVER,DRIVER_MANAGER}'::text[]`));
  return Boolean(row);
}

/** Reviews (decision 105): the only SQL of the reviews themselves. */
import { type SQL, and, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

export interface AdminReviewFilter {
  rating?: number;
  visibility?: 'VISIBLE' | 'HIDDEN';
  keyword?: string;
}

const authors = alias(users, 'author');
const authorCompanies = alias(companies, 'author_company');
const subjects = alias(users, 'subject');
const subjectCompanies = alias(companies, 'subject_company');

/**
 * The back office's page of reviews, newest first, filtered and paged in SQL, with the author and the rated
 * party (their company's name, if any) for the list and the keyword.
 */
export async function listReviews(db: Database, filter: AdminReviewFilter, page: { limit: number; offset: number }) {
  const like = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where: SQL | undefined = and(
    filter.rating ? eq(reviews.rating, filter.rating) : undefined,
    filter.visibility === 'HIDDEN'
      ? isNotNull(reviews.hiddenAt)
      : filter.visibility === 'VISIBLE'
        ? isNull(reviews.hiddenAt)
        : undefined,
    like
      ? or(
          ilike(reviews.comment, like),
          ilike(reviews.reply, like),
          ilike(authorCompanies.name, like),
          ilike(authors.email, like),
          ilike(subjectCompanies.name, like),
          ilike(subjects.email, like),
        )
      : undefined,
  );
  const rows = db
    .select({
      review: reviews,
      author: {
        id: authors.id,
        name: authors.name,
        firstName: authors.firstName,
        lastName: authors.lastName,
        email: authors.email,
        parentId: authors.parentId,
        companyName: authorCompanies.name,
        deletedAt: authors.deletedAt,
      },
      subject: {
        id: subjects.id,
        name: subjects.name,
        firstName: subjects.firstName,
        lastName: subjects.lastName,
        email: subjects.email,
        parentId: subjects.parentId,
        companyName: subjectCompanies.name,
        deletedAt: subjects.deletedAt,
      },
    })
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .leftJoin(authorCompanies, eq(authorCompanies.id, authors.companyId))
    .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
    .leftJoin(subjectCompanies, eq(subjectCompanies.id, subjects.companyId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .leftJoin(authorCompanies, eq(authorCompanies.id, authors.companyId))
    .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
    .leftJoin(subjectCompanies, eq(subjectCompanies.id, subjects.companyId))
    .where(where);
  const [list, [n]] = await Promise.all([rows, total]);
  return { rows: list, total: n!.n };
}

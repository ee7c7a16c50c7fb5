/** The carrier verification's SQL (decision 104): one row per company, and the expiry job's notices. */
import { and, asc, count, eq, gte, ilike, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import { carrierVerificationNotices, carrierVerifications, companies, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type VerificationRow = typeof carrierVerifications.$inferSelect;
export type SubmissionValues = Pick<
  typeof carrierVerifications.$inferInsert,
  | 'permitKind'
  | 'permitNumber'
  | 'insurer'
  | 'coverageYen'
  | 'insuranceExpiresOn'
  | 'certificateFileId'
  | 'invoiceRegistrationNo'
  | 'submittedBy'
>;
export type NoticeKind = (typeof carrierVerificationNotices.$inferInsert)['kind'];

export async function findVerification(db: Database, companyId: string, lock = false): Promise<VerificationRow | undefined> {
  const query = db.select().from(carrierVerifications).where(eq(carrierVerifications.companyId, companyId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A submission: the documents replace the last ones and the review starts again (申請中). */
export async function saveSubmission(db: Database, companyId: string, values: SubmissionValues): Promise<VerificationRow> {
  const now = new Date();
  const fresh = {
    ...values,
    status: 'PENDING' as const,
    submittedAt: now,
    reviewedBy: null,
    reviewedAt: null,
    returnReason: null,
    lapsedAt: null,
  };
  const [row] = await db
    .insert(carrierVerifications)
    .values({ companyId, ...fresh })
    .onConflictDoUpdate({ target: carrierVerifications.companyId, set: { ...fresh, updatedAt: now } })
    .returning();
  return row!;
}

/** The admin's answer to a pending submission. */
export async function saveReview(
  db: Database,
  companyId: string,
  review: { status: 'VERIFIED' | 'RETURNED'; reviewedBy: string; returnReason: string | null },
): Promise<VerificationRow> {
  const [row] = await db
    .update(carrierVerifications)
    .set({ ...review, reviewedAt: new Date() })
    .where(eq(carrierVerifications.companyId, companyId))
    .returning();
  return row!;
}

/** The verified one lapses; answers the row when it was still verified (so each lapse happens once). */
export async function lapse(db: Database, companyId: string, expiresOn: string): Promise<VerificationRow | undefined> {
  const [row] = await db
    .update(carrierVerifications)
    .set({ status: 'LAPSED', lapsedAt: new Date() })
    .where(
      and(
        eq(carrierVerifications.companyId, companyId),
        eq(carrierVerifications.status, 'VERIFIED'),
        eq(carrierVerifications.insuranceExpiresOn, expiresOn),
      ),
    )
    .returning();
  return row;
}

/** The companies among these that are 確認済 with their insurance in force on `today`. */
export async function verifiedAmong(db: Database, companyIds: readonly string[], today: string): Promise<string[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({ companyId: carrierVerifications.companyId })
    .from(carrierVerifications)
    .where(
      and(
        inArray(carrierVerifications.companyId, [...new Set(companyIds)]),
        eq(carrierVerifications.status, 'VERIFIED'),
        gte(carrierVerifications.insuranceExpiresOn, today),
      ),
    );
  return rows.map((r) => r.companyId);
}

/** Verified companies whose insurance ends between `today` and `until` (inclusive): the reminder's. */
export async function expiringBetween(db: Database, today: string, until: string): Promise<VerificationRow[]> {
  return db
    .select()
    .from(carrierVerifications)
    .where(
      and(
        eq(carrierVerifications.status, 'VERIFIED'),
        gte(carrierVerifications.insuranceExpiresOn, today),
        lte(carrierVerifications.insuranceExpiresOn, until),
      ),
    )
    .orderBy(asc(carrierVerifications.insuranceExpiresOn));
}

/** Verified companies whose insurance ended before `today`: they lapse. */
export async function expiredBefore(db: Database, today: string): Promise<VerificationRow[]> {
  return db
    .select()
    .from(carrierVerifications)
    .where(and(eq(carrierVerifications.status, 'VERIFIED'), lt(carrierVerifications.insuranceExpiresOn, today)))
    .orderBy(asc(carrierVerifications.insuranceExpiresOn));
}

/** Records a notice; false when this company was already told this kind for this expiry. */
export async function markNoticed(
  db: Database,
  companyId: string,
  kind: NoticeKind,
  insuranceExpiresOn: string,
): Promise<boolean> {
  const rows = await db
    .insert(carrierVerificationNotices)
    .values({ companyId, kind, insuranceExpiresOn })
    .onConflictDoNothing()
    .returning({ companyId: carrierVerificationNotices.companyId });
  return rows.length === 1;
}

export interface ListFilter {
  status?: VerificationRow['status'];
  keyword?: string;
}

/** The back office's queue: oldest submission first (who waited longest is answered first). */
export async function listVerifications(db: Database, filter: ListFilter, page: { limit: number; offset: number }) {
  const like = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where: SQL | undefined = and(
    filter.status ? eq(carrierVerifications.status, filter.status) : undefined,
    like ? or(ilike(companies.name, like), ilike(companies.nameKana, like), ilike(users.email, like)) : undefined,
  );
  const base = () =>
    db
      .select({
        verification: carrierVerifications,
        company: { name: companies.name },
        manager: { id: users.id, name: users.name, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(carrierVerifications)
      .innerJoin(companies, eq(companies.id, carrierVerifications.companyId))
      .innerJoin(users, eq(users.id, carrierVerifications.submittedBy));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(carrierVerifications.submittedAt), asc(carrierVerifications.companyId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(carrierVerifications)
      .innerJoin(companies, eq(companies.id, carrierVerifications.companyId))
      .innerJoin(users, eq(users.id, carrierVerifications.submittedBy))
      .where(where),
  ]);
  return { rows, total: total!.n };
}

/** Candidates (applications): the only SQL of the candidates module. */
import { and, count, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { TRequestStatus } from '@logi/contract';
import { candidates, companies, requestItems, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type CandidateRow = typeof candidates.$inferSelect;
type RequestItemRow = typeof requestItems.$inferSelect;

/**
 * The live request item under a share lock: applications to one item run side by side,
 * but wait for an approval or a cancel (which lock it for update) and then see its outcome.
 */
export async function lockRequestItemShared(db: Database, id: string): Promise<RequestItemRow | undefined> {
  const [row] = await db
    .select()
    .from(requestItems)
    .where(and(eq(requestItems.id, id), isNull(requestItems.deletedAt)))
    .for('share');
  return row;
}

export interface NewCandidate {
  requestItemId: string;
  applicantId: string;
  driverManagerId: string | null;
  companyId: string | null;
  price: number;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
  /** The road km the carrier stated with its bid. */
  distanceKm: number | null;
}

/**
 * One application per (item, applicant), whatever races: the unique index decides.
 * `updatePrice` (a bid) replaces the price of an existing application; otherwise an
 * existing one is kept as it is. `inserted` tells a new application from a repeated one.
 */
export async function upsertCandidate(
  db: Database,
  values: NewCandidate,
  updatePrice: boolean,
): Promise<{ candidate: CandidateRow; inserted: boolean }> {
  const target = [candidates.requestItemId, candidates.applicantId];
  const insert = db.insert(candidates).values(values);
  const returning = { ...getTableColumns(candidates), inserted: sql<boolean>`(xmax = 0)` };
  const [row] = updatePrice
    ? await insert
        .onConflictDoUpdate({
          target,
          set: {
            price: sql`excluded.price`,
            incidentalCharge: sql`excluded.incidental_charge`,
            fuelSurcharge: sql`excluded.fuel_surcharge`,
            distanceKm: sql`excluded.distance_km`,
            updatedAt: new Date(),
          },
        })
        .returning(returning)
    : await insert.onConflictDoNothing({ target }).returning(returning);
  if (row) {
    const { inserted, ...candidate } = row;
    return { candidate, inserted };
  }
  const [existing] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.requestItemId, values.requestItemId), eq(candidates.applicantId, values.applicantId)));
  return { candidate: existing!, inserted: false };
}

export async function findCandidate(db: Database, id: string, lock = false): Promise<CandidateRow | undefined> {
  const query = db.select().from(candidates).where(eq(candidates.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Candidates with their applicant and the applicant's company. */
function withApplicant(db: Database) {
  return db
    .select({
      candidate: candidates,
      applicant: {
        id: users.id,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        note: users.note,
        parentId: users.parentId,
      },
      company: { id: companies.id, name: companies.name, nameKana: companies.nameKana },
    })
    .from(candidates)
    .innerJoin(users, eq(users.id, candidates.applicantId))
    .leftJoin(companies, eq(companies.id, users.companyId));
}

export async function findCandidateWithApplicant(db: Database, id: string) {
  const [row] = await withApplicant(db).where(eq(candidates.id, id));
  return row;
}
export type CandidateWithApplicant = NonNullable<Awaited<ReturnType<typeof findCandidateWithApplicant>>>;

/** A page of an item's candidates, newest application first. */
export async function listCandidates(db: Database, requestItemId: string, page: { limit: number; offset: number }) {
  const where = eq(candidates.requestItemId, requestItemId);
  const [rows, [total]] = await Promise.all([
    withApplicant(db).where(where).orderBy(desc(candidates.createdAt), desc(candidates.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(candidates).where(where),
  ]);
  return { rows, total: total!.n };
}

/** Every candidate of an item (a shipper's sort by rating or on-time rate orders them all; an item draws few bids). */
export async function listAllCandidates(db: Database, requestItemId: string) {
  return withApplicant(db)
    .where(eq(candidates.requestItemId, requestItemId))
    .orderBy(desc(candidates.createdAt), desc(candidates.id));
}

/** The approval: the item is matched to the applicant and moves to `status`. */
export async function setRequestItemMatched(db: Database, id: string, status: TRequestStatus, receiverId: string): Promise<void> {
  // A warehouse completes on approval (matching ends), so both instants are stamped then.
  const at = new Date();
  await db
    .update(requestItems)
    .set({ status, receiverId, carrierId: receiverId, approvedAt: at, ...(status === 'COMPLETED' ? { completedAt: at } : {}) })
    .where(eq(requestItems.id, id));
}

export async function approveCandidate(db: Database, id: string): Promise<void> {
  await db.update(candidates).set({ status: 'APPROVED' }).where(eq(candidates.id, id));
}

/** Every other open application of the item is not chosen; answers their applicants. */
export async function markOthersNotChosen(db: Database, requestItemId: string, approvedId: string): Promise<string[]> {
  const rows = await db
    .update(candidates)
    .set({ status: 'NOT_CHOSEN' })
    .where(and(eq(candidates.requestItemId, requestItemId), ne(candidates.id, approvedId), eq(candidates.status, 'APPLIED')))
    .returning({ applicantId: candidates.applicantId });
  return rows.map((r) => r.applicantId);
}

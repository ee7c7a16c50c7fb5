/** Candidates (applications): the only SQL of the candidates module. */
import { and, count, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { TRequestStatus } from '@logi/contract';
import { candidates, carrierVerifications, companies, messages, requestItems, talkrooms, users } from '../../db/schema';
import { type Database, preparedStatement, selectOnce } from '../../platform/db/database';
import {
  type ItemPartsJson as PartsJson,
  type ListedItemRow,
  type TalkroomRow,
  itemPartsJson as partsJson,
  itemRowJson,
  rowJson as jsonRow,
} from '../request-items/request-items.access.service';
import { type CarrierFigures, type CarrierFiguresJson, carrierFiguresJson, figuresOf } from '../reviews/reviews.service';

export type CandidateRow = typeof candidates.$inferSelect;
type RequestItemRow = typeof requestItems.$inferSelect;

/**
 * The live request item under a share lock: applications to one item run side by side,
 * but wait for an approval or a cancel (which lock it for update) and then see its outcome.
 */
export async function lockRequestItemShared(db: Database, id: string): Promise<RequestItemRow | undefined> {
  const [row] = await requestItemForShare(db, { id });
  return row;
}
const requestItemForShare = selectOnce('request_item_for_share', (db) =>
  db
    .select()
    .from(requestItems)
    .where(and(eq(requestItems.id, sql.placeholder('id')), isNull(requestItems.deletedAt)))
    .for('share'),
);

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

// ───────────────────────── the shipper's list, in one statement ─────────────────────────

const candidateJson = jsonRow(candidates);
const talkroomJson = jsonRow(talkrooms);

/** One candidate of the list with all its view shows, read in the list's one statement. */
export interface ListedCandidate {
  row: CandidateWithApplicant;
  total: number;
  verified: boolean;
  figures: CarrierFigures;
  talkroom: TalkroomRow | null;
  lastMessage: { id: string; content: string; senderId: string; fileCount: number; createdAt: string } | null;
}

interface ListedJson {
  total: number;
  c: Record<string, unknown>;
  a: CandidateWithApplicant['applicant'];
  co: CandidateWithApplicant['company'];
  v: boolean;
  f: CarrierFiguresJson;
  t: Record<string, unknown> | null;
  m: ListedCandidate['lastMessage'];
}

/**
 * A page of an item's candidates (newest application first; `limit` null: all of them) with the
 * total, each with its applicant and company, whether the company carries the badge on `today`,
 * its carrier's facts since `since` and visible reviews, its talkroom and the talkroom's last
 * message, and the item's parts: one prepared statement, per candidate lookups on unique or
 * per-id indexes (an item draws few bids).
 */
const listStatement = preparedStatement<{
  item: Record<string, unknown> | null;
  parts: PartsJson;
  rows: ListedJson[] | null;
}>(sql`
  with page as (
    select c.*, count(*) over ()::int as total from ${candidates} c
    where c.request_item_id = ${sql.placeholder('id')}
    order by c.created_at desc, c.id desc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})
  select (select ${itemRowJson.build('r')} from ${requestItems} r
      where r.id = ${sql.placeholder('id')} and r.deleted_at is null) as item,
    (select ${partsJson('r')} from (select ${sql.placeholder('id')}::uuid as id) r) as parts,
    (select json_agg(json_build_object(
    'total', c.total,
    'c', ${candidateJson.build('c')},
    'a', json_build_object('id', u.id, 'name', u.name, 'firstName', u.first_name, 'lastName', u.last_name,
      'email', u.email, 'phone', u.phone, 'note', u.note, 'parentId', u.parent_id),
    'co', case when co.id is null then null else json_build_object('id', co.id, 'name', co.name, 'nameKana', co.name_kana) end,
    'v', exists (select 1 from ${carrierVerifications} cv where cv.company_id = co.id and cv.status = 'VERIFIED'
      and cv.insurance_expires_on >= ${sql.placeholder('today')}),
    'f', ${carrierFiguresJson(sql`coalesce(c.driver_manager_id, c.applicant_id)`, sql`${sql.placeholder('since')}`)},
    't', case when t.id is null then null else ${talkroomJson.build('t')} end,
    'm', (select json_build_object('id', m.id, 'content', m.content, 'senderId', m.sender_id,
        'fileCount', cardinality(m.file_ids), 'createdAt', m.created_at)
      from ${messages} m where m.talkroom_id = t.id order by m.created_at desc, m.id desc limit 1))
    order by c.created_at desc, c.id desc)
  from page c
  join ${users} u on u.id = c.applicant_id
  left join ${companies} co on co.id = u.company_id
  left join ${talkrooms} t on t.candidate_id = c.id) as rows`);

export async function listCandidatesWithTrust(
  db: Database,
  requestItemId: string,
  page: { limit: number | null; offset: number },
  today: string,
  since: Date,
): Promise<{ item: ListedItemRow; parts: PartsJson; rows: ListedCandidate[]; total: number | null } | undefined> {
  const [found] = await listStatement(db, {
    id: requestItemId,
    limit: page.limit,
    offset: page.offset,
    today,
    since: since.toISOString(),
  });
  if (!found?.item) return undefined;
  const rows = (found.rows ?? []).map((j) => {
    const candidate = candidateJson.revive<CandidateRow>(j.c);
    const carrierId = candidate.driverManagerId ?? candidate.applicantId;
    return {
      row: { candidate, applicant: j.a, company: j.co },
      total: j.total,
      verified: j.v,
      figures: figuresOf(carrierId, j.f),
      talkroom: j.t && talkroomJson.revive<TalkroomRow>(j.t),
      lastMessage: j.m,
    };
  });
  return {
    item: itemRowJson.revive<ListedItemRow>(found.item),
    parts: found.parts,
    rows,
    // A page past the last one reads no row, and so no total: the count alone.
    total: rows[0]?.total ?? (page.offset === 0 ? 0 : null),
  };
}

/** The number of an item's candidates (a page past the last one). */
export async function countCandidates(db: Database, requestItemId: string): Promise<number> {
  const [total] = await db.select({ n: count() }).from(candidates).where(eq(candidates.requestItemId, requestItemId));
  return total!.n;
}

/**
 * A request item's detail in one statement (decision 071): everything any viewer may see of it,
 * by correlated subqueries on unique or per-item indexes. What each viewer sees of it is
 * decided in request-items.detail.ts.
 */
import { type GetColumnData, sql } from 'drizzle-orm';
import { candidates, companies, locations, requestItems, talkrooms, userColumns } from '../../db/schema';
import { type Database, preparedStatement } from '../../platform/db/database';
import {
  type ItemParts,
  type ListedItemRow,
  type PartsJson,
  addParts,
  candidateJson,
  emptyParts,
  itemJson,
  jsonRow,
  partsJsonText,
} from './request-items.parts.repository';
import type { CandidateRow, TalkroomRow } from './request-items.repository';

const talkroomJson = jsonRow(talkrooms);
const userJson = jsonRow(userColumns);
const companyJson = jsonRow(companies);
const locationJson = jsonRow(locations);

/** A user as a detail shows them (`userColumns`: no password hash nor search index). */
type ShownUserRow = { [K in keyof typeof userColumns]: GetColumnData<(typeof userColumns)[K]> };

/** The customer (the item's creator) with company and company address. */
export interface CustomerRow {
  user: ShownUserRow;
  company: typeof companies.$inferSelect | null;
  location: typeof locations.$inferSelect | null;
}
/** The approved applicant (or the driver carrying the job): name, phone and company. */
export interface ReceiverRow {
  user: CustomerRow['user'];
  companyName: string | null;
}

/** Everything a detail view reads of an item, whoever looks: request-items.detail.ts decides what each viewer sees. */
export interface DetailRecord {
  item: ListedItemRow;
  parts: ItemParts;
  /** Oldest first. */
  talkrooms: TalkroomRow[];
  candidateCount: number;
  /** The viewer's own application. */
  ownCandidate: CandidateRow | null;
  /** The approved application (its price is the agreed one). */
  approvedCandidate: CandidateRow | null;
  customer: CustomerRow | null;
  receiver: ReceiverRow | null;
  carrier: ReceiverRow | null;
  /** Every version of the 運送条件書, oldest first (empty before approval). */
  transportConditions: ConditionsVersionRow[];
}

export interface ConditionsVersionRow {
  number: string;
  version: number;
  reason: 'APPROVED' | 'CARRIER_ASSIGNED';
  issuedAt: Date;
}

const receiverJson = (userId: string) =>
  `(select json_build_object('user', ${userJson.text('u')}, 'companyName', co.name)
    from users u left join companies co on co.id = u.company_id where u.id = ${userId})`;

/** Identifiers only (the item id and the viewer are parameters), so the text is built once. */
const DETAIL_PARTS = sql.raw(`json_build_object(
  'item', ${itemJson.text('r')},
  'parts', ${partsJsonText('r')},
  'talkrooms', (select json_agg(${talkroomJson.text('t')} order by t.created_at) from talkrooms t where t.request_item_id = r.id),
  'candidateCount', (select count(*) from candidates c where c.request_item_id = r.id),
  'approvedCandidate', (select ${candidateJson.text('c')} from candidates c where c.request_item_id = r.id and c.applicant_id = r.receiver_id),
  'customer', (select json_build_object('user', ${userJson.text('u')},
      'company', case when co.id is null then null else ${companyJson.text('co')} end,
      'location', case when l.id is null then null else ${locationJson.text('l')} end)
    from users u left join companies co on co.id = u.company_id left join locations l on l.id = co.location_id
    where u.id = r.creator_id),
  'receiver', ${receiverJson('r.receiver_id')},
  'carrier', ${receiverJson('r.carrier_id')},
  'transportConditions', (select json_agg(json_build_object('number', d.number, 'version', d.version,
      'reason', d.reason, 'issuedAt', d.issued_at) order by d.version)
    from transport_condition_documents d where d.request_item_id = r.id))`);

interface DetailJson {
  item: Record<string, unknown>;
  parts: PartsJson;
  talkrooms: Record<string, unknown>[] | null;
  candidateCount: number;
  ownCandidate: Record<string, unknown> | null;
  approvedCandidate: Record<string, unknown> | null;
  customer: {
    user: Record<string, unknown>;
    company: Record<string, unknown> | null;
    location: Record<string, unknown> | null;
  } | null;
  receiver: { user: Record<string, unknown>; companyName: string | null } | null;
  carrier: { user: Record<string, unknown>; companyName: string | null } | null;
  transportConditions: (Omit<ConditionsVersionRow, 'issuedAt'> & { issuedAt: string })[] | null;
}

const reviveReceiver = (r: DetailJson['receiver']): ReceiverRow | null =>
  r && { user: userJson.revive(r.user), companyName: r.companyName };

/**
 * A live item with all a detail shows, in one statement (correlated subqueries on unique or
 * per-item indexes): the item, its parts, talkrooms, candidates' count, the viewer's own and
 * the approved application, the customer, the approved carrier and the 運送条件書.
 */
const detailStatement = preparedStatement<{ detail: DetailJson; own: Record<string, unknown> | null }>(
  sql`select ${DETAIL_PARTS} as detail,
    (select ${candidateJson.build('c')} from ${candidates} c where c.request_item_id = r.id and c.applicant_id = ${sql.placeholder('viewerId')}) as own
    from ${requestItems} r where r.id = ${sql.placeholder('id')} and r.deleted_at is null`,
);

export async function findDetail(db: Database, id: string, viewerId: string | null): Promise<DetailRecord | undefined> {
  const [row] = await detailStatement(db, { id, viewerId });
  if (!row) return undefined;
  const { detail: d, own } = row;
  const item = itemJson.revive<ListedItemRow>(d.item);
  const parts = emptyParts();
  addParts(parts, item.id, d.parts);
  return {
    item,
    parts,
    talkrooms: (d.talkrooms ?? []).map((t) => talkroomJson.revive<TalkroomRow>(t)),
    candidateCount: d.candidateCount,
    ownCandidate: own && candidateJson.revive<CandidateRow>(own),
    approvedCandidate: d.approvedCandidate && candidateJson.revive<CandidateRow>(d.approvedCandidate),
    customer: d.customer && {
      user: userJson.revive(d.customer.user),
      company: d.customer.company && companyJson.revive(d.customer.company),
      location: d.customer.location && locationJson.revive(d.customer.location),
    },
    receiver: reviveReceiver(d.receiver),
    carrier: reviveReceiver(d.carrier),
    transportConditions: (d.transportConditions ?? []).map((v) => ({ ...v, issuedAt: new Date(v.issuedAt) })),
  };
}

/**
 * Request items and their parts: the only SQL of the request-items module.
 * Every list page is one statement: the page (served by the partial indexes of db/schema.ts),
 * its capped count and the parts of its items, aggregated as JSON by PostgreSQL
 * (docs/decisions/022-market-list-speed.md); a detail is one statement too, with all that any
 * viewer may see of the item (decision 071). Never a query per item.
 */
import {
  type Column,
  type SQL,
  Table,
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  eq,
  getTableColumns,
  gte,
  inArray,
  is,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import { PgTimestamp, type PgTable } from 'drizzle-orm/pg-core';
import type { TPriceType, TRequestStatus, TRequestType } from '@logi/contract';
import {
  candidates,
  companies,
  deliveryItems,
  files,
  locations,
  requestItemImages,
  requestItems,
  talkrooms,
  transportStops,
  userColumns,
  users,
  warehouseItems,
} from '../../db/schema';
import { type Database, preparedRowsOf, preparedStatement, rowsOf } from '../../platform/db/database';
import { keywordMatch } from '../../platform/db/keyword-match';
import { type ListTotal, type Page, cappedCountOf, listTotal } from '../../platform/db/list-page';

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

export async function setRepostedAs(db: Database, id: string, copyId: string) {
  await db.update(requestItems).set({ repostedAsId: copyId }).where(eq(requestItems.id, id));
}

// ───────────────────────── reading one ─────────────────────────

/** A live (not deleted) request item; `lock` takes the row lock of a lifecycle transition. */
export async function findRequestItem(db: Database, id: string, lock = false): Promise<RequestItemRow | undefined> {
  const query = db
    .select()
    .from(requestItems)
    .where(and(eq(requestItems.id, id), isNull(requestItems.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
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

// ───────────────────────── the parts of a page ─────────────────────────

/** What the views read of a part: not its own timestamps nor the item's id (the map's key). */
type PartOf<Row> = Omit<Row, 'requestItemId' | 'createdAt' | 'updatedAt'>;
export type DeliveryPart = PartOf<DeliveryItemRow>;
export type TransportStopPart = PartOf<TransportStopRow>;
export type WarehousePart = PartOf<WarehouseItemRow>;

export interface ItemParts {
  deliveries: Map<string, DeliveryPart>;
  stops: Map<string, TransportStopPart[]>;
  warehouses: Map<string, WarehousePart>;
  /** File ids in order, by request item. */
  images: Map<string, string[]>;
}

// ───────────────────────── rows as JSON (built by PostgreSQL) ─────────────────────────

/**
 * A table's row as `json_build_object` under the Drizzle (TypeScript) names, and the
 * columns to turn back into Dates: so a JSON row reads exactly like a Drizzle row.
 * Built once from the schema (identifiers only, no values).
 */
interface JsonRow {
  build(alias: string): SQL;
  text(alias: string): string;
  revive<T>(row: Record<string, unknown>): T;
}

function jsonRow(table: PgTable | Record<string, Column>, omit: readonly string[] = []): JsonRow {
  const all = is(table, Table) ? getTableColumns(table) : table;
  const columns = Object.entries(all).filter(([key]) => !omit.includes(key));
  const dates = columns.filter(([, c]) => c instanceof PgTimestamp).map(([key]) => key);
  const text = (alias: string) => `json_build_object(${columns.map(([key, c]) => `'${key}', ${alias}."${c.name}"`).join(', ')})`;
  const built = new Map<string, SQL>();
  return {
    text,
    build(alias) {
      let raw = built.get(alias);
      if (!raw) {
        raw = sql.raw(text(alias));
        built.set(alias, raw);
      }
      return raw;
    },
    revive<T>(row: Record<string, unknown>): T {
      for (const key of dates) if (row[key] !== null) row[key] = new Date(row[key] as string);
      return row as T;
    },
  };
}

/**
 * What a list shows of an item: the index columns (tags, search terms) and the deletion
 * stamp (a listed item is live) stay in the database. Fewer keys: less JSON to build,
 * send, parse and revive on every page.
 */
export type ListedItemRow = Omit<RequestItemRow, 'filterTags' | 'searchTerms' | 'searchText' | 'deletedAt' | 'deletedBy'>;

const itemJson = jsonRow(requestItems, ['filterTags', 'searchTerms', 'searchText', 'deletedAt', 'deletedBy']);
const PART_OMITS = ['requestItemId', 'createdAt', 'updatedAt'];
const deliveryJson = jsonRow(deliveryItems, PART_OMITS);
const stopJson = jsonRow(transportStops, PART_OMITS);
const warehouseJson = jsonRow(warehouseItems, PART_OMITS);

/** The parts of the item whose id is `${alias}.id`, as one JSON object (correlated subqueries on unique indexes). */
const partsJsonText = (alias: string) => `json_build_object(
    'delivery', (select ${deliveryJson.text('d')} from delivery_items d where d.request_item_id = ${alias}.id),
    'stops', (select json_agg(${stopJson.text('s')} order by s.position) from transport_stops s where s.request_item_id = ${alias}.id),
    'warehouse', (select ${warehouseJson.text('w')} from warehouse_items w where w.request_item_id = ${alias}.id),
    'images', (select json_agg(i.file_id order by i.position) from request_item_images i where i.request_item_id = ${alias}.id))`;

const partsBuilt = new Map<string, SQL>();

/** `partsJsonText` as SQL, built once per alias (identifiers only, no values). */
function partsJson(alias: string): SQL {
  let built = partsBuilt.get(alias);
  if (!built) {
    built = sql.raw(partsJsonText(alias));
    partsBuilt.set(alias, built);
  }
  return built;
}

interface PartsJson {
  delivery: Record<string, unknown> | null;
  stops: Record<string, unknown>[] | null;
  warehouse: Record<string, unknown> | null;
  images: string[] | null;
}

function addParts(parts: ItemParts, itemId: string, json: PartsJson) {
  if (json.delivery) parts.deliveries.set(itemId, deliveryJson.revive(json.delivery));
  if (json.stops)
    parts.stops.set(
      itemId,
      json.stops.map((s) => stopJson.revive<TransportStopPart>(s)),
    );
  if (json.warehouse) parts.warehouses.set(itemId, warehouseJson.revive(json.warehouse));
  if (json.images) parts.images.set(itemId, json.images);
}

const emptyParts = (): ItemParts => ({ deliveries: new Map(), stops: new Map(), warehouses: new Map(), images: new Map() });

/** Delivery items, stops, warehouse items and images of the given items: one query in all. */
export async function loadParts(db: Database, items: readonly Pick<RequestItemRow, 'id'>[]): Promise<ItemParts> {
  const parts = emptyParts();
  if (items.length === 0) return parts;
  const ids = sql.join(
    items.map((i) => sql`${i.id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string; parts: PartsJson }>(
    db,
    sql`select r.id, ${partsJson('r')} as parts from unnest(array[${ids}]::uuid[]) as r(id)`,
  );
  for (const row of rows) addParts(parts, row.id, row.parts);
  return parts;
}

/** The customers (creators) of the given items with company and company address. */
export async function loadCustomers(db: Database, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, Awaited<ReturnType<typeof customerQuery>>[number]>();
  const rows = await customerQuery(db, [...new Set(userIds)]);
  return new Map(rows.map((r) => [r.user.id, r]));
}

function customerQuery(db: Database, userIds: string[]) {
  return db
    .select({ user: userColumns, company: companies, location: locations })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, eq(locations.id, companies.locationId))
    .where(inArray(users.id, userIds));
}
export type CustomerRow = Awaited<ReturnType<typeof customerQuery>>[number];

// ───────────────────────── a detail in one statement ─────────────────────────

const talkroomJson = jsonRow(talkrooms);
const candidateJson = jsonRow(candidates);
const userJson = jsonRow(userColumns);
const companyJson = jsonRow(companies);
const locationJson = jsonRow(locations);

/** The approved applicant (or the driver carrying the job): name, phone and company. */
export interface ReceiverRow {
  user: CustomerRow['user'];
  companyName: string | null;
}

/** Everything a detail view reads of an item, whoever looks: the service decides what each viewer sees. */
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

/** Which of the given items the user applied to. */
export async function appliedItemIds(db: Database, userId: string, itemIds: readonly string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ id: candidates.requestItemId })
    .from(candidates)
    .where(and(eq(candidates.applicantId, userId), inArray(candidates.requestItemId, [...itemIds])));
  return new Set(rows.map((r) => r.id));
}

// ───────────────────────── lists ─────────────────────────

export type { Page };

/** Market filters, already turned into index terms by the service. */
export interface MarketFilter {
  /** The item's type must equal each of these (two different ones → nothing). */
  requestTypes: TRequestType[];
  /** Every group must overlap the item's tags (any of the group). */
  anyTags: string[][];
  /** The item's tags must hold all of these. */
  allTags: string[];
  priceTypes?: TPriceType[];
  keyword?: { terms: string[]; words: string[] };
  createdFrom?: Date;
  createdBefore?: Date;
  firstPickupFrom?: Date;
  firstPickupBefore?: Date;
}

const OPEN = sql`${requestItems.status} = 'WAITING_APPROVE' and ${requestItems.deletedAt} is null`;
const LIVE = isNull(requestItems.deletedAt);

/** The open requests the user applied to (its applications are few next to the market). */
export async function openApplicationItemIds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: candidates.requestItemId })
    .from(candidates)
    .innerJoin(requestItems, eq(requestItems.id, candidates.requestItemId))
    .where(and(eq(candidates.applicantId, userId), OPEN));
  return new Set(rows.map((r) => r.id));
}

const keywordCondition = (keyword: { terms: string[]; words: string[] }) =>
  keywordMatch(requestItems.searchTerms, requestItems.searchText, keyword);

function marketWhere(f: MarketFilter): SQL {
  return and(
    OPEN,
    ...f.requestTypes.map((t) => eq(requestItems.type, t)),
    ...f.anyTags.map((group) => arrayOverlaps(requestItems.filterTags, group)),
    f.allTags.length ? arrayContains(requestItems.filterTags, f.allTags) : undefined,
    f.priceTypes ? inArray(requestItems.priceType, f.priceTypes) : undefined,
    f.keyword ? keywordCondition(f.keyword) : undefined,
    f.createdFrom ? gte(requestItems.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(requestItems.createdAt, f.createdBefore) : undefined,
    f.firstPickupFrom ? gte(requestItems.firstPickupAt, f.firstPickupFrom) : undefined,
    f.firstPickupBefore ? lt(requestItems.firstPickupAt, f.firstPickupBefore) : undefined,
  )!;
}

const CANDIDATE_COUNT = sql.raw('(select count(*) from candidates c where c.request_item_id = p.id)');
/** The approved application of a matched item (its agreed price), by the unique (item, applicant) index. */
const APPROVED_CANDIDATE = sql`(select ${candidateJson.build('c')} from ${candidates} c where c.request_item_id = p.id and c.applicant_id = p.receiver_id)`;

/**
 * A list page in one statement, newest first: the page with its parts as JSON and the
 * capped count (platform/db/list-page.ts), so a broad filter never counts every match;
 * `counted`: each item's number of candidates besides (the owner's and the admin's lists).
 */
function listStatement(where: SQL, page: Page, counted = false, approved = false): SQL {
  // Deferred join: the offset walks the (created_at, id) index only, and just the page's
  // rows are read from the table (page 500: 37 ms → 5 ms on 1,000,000 items).
  return sql`with keys as (
      select ${requestItems.id} as id from ${requestItems} where ${where}
      order by ${requestItems.createdAt} desc, ${requestItems.id} desc
      limit ${page.limit} offset ${page.offset}),
    page as (select r.* from keys join ${requestItems} r on r.id = keys.id)
    select ${cappedCountOf(sql`select 1 from ${requestItems} where ${where}`, page)} as total,
      coalesce((select json_agg(json_build_object('item', ${itemJson.build('p')}, 'parts', ${partsJson('p')},
                                                  'candidates', ${counted ? CANDIDATE_COUNT : sql`null`},
                                                  'approved', ${approved ? APPROVED_CANDIDATE : sql`null`})
                                order by p.created_at desc, p.id desc) from page p), '[]'::json) as items`;
}

export interface ListPage extends ListTotal {
  rows: ListedItemRow[];
  parts: ItemParts;
  /** The number of candidates per item, when the list counts them. */
  candidateCounts: Map<string, number>;
  /** The approved application per matched item, when the list reads them. */
  approvedCandidates: Map<string, CandidateRow>;
}

interface ListedJson {
  item: Record<string, unknown>;
  parts: PartsJson;
  candidates: number | null;
  approved: Record<string, unknown> | null;
}

interface ListOptions {
  /** Count each item's candidates. */
  counted?: boolean;
  /** Run prepared: a statement of few shapes whose values vary (preparedRowsOf). */
  prepared?: boolean;
  /** Read each matched item's approved application (the owner's list shows the agreed price). */
  approved?: boolean;
}

async function listPageOf(db: Database, where: SQL, page: Page, options: ListOptions = {}): Promise<ListPage> {
  const run = options.prepared ? preparedRowsOf : rowsOf;
  const [result] = await run<{ total: number; items: ListedJson[] }>(
    db,
    listStatement(where, page, options.counted, options.approved),
  );
  const parts = emptyParts();
  const candidateCounts = new Map<string, number>();
  const approvedCandidates = new Map<string, CandidateRow>();
  const rows = result!.items.map(({ item, parts: json, candidates: n, approved }) => {
    const row = itemJson.revive<ListedItemRow>(item);
    addParts(parts, row.id, json);
    if (n !== null) candidateCounts.set(row.id, n);
    if (approved) approvedCandidates.set(row.id, candidateJson.revive<CandidateRow>(approved));
    return row;
  });
  return { rows, parts, candidateCounts, approvedCandidates, ...listTotal(result!.total, page) };
}

/** Open requests on the market (the hot path: one statement). */
export function listMarket(db: Database, filter: MarketFilter, page: Page): Promise<ListPage> {
  return listPageOf(db, marketWhere(filter), page);
}

export interface OwnerFilter {
  creatorId: string;
  requestType?: TRequestType;
  statuses?: TRequestStatus[];
}

function ownerWhere(f: OwnerFilter): SQL {
  return and(
    eq(requestItems.creatorId, f.creatorId),
    LIVE,
    f.requestType ? eq(requestItems.type, f.requestType) : undefined,
    f.statuses ? inArray(requestItems.status, f.statuses) : undefined,
  )!;
}

/** The owner's requests, newest first: one statement, like the market (page, parts, capped count). */
export function listOwned(db: Database, filter: OwnerFilter, page: Page): Promise<ListPage> {
  return listPageOf(db, ownerWhere(filter), page, { counted: true, prepared: true, approved: true });
}

export interface AppliedFilter {
  /** The carrier: its own applications, and the jobs its driver manager assigned to it. */
  userId: string;
  requestType?: TRequestType;
  deliveryStatuses?: TRequestStatus[];
  warehouseStatuses?: TRequestStatus[];
}

/**
 * The caller's applications come two ways, each read from its own index in its own order, so a
 * page reads only its rows whatever the carrier's history (issue 15: one `or` across both made
 * PostgreSQL scan every application, 8.7 s for a driver with 2,300 on 1,000,000 items):
 * - `own`: its own applications (candidates by applicant), except on a job its manager won and
 *   assigned to it;
 * - `assigned`: the jobs assigned to it (request items by carrier), with the manager's approved
 *   application. (carrier_id and receiver_id are both null before approval, both set after.)
 */
function appliedBranches(f: AppliedFilter): { own: SQL; assigned: SQL } {
  const byType = (type: TRequestType, statuses?: TRequestStatus[]) =>
    statuses ? and(eq(requestItems.type, type), inArray(requestItems.status, statuses)) : eq(requestItems.type, type);
  const statusCondition =
    f.deliveryStatuses || f.warehouseStatuses
      ? sql`(${byType('DELIVERY', f.deliveryStatuses)} or ${byType('WAREHOUSE', f.warehouseStatuses)})`
      : undefined;
  const common = [LIVE, f.requestType ? eq(requestItems.type, f.requestType) : undefined, statusCondition];
  const notAssignedToMe = or(
    isNull(requestItems.carrierId),
    ne(requestItems.carrierId, f.userId),
    eq(requestItems.receiverId, f.userId),
  );
  return {
    own: and(eq(candidates.applicantId, f.userId), notAssignedToMe, ...common)!,
    assigned: and(
      eq(requestItems.carrierId, f.userId),
      ne(requestItems.receiverId, f.userId),
      eq(candidates.status, 'APPROVED'),
      ...common,
    )!,
  };
}

/**
 * Applied-items counts fewer pages ahead than the market: each application counted is a
 * lookup of its request (deleted? assigned to the caller?), 5 ms at the market's 50 pages
 * for a driver with 2,300 applications, 1 ms at 10.
 */
const APPLIED_COUNT_PAGES_AHEAD = 10;

/**
 * A page in one statement, like the market: the first offset + limit of each way, merged in
 * order, then the page of them with their items and parts, and the capped count of each way.
 */
function appliedStatement(f: AppliedFilter, page: Page): SQL {
  const { own, assigned } = appliedBranches(f);
  const joined = (where: SQL) =>
    sql`from ${candidates} inner join ${requestItems} on ${requestItems.id} = ${candidates.requestItemId} where ${where}`;
  const firstOf = (where: SQL) =>
    sql`select ${candidates.id} as id ${joined(where)}
      order by ${candidates.createdAt} desc, ${candidates.id} desc limit ${page.offset + page.limit}`;
  const counted = (where: SQL) => cappedCountOf(sql`select 1 ${joined(where)}`, page, APPLIED_COUNT_PAGES_AHEAD);
  return sql`with keys as ((${firstOf(own)}) union all (${firstOf(assigned)})),
    page as (select c.* from keys join ${candidates} c on c.id = keys.id
      order by c.created_at desc, c.id desc limit ${page.limit} offset ${page.offset})
    select ${counted(own)} + ${counted(assigned)} as total,
      coalesce((select json_agg(json_build_object('candidate', ${candidateJson.build('p')}, 'item', ${itemJson.build('r')},
                                                  'parts', ${partsJson('r')})
                                order by p.created_at desc, p.id desc)
                from page p join ${requestItems} r on r.id = p.request_item_id), '[]'::json) as items`;
}

export interface AppliedPage extends ListTotal {
  /** Each item with the caller's application (or its manager's, on a job assigned to it). */
  rows: { item: ListedItemRow; candidate: CandidateRow }[];
  parts: ItemParts;
}

/** Requests the user applied to, most recent application first, with the application. */
export async function listApplied(db: Database, filter: AppliedFilter, page: Page): Promise<AppliedPage> {
  const [result] = await preparedRowsOf<{
    total: number;
    items: (Omit<ListedJson, 'candidates'> & { candidate: Record<string, unknown> })[];
  }>(db, appliedStatement(filter, page));
  const parts = emptyParts();
  const rows = result!.items.map(({ item, candidate, parts: json }) => {
    const row = itemJson.revive<ListedItemRow>(item);
    addParts(parts, row.id, json);
    return { item: row, candidate: candidateJson.revive<CandidateRow>(candidate) };
  });
  return { rows, parts, ...listTotal(result!.total, page, APPLIED_COUNT_PAGES_AHEAD) };
}

/** The page and count queries of each list, as built for the calls above: the query-plan test explains them. */
export const listQueriesForPlan = {
  market: (_db: Database, f: MarketFilter, page: Page) => [listStatement(marketWhere(f), page)],
  owned: (_db: Database, f: OwnerFilter, page: Page) => [listStatement(ownerWhere(f), page, true)],
  applied: (_db: Database, f: AppliedFilter, page: Page) => [appliedStatement(f, page)],
};

/** What a request is, in a few words: a delivery's baggage, or where the warehouse is. */
export async function requestSubject(db: Database, requestItemId: string): Promise<string | null> {
  const [row] = await db
    .select({ baggage: deliveryItems.baggageName, prefecture: warehouseItems.prefecture, city: warehouseItems.city })
    .from(requestItems)
    .leftJoin(deliveryItems, eq(deliveryItems.requestItemId, requestItems.id))
    .leftJoin(warehouseItems, eq(warehouseItems.requestItemId, requestItems.id))
    .where(eq(requestItems.id, requestItemId));
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

/**
 * The lists: the market of open requests, the customer's own requests and the carrier's
 * applications. Every page is one statement: the page (served by the partial indexes of
 * db/schema.ts), its capped count and the parts of its items, aggregated as JSON by PostgreSQL
 * (docs/decisions/022-market-list-speed.md). Never a query per item.
 */
import { type SQL, and, arrayContains, arrayOverlaps, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TPriceType, TRequestStatus, TRequestType } from '@logi/contract';
import { candidates, requestItemOpenTerms, requestItems } from '../../db/schema';
import { type Database, preparedRowsOf, preparedStatement, rowsOf } from '../../platform/db/database';
import { type ListTotal, type Page, cappedCountOf, countCap, listTotal, pageWindow, rowCount } from '../../platform/db/list-page';
import {
  type ItemParts,
  type ListedItemRow,
  type PartsJson,
  addParts,
  candidateJson,
  emptyParts,
  itemJson,
  partsJson,
} from './request-items.parts.repository';
import type { CandidateRow } from './request-items.repository';

/** Market filters, already turned into index terms (request-items.market-filter.ts). */
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

/**
 * The open requests the user applied to (its applications are few next to the market): each
 * application and each open request read from an index alone, one fixed text planned once
 * (decision 111: 2.4 → 0.16 ms for a carrier with 100 applications at 1,000,000 items).
 */
const openApplicationsOf = (userId: unknown) =>
  sql`select ${candidates.requestItemId} as id from ${candidates}
    inner join ${requestItems} on ${requestItems.id} = ${candidates.requestItemId}
    where ${candidates.applicantId} = ${userId} and ${OPEN}`;
const openApplicationsStatement = preparedStatement<{ id: string }>(openApplicationsOf(sql.placeholder('userId')));

export async function openApplicationItemIds(db: Database, userId: string): Promise<Set<string>> {
  return new Set((await openApplicationsStatement(db, { userId })).map((r) => r.id));
}

/** A market page's conditions on the request itself (a page with a keyword or a single tag reads the postings: postingsStatement). */
function marketWhere(f: MarketFilter): SQL {
  return and(
    OPEN,
    ...f.requestTypes.map((t) => eq(requestItems.type, t)),
    ...f.anyTags.map((group) => arrayOverlaps(requestItems.filterTags, group)),
    f.allTags.length ? arrayContains(requestItems.filterTags, f.allTags) : undefined,
    f.priceTypes ? inArray(requestItems.priceType, f.priceTypes) : undefined,
    f.createdFrom ? gte(requestItems.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(requestItems.createdAt, f.createdBefore) : undefined,
    f.firstPickupFrom ? gte(requestItems.firstPickupAt, f.firstPickupFrom) : undefined,
    f.firstPickupBefore ? lt(requestItems.firstPickupAt, f.firstPickupBefore) : undefined,
  )!;
}

const CANDIDATE_COUNT = sql.raw('(select count(*) from candidates c where c.request_item_id = p.id)');
/** The approved application of a matched item (its agreed price), by the unique (item, applicant) index. */
const APPROVED_CANDIDATE = sql`(select ${candidateJson.build('c')} from ${candidates} c where c.request_item_id = p.id and c.applicant_id = p.receiver_id)`;

/** The page's rows with their parts as JSON, once `keys` (the page's ids) and `total` are known. */
function pageStatement(withs: SQL, keys: SQL, total: SQL, counted: boolean, approved: boolean): SQL {
  return sql`with ${withs} keys as (${keys}),
    page as (select r.* from keys join ${requestItems} r on r.id = keys.id)
    select ${total} as total,
      coalesce((select json_agg(json_build_object('item', ${itemJson.build('p')}, 'parts', ${partsJson('p')},
                                                  'candidates', ${counted ? CANDIDATE_COUNT : sql`null`},
                                                  'approved', ${approved ? APPROVED_CANDIDATE : sql`null`})
                                order by p.created_at desc, p.id desc) from page p), '[]'::json) as items`;
}

/**
 * A list page in one statement, newest first: the page with its parts as JSON and the
 * capped count (platform/db/list-page.ts), so a broad filter never counts every match;
 * `counted`: each item's number of candidates besides (the owner's and the admin's lists).
 */
function listStatement(where: SQL, page: Page, counted = false, approved = false): SQL {
  // Deferred join: the offset walks the (created_at, id) index only, and just the page's
  // rows are read from the table (page 500: 37 ms → 5 ms on 1,000,000 items).
  return pageStatement(
    sql``,
    sql`select ${requestItems.id} as id from ${requestItems} where ${where}
      order by ${requestItems.createdAt} desc, ${requestItems.id} desc
      ${pageWindow(page)}`,
    cappedCountOf(sql`select 1 from ${requestItems} where ${where}`, page),
    counted,
    approved,
  );
}

const T = requestItemOpenTerms;
/** The most characters a posting's following text keeps (migration 0040). */
const FOLLOWING_CHARS = 10;

const wordsOf = (f: MarketFilter) => (f.keyword?.words ?? []).map((w) => Array.from(w));
const firstTerm = (chars: string[]) => chars.slice(0, 2).join('');

/**
 * The postings a market page's matches are read from (decision 110): each keyword word's first
 * character or bigram, each single-value tag filter and the tags all required, and the request
 * type when another posting narrows the walk (alone, its posting holds nearly every open request).
 */
function postingsOf(f: MarketFilter): string[] {
  const singles = [...f.anyTags.filter((g) => g.length === 1).map((g) => g[0]!), ...f.allTags];
  const narrowing = [...wordsOf(f).map(firstTerm), ...singles];
  return [...new Set(narrowing.length ? [...narrowing, ...f.requestTypes.map((t) => `R:${t}`)] : [])];
}

/**
 * A market page from the open requests' postings, newest first: for a keyword, and for a tag
 * filter (a vehicle, a prefecture: walking the market index for them read every open request up
 * to the page and again for the count, 20 ms for a deep page of one vehicle at 1,000,000 items;
 * its postings, 2 ms). Each word of the keyword is read from the postings of its first character
 * (one character) or first bigram, and a longer word is confirmed on that row's following texts
 * (the exact substring, as `strpos` on search_text did; on search_text itself past their length).
 * Every posting list is in (created_at, id) order, and they are merged on it. What postings do
 * not hold (price types, several values of one filter, the pickup window) is checked on the
 * request itself. One walk of the first `offset + cap + 1` matches serves the page and its
 * capped count.
 */
function postingsStatement(f: MarketFilter, postings: string[], page: Page): SQL {
  const words = wordsOf(f);
  const alias = (term: string) => sql.raw(`t${postings.indexOf(term)}`);
  const joins = postings.slice(1).map(
    (term) => sql` join ${T} ${alias(term)} on ${alias(term)}.term = ${term}
      and ${alias(term)}.created_at = t0.created_at and ${alias(term)}.request_item_id = t0.request_item_id`,
  );
  // A word of one or two characters is its posting's term; a longer one is confirmed on the
  // posting's following texts, and past their length (or where a posting keeps none) on the text.
  const confirmed = words
    .filter((chars) => chars.length > 2)
    .map((chars) => {
      const a = alias(firstTerm(chars));
      const word = chars.join('');
      const starts = sql`strpos(${a}.following, ${`\n${chars.slice(0, FOLLOWING_CHARS).join('')}`}) > 0`;
      const holds = sql`request_item_text_holds(t0.request_item_id, ${word})`;
      return sql`case when ${a}.following is null then ${holds}
        else ${chars.length > FOLLOWING_CHARS ? sql`${starts} and ${holds}` : starts} end`;
    });
  const several = f.anyTags.filter((g) => g.length > 1);
  const onItem = [
    ...several.map((group) => arrayOverlaps(requestItems.filterTags, group)),
    f.priceTypes ? inArray(requestItems.priceType, f.priceTypes) : undefined,
    f.firstPickupFrom ? gte(requestItems.firstPickupAt, f.firstPickupFrom) : undefined,
    f.firstPickupBefore ? lt(requestItems.firstPickupAt, f.firstPickupBefore) : undefined,
  ].filter((c) => c !== undefined);
  const item = onItem.length
    ? sql` join ${requestItems} on ${requestItems.id} = t0.request_item_id and ${requestItems.createdAt} = t0.created_at
      and ${and(OPEN, ...onItem)}`
    : sql``;
  const where = and(
    sql`t0.term = ${postings[0]!}`,
    f.createdFrom ? sql`t0.created_at >= ${f.createdFrom}` : undefined,
    f.createdBefore ? sql`t0.created_at < ${f.createdBefore}` : undefined,
    ...confirmed,
  );
  // The walk ends at the cap by a condition on its row number, not a LIMIT: PostgreSQL stops the
  // window there all the same (a run condition), and with no LIMIT to guess, the generic plan
  // costs what the custom ones do, so each filter shape's one text is planned once per connection.
  const matching = sql`matching as (select id, n from (
      select t0.request_item_id as id, row_number() over (order by t0.created_at desc, t0.request_item_id desc) as n
      from ${T} t0${sql.join(joins, sql``)}${item}
      where ${where}) walk
    where n <= ${countCap(page) + 1}),`;
  return pageStatement(
    matching,
    sql`select id from matching where n > ${page.offset} and n <= ${page.offset + page.limit}`,
    sql`(select count(*) from matching)::int`,
    false,
    false,
  );
}

/**
 * The market statement: a page with a keyword or a tag filter from the postings, prepared (its
 * text is fixed by the filters' shape); any other from the market index, unnamed (its text is
 * fixed by its page too, decision 093, and the pages would take every prepared name).
 */
function marketStatement(f: MarketFilter, page: Page): { statement: SQL; prepared: boolean } {
  const postings = postingsOf(f);
  return postings.length
    ? { statement: postingsStatement(f, postings, page), prepared: true }
    : { statement: listStatement(marketWhere(f), page), prepared: false };
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
  /** Run prepared: a statement of few shapes whose values vary (preparedRowsOf). */
  prepared?: boolean;
}

async function listPageOf(db: Database, statement: SQL, page: Page, options: ListOptions = {}): Promise<ListPage> {
  const run = options.prepared ? preparedRowsOf : rowsOf;
  const [result] = await run<{ total: number; items: ListedJson[] }>(db, statement);
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
  const { statement, prepared } = marketStatement(filter, page);
  return listPageOf(db, statement, page, { prepared });
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
  return listPageOf(db, listStatement(ownerWhere(filter), page, true, true), page, { prepared: true });
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
      order by ${candidates.createdAt} desc, ${candidates.id} desc limit ${rowCount(page.offset + page.limit)}`;
  const counted = (where: SQL) => cappedCountOf(sql`select 1 ${joined(where)}`, page, APPLIED_COUNT_PAGES_AHEAD);
  return sql`with keys as ((${firstOf(own)}) union all (${firstOf(assigned)})),
    page as (select c.* from keys join ${candidates} c on c.id = keys.id
      order by c.created_at desc, c.id desc ${pageWindow(page)})
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
  openApplications: (userId: string) => [openApplicationsOf(userId)],
  market: (_db: Database, f: MarketFilter, page: Page) => [marketStatement(f, page).statement],
  owned: (_db: Database, f: OwnerFilter, page: Page) => [listStatement(ownerWhere(f), page, true)],
  applied: (_db: Database, f: AppliedFilter, page: Page) => [appliedStatement(f, page)],
};

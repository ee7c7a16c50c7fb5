/**
 * The admin's delivery and warehouse lists (GET /request-items/delivery, /warehouse): one
 * statement per page, the page's keys by a deferred join on the list's index, the capped count
 * (platform/db/list-page.ts) and the page's rows as JSON holding only what the list's columns
 * show (decision 087): no stops, images or contact data, which the detail reads.
 */
import { type SQL, and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TPriceType, TRequestStatus, TRequestType } from '@logi/contract';
import { requestItems } from '../../db/schema';
import { type Database, preparedRowsOf, preparedStatement } from '../../platform/db/database';
import { idsOf } from '../../platform/db/ids-of';
import { keywordMatch } from '../../platform/db/keyword-match';
import { type ListTotal, type Page, cappedCountOf, listTotal } from '../../platform/db/list-page';

export interface AdminRequestFilter {
  type: TRequestType;
  /** The 8 lowercase hex digits of a reference number (依頼番号). */
  reference?: string;
  statuses?: TRequestStatus[];
  priceTypes?: TPriceType[];
  keyword?: { terms: string[]; words: string[] };
  createdFrom?: Date;
  createdBefore?: Date;
}

function adminRequestWhere(f: AdminRequestFilter): SQL {
  return and(
    eq(requestItems.type, f.type),
    isNull(requestItems.deletedAt),
    f.reference ? sql`right(replace(${requestItems.id}::text, '-', ''), 8) = ${f.reference}` : undefined,
    f.statuses ? inArray(requestItems.status, f.statuses) : undefined,
    f.priceTypes ? inArray(requestItems.priceType, f.priceTypes) : undefined,
    f.keyword ? keywordMatch(requestItems.searchTerms, requestItems.searchText, f.keyword) : undefined,
    f.createdFrom ? gte(requestItems.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(requestItems.createdAt, f.createdBefore) : undefined,
  )!;
}

/** What a row of the list reads, as PostgreSQL builds it (correlated subqueries on unique or per-item indexes). */
export interface AdminRequestRecord {
  id: string;
  type: TRequestType;
  status: TRequestStatus;
  priceType: TPriceType;
  price: number | null;
  /** As PostgreSQL writes a timestamptz in JSON. */
  createdAt: string;
  baggageName: string | null;
  warehousePlace: string | null;
  pickupPlace: string | null;
  deliveryPlace: string | null;
  /** The approved application's price. */
  agreedPrice: number | null;
  candidates: number;
  customer: {
    id: string;
    name: string;
    lastName: string | null;
    firstName: string | null;
    email: string;
    companyName: string | null;
  };
}

const placeOfStop = (kind: 'PICKUP' | 'DELIVERY', order: 'asc' | 'desc') =>
  `(select s.prefecture || s.city from transport_stops s
     where s.request_item_id = p.id and s.transport_type = '${kind}' order by s.position ${order} limit 1)`;

/** Identifiers only, so the text is built once. */
const ROW_JSON = sql.raw(`json_build_object(
  'id', p.id, 'type', p.type, 'status', p.status, 'priceType', p.price_type, 'price', p.price,
  'createdAt', p.created_at,
  'baggageName', (select d.baggage_name from delivery_items d where d.request_item_id = p.id),
  'warehousePlace', (select w.prefecture || w.city from warehouse_items w where w.request_item_id = p.id),
  'pickupPlace', ${placeOfStop('PICKUP', 'asc')},
  'deliveryPlace', ${placeOfStop('DELIVERY', 'desc')},
  'agreedPrice', (select c.price from candidates c where c.request_item_id = p.id and c.applicant_id = p.receiver_id),
  'candidates', (select count(*) from candidates c where c.request_item_id = p.id),
  'customer', (select json_build_object('id', u.id, 'name', u.name, 'lastName', u.last_name, 'firstName', u.first_name,
      'email', u.email, 'companyName', co.name)
    from users u left join companies co on co.id = u.company_id where u.id = p.creator_id))`);

/** The page's rows, newest first, as JSON: `keys` selects their ids. */
const rowsJson = (keys: SQL) =>
  sql`coalesce((select json_agg(${ROW_JSON} order by p.created_at desc, p.id desc)
    from (select r.* from (${keys}) keys join ${requestItems} r on r.id = keys.id) p), '[]'::json)`;

function listStatement(where: SQL, page: Page): SQL {
  // Deferred join: the offset walks the list's index only, and just the page's rows are read.
  const keys = sql`select ${requestItems.id} as id from ${requestItems} where ${where}
    order by ${requestItems.createdAt} desc, ${requestItems.id} desc
    limit ${page.limit} offset ${page.offset}`;
  return sql`select ${cappedCountOf(sql`select 1 from ${requestItems} where ${where}`, page)} as total, ${rowsJson(keys)} as rows`;
}

/** A page of live requests of one type, newest first, with the capped total. */
export async function listAdminRequests(
  db: Database,
  filter: AdminRequestFilter,
  page: Page,
): Promise<{ rows: AdminRequestRecord[] } & ListTotal> {
  const [result] = await preparedRowsOf<{ total: number; rows: AdminRequestRecord[] }>(
    db,
    listStatement(adminRequestWhere(filter), page),
  );
  return { rows: result!.rows, ...listTotal(result!.total, page) };
}

/** The ids of the matching requests, newest first, at most `upTo` (a search's matches, kept by the service). */
export function matchingRequestIds(db: Database, filter: AdminRequestFilter, upTo: number): Promise<string[]> {
  return idsOf(
    db,
    db
      .select({ id: requestItems.id })
      .from(requestItems)
      .where(adminRequestWhere(filter))
      .orderBy(desc(requestItems.createdAt), desc(requestItems.id))
      .limit(upTo),
  );
}

/** The rows of the live requests of some ids: one text for any number of ids, built once. */
const requestsByIds = preparedStatement<{ rows: AdminRequestRecord[] }>(
  sql`select ${rowsJson(sql`select id from ${requestItems} where id = any(${sql.placeholder('ids')}::uuid[]) and deleted_at is null`)} as rows`,
);

/** The live requests of these ids, newest first, as the list shows them. */
export async function adminRequestsByIds(db: Database, ids: readonly string[]): Promise<AdminRequestRecord[]> {
  if (ids.length === 0) return [];
  const [result] = await requestsByIds(db, { ids: `{${ids.join(',')}}` });
  return result!.rows;
}

/** The statement listAdminRequests runs: the query-plan test explains it. */
export const adminRequestQueryForPlan = (filter: AdminRequestFilter, page: Page) =>
  listStatement(adminRequestWhere(filter), page);

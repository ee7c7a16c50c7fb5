/**
 * The admin's delivery and warehouse lists (GET /request-items/delivery, /warehouse): per page,
 * the page's ids from the list's index with the capped count (platform/db/list-page.ts), then
 * the page's rows by id as JSON holding only what the list's columns show (decisions 087, 090):
 * no stops, images or contact data, which the detail reads.
 */
import { type SQL, and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TPriceType, TRequestStatus, TRequestType } from '@logi/contract';
import { requestItems } from '../../db/schema';
import { type Database, preparedRowsOf, preparedStatement } from '../../platform/db/database';
import { idList, idsOf, idsText } from '../../platform/db/ids-of';
import { keywordMatch } from '../../platform/db/keyword-match';
import { type ListTotal, type Page, cappedCountOf, listTotal, pageWindow } from '../../platform/db/list-page';

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

/**
 * A page's ids and the capped count, in one statement: the page's rows are then read by id
 * (adminRequestsByIds). One statement with the rows as well was planned on every call (its
 * limits are parameters, so PostgreSQL never kept a generic plan), and the rows' eight
 * lookups cost as much to plan as to run; the rows by id are one text, planned once, and the
 * page's window is text (pageWindow), so this one is planned once per page (decision 093).
 */
function listStatement(where: SQL, page: Page): SQL {
  const keys = sql`select ${requestItems.id} from ${requestItems} where ${where}
    order by ${requestItems.createdAt} desc, ${requestItems.id} desc
    ${pageWindow(page)}`;
  return sql`select ${cappedCountOf(sql`select 1 from ${requestItems} where ${where}`, page)} as total, ${idsText(keys)} as ids`;
}

/** A page of live requests of one type, newest first, with the capped total. */
export async function listAdminRequests(
  db: Database,
  filter: AdminRequestFilter,
  page: Page,
): Promise<{ rows: AdminRequestRecord[] } & ListTotal> {
  const [result] = await preparedRowsOf<{ total: number; ids: string }>(db, listStatement(adminRequestWhere(filter), page));
  return { rows: await adminRequestsByIds(db, idList(result!.ids)), ...listTotal(result!.total, page) };
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

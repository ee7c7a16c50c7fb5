/**
 * The admin back office's SQL: account lists over users with their company and location
 * (keyword: the search text, walked in the list's own index, decision 087), transaction histories, the overview counts.
 */
import { type SQL, and, arrayContains, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAccountStatus, TRole } from '@logi/contract';
import type { DayActivity } from '../../domain/overview-periods';
import {
  candidates,
  companies,
  deliveryItems,
  locations,
  requestItems,
  userColumns,
  users,
  warehouseItems,
} from '../../db/schema';
import { type Database, preparedRowsOf, rowsOf } from '../../platform/db/database';
import { idList, idsOf, idsText } from '../../platform/db/ids-of';
import { type ListTotal, type Page, cappedCountOf, listTotal, pageWindow } from '../../platform/db/list-page';

export type { Page };

// ───────────────────────── accounts ─────────────────────────

/**
 * The back office's two account lists, as the predicates of their partial indexes
 * (db/schema.ts users_customers_created_idx, users_carriers_created_idx), written out
 * verbatim so the planner proves them and walks the list's own index (decision 063).
 */
export const ACCOUNT_GROUPS = {
  customers: sql`${users.roles} @> '{CUSTOMER}'::text[]`,
  carriers: sql`${users.roles} && '{DRIVER,DRIVER_MANAGER}'::text[]`,
};
export type AccountGroup = keyof typeof ACCOUNT_GROUPS;

export interface AccountFilter {
  group: AccountGroup;
  /** Within the group, only accounts holding this role. */
  role?: TRole;
  keyword?: { terms: string[]; words: string[] };
  status?: TAccountStatus;
  /** A prefecture, or a prefecture and city. */
  location?: string;
  parentId?: string;
  id?: string;
}

const parent = alias(users, 'parent');

/** The carrier roles an account holds, the manager's first. */
const carrierRoles = sql<TRole[]>`array(select r from unnest(${users.roles}) r
  where r in ('DRIVER', 'DRIVER_MANAGER') order by r desc)`;

const subAccountCount = sql<number>`(select count(*) from ${users} child
  where child.parent_id = ${users.id} and child.deleted_at is null)`.mapWith(Number);

function accountWhere(f: AccountFilter): SQL {
  return and(
    isNull(users.deletedAt),
    // A driver manager is a carrier: its own index's predicate says it all. Stated beside it, the
    // carriers' predicate, which the planner cannot prove from it, was tested on every manager
    // read from the table (the capped count: 3–9 ms, 0.2 ms from the index alone; decision 087).
    f.group === 'carriers' && f.role === 'DRIVER_MANAGER' ? undefined : ACCOUNT_GROUPS[f.group],
    f.role ? arrayContains(users.roles, [f.role]) : undefined,
    f.id ? eq(users.id, f.id) : undefined,
    f.parentId ? eq(users.parentId, f.parentId) : undefined,
    f.status ? eq(users.status, f.status) : undefined,
    // The text alone, which the list's index holds (decision 087): the search walks that index newest
    // first and reads no account. (The terms' GIN index found a keyword's matches in no order, and
    // reading thousands of them to sort cost 50–150 ms for a common name.)
    ...(f.keyword?.words.map((w) => sql`strpos(${users.searchText}, ${w}) > 0`) ?? []),
    f.location
      ? sql`(${locations.prefecture} = ${f.location} or ${locations.prefecture} || ${locations.city} = ${f.location})`
      : undefined,
  )!;
}

function accountQuery(db: Database, where: SQL) {
  return db
    .select({
      user: userColumns,
      company: companies,
      location: locations,
      parent: { id: parent.id, name: parent.name, lastName: parent.lastName, firstName: parent.firstName, email: parent.email },
      roles: carrierRoles,
      subAccountCount,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, eq(locations.id, companies.locationId))
    .leftJoin(parent, eq(parent.id, users.parentId))
    .where(where);
}

export type AccountRow = Awaited<ReturnType<typeof accountQuery>>[number];

/**
 * The matching accounts' ids. Their company and its location are joined for a location filter
 * only: PostgreSQL drops a join none of whose columns is read, but the column it joined on then
 * still keeps the list's partial index from answering alone (the capped count of 20,000 customers
 * read 1,001 rows in 8–13 ms instead of 1,001 index entries in 0.7 ms).
 */
function matchingAccounts(db: Database, filter: AccountFilter) {
  const ids = db.select({ id: users.id }).from(users).$dynamic();
  const joined =
    filter.location === undefined
      ? ids
      : ids.leftJoin(companies, eq(companies.id, users.companyId)).leftJoin(locations, eq(locations.id, companies.locationId));
  return joined.where(accountWhere(filter));
}

const NEWEST_ACCOUNTS = [desc(users.createdAt), desc(users.id)];

/** The page's ids, newest first. */
const accountKeysQuery = (db: Database, filter: AccountFilter, page: Page) =>
  sql`${matchingAccounts(db, filter)
    .orderBy(...NEWEST_ACCOUNTS)
    .getSQL()} ${pageWindow(page)}`;

function accountCountStatement(db: Database, filter: AccountFilter, page: Page): SQL {
  return sql`select ${cappedCountOf(matchingAccounts(db, filter).getSQL(), page)} as total`;
}

/**
 * A page of accounts, newest first, with the capped total (platform/db/list-page.ts): the page's
 * ids and the count in one statement, then the accounts by id. The page's select with its joins
 * was planned on every call while its limits were parameters (PostgreSQL never kept a generic
 * plan), which cost as much as running it; its window is now text (pageWindow), and the accounts
 * by id are one text, planned once (decision 093).
 */
export async function listAccounts(db: Database, filter: AccountFilter, page: Page): Promise<{ rows: AccountRow[] } & ListTotal> {
  const [counted] = await preparedRowsOf<{ total: number; ids: string }>(
    db,
    sql`select (${accountCountStatement(db, filter, page)}) as total, ${idsText(accountKeysQuery(db, filter, page))} as ids`,
  );
  return { rows: await accountsByIds(db, idList(counted!.ids)), ...listTotal(counted!.total, page) };
}

/** The ids of the matching accounts, newest first, at most `upTo` (a search's matches, kept by the service). */
export function matchingAccountIds(db: Database, filter: AccountFilter, upTo: number): Promise<string[]> {
  return idsOf(db, searchQueryForPlan(db, filter, upTo));
}

/** The statement matchingAccountIds runs: the query-plan test explains it. */
export const searchQueryForPlan = (db: Database, filter: AccountFilter, upTo: number) =>
  matchingAccounts(db, filter)
    .orderBy(...NEWEST_ACCOUNTS)
    .limit(upTo);

/**
 * The statement of accountsByIds, built once per database and run prepared: one text for any
 * number of ids. Built on every call, the select's text cost a tenth of the searches' CPU.
 */
const byIdsStatements = new WeakMap<Database, ReturnType<typeof prepareAccountsByIds>>();
const prepareAccountsByIds = (db: Database) =>
  accountQuery(db, and(isNull(users.deletedAt), sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)!)
    .orderBy(...NEWEST_ACCOUNTS)
    .prepare('admin_accounts_by_ids');

/** The live accounts of these ids, newest first. */
export function accountsByIds(db: Database, ids: readonly string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let statement = byIdsStatements.get(db);
  if (!statement) byIdsStatements.set(db, (statement = prepareAccountsByIds(db)));
  return statement.execute({ ids: `{${ids.join(',')}}` });
}

/** The page's ids and the count of an account list, which listAccounts runs as one statement: the query-plan test explains them. */
export const accountQueriesForPlan = (db: Database, filter: AccountFilter, page: Page) => [
  accountKeysQuery(db, filter, page),
  accountCountStatement(db, filter, page),
];

export async function findAccount(db: Database, filter: AccountFilter): Promise<AccountRow | undefined> {
  const [row] = await accountQuery(db, accountWhere(filter));
  return row;
}

// ───────────────────────── transaction histories ─────────────────────────

const approved = alias(candidates, 'approved');
const customer = alias(users, 'customer');
const customerCompany = alias(companies, 'customer_company');
const carrier = alias(users, 'carrier');
const carrierCompany = alias(companies, 'carrier_company');

function historyQuery(db: Database) {
  const person = (u: typeof customer | typeof carrier) => ({
    id: u.id,
    name: u.name,
    lastName: u.lastName,
    firstName: u.firstName,
    email: u.email,
  });
  return db
    .select({
      item: {
        id: requestItems.id,
        type: requestItems.type,
        status: requestItems.status,
        price: requestItems.price,
        createdAt: requestItems.createdAt,
        approvedAt: requestItems.approvedAt,
        completedAt: requestItems.completedAt,
      },
      baggageName: deliveryItems.baggageName,
      warehouse: { prefecture: warehouseItems.prefecture, city: warehouseItems.city },
      agreedPrice: approved.price,
      customer: person(customer),
      customerCompany: customerCompany.name,
      carrier: person(carrier),
      carrierCompany: carrierCompany.name,
    })
    .from(requestItems)
    .leftJoin(deliveryItems, eq(deliveryItems.requestItemId, requestItems.id))
    .leftJoin(warehouseItems, eq(warehouseItems.requestItemId, requestItems.id))
    .leftJoin(approved, and(eq(approved.requestItemId, requestItems.id), eq(approved.status, 'APPROVED')))
    .innerJoin(customer, eq(customer.id, requestItems.creatorId))
    .leftJoin(customerCompany, eq(customerCompany.id, customer.companyId))
    .leftJoin(carrier, eq(carrier.id, approved.applicantId))
    .leftJoin(carrierCompany, eq(carrierCompany.id, carrier.companyId));
}

export type HistoryRow = Awaited<ReturnType<typeof historyQuery>>[number];

async function historyPage(db: Database, where: SQL, page: Page) {
  const [rows, [total]] = await Promise.all([
    historyQuery(db)
      .where(where)
      .orderBy(desc(requestItems.createdAt), desc(requestItems.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(requestItems)
      .leftJoin(approved, and(eq(approved.requestItemId, requestItems.id), eq(approved.status, 'APPROVED')))
      .where(where),
  ]);
  return { rows, total: total!.n };
}

/** The customer's own requests (not deleted), newest first. */
export function customerHistory(db: Database, customerId: string, page: Page) {
  return historyPage(db, and(eq(requestItems.creatorId, customerId), isNull(requestItems.deletedAt))!, page);
}

/** Requests the carrier was approved for, or (a manager) one of its drivers was. */
export function carrierHistory(db: Database, carrierId: string, page: Page) {
  return historyPage(
    db,
    and(
      sql`(${approved.applicantId} = ${carrierId} or ${approved.driverManagerId} = ${carrierId})`,
      isNull(requestItems.deletedAt),
    )!,
    page,
  );
}

// ───────────────────────── overview ─────────────────────────

export interface AccountFigures {
  openRequests: number;
  activeCustomers: number;
  activeCarriers: number;
  weekSignUps: number;
  monthSignUps: number;
}

const activeIn = (group: AccountGroup) =>
  sql`(select count(*) from ${users} where ${users.deletedAt} is null and ${ACCOUNT_GROUPS[group]} and ${users.status} = 'ACTIVE')::int`;

/**
 * The overview's standing figures in one statement: open requests, active (not suspended,
 * not deleted) customers and carriers, and accounts created since each period start that
 * are not admins.
 */
export async function accountFigures(db: Database, periods: { weekStart: Date; monthStart: Date }): Promise<AccountFigures> {
  const since = (from: Date) => sql`${users.createdAt} >= ${from.toISOString()}::timestamptz`;
  const [row] = await rowsOf<AccountFigures>(
    db,
    sql`select
      (select count(*) from ${requestItems} where ${requestItems.status} = 'WAITING_APPROVE' and ${requestItems.deletedAt} is null)::int
        as "openRequests",
      ${activeIn('customers')} as "activeCustomers",
      ${activeIn('carriers')} as "activeCarriers",
      s.week::int as "weekSignUps", s.month::int as "monthSignUps"
    from (select count(*) filter (where ${since(periods.weekStart)}) as week,
            count(*) filter (where ${since(periods.monthStart)}) as month
          from ${users}
          where ${users.deletedAt} is null and ${since(new Date(Math.min(+periods.weekStart, +periods.monthStart)))}
            and not ${arrayContains(users.roles, ['ADMIN'])}) s`,
  );
  return row!;
}

/**
 * Per day since `from`: requests posted, matched (approved) and completed, and the agreed
 * value of those completed; deleted requests are not counted. One statement, each column
 * read through its own index.
 */
export function dailyActivity(db: Database, from: Date): Promise<DayActivity[]> {
  const at = sql`${from.toISOString()}::timestamptz`;
  return rowsOf<DayActivity>(
    db,
    sql`with events as (
        select created_at as at, 1 as posted, 0 as matched, 0 as completed, 0::bigint as value
          from ${requestItems} where deleted_at is null and created_at >= ${at}
        union all
        select approved_at, 0, 1, 0, 0 from ${requestItems} where deleted_at is null and approved_at >= ${at}
        union all
        select r.completed_at, 0, 0, 1, coalesce(c.price, 0)
          from ${requestItems} r
          left join ${candidates} c on c.request_item_id = r.id and c.status = 'APPROVED'
          where r.deleted_at is null and r.completed_at >= ${at})
      select floor(extract(epoch from (at - ${at})) / 86400)::int as day,
        sum(posted)::int as posted, sum(matched)::int as matched, sum(completed)::int as completed,
        sum(value)::float8 as "completedValue"
      from events group by 1`,
  );
}

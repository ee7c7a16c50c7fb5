/**
 * The admin back office's SQL: account lists over users with their company and location
 * (keyword through users.search_terms, GIN), transaction histories, the overview counts.
 */
import { type SQL, and, arrayContains, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAccountStatus, TRole } from '@logi/contract';
import { candidates, companies, deliveryItems, locations, requestItems, userRoles, users, warehouseItems } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export interface Page {
  limit: number;
  offset: number;
}

// ───────────────────────── accounts ─────────────────────────

export interface AccountFilter {
  /** The account holds at least one of these roles. */
  roles: TRole[];
  keyword?: { terms: string[]; words: string[] };
  status?: TAccountStatus;
  /** A prefecture, or a prefecture and city. */
  location?: string;
  parentId?: string;
  id?: string;
}

const parent = alias(users, 'parent');

/** The carrier roles an account holds, as one array. */
const carrierRoles = sql<TRole[]>`array(select ${userRoles.role} from ${userRoles}
  where ${userRoles.userId} = ${users.id} and ${userRoles.deletedAt} is null
    and ${userRoles.role} in ('DRIVER', 'DRIVER_MANAGER') order by ${userRoles.role} desc)`;

const subAccountCount = sql<number>`(select count(*) from ${users} child
  where child.parent_id = ${users.id} and child.deleted_at is null)`.mapWith(Number);

function accountWhere(f: AccountFilter): SQL {
  return and(
    isNull(users.deletedAt),
    sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id}
      and ${userRoles.deletedAt} is null and ${inArray(userRoles.role, f.roles)})`,
    f.id ? eq(users.id, f.id) : undefined,
    f.parentId ? eq(users.parentId, f.parentId) : undefined,
    f.status ? eq(users.status, f.status) : undefined,
    f.keyword
      ? and(
          arrayContains(users.searchTerms, f.keyword.terms),
          // The terms narrow through the index; the text confirms the exact substring.
          ...f.keyword.words.map((w) => sql`strpos(${users.searchText}, ${w}) > 0`),
        )
      : undefined,
    f.location
      ? sql`(${locations.prefecture} = ${f.location} or ${locations.prefecture} || ${locations.city} = ${f.location})`
      : undefined,
  )!;
}

function accountQuery(db: Database, where: SQL) {
  return db
    .select({
      user: users,
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

export async function listAccounts(db: Database, filter: AccountFilter, page: Page) {
  const where = accountWhere(filter);
  const [rows, [total]] = await Promise.all([
    accountQuery(db, where).orderBy(desc(users.createdAt), desc(users.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(locations, eq(locations.id, companies.locationId))
      .where(where),
  ]);
  return { rows, total: total!.n };
}

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

const LIVE = isNull(requestItems.deletedAt);

async function countOf(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(requestItems).where(where);
  return row!.n;
}

/** Requests posted, matched and completed since `from`, and the agreed value of those completed. */
export async function requestCountsSince(db: Database, from: Date) {
  const [posted, matched, completed, [value]] = await Promise.all([
    countOf(db, and(LIVE, gte(requestItems.createdAt, from))),
    countOf(db, and(LIVE, gte(requestItems.approvedAt, from))),
    countOf(db, and(LIVE, gte(requestItems.completedAt, from))),
    db
      .select({ sum: sql<number>`coalesce(sum(${candidates.price}), 0)`.mapWith(Number) })
      .from(requestItems)
      .innerJoin(candidates, and(eq(candidates.requestItemId, requestItems.id), eq(candidates.status, 'APPROVED')))
      .where(and(LIVE, gte(requestItems.completedAt, from))),
  ]);
  return { posted, matched, completed, completedValue: value!.sum };
}

export function countOpenRequests(db: Database): Promise<number> {
  return countOf(db, and(LIVE, eq(requestItems.status, 'WAITING_APPROVE')));
}

/** Active (not suspended, not deleted) accounts holding any of `roles`. */
export async function countActiveAccounts(db: Database, roles: TRole[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${users.id})`.mapWith(Number) })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), isNull(userRoles.deletedAt), inArray(userRoles.role, roles)))
    .where(and(isNull(users.deletedAt), eq(users.status, 'ACTIVE')));
  return row!.n;
}

/** Accounts created since `from` that are not admins. */
export async function countSignUpsSince(db: Database, from: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        gte(users.createdAt, from),
        sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'ADMIN')`,
      ),
    );
  return row!.n;
}

/** Per day since `from` (day 0 = `from`): requests posted, matched and completed. */
export async function dailyRequestCounts(db: Database, from: Date) {
  const perDay = (column: typeof requestItems.createdAt | typeof requestItems.approvedAt | typeof requestItems.completedAt) =>
    db
      .select({
        day: sql<number>`floor(extract(epoch from (${column} - ${from.toISOString()}::timestamptz)) / 86400)::int`.mapWith(
          Number,
        ),
        n: count(),
      })
      .from(requestItems)
      .where(and(LIVE, gte(column, from)))
      .groupBy(sql`1`);
  const [posted, matched, completed] = await Promise.all([
    perDay(requestItems.createdAt),
    perDay(requestItems.approvedAt),
    perDay(requestItems.completedAt),
  ]);
  return { posted, matched, completed };
}

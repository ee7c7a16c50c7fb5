/** Users, their roles, companies and locations: the only SQL of the accounts module. */
import { type SQL, and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAccountStatus, TRole } from '@logi/contract';
import { companies, locations, subscriptions, tokenFamilies, userRoles, users } from '../../db/schema';
import { searchIndexOf } from '../../domain/request-search';
import { type Database, selectOnce } from '../../platform/db/database';

export type UserRow = typeof users.$inferSelect;
export type UserRoleRow = typeof userRoles.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type NewLocation = Omit<typeof locations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewCompany = Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'locationId'>;

const notDeleted = isNull(users.deletedAt);

export async function findUserByEmail(db: Database, email: string, lock = false): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.email, email), notDeleted));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The account holding an address, deleted or not: a deleted account keeps its
 * address (users_email_key), so registration must treat it as taken.
 */
export async function findUserByEmailIncludingDeleted(db: Database, email: string, lock = false): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.email, email));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findUserById(db: Database, id: string, lock = false): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), notDeleted));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const manager = alias(users, 'manager');
const userWithPaymentDue = selectOnce('user_with_payment_due', (db) =>
  db
    .select({ user: users, managerIntentCode: manager.intentCode })
    .from(users)
    .leftJoin(manager, and(eq(manager.id, users.parentId), isNull(manager.deletedAt)))
    .where(and(eq(users.id, sql.placeholder('id')), notDeleted)),
);

/**
 * A user with whether the company it works for (its driver manager, else itself) owes its
 * subscription: what an application checks, in one statement.
 */
export async function findUserWithPaymentDue(
  db: Database,
  id: string,
): Promise<{ user: UserRow; paymentDue: boolean } | undefined> {
  const [row] = await userWithPaymentDue(db, { id });
  if (!row) return undefined;
  const dueCode = row.user.parentId ? row.managerIntentCode : row.user.intentCode;
  return { user: row.user, paymentDue: Boolean(dueCode) };
}

/** A user whether removed or not: the records of what a removed driver carried keep its name. */
export async function findUserByIdIncludingDeleted(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findRoles(db: Database, userId: string): Promise<UserRoleRow[]> {
  return db
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), isNull(userRoles.deletedAt)))
    .orderBy(userRoles.createdAt);
}

/**
 * The user with company and company location, and the provider's id of its subscription if it ever
 * had one (the mirror row keeps it after a lapse; a registration not yet paid has none): one query.
 */
export async function findUserWithCompany(db: Database, userId: string) {
  const [row] = await db
    .select({ user: users, company: companies, location: locations, subscriptionId: subscriptions.subscriptionId })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, eq(locations.id, companies.locationId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(and(eq(users.id, userId), notDeleted));
  return row;
}

/** What every authenticated call checks: the account and the token family, in one query. */
export async function findAuthState(db: Database, userId: string, familyId: string) {
  const [row] = await db
    .select({ status: users.status, revokedAt: tokenFamilies.revokedAt })
    .from(users)
    .innerJoin(tokenFamilies, and(eq(tokenFamilies.id, familyId), eq(tokenFamilies.userId, users.id)))
    .where(and(eq(users.id, userId), notDeleted));
  return row;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  await reindexSearch(db, eq(users.id, row!.id));
  return row!;
}

/** The account fields the admin lists search on (with the company's name and kana). */
const SEARCHED_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'firstNameKana',
  'lastNameKana',
  'email',
  'phone',
  'companyId',
] as const;

export async function updateUser(db: Database, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
  if (SEARCHED_FIELDS.some((field) => values[field] !== undefined)) await reindexSearch(db, eq(users.id, id));
}

const REINDEX_BATCH = 1000;

/**
 * Recomputes the keyword index (users.search_terms / search_text) of the accounts `where`
 * selects, from their names, kana, e-mail, phone and company: the one place that writes it.
 */
async function reindexSearch(db: Database, where: SQL): Promise<number> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      firstNameKana: users.firstNameKana,
      lastNameKana: users.lastNameKana,
      email: users.email,
      phone: users.phone,
      companyName: companies.name,
      companyNameKana: companies.nameKana,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(where);
  const indexed = rows.map((r) => ({
    id: r.id,
    ...searchIndexOf([
      r.name,
      r.lastName,
      r.firstName,
      // 山田太郎 typed without the space finds 山田 太郎.
      (r.lastName ?? '') + (r.firstName ?? ''),
      r.lastNameKana,
      r.firstNameKana,
      (r.lastNameKana ?? '') + (r.firstNameKana ?? ''),
      r.companyName,
      r.companyNameKana,
      r.email,
      r.phone,
    ]),
  }));
  // One statement per batch, not one per account: a company's rename or the start-up
  // backfill of a large table would otherwise be a query per row.
  for (let i = 0; i < indexed.length; i += REINDEX_BATCH) {
    const batch = JSON.stringify(indexed.slice(i, i + REINDEX_BATCH));
    await db.execute(sql`
      update users as u
      set search_terms = array(select jsonb_array_elements_text(v.value -> 'terms')),
          search_text = v.value ->> 'text'
      from jsonb_array_elements(${batch}::jsonb) as v
      where u.id = (v.value ->> 'id')::uuid`);
  }
  return rows.length;
}

/** Indexes accounts written before the keyword index existed (a no-op once done); run at start-up. */
export async function indexUnindexedAccounts(db: Database): Promise<number> {
  return reindexSearch(db, eq(users.searchText, ''));
}

/** Grants a role (or marks it verified again if it was soft-deleted), and copies the live roles to users.roles. */
export async function grantRole(db: Database, userId: string, role: TRole): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role, emailVerified: true })
    .onConflictDoUpdate({
      target: [userRoles.userId, userRoles.role],
      set: { emailVerified: true, deletedAt: null, updatedAt: new Date() },
    });
  await db
    .update(users)
    .set({
      roles: sql`array(select ${userRoles.role} from ${userRoles}
        where ${userRoles.userId} = ${userId} and ${userRoles.deletedAt} is null order by ${userRoles.role})`,
    })
    .where(eq(users.id, userId));
}

export async function insertCompany(db: Database, company: NewCompany, location: NewLocation): Promise<string> {
  const [loc] = await db.insert(locations).values(location).returning({ id: locations.id });
  const [row] = await db
    .insert(companies)
    .values({ ...company, locationId: loc!.id })
    .returning({ id: companies.id });
  return row!.id;
}

export async function updateCompany(
  db: Database,
  companyId: string,
  company: Partial<NewCompany>,
  location: Partial<NewLocation>,
) {
  if (Object.keys(company).length > 0) {
    await db.update(companies).set(company).where(eq(companies.id, companyId));
    if (company.name !== undefined || company.nameKana !== undefined) await reindexSearch(db, eq(users.companyId, companyId));
  }
  if (Object.keys(location).length > 0) {
    const [row] = await db.select({ locationId: companies.locationId }).from(companies).where(eq(companies.id, companyId));
    if (row?.locationId) await db.update(locations).set(location).where(eq(locations.id, row.locationId));
  }
}

export async function findCompany(db: Database, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

/** Child accounts (drivers) of a parent (driver manager); `lock` takes their row locks. */
export async function findChildren(db: Database, parentId: string, lock = false): Promise<UserRow[]> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.parentId, parentId), notDeleted))
    .orderBy(users.id);
  return lock ? query.for('update') : query;
}

/**
 * Whether an account other than `userId` holds the address. Deleted accounts
 * count too: they keep their address (users_email_key), so it cannot be reused.
 */
export async function isEmailTakenByOther(db: Database, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function setStatus(
  db: Database,
  ids: string[],
  status: TAccountStatus,
  suspendedWithParent: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(users).set({ status, suspendedWithParent }).where(inArray(users.id, ids));
}

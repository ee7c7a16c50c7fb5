/** Users, their roles, companies and locations: the only SQL of the accounts module. */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { TAccountStatus, TRole } from '@logi/contract';
import { companies, locations, tokenFamilies, userRoles, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

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

export async function findRoles(db: Database, userId: string): Promise<UserRoleRow[]> {
  return db
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), isNull(userRoles.deletedAt)))
    .orderBy(userRoles.createdAt);
}

/** The user with company and company location: one query. */
export async function findUserWithCompany(db: Database, userId: string) {
  const [row] = await db
    .select({ user: users, company: companies, location: locations })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, eq(locations.id, companies.locationId))
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
  return row!;
}

export async function updateUser(db: Database, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Grants a role (or marks it verified again if it was soft-deleted). */
export async function grantRole(db: Database, userId: string, role: TRole): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role, emailVerified: true })
    .onConflictDoUpdate({
      target: [userRoles.userId, userRoles.role],
      set: { emailVerified: true, deletedAt: null, updatedAt: new Date() },
    });
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
  if (Object.keys(company).length > 0) await db.update(companies).set(company).where(eq(companies.id, companyId));
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

/** A driver manager's drivers, their current jobs and pending invitations: the only SQL of this module. */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { candidates, companies, deliveryItems, oneTimeTokens, requestItems, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

interface Page {
  limit: number;
  offset: number;
}

/** The statuses of a job its carrier holds: approved, or pickup work under way. */
const HELD = inArray(requestItems.status, ['APPROVED', 'IN_PROGRESS']);
const LIVE_ITEM = isNull(requestItems.deletedAt);

const driversOf = (managerId: string) => and(eq(users.parentId, managerId), isNull(users.deletedAt));

/** A page of the manager's (not removed) drivers, oldest first, with their company. */
export async function listDrivers(db: Database, managerId: string, page: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, company: { id: companies.id, name: companies.name } })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(driversOf(managerId))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(driversOf(managerId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The jobs these drivers carry now, in one query (request_items_carrier_idx). */
export async function currentJobs(db: Database, driverIds: readonly string[]) {
  if (driverIds.length === 0) return [];
  return db
    .select({
      carrierId: requestItems.carrierId,
      requestItemId: requestItems.id,
      type: requestItems.type,
      status: requestItems.status,
      baggageName: deliveryItems.baggageName,
      firstPickupAt: requestItems.firstPickupAt,
    })
    .from(requestItems)
    .leftJoin(deliveryItems, eq(deliveryItems.requestItemId, requestItems.id))
    .where(and(inArray(requestItems.carrierId, [...driverIds]), HELD, LIVE_ITEM))
    .orderBy(asc(requestItems.firstPickupAt), asc(requestItems.id));
}

export async function holdsJobs(db: Database, driverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: requestItems.id })
    .from(requestItems)
    .where(and(eq(requestItems.carrierId, driverId), HELD, LIVE_ITEM))
    .limit(1);
  return row !== undefined;
}

/** The driver's open applications are withdrawn; answers their ids. */
export async function withdrawApplications(db: Database, driverId: string): Promise<string[]> {
  const rows = await db
    .update(candidates)
    .set({ status: 'WITHDRAWN' })
    .where(and(eq(candidates.applicantId, driverId), eq(candidates.status, 'APPLIED')))
    .returning({ id: candidates.id });
  return rows.map((r) => r.id);
}

/** Removal is soft: the account, its address and everything it carried stay on record. */
export async function removeUser(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ deletedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

export async function setCarrier(db: Database, requestItemId: string, carrierId: string): Promise<void> {
  await db.update(requestItems).set({ carrierId }).where(eq(requestItems.id, requestItemId));
}

// ───────────────────────── invitations ─────────────────────────

/** The manager's invitations whose link is unused (one_time_tokens_inviter_idx). */
const pendingOf = (managerId: string) =>
  and(
    eq(oneTimeTokens.purpose, 'DRIVER_INVITE'),
    isNull(oneTimeTokens.consumedAt),
    sql`(${oneTimeTokens.payload}->>'parentId') = ${managerId}`,
  );

const invitationColumns = {
  id: oneTimeTokens.id,
  email: oneTimeTokens.email,
  createdAt: oneTimeTokens.createdAt,
  expiresAt: oneTimeTokens.expiresAt,
};

export async function listInvitations(db: Database, managerId: string, page: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select(invitationColumns)
      .from(oneTimeTokens)
      .where(pendingOf(managerId))
      .orderBy(desc(oneTimeTokens.createdAt), desc(oneTimeTokens.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(oneTimeTokens).where(pendingOf(managerId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One of the manager's pending invitations, row-locked; undefined when not the manager's or used. */
export async function findInvitation(db: Database, managerId: string, id: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, id), pendingOf(managerId)))
    .for('update');
  return row;
}

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

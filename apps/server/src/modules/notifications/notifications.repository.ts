/** The only code that touches notifications, user_notifications and stream_events. */
import type { TRole } from '@logi/contract';
import { and, count, desc, eq, exists, gt, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { notifications, streamEvents, userNotifications, userRoles, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type UserNotificationRow = typeof userNotifications.$inferSelect;
export type StreamEventRow = typeof streamEvents.$inferSelect;
type Kind = NotificationRow['kind'];

export async function insertNotification(tx: Database, values: NewNotification): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values(values).returning();
  return row!;
}

export async function insertUserNotifications(
  tx: Database,
  notification: Pick<NotificationRow, 'id' | 'kind' | 'createdAt'>,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = userIds.map((userId) => ({
    userId,
    notificationId: notification.id,
    kind: notification.kind,
    createdAt: notification.createdAt,
  }));
  await tx.insert(userNotifications).values(rows).onConflictDoNothing();
}

/** One statement for a broadcast, however many accounts hold the roles (columns in table order, as INSERT … SELECT needs). */
export async function insertRoleNotifications(
  tx: Database,
  notification: Pick<NotificationRow, 'id' | 'kind' | 'createdAt'>,
  roles: TRole[],
): Promise<void> {
  const holders = tx
    .selectDistinct({
      userId: userRoles.userId,
      notificationId: sql<string>`${notification.id}::uuid`.as('notification_id'),
      kind: sql<Kind>`${notification.kind}::text`.as('kind'),
      isRead: sql<boolean>`false`.as('is_read'),
      readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
      createdAt: sql<Date>`${notification.createdAt.toISOString()}::timestamptz`.as('created_at'),
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        inArray(userRoles.role, roles),
        eq(userRoles.emailVerified, true),
        isNull(userRoles.deletedAt),
        isNull(users.deletedAt),
      ),
    );
  // A fresh notification and distinct holders: no conflict to handle (and no speculative insert).
  await tx.insert(userNotifications).select(holders);
}

/** Addresses of the recipients that can read mail: active accounts that are not deleted. */
export async function findMailRecipients(tx: Database, userIds: string[]): Promise<{ id: string; email: string }[]> {
  if (userIds.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.status, 'ACTIVE'), isNull(users.deletedAt)));
}

// ───────────────────────── the stream's event log ─────────────────────────

/** Arbitrary constant naming the advisory lock that orders stream event ids. */
const STREAM_ID_LOCK = 746_021_113;

export interface NewStreamEvent {
  userIds: string[] | null;
  notificationId: string | null;
  event: string;
  data: Record<string, unknown>;
}

/**
 * Appends events at the end of the caller's transaction. The transaction-scoped
 * advisory lock is held until commit, so ids are taken in commit order: once event n
 * is committed, every id below n is decided (decision 045).
 */
export async function appendStreamEvents(tx: Database, events: NewStreamEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${STREAM_ID_LOCK})`);
  const ids: number[] = [];
  for (const e of events) {
    const [row] = await tx.insert(streamEvents).values(e).returning({ id: streamEvents.id });
    ids.push(row!.id);
  }
  return ids;
}

/**
 * Events after `afterId` the user was a recipient of, oldest first: addressed to it, or
 * a notification it received (a broadcast reaches the role holders of its time only).
 */
export async function streamEventsAfter(db: Database, afterId: number, userId: string, limit: number): Promise<StreamEventRow[]> {
  const received = db
    .select({ one: sql`1` })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.notificationId, streamEvents.notificationId)));
  return db
    .select()
    .from(streamEvents)
    .where(and(gt(streamEvents.id, afterId), or(sql`${streamEvents.userIds} @> array[${userId}]::uuid[]`, exists(received))))
    .orderBy(streamEvents.id)
    .limit(limit);
}

/** Every event with `afterId` < id ≤ `upTo` (no bound when absent), oldest first: what an instance missed on the bus. */
export async function streamEventsBetween(
  db: Database,
  afterId: number,
  upTo: number | undefined,
  limit: number,
): Promise<StreamEventRow[]> {
  return db
    .select()
    .from(streamEvents)
    .where(and(gt(streamEvents.id, afterId), upTo === undefined ? undefined : lte(streamEvents.id, upTo)))
    .orderBy(streamEvents.id)
    .limit(limit);
}

/** The newest and oldest ids kept (0 when the log is empty). */
export async function streamEventBounds(db: Database): Promise<{ latest: number; oldest: number }> {
  const [row] = await db
    .select({
      latest: sql<string | null>`max(${streamEvents.id})`,
      oldest: sql<string | null>`min(${streamEvents.id})`,
    })
    .from(streamEvents);
  return { latest: Number(row?.latest ?? 0), oldest: Number(row?.oldest ?? 0) };
}

export async function pruneStreamEvents(db: Database, olderThan: Date): Promise<void> {
  await db.delete(streamEvents).where(lt(streamEvents.createdAt, olderThan));
}

// ───────────────────────── a user's notifications ─────────────────────────

const userNotificationColumns = {
  userId: userNotifications.userId,
  notificationId: userNotifications.notificationId,
  isRead: userNotifications.isRead,
  readAt: userNotifications.readAt,
  createdAt: userNotifications.createdAt,
  notification: notifications,
};

export type UserNotificationWithNotification = {
  userId: string;
  notificationId: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
  notification: NotificationRow;
};

export async function listUserNotifications(
  db: Database,
  userId: string,
  kind: Kind | undefined,
  page: number,
  limit: number,
): Promise<{ rows: UserNotificationWithNotification[]; total: number }> {
  const where = and(eq(userNotifications.userId, userId), kind ? eq(userNotifications.kind, kind) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(userNotificationColumns)
      .from(userNotifications)
      .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
      .where(where)
      .orderBy(desc(userNotifications.createdAt), desc(userNotifications.notificationId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(userNotifications).where(where),
  ]);
  return { rows, total: total!.n };
}

export async function findUserNotification(
  db: Database,
  userId: string,
  notificationId: string,
): Promise<UserNotificationWithNotification | undefined> {
  const [row] = await db
    .select(userNotificationColumns)
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.notificationId, notificationId)));
  return row;
}

/** Marks read once: a second call keeps the first `readAt`. Returns false when the user has no such notification. */
export async function markRead(db: Database, userId: string, notificationId: string): Promise<boolean> {
  const mine = and(eq(userNotifications.userId, userId), eq(userNotifications.notificationId, notificationId));
  const [row] = await db
    .update(userNotifications)
    .set({ isRead: true, readAt: sql`coalesce(${userNotifications.readAt}, now())` })
    .where(mine)
    .returning({ userId: userNotifications.userId });
  return row !== undefined;
}

/**
 * The reader has seen a talkroom's messages: its NEW_MESSAGE notifications (those that open
 * `talkroomLink`) are read too, so a message read in the open room never waits as unread.
 */
export async function markMessagesNoticesRead(db: Database, userId: string, talkroomLink: string): Promise<void> {
  await db
    .update(userNotifications)
    .set({ isRead: true, readAt: sql`coalesce(${userNotifications.readAt}, now())` })
    .where(
      and(
        eq(userNotifications.userId, userId),
        eq(userNotifications.isRead, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(notifications)
            .where(
              and(
                eq(notifications.id, userNotifications.notificationId),
                eq(notifications.type, 'NEW_MESSAGE'),
                eq(notifications.link, talkroomLink),
              ),
            ),
        ),
      ),
    );
}

/**
 * Which of `userIds` received the notification (by its primary key). The ids go as one array
 * parameter: for a broadcast to 10,000 open streams, 10,000 parameters took ~100 ms to bind and parse.
 */
export async function recipientsAmong(db: Database, notificationId: string, userIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: userNotifications.userId })
    .from(userNotifications)
    .where(
      and(
        eq(userNotifications.notificationId, notificationId),
        sql`${userNotifications.userId} = any(${sql.param(userIds)}::uuid[])`,
      ),
    );
  return rows.map((r) => r.userId);
}

export async function isRecipient(db: Database, userId: string, notificationId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.notificationId, notificationId)));
  return row !== undefined;
}

export async function hasUnread(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.isRead, false)))
    .limit(1);
  return row !== undefined;
}

// ───────────────────────── system notifications (admin) ─────────────────────────

export type SystemNotificationRow = NotificationRow & { recipientCount: number; readCount: number };

const recipientCount =
  sql<number>`(select count(*) from ${userNotifications} where ${userNotifications.notificationId} = ${notifications.id})`
    .mapWith(Number)
    .as('recipient_count');
const readCount =
  sql<number>`(select count(*) from ${userNotifications} where ${userNotifications.notificationId} = ${notifications.id} and ${userNotifications.isRead})`
    .mapWith(Number)
    .as('read_count');

/** `%`, `_` and `\` in a keyword match themselves. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSystemNotifications(
  db: Database,
  keyword: string | undefined,
  page: number,
  limit: number,
): Promise<{ rows: SystemNotificationRow[]; total: number }> {
  const where = and(
    eq(notifications.kind, 'SYSTEM_NOTIFICATION'),
    keyword
      ? or(ilike(notifications.title, likePattern(keyword)), ilike(notifications.message, likePattern(keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ notification: notifications, recipientCount, readCount })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.notification, recipientCount: r.recipientCount, readCount: r.readCount })),
    total: total!.n,
  };
}

export async function findSystemNotification(db: Database, id: string): Promise<SystemNotificationRow | undefined> {
  const [row] = await db
    .select({ notification: notifications, recipientCount, readCount })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.kind, 'SYSTEM_NOTIFICATION')));
  return row && { ...row.notification, recipientCount: row.recipientCount, readCount: row.readCount };
}

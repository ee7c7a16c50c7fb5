/** The only code that touches notifications, user_notifications and stream_events. */
import type { TRole } from '@logi/contract';
import { and, count, desc, eq, exists, gt, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { notifications, streamEvents, userNotifications, userRoles, users } from '../../db/schema';
import { type Database, rowsOf } from '../../platform/db/database';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type UserNotificationRow = typeof userNotifications.$inferSelect;
export type StreamEventRow = typeof streamEvents.$inferSelect;
type Kind = NotificationRow['kind'];

export async function insertNotification(tx: Database, values: NewNotification): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values(values).returning();
  return row!;
}

/**
 * A notification and its recipients' rows in one statement (a data-modifying WITH: the rows
 * referencing the notification are checked at the statement's end, when it is there).
 */
export async function insertNotificationForUsers(
  tx: Database,
  values: NewNotification,
  userIds: string[],
): Promise<NotificationRow> {
  const written = tx.$with('written').as(tx.insert(notifications).values(values).returning());
  const delivered = tx.$with('delivered', {}).as(
    sql`insert into ${userNotifications} (user_id, notification_id, kind, created_at)
        select u, written.id, written.kind, written.created_at
          from written, unnest(${sql.param(userIds)}::uuid[]) u
        on conflict do nothing`,
  );
  const [row] = await tx.with(written, delivered).select().from(written);
  return row!;
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
 * Appends events at the end of the caller's transaction, in one statement with the lock. The
 * transaction-scoped advisory lock is held until commit, so ids are taken in commit order: once
 * event n is committed, every id below n is decided (decision 045). The lock is taken before any
 * id (the rows to insert join its one row), and the ids follow the events' order (ORDER BY feeds
 * the insert), so the ascending ids answer the events in turn.
 */
export async function appendStreamEvents(tx: Database, events: NewStreamEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const records = events.map((e) => ({ user_ids: e.userIds, notification_id: e.notificationId, event: e.event, data: e.data }));
  const rows = await rowsOf<{ id: string | number }>(
    tx,
    sql`with ordered as (select pg_advisory_xact_lock(${STREAM_ID_LOCK}))
        insert into ${streamEvents} (user_ids, notification_id, event, data)
        select e.user_ids, e.notification_id, e.event, e.data
          from ordered,
               rows from (jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
                          as (user_ids uuid[], notification_id uuid, event text, data jsonb))
               with ordinality as e(user_ids, notification_id, event, data, n)
         order by e.n
        returning id`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
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

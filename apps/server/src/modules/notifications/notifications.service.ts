/**
 * Notifications: the rows every domain event writes, the calls of spec §7 over them,
 * and what the realtime stream needs (replay, session checks).
 *
 * ## The event entry point
 *
 * A service that causes an event runs its transaction through `withEvents` and
 * emits the event inside it:
 *
 *   const approved = await withEvents(deps, async (tx, emit) => {
 *     const item = await lockRequestItem(tx, id);            // the caller's own rules
 *     …
 *     await emit({ type: 'CANDIDATE_APPROVED', requestType: 'DELIVERY', requestItemId: id,
 *                  talkroomId, customerId: auth.userId, approvedUserId });
 *     return item;
 *   });
 *
 * `emit(event)` is `recordEvent(tx, event)`: inside the transaction it writes the
 * notification, one user_notification per recipient (one INSERT … SELECT for a role
 * broadcast) and, for the important types, the outbox mail. Just before the
 * transaction commits, `withEvents` appends the stream events to the stream log
 * (their SSE ids, in commit order); after the commit it nudges the mail dispatcher
 * and publishes them on the realtime bus. A throw anywhere rolls everything back
 * and publishes nothing. Who is told what: domain/notification-plan.ts.
 */
import type {
  THasUnreadResponse,
  TNotification,
  TNotificationListQuery,
  TSystemNotificationDetail,
  TSystemNotificationList,
  TSystemNotificationListQuery,
  TUserNotification,
  TUserNotificationDetail,
  TUserNotificationList,
  TBroadcastBody,
  TNotificationMessageBody,
} from '@logi/contract';
import { STREAM_EVENTS, paginationMeta } from '@logi/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DomainEvent, SystemBroadcast, SystemMessage } from '../../domain/events';
import { planNotifications, webLinks, type PlannedNotification } from '../../domain/notification-plan';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailTemplates } from '../../platform/mail/templates';
import type { BusMessage, BusTarget } from '../../platform/realtime/bus';
import * as accounts from '../accounts/accounts.service';
import { recordAdminAction } from '../audit-log/audit-log.service';
import { attachFiles, fileViews, registerFileReadCheck } from '../files/files.service';
import * as repo from './notifications.repository';

export type EventDeps = Pick<Deps, 'db' | 'config' | 'mailWritten' | 'realtime'>;

/** What recording an event wrote: the ids of its notifications (a talkroom message may write none). */
export interface RecordedEvent {
  notificationIds: string[];
}

export type Emit = (event: DomainEvent) => Promise<RecordedEvent>;

interface PendingStreamEvent {
  target: BusTarget;
  /** The notification the event carries (null for a talkroom message). */
  notificationId: string | null;
  event: string;
  data: Record<string, unknown>;
}

interface EventContext {
  deps: EventDeps;
  stream: PendingStreamEvent[];
  mail: boolean;
}

/** The context of each transaction opened by withEvents, keyed by its transaction object. */
const contexts = new WeakMap<Database, EventContext>();

const iso = (d: Date) => d.toISOString();

export function toNotification(n: repo.NotificationRow): TNotification {
  return {
    id: n.id,
    kind: n.kind,
    type: n.type,
    title: n.title,
    message: n.message,
    link: n.link,
    fileIds: n.fileIds,
    createdAt: iso(n.createdAt),
  };
}

function toUserNotification(r: repo.UserNotificationWithNotification): TUserNotification {
  return {
    userId: r.userId,
    notificationId: r.notificationId,
    isRead: r.isRead,
    readAt: r.readAt ? iso(r.readAt) : null,
    createdAt: iso(r.createdAt),
    notification: toNotification(r.notification),
  };
}

async function writeNotification(tx: Database, context: EventContext, planned: PlannedNotification): Promise<string> {
  const id = uuidv7();
  const { audience } = planned;
  const values = {
    id,
    kind: planned.kind,
    type: planned.type,
    title: planned.title,
    message: planned.message,
    link: planned.link ?? webLinks.notificationDetail(id),
    fileIds: planned.fileIds,
    targetRoles: 'roles' in planned.audience ? planned.audience.roles : null,
    targetUserId: planned.targetUserId,
    senderId: planned.senderId,
    requestItemId: planned.requestItemId,
  };
  let row: repo.NotificationRow;
  if ('roles' in audience) {
    row = await repo.insertNotification(tx, values);
    await repo.insertRoleNotifications(tx, row, audience.roles);
  } else {
    row = await repo.insertNotificationForUsers(tx, values, audience.userIds);
  }
  if (planned.byMail && 'userIds' in audience) {
    const { appUrl } = context.deps.config;
    for (const r of await repo.findMailRecipients(tx, audience.userIds)) {
      await enqueueMail(tx, r.email, mailTemplates.notification(appUrl, row.type, row.title, row.message, row.link!));
      context.mail = true;
    }
  }
  // A broadcast is addressed to its notification's recipients, written just above (one stream row, not one per account).
  const target = 'roles' in audience ? { notificationId: id } : audience;
  context.stream.push({ target, notificationId: id, event: STREAM_EVENTS.notification, data: toNotification(row) });
  return id;
}

/**
 * Writes the notifications of an event inside the transaction `tx`, which must be one
 * opened by `withEvents` (its publish after commit is registered there).
 */
/** The reader has seen the talkroom: its new-message notifications are read (talkrooms call this). */
export function markTalkroomNoticesRead(db: Database, userId: string, requestItemId: string, talkroomId: string): Promise<void> {
  return repo.markMessagesNoticesRead(db, userId, webLinks.talkroom(requestItemId, talkroomId));
}

export async function recordEvent(tx: Database, event: DomainEvent): Promise<RecordedEvent> {
  const context = contexts.get(tx);
  if (!context) throw new Error('recordEvent needs the transaction of withEvents(deps, (tx, emit) => …)');
  const plan = planNotifications(event);
  const notificationIds: string[] = [];
  for (const planned of plan.notifications) notificationIds.push(await writeNotification(tx, context, planned));
  if (plan.talkroomMessage && plan.talkroomMessage.userIds.length > 0) {
    context.stream.push({
      target: { userIds: plan.talkroomMessage.userIds },
      notificationId: null,
      event: STREAM_EVENTS.talkroomMessage,
      data: plan.talkroomMessage.data,
    });
  }
  return { notificationIds };
}

/**
 * Runs `fn` in one transaction whose events are recorded with `emit` (see the module
 * doc). Returns what `fn` returns, once committed and published.
 */
export async function withEvents<T>(deps: EventDeps, fn: (tx: Database, emit: Emit) => Promise<T>): Promise<T> {
  const context: EventContext = { deps, stream: [], mail: false };
  let published: BusMessage[] = [];
  const result = await deps.db.transaction(async (tx) => {
    contexts.set(tx, context);
    const value = await fn(tx, (event) => recordEvent(tx, event));
    const ids = await repo.appendStreamEvents(
      tx,
      context.stream.map((p) => ({
        userIds: 'userIds' in p.target ? p.target.userIds : null,
        notificationId: p.notificationId,
        event: p.event,
        data: p.data,
      })),
    );
    published = context.stream.map(({ target, event, data }, i) => ({ target, event, data, id: ids[i]! }));
    return value;
  });
  if (context.mail) deps.mailWritten();
  for (const message of published) await deps.realtime.publish(message);
  return result;
}

// ───────────────────────── what the stream needs ─────────────────────────

/** More missed events than this and the client is told to refetch instead (`resync`). */
export const MAX_REPLAY = 500;

/** Which of `userIds` a notification was written for: the live audience of a broadcast. */
export function recipientsAmong(db: Database, notificationId: string, userIds: string[]): Promise<string[]> {
  return repo.recipientsAmong(db, notificationId, userIds);
}

/** The id a new stream starts from: what is committed now. */
export async function streamPosition(db: Database): Promise<number> {
  return (await repo.streamEventBounds(db)).latest;
}

export type Replay = { kind: 'events'; events: repo.StreamEventRow[] } | { kind: 'resync'; position: number };

/** What a client that last saw `afterId` missed; `resync` when it is too much or already pruned. */
export async function replayAfter(db: Database, afterId: number, userId: string): Promise<Replay> {
  const bounds = await repo.streamEventBounds(db);
  if (afterId > bounds.latest) return { kind: 'resync', position: bounds.latest };
  if (bounds.oldest > afterId + 1) return { kind: 'resync', position: bounds.latest };
  const events = await repo.streamEventsAfter(db, afterId, userId, MAX_REPLAY + 1);
  if (events.length > MAX_REPLAY) return { kind: 'resync', position: bounds.latest };
  return { kind: 'events', events };
}

/** Whether a stream's session still stands: family not revoked, account active. */
export async function sessionStands(db: Database, auth: Pick<AuthContext, 'userId' | 'familyId'>): Promise<boolean> {
  const state = await accounts.findAuthState(db, auth.userId, auth.familyId);
  return Boolean(state && !state.revokedAt && state.status === 'ACTIVE');
}

/** The log as bus messages: what an instance reads to fill a gap in what the bus brought (ordered-feed.ts). */
export async function streamLog(db: Database, afterId: number, upTo: number | undefined, limit: number): Promise<BusMessage[]> {
  const rows = await repo.streamEventsBetween(db, afterId, upTo, limit);
  return rows.map((row) => ({
    target: row.userIds ? { userIds: row.userIds } : { notificationId: row.notificationId! },
    event: row.event,
    id: row.id,
    data: row.data,
  }));
}

export async function pruneStreamLog(db: Database, retentionMs: number): Promise<void> {
  await repo.pruneStreamEvents(db, new Date(Date.now() - retentionMs));
}

// ───────────────────────── the calls of spec §7 ─────────────────────────

export function createNotificationsService(deps: Deps) {
  const { db } = deps;

  // An announcement's attachments: its recipients and the admins may read them.
  registerFileReadCheck('NOTIFICATION', async (reader, auth, notificationId) =>
    auth.role === 'ADMIN' ? true : repo.isRecipient(reader, auth.userId, notificationId),
  );

  /** Writes an announcement and attaches its files (the admin's uploads) in one transaction. */
  async function announce(auth: AuthContext, event: SystemBroadcast | SystemMessage): Promise<TSystemNotificationDetail> {
    const id = await withEvents(deps, async (tx, emit) => {
      if (event.type === 'SYSTEM_MESSAGE' && !(await accounts.findUserById(tx, event.userId))) {
        throw new AppError('USER_NOT_FOUND');
      }
      const [notificationId] = (await emit(event)).notificationIds;
      await attachFiles(tx, {
        ownerId: auth.userId,
        fileIds: event.fileIds,
        entityType: 'NOTIFICATION',
        entityId: notificationId!,
      });
      await recordAdminAction(tx, {
        actorId: auth.userId,
        action: 'NOTIFICATION_SENT',
        targetType: 'NOTIFICATION',
        targetId: notificationId!,
        after: {
          title: event.title,
          ...(event.type === 'SYSTEM_BROADCAST' ? { targetRoles: event.targetRoles } : { userId: event.userId }),
          fileIds: event.fileIds,
        },
      });
      return notificationId!;
    });
    return systemDetail(id);
  }

  async function systemDetail(notificationId: string): Promise<TSystemNotificationDetail> {
    const row = await repo.findSystemNotification(db, notificationId);
    if (!row) throw new AppError('SYSTEM_NOTIFICATION_NOT_FOUND');
    return {
      ...toNotification(row),
      targetRoles: row.targetRoles,
      targetUserId: row.targetUserId,
      senderId: row.senderId,
      recipientCount: row.recipientCount,
      readCount: row.readCount,
      files: await fileViews(deps, row.fileIds),
    };
  }

  return {
    async list(auth: AuthContext, query: TNotificationListQuery): Promise<TUserNotificationList> {
      const kind =
        query.isSystemNotifications === undefined
          ? undefined
          : query.isSystemNotifications
            ? 'SYSTEM_NOTIFICATION'
            : 'EVENT_NOTIFICATION';
      const { rows, total } = await repo.listUserNotifications(db, auth.userId, kind, query.page, query.limit);
      return { meta: paginationMeta(query.page, query.limit, total), data: rows.map(toUserNotification) };
    },

    async detail(auth: AuthContext, notificationId: string): Promise<TUserNotificationDetail> {
      const row = await repo.findUserNotification(db, auth.userId, notificationId);
      if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
      const view = toUserNotification(row);
      return { ...view, notification: { ...view.notification, files: await fileViews(deps, row.notification.fileIds) } };
    },

    async markAsRead(auth: AuthContext, notificationId: string): Promise<TUserNotification> {
      if (!(await repo.markRead(db, auth.userId, notificationId))) throw new AppError('NOTIFICATION_NOT_FOUND');
      const row = await repo.findUserNotification(db, auth.userId, notificationId);
      return toUserNotification(row!);
    },

    async hasUnread(auth: AuthContext): Promise<THasUnreadResponse> {
      return { hasUnreadNotifications: await repo.hasUnread(db, auth.userId) };
    },

    async systemList(query: TSystemNotificationListQuery): Promise<TSystemNotificationList> {
      const { rows, total } = await repo.listSystemNotifications(db, query.keyword, query.page, query.limit);
      return {
        meta: paginationMeta(query.page, query.limit, total),
        data: rows.map((row) => ({
          ...toNotification(row),
          targetRoles: row.targetRoles,
          targetUserId: row.targetUserId,
          senderId: row.senderId,
          recipientCount: row.recipientCount,
          readCount: row.readCount,
        })),
      };
    },

    systemDetail,

    broadcast: (auth: AuthContext, body: TBroadcastBody) =>
      announce(auth, { type: 'SYSTEM_BROADCAST', actorId: auth.userId, ...body }),

    message: (auth: AuthContext, body: TNotificationMessageBody) =>
      announce(auth, { type: 'SYSTEM_MESSAGE', actorId: auth.userId, ...body }),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

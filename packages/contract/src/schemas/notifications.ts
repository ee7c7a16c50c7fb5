/**
 * Notifications (spec §3 Notification / User notification, §7 Notifications) and the
 * events of the realtime stream GET /notifications/stream (server-sent events).
 */
import { z } from 'zod';
import { NotificationKind, NotificationType, Role } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import { MAX, ZPaginationQuery, iso, optionalText, paginated, text, uuid } from './common';
import { ZFileView, fileIdList } from './files';

// ───────────────────────── constants (spec §9) ─────────────────────────

/** The server sends a heartbeat this often on every stream. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** The client counts a stream dead after this long without any event, and reconnects (spec §9: twice the constant). */
export const STREAM_TIMEOUT_MS = 2 * STREAM_HEARTBEAT_MS;
/** The notification panel's page size (spec §9). */
export const NOTIFICATION_PANEL_PAGE_SIZE = 20;
/** The roles an admin may broadcast to (spec §6). */
export const BROADCAST_TARGET_ROLES = ['CUSTOMER', 'DRIVER', 'DRIVER_MANAGER'] as const;
export const NOTIFICATION_TITLE_MAX = 100;
export const NOTIFICATION_MESSAGE_MAX = 5000;

/**
 * SSE event names of the stream. Every `notification` and `talkroom-message` has an
 * `id:`; a client reconnecting sends the highest id it received as `Last-Event-ID`
 * and receives what it missed. `ready` opens every stream (its id is where a later
 * resume starts); `resync` says the gap was too long to replay: refetch the lists.
 */
export const STREAM_EVENTS = {
  ready: 'ready',
  notification: 'notification',
  talkroomMessage: 'talkroom-message',
  heartbeat: 'heartbeat',
  resync: 'resync',
} as const;

// ───────────────────────── shapes returned ─────────────────────────

export const ZNotification = z.lazy(() =>
  z.object({
    id: z.uuid(),
    kind: NotificationKind.schema,
    type: NotificationType.schema,
    title: z.string(),
    message: z.string(),
    /** The web route to open. */
    link: z.string().nullable(),
    fileIds: z.array(z.uuid()),
    createdAt: iso(),
  }),
);
export type TNotification = z.infer<typeof ZNotification>;

/** A notification as the caller received it. */
export const ZUserNotification = z.lazy(() =>
  z.object({
    userId: z.uuid(),
    notificationId: z.uuid(),
    isRead: z.boolean(),
    readAt: iso().nullable(),
    createdAt: iso(),
    notification: ZNotification,
  }),
);
export type TUserNotification = z.infer<typeof ZUserNotification>;

/** The detail adds the attachments (system notifications have them). */
export const ZUserNotificationDetail = z.lazy(() =>
  ZUserNotification.unwrap().extend({
    notification: ZNotification.unwrap().extend({ files: z.array(ZFileView) }),
  }),
);
export type TUserNotificationDetail = z.infer<typeof ZUserNotificationDetail>;

export const ZUserNotificationList = z.lazy(() => paginated(ZUserNotification));
export type TUserNotificationList = z.infer<typeof ZUserNotificationList>;

export const ZHasUnreadResponse = z.lazy(() => z.object({ hasUnreadNotifications: z.boolean() }));
export type THasUnreadResponse = z.infer<typeof ZHasUnreadResponse>;

/** A system notification as the admin sees it: to whom it went. */
export const ZSystemNotification = z.lazy(() =>
  ZNotification.unwrap().extend({
    /** Broadcast: the roles it was sent to; null for a message to one account. */
    targetRoles: z.array(Role.schema).nullable(),
    /** Message to one account: that account; null for a broadcast. */
    targetUserId: z.uuid().nullable(),
    senderId: z.uuid().nullable(),
    recipientCount: z.number().int(),
    /** Recipients who have opened it. */
    readCount: z.number().int(),
  }),
);
export type TSystemNotification = z.infer<typeof ZSystemNotification>;

export const ZSystemNotificationDetail = z.lazy(() => ZSystemNotification.unwrap().extend({ files: z.array(ZFileView) }));
export type TSystemNotificationDetail = z.infer<typeof ZSystemNotificationDetail>;

export const ZSystemNotificationList = z.lazy(() => paginated(ZSystemNotification));
export type TSystemNotificationList = z.infer<typeof ZSystemNotificationList>;

// ───────────────────────── inputs ─────────────────────────

/** 'true' / '1' → true, 'false' / '0' → false, absent → both kinds. */
const queryFlag = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v === '' ? undefined : v),
    z.boolean({ error: FIELD_MESSAGES.invalidType }).optional(),
  );

export const ZNotificationListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    /** true: announcements (お知らせ); false: case notifications (案件通知); absent: both. */
    isSystemNotifications: queryFlag(),
  }),
);
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

export const ZSystemNotificationListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    /** Matches the title or the message. */
    keyword: optionalText(MAX.short),
  }),
);
export type TSystemNotificationListQuery = z.infer<typeof ZSystemNotificationListQuery>;

export const ZNotificationIdParams = z.lazy(() => z.object({ notificationId: uuid() }));

const announcement = () => ({
  title: text(NOTIFICATION_TITLE_MAX),
  message: text(NOTIFICATION_MESSAGE_MAX),
  /** Attachments: ids of files the admin uploaded (at most 5). */
  fileIds: fileIdList().optional().default([]),
});

/** POST /notifications/broadcast: an announcement to every account holding one of the roles. */
export const ZBroadcastBody = z.lazy(() =>
  z.object({
    targetRoles: z
      .array(z.enum(BROADCAST_TARGET_ROLES, { error: FIELD_MESSAGES.invalidOption }), { error: FIELD_MESSAGES.required })
      .min(1, FIELD_MESSAGES.required)
      .max(BROADCAST_TARGET_ROLES.length, FIELD_MESSAGES.invalidOption)
      .transform((roles) => [...new Set(roles)]),
    ...announcement(),
  }),
);
export type TBroadcastBody = z.infer<typeof ZBroadcastBody>;

/** POST /notifications/message: an announcement to one account (ours: the spec shows no body). */
export const ZNotificationMessageBody = z.lazy(() =>
  z.object({
    userId: uuid(),
    ...announcement(),
  }),
);
export type TNotificationMessageBody = z.infer<typeof ZNotificationMessageBody>;

// ───────────────────────── stream events (SSE `data`) ─────────────────────────

/** The stream's body as the route table documents it: text/event-stream frames. */
export const ZStreamResponse = z.lazy(() => z.string());

export const ZStreamReadyEvent = z.lazy(() => z.object({ at: iso() }));
export const ZStreamNotificationEvent = z.lazy(() => ZNotification);
export const ZStreamTalkroomMessageEvent = z.lazy(() =>
  z.object({
    requestItemId: z.uuid(),
    talkroomId: z.uuid(),
    message: z.object({
      id: z.uuid(),
      talkroomId: z.uuid(),
      senderId: z.uuid(),
      content: z.string(),
      fileIds: z.array(z.uuid()),
      createdAt: iso(),
    }),
  }),
);
export type TStreamTalkroomMessageEvent = z.infer<typeof ZStreamTalkroomMessageEvent>;
export const ZStreamHeartbeatEvent = z.lazy(() => z.object({ at: iso() }));
export const ZStreamResyncEvent = z.lazy(() => z.object({}));

/** The `data` schema of each SSE event name. */
export const STREAM_EVENT_SCHEMAS = {
  [STREAM_EVENTS.ready]: ZStreamReadyEvent,
  [STREAM_EVENTS.notification]: ZStreamNotificationEvent,
  [STREAM_EVENTS.talkroomMessage]: ZStreamTalkroomMessageEvent,
  [STREAM_EVENTS.heartbeat]: ZStreamHeartbeatEvent,
  [STREAM_EVENTS.resync]: ZStreamResyncEvent,
} as const;

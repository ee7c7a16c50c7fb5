/** The notifications calls of the route table. */
import { def } from './route-def';
import {
  ZBroadcastBody,
  ZHasUnreadResponse,
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZNotificationMessageBody,
  ZStreamResponse,
  ZSystemNotificationDetail,
  ZSystemNotificationList,
  ZSystemNotificationListQuery,
  ZUserNotification,
  ZUserNotificationDetail,
  ZUserNotificationList,
} from '../schemas/notifications';

export const notificationRoutes = {
  list: def({
    method: 'GET',
    path: '/notifications',
    summary: '自分の通知一覧（isSystemNotifications: true=お知らせ, false=案件通知, 省略=すべて）',
    access: 'authenticated',
    query: ZNotificationListQuery,
    response: ZUserNotificationList,
  }),
  hasUnread: def({
    method: 'GET',
    path: '/notifications/has-unread',
    summary: '未読の通知があるか',
    access: 'authenticated',
    response: ZHasUnreadResponse,
  }),
  /**
   * Server-sent events (text/event-stream), bearer token in the Authorization header.
   * Not a JSON call: the server registers it by hand; the entry documents it.
   */
  stream: def({
    method: 'GET',
    path: '/notifications/stream',
    summary: '通知・トークルームのリアルタイム配信（Server-Sent Events、Last-Event-IDで再開）',
    access: 'authenticated',
    response: ZStreamResponse,
  }),
  systemList: def({
    method: 'GET',
    path: '/notifications/system',
    summary: 'お知らせの送信履歴（管理者）',
    access: ['ADMIN'],
    query: ZSystemNotificationListQuery,
    response: ZSystemNotificationList,
  }),
  broadcast: def({
    method: 'POST',
    path: '/notifications/broadcast',
    summary: 'お知らせの一斉送信（管理者。対象: 荷主・ドライバー・ドライバー管理者）',
    access: ['ADMIN'],
    status: 201,
    body: ZBroadcastBody,
    response: ZSystemNotificationDetail,
  }),
  message: def({
    method: 'POST',
    path: '/notifications/message',
    summary: '特定のアカウントへのお知らせ送信（管理者）',
    access: ['ADMIN'],
    status: 201,
    body: ZNotificationMessageBody,
    response: ZSystemNotificationDetail,
  }),
  detail: def({
    method: 'GET',
    path: '/notifications/:notificationId',
    summary: '自分の通知の詳細（添付ファイル付き）',
    access: 'authenticated',
    params: ZNotificationIdParams,
    response: ZUserNotificationDetail,
  }),
  markAsRead: def({
    method: 'PATCH',
    path: '/notifications/:notificationId/mark-as-read',
    summary: '通知を既読にする',
    access: 'authenticated',
    params: ZNotificationIdParams,
    response: ZUserNotification,
  }),
  systemDetail: def({
    method: 'GET',
    path: '/notifications/:notificationId/system',
    summary: 'お知らせの詳細（管理者）',
    access: ['ADMIN'],
    params: ZNotificationIdParams,
    response: ZSystemNotificationDetail,
  }),
} as const;

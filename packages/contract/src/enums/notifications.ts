/** Notification kinds and types (spec §3). */
import { labelled } from './labelled';

export const NotificationKind = labelled(['EVENT_NOTIFICATION', 'SYSTEM_NOTIFICATION'], {
  EVENT_NOTIFICATION: '案件通知',
  SYSTEM_NOTIFICATION: 'お知らせ',
});

export const NotificationType = labelled(
  [
    'REGISTRATION_COMPLETE',
    'PICKUP_REQUEST_RECEIVED',
    'PICKUP_REQUEST_APPROVED',
    'PICKUP_REQUEST_RESULT',
    'NEW_MESSAGE',
    'MEETING_COMPLETE_BUTTON_PRESSED',
    'DELIVERY_CANCELLED',
    'DELIVERY_COMPLETE_REPORT',
    'TEMPERATURE_OUT_OF_RANGE',
    'DELIVERY_COMPLETE_APPROVED',
    'WAREHOUSE_USE_REQUEST_RECEIVED',
    'WAREHOUSE_USE_REQUEST_APPROVED',
    'WAREHOUSE_USE_REQUEST_RESULT',
    'SUBSCRIPTION_PAYMENT_FAILED',
    'SYSTEM_NOTIFICATION',
  ],
  {
    REGISTRATION_COMPLETE: '登録完了',
    PICKUP_REQUEST_RECEIVED: '集荷依頼の応募',
    PICKUP_REQUEST_APPROVED: '集荷依頼の承認',
    PICKUP_REQUEST_RESULT: '集荷依頼の選考結果',
    NEW_MESSAGE: '新着メッセージ',
    MEETING_COMPLETE_BUTTON_PRESSED: '打ち合わせ完了',
    DELIVERY_CANCELLED: '配送キャンセル',
    DELIVERY_COMPLETE_REPORT: '配送完了報告',
    TEMPERATURE_OUT_OF_RANGE: '温度逸脱',
    DELIVERY_COMPLETE_APPROVED: '配送完了承認',
    WAREHOUSE_USE_REQUEST_RECEIVED: '倉庫利用依頼の応募',
    WAREHOUSE_USE_REQUEST_APPROVED: '倉庫利用依頼の承認',
    WAREHOUSE_USE_REQUEST_RESULT: '倉庫利用依頼の選考結果',
    SUBSCRIPTION_PAYMENT_FAILED: 'サブスクリプションの決済失敗',
    SYSTEM_NOTIFICATION: 'お知らせ',
  },
);
export type TNotificationType = (typeof NotificationType.values)[number];

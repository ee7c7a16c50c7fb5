/**
 * Every enumeration of the product (spec §3) with its Japanese label.
 * A value list and a label map live side by side so that the server validates
 * with the list and the web renders with the labels: one definition for both.
 */
import { z } from 'zod';

function labelled<const T extends readonly [string, ...string[]]>(values: T, labels: Record<T[number], string>) {
  return { values, labels, schema: z.enum(values) } as const;
}

export const Role = labelled(['ADMIN', 'DRIVER', 'DRIVER_MANAGER', 'CUSTOMER', 'GUEST'], {
  ADMIN: '管理者',
  DRIVER: 'ドライバー',
  DRIVER_MANAGER: 'ドライバー管理者',
  CUSTOMER: '荷主',
  GUEST: 'ゲスト',
});
export type TRole = (typeof Role.values)[number];
/** Roles a person may register for themselves after e-mail verification. */
export const SELF_REGISTRABLE_ROLES = ['CUSTOMER', 'DRIVER_MANAGER'] as const satisfies TRole[];
/** Roles that can sign in (GUEST is the signed-out state). */
export const SIGN_IN_ROLES = ['ADMIN', 'DRIVER', 'DRIVER_MANAGER', 'CUSTOMER'] as const;
export type TSignInRole = (typeof SIGN_IN_ROLES)[number];

export const AccountStatus = labelled(['ACTIVE', 'INACTIVE'], {
  ACTIVE: '有効',
  INACTIVE: '停止中',
});
export type TAccountStatus = (typeof AccountStatus.values)[number];

export const VehicleType = labelled(
  ['TEN_T_TRUCK', 'FOUR_T_TRUCK', 'TWO_T_TRUCK', 'ONE_T_TRUCK', 'LIGHT_TRUCK', 'COOL_TRUCK', 'VEHICLE_BY_LOAD'],
  {
    TEN_T_TRUCK: '10t',
    FOUR_T_TRUCK: '4t',
    TWO_T_TRUCK: '2t',
    ONE_T_TRUCK: '1t',
    LIGHT_TRUCK: '軽車両',
    COOL_TRUCK: '冷蔵冷凍車',
    VEHICLE_BY_LOAD: '荷物に合わせる',
  },
);
export type TVehicleType = (typeof VehicleType.values)[number];

export const TemperatureRange = labelled(['ROOM', 'REFRIGERATED', 'FROZEN'], {
  ROOM: '常温',
  REFRIGERATED: '冷蔵',
  FROZEN: '冷凍',
});
export type TTemperatureRange = (typeof TemperatureRange.values)[number];

export const Elevator = labelled(['YES', 'NO', 'NOT_NEEDED'], {
  YES: 'あり',
  NO: 'なし',
  NOT_NEEDED: '不要',
});
export type TElevator = (typeof Elevator.values)[number];

export const TimeSpecification = labelled(['TIME_RANGE', 'TIME_POINT'], {
  TIME_RANGE: '時間帯指定',
  TIME_POINT: '時刻指定',
});

export const RequestType = labelled(['DELIVERY', 'WAREHOUSE'], {
  DELIVERY: '配送',
  WAREHOUSE: '倉庫',
});
export type TRequestType = (typeof RequestType.values)[number];
/** The lowercase form used in URLs (/shipping-requests/applied/delivery). */
export const RequestTypeSlug = z.enum(['delivery', 'warehouse']);

export const PriceType = labelled(['FIXED', 'ESTIMATION', 'PER_UNIT'], {
  FIXED: '固定価格',
  ESTIMATION: '見積もり',
  PER_UNIT: '単価',
});
export type TPriceType = (typeof PriceType.values)[number];

export const TransportType = labelled(['PICKUP', 'DELIVERY', 'TRANSIT'], {
  PICKUP: '集荷',
  DELIVERY: '配達',
  TRANSIT: '経由',
});
export type TTransportType = (typeof TransportType.values)[number];

export const DeliveryStatus = labelled(['WAITING_APPROVE', 'APPROVED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'], {
  WAITING_APPROVE: '承認待ち',
  APPROVED: '承認済み',
  IN_PROGRESS: '集荷作業中',
  COMPLETED: '配送完了',
  CANCELLED: 'キャンセル',
});
export type TDeliveryStatus = (typeof DeliveryStatus.values)[number];

export const WarehouseStatus = labelled(['WAITING_APPROVE', 'COMPLETED', 'CANCELLED'], {
  WAITING_APPROVE: 'マッチング前',
  COMPLETED: 'マッチング完了',
  CANCELLED: 'キャンセル',
});
export type TWarehouseStatus = (typeof WarehouseStatus.values)[number];

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
    DELIVERY_COMPLETE_APPROVED: '配送完了承認',
    WAREHOUSE_USE_REQUEST_RECEIVED: '倉庫利用依頼の応募',
    WAREHOUSE_USE_REQUEST_APPROVED: '倉庫利用依頼の承認',
    WAREHOUSE_USE_REQUEST_RESULT: '倉庫利用依頼の選考結果',
    SUBSCRIPTION_PAYMENT_FAILED: 'サブスクリプションの決済失敗',
    SYSTEM_NOTIFICATION: 'お知らせ',
  },
);
export type TNotificationType = (typeof NotificationType.values)[number];

/** A request item's status: the delivery statuses; a warehouse uses WAITING_APPROVE, COMPLETED, CANCELLED. */
export const RequestStatus = DeliveryStatus;
export type TRequestStatus = TDeliveryStatus;

/** An application (bid) to a request item. */
export const CandidateStatus = labelled(['APPLIED', 'APPROVED', 'NOT_CHOSEN'], {
  APPLIED: '応募中',
  APPROVED: '承認済み',
  NOT_CHOSEN: '見送り',
});
export type TCandidateStatus = (typeof CandidateStatus.values)[number];

/** Quick filters on the request home and search (spec §3). */
export const SearchQuickFilter = labelled(['NEAR_DATE', 'NEW_ARRIVAL', 'WAREHOUSE'], {
  NEAR_DATE: '集荷日が近い',
  NEW_ARRIVAL: '新着',
  WAREHOUSE: '倉庫',
});

/** What an uploaded file is; decides its accepted types and size limit (spec §5). */
export const FileKind = labelled(['IMAGE', 'VIDEO', 'DOCUMENT'], {
  IMAGE: '画像',
  VIDEO: '動画',
  DOCUMENT: '書類',
});
export type TFileKind = (typeof FileKind.values)[number];

/** Purposes of one-time tokens sent by e-mail. */
export const ONE_TIME_TOKEN_PURPOSES = ['VERIFY_EMAIL', 'RESET_PASSWORD', 'UPDATE_EMAIL', 'DRIVER_INVITE'] as const;
export type TOneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

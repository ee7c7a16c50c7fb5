/** The admin back office: what the audit log records and the carrier roles of the driver list. */
import { labelled } from './labelled';

/** Every admin action written to the audit log (DESIGN §5), in the same transaction as the action. */
export const AuditAction = labelled(
  [
    'ACCOUNT_SUSPENDED',
    'ACCOUNT_ACTIVATED',
    'REQUEST_DELETED',
    'NOTIFICATION_SENT',
    'TOTP_ENABLED',
    'TOTP_DISABLED',
    'FUEL_PRICE_SET',
    'CARRIER_VERIFICATION_SUBMITTED',
    'CARRIER_VERIFIED',
    'CARRIER_VERIFICATION_RETURNED',
    'CARRIER_VERIFICATION_LAPSED',
    'REVIEW_HIDDEN',
    'REVIEW_SHOWN',
  ],
  {
    ACCOUNT_SUSPENDED: 'アカウント停止',
    ACCOUNT_ACTIVATED: 'アカウント再開',
    REQUEST_DELETED: '依頼の削除',
    NOTIFICATION_SENT: 'お知らせの送信',
    TOTP_ENABLED: '二段階認証の有効化',
    TOTP_DISABLED: '二段階認証の無効化',
    FUEL_PRICE_SET: '軽油価格の設定',
    CARRIER_VERIFICATION_SUBMITTED: '運送会社の認証申請',
    CARRIER_VERIFIED: '運送会社の認証（確認済）',
    CARRIER_VERIFICATION_RETURNED: '運送会社の認証（差戻し）',
    CARRIER_VERIFICATION_LAPSED: '運送会社の認証（保険期限切れ）',
    REVIEW_HIDDEN: 'レビューの非表示',
    REVIEW_SHOWN: 'レビューの再表示',
  },
);
export type TAuditAction = (typeof AuditAction.values)[number];

export const AuditTargetType = labelled(['USER', 'REQUEST_ITEM', 'NOTIFICATION', 'FUEL_PRICE', 'COMPANY', 'REVIEW'], {
  USER: 'アカウント',
  COMPANY: '運送会社',
  REQUEST_ITEM: '依頼',
  NOTIFICATION: 'お知らせ',
  FUEL_PRICE: '軽油価格',
  REVIEW: 'レビュー',
});
export type TAuditTargetType = (typeof AuditTargetType.values)[number];

/** The driver list's roleType (spec §3): a manager is a parent account, a driver a child account. */
export const CarrierRole = labelled(['DRIVER_MANAGER', 'DRIVER'], {
  DRIVER_MANAGER: 'ドライバー管理者（親アカウント）',
  DRIVER: 'ドライバー（子アカウント）',
});
export type TCarrierRole = (typeof CarrierRole.values)[number];

/**
 * The background jobs (platform/jobs on the server, decision 101) by their queue names, with the
 * back office's names for them. A new job adds its name here and one entry in the server's jobs.ts.
 */
export const BackgroundJob = labelled(
  [
    'mail.deliver',
    'selection.close-due',
    'stream.prune',
    'billing.sandbox-renewals',
    'invoices.due-reminders',
    'carrier-verifications.insurance-expiry',
    'sites.short-wait-refresh',
    'schedules.post-due',
  ],
  {
    'mail.deliver': 'メール送信（送信待ちの配送）',
    'selection.close-due': '選定期限を過ぎた依頼の締め切り',
    'stream.prune': '通知ストリーム記録の整理',
    'billing.sandbox-renewals': 'サンドボックス決済の更新請求',
    'invoices.due-reminders': '請求書の支払期日のお知らせ',
    'carrier-verifications.insurance-expiry': '運送会社の貨物保険の期限のお知らせと認証の失効',
    'sites.short-wait-refresh': '荷待ち実績（過去90日）の更新',
    'schedules.post-due': '定期便の掲載',
  },
);
export type TBackgroundJobName = (typeof BackgroundJob.values)[number];

/** A background job's state as the back office shows it (pg-boss's created, retry, active …). */
export const BackgroundJobState = labelled(['QUEUED', 'RETRYING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'], {
  QUEUED: '待機中',
  RETRYING: '再試行待ち',
  RUNNING: '実行中',
  COMPLETED: '完了',
  FAILED: '失敗',
  CANCELLED: '取消',
});
export type TBackgroundJobState = (typeof BackgroundJobState.values)[number];

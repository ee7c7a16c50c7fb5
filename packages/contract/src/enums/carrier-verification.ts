/** A carrier company's verification (issue 48 part 1, decision 104): its states and documents. */
import { labelled } from './labelled';

/**
 * NONE: nothing submitted yet (no row). PENDING: 申請中, waiting for the admin. VERIFIED: 確認済.
 * RETURNED: 差戻し (the admin's reason says what to fix). LAPSED: the insurance it was verified
 * with expired (the daily job), so the badge is gone until the company submits again.
 */
export const CarrierVerificationStatus = labelled(['NONE', 'PENDING', 'VERIFIED', 'RETURNED', 'LAPSED'], {
  NONE: '未申請',
  PENDING: '申請中',
  VERIFIED: '確認済',
  RETURNED: '差戻し',
  LAPSED: '期限切れ',
});
export type TCarrierVerificationStatus = (typeof CarrierVerificationStatus.values)[number];

/** The operator's standing under 貨物自動車運送事業法: a 許可 (第3条) or a 届出 (第36条). */
export const CarrierPermitKind = labelled(['GENERAL_FREIGHT', 'LIGHT_FREIGHT'], {
  GENERAL_FREIGHT: '一般貨物自動車運送事業（許可）',
  LIGHT_FREIGHT: '貨物軽自動車運送事業（届出）',
});
export type TCarrierPermitKind = (typeof CarrierPermitKind.values)[number];

/** The admin's answer to a submission. */
export const CarrierVerificationOutcome = labelled(['VERIFIED', 'RETURNED'], {
  VERIFIED: '確認済にする',
  RETURNED: '差し戻す',
});
export type TCarrierVerificationOutcome = (typeof CarrierVerificationOutcome.values)[number];

/** The badge's words, on bids, profiles and the back office. */
export const VERIFIED_BADGE = '認証済み';

/** Words of the payments screens that only the web shows: a subscription's state. */
import type { TSubscriptionStatus } from '@logi/contract';

export const SUBSCRIPTION_STATUS_LABELS: Record<TSubscriptionStatus, string> = {
  incomplete: '支払い待ち',
  incomplete_expired: '申し込み失効',
  trialing: 'お試し期間中',
  active: 'ご利用中',
  past_due: 'お支払い遅延',
  canceled: '解約済み',
  unpaid: '未払い',
  paused: '一時停止中',
};

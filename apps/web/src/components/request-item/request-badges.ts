/**
 * What the badges of a request say, one rule for a list row and the top of a detail (issue 43):
 * its state first, then what only a request still in play can be — 新着, 集荷日が近い, 応募済み.
 * A closed request (cancelled, closed at its selection deadline, completed) shows its closed
 * state alone: beside キャンセル, 集荷日が近い or 見積もり受付中 read as if it were still open.
 */
import { DeliveryStatus, REQUEST_ITEM_TEXT as T, type TRequestItem, type TRequestStatus, WarehouseStatus } from '@logi/contract';
import type { BadgeProps } from '../ui/badge';

export interface RequestBadge {
  key: 'status' | 'newArrival' | 'nearDate' | 'applied' | 'verifiedOnly';
  label: string;
  variant: BadgeProps['variant'];
}

type BadgedItem = Pick<
  TRequestItem,
  'type' | 'status' | 'selectionClosedAt' | 'isNewArrival' | 'isNearDate' | 'isApplied' | 'candidate'
> &
  Partial<Pick<TRequestItem, 'verifiedCarriersOnly'>>;

export type StatusOf = Pick<TRequestItem, 'type' | 'status'> & Partial<Pick<TRequestItem, 'selectionClosedAt'>>;

/**
 * The label of a request's status: a warehouse names its states differently (マッチング前 …); a
 * request closed at its selection deadline says so (the customer did not cancel it).
 */
export function statusLabel(item: StatusOf): string {
  if (item.selectionClosedAt) return T.selectionClosed;
  if (item.type === 'WAREHOUSE') {
    return WarehouseStatus.labels[item.status as keyof typeof WarehouseStatus.labels] ?? DeliveryStatus.labels[item.status];
  }
  return DeliveryStatus.labels[item.status];
}

/** Colours by stage: open (blue), running (amber), done (green), cancelled (grey). */
export const STATUS_VARIANT: Record<TRequestStatus, BadgeProps['variant']> = {
  WAITING_APPROVE: 'default',
  APPROVED: 'warning',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
  CANCELLED: 'muted',
};

/** Whether the request still takes applications: only then is an estimation 見積もり受付中. */
export const isTakingApplications = (item: Pick<TRequestItem, 'status'>) => item.status === 'WAITING_APPROVE';

/** Cancelled (by the customer, an admin or its selection deadline) or completed: nothing more happens to it. */
export const isClosed = (item: Pick<TRequestItem, 'status'>) => item.status === 'CANCELLED' || item.status === 'COMPLETED';

/** The badges after the request's type, in order; `showStatus` false where a list holds open requests only. */
export function requestBadges(item: BadgedItem, { showStatus = true }: { showStatus?: boolean } = {}): RequestBadge[] {
  const state: RequestBadge = { key: 'status', label: statusLabel(item), variant: STATUS_VARIANT[item.status] };
  if (isClosed(item)) return [state];
  const badges: (RequestBadge | false)[] = [
    showStatus && state,
    isTakingApplications(item) && item.isNewArrival && { key: 'newArrival', label: T.newArrival, variant: 'secondary' },
    item.isNearDate && { key: 'nearDate', label: T.nearDate, variant: 'warning' },
    // With the application at hand (applied-items), its own badge says where it stands.
    Boolean(item.isApplied && !item.candidate) && { key: 'applied', label: T.applied, variant: 'success' },
    // Who may apply (decision 104): shown while the request takes applications.
    isTakingApplications(item) &&
      Boolean(item.verifiedCarriersOnly) && { key: 'verifiedOnly', label: T.verifiedCarriersOnly, variant: 'outline' },
  ];
  return badges.filter((b): b is RequestBadge => b !== false);
}

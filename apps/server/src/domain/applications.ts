/**
 * Who may apply to a request item, and how (docs/decisions/013-applying-candidates-talkrooms.md).
 * Applying does not change the request's status, so it is not a lifecycle transition;
 * it is allowed only while the lifecycle is still matching (WAITING_APPROVE).
 *
 * - `bid` (POST /request-items/request-prices): estimation requests, the applicant names a price.
 * - `fixed` (POST /request-items/apply-fixed-price): fixed-price deliveries and per-unit
 *   warehouses; the applicant takes the listed price (a warehouse's unit price is the
 *   customer's offer, not a starting point for bids).
 */
import type { ErrorCode, TPriceType, TRequestStatus, TRole } from '@logi/contract';

export type ApplicationKind = 'bid' | 'fixed';

export type ApplicationErrorCode = Extract<
  ErrorCode,
  'ROLE_NOT_ALLOWED' | 'CANNOT_APPLY_OWN_REQUEST' | 'APPLICATION_CLOSED' | 'BID_NOT_ALLOWED' | 'FIXED_PRICE_NOT_AVAILABLE'
>;

export type ApplicationDecision = { ok: true } | { ok: false; code: ApplicationErrorCode };

/** The price kinds each way of applying accepts. */
const ACCEPTS: Record<ApplicationKind, readonly TPriceType[]> = {
  bid: ['ESTIMATION'],
  fixed: ['FIXED', 'PER_UNIT'],
};

/**
 * May `caller` apply to `item` this way? Checked in this order: the role (drivers and
 * driver managers only), one's own request (an account may hold both the customer and
 * the driver manager role), the status (matching still open), the price type.
 */
export function decideApplication(
  item: { creatorId: string; status: TRequestStatus; priceType: TPriceType; selectionDeadline: Date | null },
  caller: { userId: string; role: TRole },
  kind: ApplicationKind,
  now = new Date(),
): ApplicationDecision {
  if (caller.role !== 'DRIVER' && caller.role !== 'DRIVER_MANAGER') return { ok: false, code: 'ROLE_NOT_ALLOWED' };
  if (item.creatorId === caller.userId) return { ok: false, code: 'CANNOT_APPLY_OWN_REQUEST' };
  if (item.status !== 'WAITING_APPROVE' || isSelectionOver(item, now)) return { ok: false, code: 'APPLICATION_CLOSED' };
  if (!ACCEPTS[kind].includes(item.priceType)) {
    return { ok: false, code: kind === 'bid' ? 'BID_NOT_ALLOWED' : 'FIXED_PRICE_NOT_AVAILABLE' };
  }
  return { ok: true };
}

/**
 * Open selection (decision 065): once the deadline has come, nobody applies or is approved,
 * even in the moments before the sweep closes the request.
 */
export const isSelectionOver = (item: { selectionDeadline: Date | null }, now: Date): boolean =>
  item.selectionDeadline !== null && item.selectionDeadline.getTime() <= now.getTime();

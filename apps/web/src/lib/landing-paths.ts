/**
 * Where a signed-in user lands: the role's home page, or first the page that settles a pending
 * payment. Shared by the shell (route guard, conflict and not-found pages) and the features
 * (sign-in, the card page), which may not import the shell.
 */
import type { TRole } from '@logi/contract';

/** Where each role lands after signing in. */
export const HOME_BY_ROLE: Record<TRole, string> = {
  GUEST: '/',
  ADMIN: '/dashboard',
  DRIVER: '/',
  DRIVER_MANAGER: '/',
  CUSTOMER: '/shipping-requests/my-items',
};

/**
 * Where a pending payment intent is settled: a company that never paid subscribes on the sign-up
 * payment step (price, coupon, card); a lapsed one pays its unpaid month on /payments/update (decision 082).
 */
export function pendingPaymentPath({
  intentCode,
  hasSubscribed,
}: {
  intentCode: string | null;
  /** The account has had a subscription: its pending intent is a lapse, not the first payment. */
  hasSubscribed: boolean;
}): string | null {
  if (!intentCode) return null;
  const query = new URLSearchParams({ intentCode }).toString();
  return hasSubscribed ? `/payments/update?${query}` : `/sign-up/driver-manager/payment?${query}`;
}

/** What a monthly charge amounts to under a coupon (tax-inclusive yen). Pure. */
import type { TCoupon } from '@logi/contract';

export function discountedAmount(amount: number, coupon: TCoupon): number {
  const off = coupon.percentOff !== null ? Math.round((amount * coupon.percentOff) / 100) : (coupon.amountOff ?? 0);
  return Math.max(0, amount - off);
}

/**
 * The amount of the charge for the month `monthIndex` (0 = the first, at subscribing):
 * a `once` coupon lowers the first only; `repeating` the first N months; `forever` all.
 */
export function chargeAmount(amount: number, coupon: TCoupon | null, monthIndex: number): number {
  if (!coupon) return amount;
  const applies =
    coupon.duration === 'forever' ||
    (coupon.duration === 'once' && monthIndex === 0) ||
    (coupon.duration === 'repeating' && monthIndex < (coupon.durationInMonths ?? 1));
  return applies ? discountedAmount(amount, coupon) : amount;
}

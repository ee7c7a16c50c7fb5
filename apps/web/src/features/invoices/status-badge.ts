import type { TInvoicePaymentStatus } from '@logi/contract';

/** How a payment status looks, on a job's invoice page and in the list. */
export const STATUS_BADGE: Record<TInvoicePaymentStatus, 'muted' | 'warning' | 'destructive' | 'success' | 'secondary'> = {
  OPEN: 'warning',
  OVERDUE: 'destructive',
  PAID: 'secondary',
  CONFIRMED: 'success',
  CANCELLED: 'muted',
};

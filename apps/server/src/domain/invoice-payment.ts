/** Where an issued invoice's payment stands (issue 46 item 3, decision 099). Pure. */
import type { TInvoicePaymentStatus } from '@logi/contract';

export interface PaymentFacts {
  status: 'DRAFT' | 'ISSUED';
  kind: 'INVOICE' | 'CANCELLATION' | 'MONTHLY_STATEMENT';
  receiptConfirmedAt: Date | null;
  paidMarkedAt: Date | null;
  /** YYYY-MM-DD, Japan time. */
  dueDate: string | null;
}

/**
 * Null for a draft and a 赤伝 (nothing is paid on them); otherwise 取消済み once a 赤伝 cancels it,
 * then 入金確認済み, 支払済み, and 支払期日超過 from the day after the due date (`today`, Japan time).
 */
export function paymentStatusOf(d: PaymentFacts, cancelled: boolean, today: string): TInvoicePaymentStatus | null {
  if (d.status !== 'ISSUED' || d.kind === 'CANCELLATION') return null;
  if (cancelled) return 'CANCELLED';
  if (d.receiptConfirmedAt) return 'CONFIRMED';
  if (d.paidMarkedAt) return 'PAID';
  return d.dueDate && d.dueDate < today ? 'OVERDUE' : 'OPEN';
}

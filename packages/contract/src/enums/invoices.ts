/** The carrier's invoices to the shipper (issue 46, decisions 090, 094). */
import { labelled } from './labelled';

/**
 * What a document is: a job's 適格請求書, the 赤伝 that cancels an issued one (its figures the
 * original's negated), or — later — the month's statement gathering several jobs' lines.
 */
export const InvoiceDocumentKind = labelled(['INVOICE', 'CANCELLATION', 'MONTHLY_STATEMENT'], {
  INVOICE: '請求書',
  CANCELLATION: '赤伝（取消）',
  MONTHLY_STATEMENT: '月次請求書',
});
export type TInvoiceDocumentKind = (typeof InvoiceDocumentKind.values)[number];

/** A draft the carrier still edits, or an issued document that never changes again. */
export const InvoiceStatus = labelled(['DRAFT', 'ISSUED'], {
  DRAFT: '下書き',
  ISSUED: '発行済み',
});
export type TInvoiceStatus = (typeof InvoiceStatus.values)[number];

/** What a line bills. */
export const InvoiceLineKind = labelled(['FARE', 'INCIDENTAL', 'FUEL_SURCHARGE', 'WAITING', 'HANDLING', 'TOLL', 'OTHER'], {
  FARE: '運賃',
  INCIDENTAL: '附帯業務',
  FUEL_SURCHARGE: '燃料サーチャージ',
  WAITING: '待機料',
  HANDLING: '荷役料',
  TOLL: '高速道路料金',
  OTHER: 'その他',
});
export type TInvoiceLineKind = (typeof InvoiceLineKind.values)[number];

/** Where an issued invoice's payment stands: open, marked paid by the shipper, received by the carrier. */
export const InvoicePaymentStatus = labelled(['OPEN', 'OVERDUE', 'PAID', 'CONFIRMED', 'CANCELLED'], {
  OPEN: '未入金',
  OVERDUE: '支払期日超過',
  PAID: '支払済み（入金確認待ち）',
  CONFIRMED: '入金確認済み',
  CANCELLED: '取消済み',
});
export type TInvoicePaymentStatus = (typeof InvoicePaymentStatus.values)[number];

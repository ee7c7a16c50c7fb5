/** Words of the paperwork for the money: tax categories, payment terms, kept documents (decision 090). */
import type { TaxCategory } from '../invoices/invoice-totals';
import type { PayMonth, PaymentTerms, TermDay } from '../invoices/payment-terms';
import type { RecordSearchKeys } from '../invoices/retention';

export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  STANDARD: '10%',
  REDUCED: '8%（軽減税率）',
  EXEMPT: '非課税',
};

export const termDayLabel = (day: TermDay) => (day === 'END' ? '末' : `${day}日`);
export const PAY_MONTH_LABELS: Record<PayMonth, string> = { 0: '当月', 1: '翌月', 2: '翌々月' };

/** 月末締め翌月末払い, 20日締め翌月20日払い, 15日締め当月末払い … */
export const paymentTermsLabel = ({ closingDay, payMonth, payDay }: PaymentTerms) =>
  `${closingDay === 'END' ? '月末' : `${closingDay}日`}締め${PAY_MONTH_LABELS[payMonth]}${termDayLabel(payDay)}払い`;

export const RECORD_SEARCH_KEY_LABELS: Record<keyof RecordSearchKeys, string> = {
  transactionDay: '取引年月日',
  amount: '取引金額',
  counterparty: '取引先',
};

export const INVOICE_TEXT = {
  qualifiedInvoice: '適格請求書',
  notQualified: 'この請求書は適格請求書ではありません（発行者が適格請求書発行事業者の登録を受けていません）。',
  registrationNumber: '登録番号',
  excludingTax: (rate: string) => `${rate}対象（税抜）`,
  includingTax: (rate: string) => `${rate}対象（税込）`,
  consumptionTax: (rate: string) => `消費税（${rate}）`,
  exempt: '非課税',
  subtotal: '小計（税抜）',
  total: '合計（税込）',
  reducedRateMark: '※は軽減税率（8%）対象',
  cancellation: '赤伝（取消）',
  correction: '修正請求書',
  corrects: (documentNumber: string) => `第${documentNumber}号を修正します。`,
  paymentTerms: '支払条件',
  statementPeriod: (from: string, to: string) => `対象期間 ${from}〜${to}`,
  dueDate: '支払期日',
  dueDateBroughtForward: '支払期日は、役務の提供日から60日以内となるよう、支払条件の日付より前にしています。',
  retention: (years: number) => `保存期間 ${years}年`,
  keptThrough: (day: string) => `${day}まで保存`,
  retentionActive: (day: string) => `この書類は保存期間中（${day}まで）のため削除できません。`,
} as const;

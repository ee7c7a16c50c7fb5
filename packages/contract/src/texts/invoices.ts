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
  /** A monthly statement's title: 適格請求書（月締め） / 請求書（月締め）. */
  monthlySuffix: '（月締め）',
  periodLabel: '対象期間（取引年月日）',
  dueDate: '支払期日',
  bankAccount: 'お振込先',
  dueDateBroughtForward: '支払期日は、役務の提供日から60日以内となるよう、支払条件の日付より前にしています。',
  retention: (years: number) => `保存期間 ${years}年`,
  keptThrough: (day: string) => `${day}まで保存`,
  retentionActive: (day: string) => `この書類は保存期間中（${day}まで）のため削除できません。`,
} as const;

/**
 * The subscription's 適格請求書 and 領収書 (issue 46 item 1, decision 098): the PDFs' words, which the
 * server prints, and the credit-card page's list of them.
 */
export const SUBSCRIPTION_DOCUMENT_TEXT = {
  heading: '請求書・領収書',
  description: 'お支払い済みの月額利用料ごとに、適格請求書と領収書（PDF）をダウンロードできます。',
  none: 'お支払い済みの月額利用料はまだありません。',
  period: '対象期間',
  paidAt: 'お支払い日',
  amount: '金額（税込）',
  invoice: '請求書',
  receipt: '領収書',
  download: (document: string, number: string) => `${number}の${document}をダウンロード`,
  fileName: (kind: 'invoice' | 'receipt', number: string) => `${kind === 'invoice' ? '適格請求書' : '領収書'}_${number}.pdf`,
  // The PDFs.
  invoiceTitle: '適格請求書',
  receiptTitle: '領収書',
  number: '書類番号',
  issuedOn: '発行日',
  companyName: '会社名',
  recipientHonorific: (company: string) => `${company} 御中`,
  issuer: '発行者',
  issuerName: '名称',
  issuerAddress: '所在地',
  recipient: '宛先',
  details: '取引内容',
  item: '品目',
  transactionDay: '取引年月日',
  lineDescription: (planName: string) => `${planName} 月額利用料`,
  payment: 'お支払い',
  paymentMethod: 'お支払い方法',
  creditCard: 'クレジットカード',
  paidOn: 'お支払い日',
  receivedAmount: '領収金額（税込）',
  receivedFor: (planName: string) => `但し ${planName} 月額利用料として`,
  receivedNote: '上記の金額を正に領収いたしました。',
  invoiceNote:
    'この書類は、消費税法に定める適格請求書です。消費税額は税率ごとに1回、1円未満を切り捨てています。クレジットカードでお支払い済みです。',
  receiptNote: 'クレジットカードによるお支払いのため、収入印紙は貼付していません。',
} as const;

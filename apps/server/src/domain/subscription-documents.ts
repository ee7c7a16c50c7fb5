/**
 * The subscription's 適格請求書 and 領収書 (issue 46 item 1, decision 098): the content frozen when a
 * payment is recorded, and the two printed documents made from it. Pure. The tax is the included
 * tax of the month's one 10% line, rounded down once for the document (invoiceTotals, decision 090).
 */
import {
  INVOICE_TEXT,
  type InvoiceLine,
  type InvoiceTotals,
  PAYMENT_TEXT,
  SUBSCRIPTION_DOCUMENT_TEXT as T,
  type TSubscriptionDocumentKind,
  groupDigits,
  invoiceTotals,
  japanDay,
} from '@logi/contract';
import type { DocumentSection } from './transport-conditions-document';

/** What the PDF renderer prints (platform/pdf), in the shape the 運送条件書 uses too. */
export interface PrintedDocument {
  title: string;
  subtitle: string;
  sections: DocumentSection[];
  note: string;
}

/** What both documents print, as it was when the payment was recorded. Stored as JSON: never changed. */
export interface SubscriptionDocumentContent {
  issuer: { name: string; address: string; registrationNumber: string };
  recipient: { company: string };
  planName: string;
  /** ISO instants. */
  periodStart: string;
  periodEnd: string;
  paidAt: string;
  line: InvoiceLine;
  totals: InvoiceTotals;
}

export interface PaidMonth {
  issuer: SubscriptionDocumentContent['issuer'];
  recipientCompany: string;
  /** Tax-inclusive yen the provider charged. */
  amountPaid: number;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
}

/** The content of a paid month: the amount is tax included, taxed at the rate in force on the month's first day. */
export function subscriptionDocumentContent(paid: PaidMonth): SubscriptionDocumentContent {
  const planName = PAYMENT_TEXT.planName;
  const line: InvoiceLine = { description: T.lineDescription(planName), amount: paid.amountPaid, category: 'STANDARD' };
  return {
    issuer: { ...paid.issuer },
    recipient: { company: paid.recipientCompany },
    planName,
    periodStart: paid.periodStart.toISOString(),
    periodEnd: paid.periodEnd.toISOString(),
    paidAt: paid.paidAt.toISOString(),
    line,
    totals: invoiceTotals([line], japanDay(paid.periodStart), 'INCLUDING_TAX'),
  };
}

/** SUB-000001 …: the row's sequence, in the order payments were recorded. */
export const subscriptionDocumentNumber = (seq: number) => `SUB-${String(seq).padStart(6, '0')}`;

const yen = (n: number) => `${groupDigits(n)}円`;
/** A Japan-time day as 2026年1月30日. */
export function japaneseDate(at: string): string {
  const [year, month, day] = japanDay(at).split('-');
  return `${year}年${Number(month)}月${Number(day)}日`;
}

type Row = [label: string, value: string];

function amountRows(totals: InvoiceTotals): Row[] {
  return [
    ...totals.byRate.flatMap((r): Row[] => [
      [INVOICE_TEXT.includingTax(r.rate.label), yen(r.includingTax)],
      [INVOICE_TEXT.consumptionTax(r.rate.label), yen(r.tax)],
    ]),
    [INVOICE_TEXT.total, yen(totals.total)],
  ];
}

function issuerSection(c: SubscriptionDocumentContent) {
  return {
    heading: T.issuer,
    rows: [
      [T.issuerName, c.issuer.name],
      [T.issuerAddress, c.issuer.address],
      [INVOICE_TEXT.registrationNumber, c.issuer.registrationNumber],
    ] satisfies Row[],
  };
}

/** The printed 適格請求書 or 領収書 of one paid month. */
export function subscriptionDocument(
  kind: TSubscriptionDocumentKind,
  c: SubscriptionDocumentContent,
  number: string,
): PrintedDocument {
  const period = `${japaneseDate(c.periodStart)}〜${japaneseDate(c.periodEnd)}`;
  const paidOn = japaneseDate(c.paidAt);
  const head = {
    subtitle: `${T.number} ${number}\u3000${T.issuedOn} ${paidOn}`,
    recipient: { heading: T.recipient, rows: [[T.companyName, T.recipientHonorific(c.recipient.company)]] satisfies Row[] },
  };
  const payment: Row[] = [
    [T.paymentMethod, T.creditCard],
    [T.paidOn, paidOn],
  ];
  if (kind === 'invoice') {
    return {
      title: T.invoiceTitle,
      subtitle: head.subtitle,
      sections: [
        head.recipient,
        issuerSection(c),
        {
          heading: T.details,
          rows: [
            [T.item, c.line.description],
            [T.period, period],
            [T.transactionDay, paidOn],
          ],
        },
        { heading: T.amount, rows: amountRows(c.totals) },
        { heading: T.payment, rows: payment },
      ],
      note: T.invoiceNote,
    };
  }
  return {
    title: T.receiptTitle,
    subtitle: head.subtitle,
    sections: [
      head.recipient,
      {
        heading: T.receivedAmount,
        rows: [[T.receivedAmount, yen(c.totals.total)], ...amountRows(c.totals), ['', T.receivedFor(c.planName)]],
      },
      { heading: T.details, rows: [[T.period, period], ...payment] },
      issuerSection(c),
    ],
    note: `${T.receivedNote}\n${T.receiptNote}`,
  };
}

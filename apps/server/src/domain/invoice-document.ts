/**
 * The printed invoice documents (issue 46, decisions 090, 094): a job's 適格請求書 — or, when the
 * carrier has no 登録番号, an invoice that says it is not one — and the 赤伝 that cancels an
 * issued one. The content is stored as issued; the PDF is made from it once. Pure.
 */
import {
  INVOICE_TEXT,
  InvoiceLineKind,
  type InvoiceTotals,
  type TInvoiceDocumentKind,
  type TInvoiceLineKind,
  type TaxCategory,
  groupDigits,
} from '@logi/contract';

export interface InvoiceContentLine {
  /** The 依頼番号 of the job the line bills (a monthly statement prints it); absent in documents issued before. */
  reference?: string | null;
  kind: TInvoiceLineKind;
  description: string;
  amount: number;
  taxCategory: TaxCategory;
}

export interface InvoiceContent {
  kind: TInvoiceDocumentKind;
  number: string;
  /** YYYY-MM-DD, Japan time. */
  issuedOn: string;
  serviceDay: string;
  /** A monthly statement's period (YYYY-MM-DD, both ends included); null or absent for a job's invoice. */
  period?: { from: string; to: string } | null;
  dueDate: string | null;
  paymentTerms: string | null;
  dueDateBroughtForward: boolean;
  issuer: { company: string; address: string; phone: string; registrationNumber: string | null };
  /** The carrier's 振込先 in one line; null (or absent, in documents issued before it was printed) without one. */
  bankAccount?: string | null;
  recipient: { company: string; name: string; address: string };
  /** The jobs billed; a statement lists each with its day, route and amounts per rate (absent before decision 102). */
  jobs: {
    reference: string;
    baggageName: string;
    serviceDay?: string;
    route?: string;
    byRate?: { rate: string; excludingTax: number }[];
  }[];
  /** The number of the document this one cancels or replaces. */
  corrects: string | null;
  lines: InvoiceContentLine[];
  totals: InvoiceTotals;
}

const yen = (n: number) => `${groupDigits(n)}円`;
/** 2026年1月30日 for 2026-01-30. */
export const japaneseDay = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/** The title: 適格請求書 only with the carrier's 登録番号; a 赤伝 says it cancels. */
export function invoiceTitle(c: {
  kind: InvoiceContent['kind'];
  issuer: Pick<InvoiceContent['issuer'], 'registrationNumber'>;
}): string {
  if (c.kind === 'CANCELLATION') return INVOICE_TEXT.cancellation;
  const title = c.issuer.registrationNumber ? INVOICE_TEXT.qualifiedInvoice : '請求書';
  return c.kind === 'MONTHLY_STATEMENT' ? `${title}${INVOICE_TEXT.monthlySuffix}` : title;
}

/** A statement's job row: 依頼番号 and name, route, and the amounts excluding tax per rate. */
function jobRow(j: InvoiceContent['jobs'][number], statement: boolean): Row {
  if (!statement || !j.serviceDay) return ['依頼番号', `${j.reference}\u3000${j.baggageName}`];
  const amounts = (j.byRate ?? []).map((r) => `${r.rate}対象 ${yen(r.excludingTax)}`).join('・');
  return [japaneseDay(j.serviceDay), [`${j.reference}\u3000${j.baggageName}`, j.route, amounts].filter(Boolean).join('\u3000')];
}

type Row = [string, string];

function totalRows(t: InvoiceTotals): Row[] {
  const rows: Row[] = [];
  for (const r of t.byRate) {
    const rate = r.rate.id === 'REDUCED' ? `※${r.rate.label}` : r.rate.label;
    rows.push([INVOICE_TEXT.excludingTax(rate), yen(r.excludingTax)], [INVOICE_TEXT.consumptionTax(rate), yen(r.tax)]);
  }
  if (t.exempt !== 0) rows.push([INVOICE_TEXT.exempt, yen(t.exempt)]);
  rows.push([INVOICE_TEXT.subtotal, yen(t.subtotal)], ['消費税合計', yen(t.tax)], [INVOICE_TEXT.total, yen(t.total)]);
  return rows;
}

/** What the PDF prints (platform/pdf's PrintedDocument): title, sections of rows, closing note. */
export interface InvoicePrint {
  title: string;
  subtitle: string;
  sections: { heading: string; rows: Row[] }[];
  note: string;
}

export function invoiceDocument(c: InvoiceContent): InvoicePrint {
  const statement = c.period != null;
  const lineRows = c.lines.map((l): Row => [
    `${l.taxCategory === 'REDUCED' ? '※' : ''}${InvoiceLineKind.labels[l.kind]}`,
    `${statement && l.reference && !l.description.startsWith(l.reference) ? `${l.reference} ` : ''}${l.description}\u3000${yen(l.amount)}${l.taxCategory === 'EXEMPT' ? `（${INVOICE_TEXT.exempt}）` : ''}`,
  ]);
  const registration: Row = [INVOICE_TEXT.registrationNumber, c.issuer.registrationNumber ?? '登録なし'];
  const payment: Row[] =
    c.kind === 'CANCELLATION' || !c.dueDate
      ? []
      : [
          [INVOICE_TEXT.paymentTerms, c.paymentTerms ?? ''],
          [INVOICE_TEXT.dueDate, japaneseDay(c.dueDate)],
          ...(c.bankAccount ? [[INVOICE_TEXT.bankAccount, c.bankAccount] as Row] : []),
        ];
  const notes = [
    c.issuer.registrationNumber ? '' : INVOICE_TEXT.notQualified,
    c.kind === 'CANCELLATION' && c.corrects ? `第 ${c.corrects} 号を取り消します（金額はすべて取消額）。` : '',
    c.kind !== 'CANCELLATION' && c.corrects ? INVOICE_TEXT.corrects(c.corrects) : '',
    c.lines.some((l) => l.taxCategory === 'REDUCED') ? INVOICE_TEXT.reducedRateMark : '',
    c.dueDateBroughtForward ? INVOICE_TEXT.dueDateBroughtForward : '',
  ].filter(Boolean);
  return {
    title: invoiceTitle(c),
    subtitle: `第 ${c.number} 号\u3000発行日 ${japaneseDay(c.issuedOn)}`,
    sections: [
      {
        heading: '請求先',
        rows: [
          ['会社名', `${c.recipient.company} 御中`],
          ['担当者', c.recipient.name],
          ['住所', c.recipient.address],
        ],
      },
      {
        heading: '発行者',
        rows: [['会社名', c.issuer.company], ['住所', c.issuer.address], ['電話番号', c.issuer.phone], registration],
      },
      {
        heading: '取引の内容',
        rows: [
          c.period
            ? [INVOICE_TEXT.periodLabel, `${japaneseDay(c.period.from)}〜${japaneseDay(c.period.to)}`]
            : ['取引年月日（役務の提供日）', japaneseDay(c.serviceDay)],
          ...c.jobs.map((j) => jobRow(j, statement)),
          ...(c.corrects ? [[c.kind === 'CANCELLATION' ? '取消対象' : '訂正元', `第 ${c.corrects} 号`] as Row] : []),
        ],
      },
      { heading: '明細（金額は税抜）', rows: lineRows },
      { heading: '合計', rows: totalRows(c.totals) },
      ...(payment.length ? [{ heading: '支払', rows: payment }] : []),
    ],
    note: notes.join('\n'),
  };
}

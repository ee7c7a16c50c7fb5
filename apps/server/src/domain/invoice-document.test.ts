/** The printed invoice documents and the payment status (decision 099): pure, no PDF. */
import { describe, expect, it } from 'vitest';
import { INVOICE_TEXT, cancellationOf, invoiceTotals } from '@logi/contract';
import { type InvoiceContent, invoiceDocument, invoiceTitle } from './invoice-document';
import { paymentStatusOf } from './invoice-payment';

const lines = [
  { kind: 'FARE', description: '配送', amount: 50_000, taxCategory: 'STANDARD' },
  { kind: 'OTHER', description: '弁当', amount: 1_001, taxCategory: 'REDUCED' },
  { kind: 'TOLL', description: '首都高速', amount: 1_300, taxCategory: 'EXEMPT' },
] as const satisfies InvoiceContent['lines'];
const totals = invoiceTotals(
  lines.map((l) => ({ description: l.description, amount: l.amount, category: l.taxCategory })),
  '2026-11-20',
);
const content: InvoiceContent = {
  kind: 'INVOICE',
  number: 'INV-A1B2-C3D4-1',
  issuedOn: '2026-11-25',
  serviceDay: '2026-11-20',
  dueDate: '2026-12-31',
  paymentTerms: '月末締め翌月末払い',
  dueDateBroughtForward: false,
  issuer: {
    company: '山田運輸株式会社',
    address: '東京都千代田区千代田1-1',
    phone: '0312345678',
    registrationNumber: 'T9234567890123',
  },
  recipient: { company: '木村商事株式会社', name: '木村 拓也', address: '東京都中央区銀座1-2-3' },
  jobs: [{ reference: 'A1B2-C3D4', baggageName: '精密機器' }],
  corrects: null,
  lines: [...lines],
  totals,
};
const rows = (doc: ReturnType<typeof invoiceDocument>) => doc.sections.flatMap((s) => s.rows.map((r) => r.join(' ')));

describe('invoiceDocument', () => {
  it('a qualified invoice: the 登録番号, each rate apart (the reduced one marked ※), exempt lines untaxed, the due date', () => {
    const doc = invoiceDocument(content);
    expect(doc.title).toBe('適格請求書');
    expect(doc.subtitle).toBe('第 INV-A1B2-C3D4-1 号\u3000発行日 2026年11月25日');
    expect(rows(doc)).toEqual(
      expect.arrayContaining([
        '登録番号 T9234567890123',
        '※その他 弁当\u30001,001円',
        '高速道路料金 首都高速\u30001,300円（非課税）',
        '10%対象（税抜） 50,000円',
        '消費税（10%） 5,000円',
        // 1,001 × 8% = 80.08 → 80: rounded down once for the rate.
        '消費税（※8%） 80円',
        '非課税 1,300円',
        '合計（税込） 57,381円',
        '支払期日 2026年12月31日',
      ]),
    );
    expect(doc.note).toContain(INVOICE_TEXT.reducedRateMark);
    expect(doc.note).not.toContain(INVOICE_TEXT.notQualified);
  });

  it('without a 登録番号: titled 請求書 and says it is not a qualified invoice', () => {
    const doc = invoiceDocument({ ...content, issuer: { ...content.issuer, registrationNumber: null } });
    expect(invoiceTitle({ kind: 'INVOICE', issuer: { registrationNumber: null } })).toBe('請求書');
    expect(doc.title).toBe('請求書');
    expect(doc.note).toContain(INVOICE_TEXT.notQualified);
    expect(rows(doc)).toContain('登録番号 登録なし');
  });

  it('a 赤伝 names what it cancels, prints the negated figures and no due date; a replacement names the original', () => {
    const cancel = invoiceDocument({
      ...content,
      kind: 'CANCELLATION',
      corrects: 'INV-A1B2-C3D4-1',
      totals: cancellationOf(totals),
    });
    expect(cancel.title).toBe(INVOICE_TEXT.cancellation);
    expect(rows(cancel)).toEqual(expect.arrayContaining(['取消対象 第 INV-A1B2-C3D4-1 号', '合計（税込） -57,381円']));
    expect(rows(cancel).some((r) => r.startsWith('支払期日'))).toBe(false);
    const replacement = invoiceDocument({ ...content, number: 'INV-A1B2-C3D4-3', corrects: 'INV-A1B2-C3D4-1' });
    expect(replacement.note).toContain(INVOICE_TEXT.corrects('INV-A1B2-C3D4-1'));
  });
});

describe('paymentStatusOf', () => {
  const issued = {
    status: 'ISSUED',
    kind: 'INVOICE',
    receiptConfirmedAt: null,
    paidMarkedAt: null,
    dueDate: '2026-12-31',
  } as const;
  it('open through the due date, overdue from the day after; paid; confirmed; cancelled wins; none for drafts and 赤伝', () => {
    expect(paymentStatusOf(issued, false, '2026-12-31')).toBe('OPEN');
    expect(paymentStatusOf(issued, false, '2027-01-01')).toBe('OVERDUE');
    expect(paymentStatusOf({ ...issued, paidMarkedAt: new Date() }, false, '2027-01-01')).toBe('PAID');
    expect(paymentStatusOf({ ...issued, paidMarkedAt: new Date(), receiptConfirmedAt: new Date() }, false, '2027-01-01')).toBe(
      'CONFIRMED',
    );
    expect(paymentStatusOf({ ...issued, receiptConfirmedAt: new Date() }, true, '2027-01-01')).toBe('CANCELLED');
    expect(paymentStatusOf({ ...issued, status: 'DRAFT' }, false, '2027-01-01')).toBeNull();
    expect(paymentStatusOf({ ...issued, kind: 'CANCELLATION' }, false, '2027-01-01')).toBeNull();
  });
});

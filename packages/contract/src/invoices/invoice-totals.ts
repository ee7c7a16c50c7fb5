/**
 * The arithmetic of a qualified invoice (適格請求書, decision 090): its lines added up per tax rate,
 * the consumption tax of each rate computed on that sum and rounded once per rate per document
 * (消費税法施行令 第70条の10; 国税庁: 個々の商品ごとに端数処理をした合計は認められない), and the total.
 * The rounding is the product's one rule, 切り捨て (`TaxRounding`, decision 084); the law lets the
 * business choose it. Amounts are integer yen. A document states its amounts either excluding tax
 * (税抜: the product's prices, the carrier's invoice) or including it (税込: a subscription's
 * charge); both forms are allowed, one per document. Pure.
 */
import { type ConsumptionTaxRate, type TaxRounding, rateOn, taxBreakdown } from '../consumption-tax';

/** 10% (標準税率), 8% (軽減税率) or 非課税 (no consumption tax). */
export type TaxCategory = 'STANDARD' | 'REDUCED' | 'EXEMPT';
export const TAX_CATEGORIES: readonly TaxCategory[] = ['STANDARD', 'REDUCED', 'EXEMPT'];

/** Whether the document's amounts exclude (税抜) or include (税込) the consumption tax. */
export type AmountBasis = 'EXCLUDING_TAX' | 'INCLUDING_TAX';

export interface InvoiceLine {
  description: string;
  /** Integer yen of 0 or more, on the document's basis. */
  amount: number;
  category: TaxCategory;
}

export interface InvoiceRateTotal {
  rate: ConsumptionTaxRate;
  /** This rate's lines added up, excluding tax (税率ごとに区分した対価の額（税抜）). */
  excludingTax: number;
  /** The tax of this rate, rounded once (税率ごとに区分した消費税額等). */
  tax: number;
  /** excludingTax + tax. */
  includingTax: number;
}

export interface InvoiceTotals {
  basis: AmountBasis;
  /** One entry per rate the lines use: the standard rate first. */
  byRate: InvoiceRateTotal[];
  /** The 非課税 lines added up. */
  exempt: number;
  /** Every line excluding tax, exempt ones included (小計（税抜）). */
  subtotal: number;
  /** 消費税 over every rate. */
  tax: number;
  /** subtotal + tax (合計（税込）): what the recipient owes. */
  total: number;
}

function assertYen(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`not an amount in yen: ${amount}`);
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Tax included in a 税込 sum, rounded down: sum × p / (100 + p) (国税庁: 税込価額 × 10/110, 8/108). */
function includedTax(includingTax: number, rate: ConsumptionTaxRate, rounding: TaxRounding): number {
  switch (rounding) {
    case 'FLOOR':
      return Math.floor((includingTax * rate.percent) / (100 + rate.percent));
  }
}

/**
 * The totals of one document. `taxDay` (YYYY-MM-DD, Japan time) is the day of the service, which
 * picks the rates in force (rateOn).
 */
export function invoiceTotals(
  lines: readonly InvoiceLine[],
  taxDay: string,
  basis: AmountBasis = 'EXCLUDING_TAX',
  rounding: TaxRounding = 'FLOOR',
): InvoiceTotals {
  lines.forEach((line) => assertYen(line.amount));
  const exempt = sum(lines.filter((l) => l.category === 'EXEMPT').map((l) => l.amount));
  const taxed = (['STANDARD', 'REDUCED'] as const)
    .map((id) => ({ rate: rateOn(id, taxDay), amounts: lines.filter((l) => l.category === id).map((l) => l.amount) }))
    .filter((r) => r.amounts.length > 0);
  const byRate: InvoiceRateTotal[] =
    basis === 'EXCLUDING_TAX'
      ? taxBreakdown(
          taxed.flatMap((r) => r.amounts.map((amount) => ({ amount, rate: r.rate }))),
          rounding,
        ).byRate.map((t) => ({ rate: t.rate, excludingTax: t.taxable, tax: t.tax, includingTax: t.taxable + t.tax }))
      : taxed.map(({ rate, amounts }) => {
          const includingTax = sum(amounts);
          const tax = includedTax(includingTax, rate, rounding);
          return { rate, excludingTax: includingTax - tax, tax, includingTax };
        });
  const subtotal = sum(byRate.map((r) => r.excludingTax)) + exempt;
  const tax = sum(byRate.map((r) => r.tax));
  if (!Number.isSafeInteger(subtotal + tax)) throw new Error('the total is too large to count in yen exactly');
  return { basis, byRate, exempt, subtotal, tax, total: subtotal + tax };
}

/**
 * The totals of a cancelling document (赤伝) for `original`: every figure negated, taken from the
 * original's own totals and never recomputed from negated lines, whose rounding down would move
 * each rate's tax a yen away (−100.5 → −101), so that the original and its cancellation net to 0.
 */
export function cancellationOf(original: InvoiceTotals): InvoiceTotals {
  const negate = (n: number) => (n === 0 ? 0 : -n);
  return {
    basis: original.basis,
    byRate: original.byRate.map((r) => ({
      rate: r.rate,
      excludingTax: negate(r.excludingTax),
      tax: negate(r.tax),
      includingTax: negate(r.includingTax),
    })),
    exempt: negate(original.exempt),
    subtotal: negate(original.subtotal),
    tax: negate(original.tax),
    total: negate(original.total),
  };
}

/**
 * The documents of one bill taken together (an original, its cancellation, the corrected invoice
 * that replaces it): the figures added up per rate, what the recipient owes in the end.
 */
export function netOf(documents: readonly InvoiceTotals[]): Omit<InvoiceTotals, 'basis'> {
  const byRate = new Map<string, InvoiceRateTotal>();
  for (const r of documents.flatMap((d) => d.byRate)) {
    const key = `${r.rate.id}:${r.rate.percent}`;
    const net = byRate.get(key) ?? { rate: r.rate, excludingTax: 0, tax: 0, includingTax: 0 };
    byRate.set(key, {
      rate: r.rate,
      excludingTax: net.excludingTax + r.excludingTax,
      tax: net.tax + r.tax,
      includingTax: net.includingTax + r.includingTax,
    });
  }
  const total = (pick: (d: InvoiceTotals) => number) => sum(documents.map(pick));
  return {
    byRate: [...byRate.values()],
    exempt: total((d) => d.exempt),
    subtotal: total((d) => d.subtotal),
    tax: total((d) => d.tax),
    total: total((d) => d.total),
  };
}

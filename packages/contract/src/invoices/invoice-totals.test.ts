/** 適格請求書 arithmetic: per-rate totals, the tax rounded once per rate, cancellations (decision 090). */
import { describe, expect, it } from 'vitest';
import { rateOn } from '../consumption-tax';
import { type AmountBasis, type InvoiceLine, type TaxCategory, cancellationOf, invoiceTotals, netOf } from './invoice-totals';

const DAY = '2026-11-29';
const standard = rateOn('STANDARD', DAY);
const reduced = rateOn('REDUCED', DAY);
const line = (amount: number, category: TaxCategory = 'STANDARD'): InvoiceLine => ({ description: '運賃', amount, category });

/** A small seeded generator (mulberry32): the same cases on every run, many of them. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomLines(next: () => number): InvoiceLine[] {
  const categories: TaxCategory[] = ['STANDARD', 'STANDARD', 'REDUCED', 'EXEMPT'];
  const count = Math.floor(next() * 8);
  const size = [10, 1_000, 100_000, 10_000_000][Math.floor(next() * 4)]!;
  return Array.from({ length: count }, () => line(Math.floor(next() * size), categories[Math.floor(next() * 4)]!));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const amountsOf = (lines: readonly InvoiceLine[], category: TaxCategory) =>
  lines.filter((l) => l.category === category).map((l) => l.amount);

describe('invoiceTotals', () => {
  it('rounds the tax of a rate once over its lines, not line by line', () => {
    // 10% of 1,005 rounds down to 100 on each line (200 in all); on the sum 2,010 it is 201.
    expect(invoiceTotals([line(1005), line(1005)], DAY)).toEqual({
      basis: 'EXCLUDING_TAX',
      byRate: [{ rate: standard, excludingTax: 2010, tax: 201, includingTax: 2211 }],
      exempt: 0,
      subtotal: 2010,
      tax: 201,
      total: 2211,
    });
  });

  it('keeps 10%, 8% and 非課税 apart: the standard rate first, the exempt lines untaxed', () => {
    const lines = [line(1_234, 'REDUCED'), line(48_009), line(500, 'EXEMPT'), line(3_000)];
    expect(invoiceTotals(lines, DAY)).toEqual({
      basis: 'EXCLUDING_TAX',
      byRate: [
        { rate: standard, excludingTax: 51_009, tax: 5_100, includingTax: 56_109 },
        { rate: reduced, excludingTax: 1_234, tax: 98, includingTax: 1_332 },
      ],
      exempt: 500,
      subtotal: 52_743,
      tax: 5_198,
      total: 57_941,
    });
  });

  it('takes the tax out of 税込 amounts (× 10/110), rounded down once', () => {
    // A subscription charge of 9,800 yen including tax: 9,800 × 10/110 = 890.9…
    expect(invoiceTotals([line(4_900), line(4_900)], DAY, 'INCLUDING_TAX')).toMatchObject({
      byRate: [{ rate: standard, excludingTax: 8_910, tax: 890, includingTax: 9_800 }],
      subtotal: 8_910,
      tax: 890,
      total: 9_800,
    });
  });

  it('refuses an amount that is not whole yen of 0 or more, and a day before the rates', () => {
    expect(() => invoiceTotals([line(1.5)], DAY)).toThrow();
    expect(() => invoiceTotals([line(-1)], DAY)).toThrow();
    expect(() => invoiceTotals([line(-1)], DAY, 'INCLUDING_TAX')).toThrow();
    expect(() => invoiceTotals([line(100)], '2019-09-30')).toThrow();
    expect(invoiceTotals([], DAY)).toMatchObject({ byRate: [], subtotal: 0, tax: 0, total: 0 });
  });

  it.each<AmountBasis>(['EXCLUDING_TAX', 'INCLUDING_TAX'])('holds for any lines (%s, 1,000 seeded cases)', (basis) => {
    const next = random(46);
    let differsFromLineByLine = 0;
    for (let i = 0; i < 1_000; i++) {
      const lines = randomLines(next);
      const totals = invoiceTotals(lines, DAY, basis);
      // The total is the sum of the per-rate totals and the exempt lines; every figure is 0 or more.
      expect(totals.total).toBe(sum(totals.byRate.map((r) => r.includingTax)) + totals.exempt);
      expect(totals.total).toBe(totals.subtotal + totals.tax);
      expect(totals.tax).toBe(sum(totals.byRate.map((r) => r.tax)));
      expect(totals.exempt).toBe(sum(amountsOf(lines, 'EXEMPT')));
      for (const n of [totals.subtotal, totals.tax, totals.total, ...totals.byRate.map((r) => r.tax)]) {
        expect(n).toBeGreaterThanOrEqual(0);
      }
      // Each rate: its lines on the document's basis, its tax rounded down once over their sum.
      for (const r of totals.byRate) {
        const amounts = amountsOf(lines, r.rate.id);
        const p = r.rate.percent;
        const once =
          basis === 'EXCLUDING_TAX' ? Math.floor((sum(amounts) * p) / 100) : Math.floor((sum(amounts) * p) / (100 + p));
        const perLine = sum(
          amounts.map((a) => (basis === 'EXCLUDING_TAX' ? Math.floor((a * p) / 100) : Math.floor((a * p) / (100 + p)))),
        );
        expect(basis === 'EXCLUDING_TAX' ? r.excludingTax : r.includingTax).toBe(sum(amounts));
        expect(r.tax).toBe(once);
        // Rounding once loses less than a yen; rounding each line loses up to a yen a line.
        expect(r.tax).toBeGreaterThanOrEqual(perLine);
        expect(r.tax - perLine).toBeLessThan(Math.max(1, amounts.length));
        if (r.tax !== perLine) differsFromLineByLine++;
      }
      // The order of the lines changes nothing.
      expect(invoiceTotals([...lines].reverse(), DAY, basis)).toEqual(totals);
    }
    expect(differsFromLineByLine).toBeGreaterThan(50);
  });
});

describe('corrections', () => {
  it('cancels with the original’s own figures negated, never re-rounding negated lines', () => {
    const original = invoiceTotals([line(1005)], DAY);
    expect(original.tax).toBe(100);
    // Rounding the negated line down would give −101 (floor of −100.5) and leave a yen behind.
    expect(Math.floor((-1005 * 10) / 100)).toBe(-101);
    expect(cancellationOf(original)).toMatchObject({ tax: -100, subtotal: -1005, total: -1105 });
  });

  it('nets any document and its cancellation to 0, and a correction to the corrected figures (seeded)', () => {
    const next = random(90);
    for (let i = 0; i < 1_000; i++) {
      const original = invoiceTotals(randomLines(next), DAY);
      const corrected = invoiceTotals(randomLines(next), DAY);
      const cancelled = netOf([original, cancellationOf(original)]);
      expect(cancelled).toMatchObject({ exempt: 0, subtotal: 0, tax: 0, total: 0 });
      for (const r of cancelled.byRate) expect(r).toMatchObject({ excludingTax: 0, tax: 0, includingTax: 0 });
      // 赤伝 then 修正請求書: what is owed in the end is the corrected document, rate by rate.
      const net = netOf([original, cancellationOf(original), corrected]);
      expect(net).toMatchObject({
        exempt: corrected.exempt,
        subtotal: corrected.subtotal,
        tax: corrected.tax,
        total: corrected.total,
      });
      for (const r of corrected.byRate) expect(net.byRate.find((n) => n.rate.id === r.rate.id)).toEqual(r);
    }
  });
});

/** 消費税: one rounding per rate per document, in integer yen, the rate taken from its table by date. */
import { describe, expect, it } from 'vitest';
import { CONSUMPTION_TAX_RATES, rateOn, standardRateOn, taxBreakdown } from './consumption-tax';

const standard = standardRateOn('2026-11-29');

describe('taxBreakdown', () => {
  it('adds the lines of a rate and rounds its tax down once, not line by line', () => {
    // 10% of 1,005 and of 1,005 each rounds down to 100 (200 in all); on the sum 2,010 it is 201.
    expect(
      taxBreakdown([
        { amount: 1005, rate: standard },
        { amount: 1005, rate: standard },
      ]),
    ).toEqual({
      byRate: [{ rate: standard, taxable: 2010, tax: 201 }],
      subtotal: 2010,
      tax: 201,
      total: 2211,
    });
  });

  it('drops the fraction of a yen (切り捨て) and keeps whole amounts exact', () => {
    expect(taxBreakdown([{ amount: 48_009, rate: standard }])).toMatchObject({ tax: 4_800, total: 52_809 });
    expect(taxBreakdown([{ amount: 9_007_199_254_740, rate: standard }]).tax).toBe(900_719_925_474);
    expect(taxBreakdown([])).toEqual({ byRate: [], subtotal: 0, tax: 0, total: 0 });
  });

  it('refuses an amount that is not whole yen of 0 or more', () => {
    expect(() => taxBreakdown([{ amount: 1.5, rate: standard }])).toThrow();
    expect(() => taxBreakdown([{ amount: -1, rate: standard }])).toThrow();
  });
});

describe('standardRateOn', () => {
  it('is 10% from 2019-10-01, with its source, and unknown before the table starts', () => {
    expect(standard).toMatchObject({ percent: 10, label: '10%', effectiveFrom: '2019-10-01' });
    expect(standard.source).toContain('7.8%');
    expect(standardRateOn('2019-10-01')).toBe(CONSUMPTION_TAX_RATES[0]);
    expect(() => standardRateOn('2019-09-30')).toThrow();
  });
});

describe('rateOn', () => {
  it('has the reduced 8% from 2019-10-01 beside the standard rate, with its source', () => {
    expect(rateOn('REDUCED', '2026-11-29')).toMatchObject({ percent: 8, label: '8%', effectiveFrom: '2019-10-01' });
    expect(rateOn('REDUCED', '2026-11-29').source).toContain('6.24%');
    expect(rateOn('STANDARD', '2026-11-29')).toBe(standard);
    expect(() => rateOn('REDUCED', '2019-09-30')).toThrow();
  });
});

/**
 * 消費税 on the amounts of a money document (decision 084). Pure. The rate is data with its source
 * and the date it applies from, never a constant written where it is used; the rounding is one
 * named rule applied once per rate per document, which the
 * qualified invoice (適格請求書) will reuse. Amounts are integer yen excluding tax (税抜).
 */

/** 標準税率 (10%) or 軽減税率 (8%). */
export type TaxRateId = 'STANDARD' | 'REDUCED';

export interface ConsumptionTaxRate {
  id: TaxRateId;
  /** Whole percent: the arithmetic stays in integers, so no yen is lost to floating point. */
  percent: number;
  label: string;
  /** The first Japan-time day the rate applies (YYYY-MM-DD). */
  effectiveFrom: string;
  source: string;
}

/**
 * The rates in force, oldest first. Transport is taxed at the standard rate; the reduced 8% (food,
 * newspapers) is here for the qualified invoice, whose lines may carry either (decision 090).
 */
export const CONSUMPTION_TAX_RATES: readonly ConsumptionTaxRate[] = [
  {
    id: 'STANDARD',
    percent: 10,
    label: '10%',
    effectiveFrom: '2019-10-01',
    source: '消費税法・地方税法の標準税率: 消費税7.8%＋地方消費税2.2%＝10%、2019年（令和元年）10月1日から（decision 084）',
  },
  {
    id: 'REDUCED',
    percent: 8,
    label: '8%',
    effectiveFrom: '2019-10-01',
    source: '軽減税率: 消費税6.24%＋地方消費税1.76%＝8%、2019年（令和元年）10月1日から（decision 090）',
  },
];

/** How a fraction of a yen is dropped: 切り捨て, the usual choice (the law leaves the method to the business). */
export type TaxRounding = 'FLOOR';

/** The rate `id` in force on `day` (YYYY-MM-DD, Japan time). */
export function rateOn(id: TaxRateId, day: string): ConsumptionTaxRate {
  const rate = CONSUMPTION_TAX_RATES.filter((r) => r.id === id && r.effectiveFrom <= day).at(-1);
  if (!rate) throw new Error(`no consumption tax rate ${id} for ${day}`);
  return rate;
}

/** The standard rate in force on `day` (YYYY-MM-DD, Japan time). */
export const standardRateOn = (day: string): ConsumptionTaxRate => rateOn('STANDARD', day);

export interface TaxedLine {
  /** Integer yen, excluding tax. */
  amount: number;
  rate: ConsumptionTaxRate;
}

export interface RateTotal {
  rate: ConsumptionTaxRate;
  /** The lines of this rate added up, excluding tax. */
  taxable: number;
  tax: number;
}

export interface TaxBreakdown {
  byRate: RateTotal[];
  /** 小計（税抜）. */
  subtotal: number;
  /** 消費税 over every rate. */
  tax: number;
  /** 合計（税込）. */
  total: number;
}

function round(numerator: number, denominator: number, rounding: TaxRounding): number {
  switch (rounding) {
    case 'FLOOR':
      return Math.floor(numerator / denominator);
  }
}

/** The lines of one document: added up per rate, the tax of each rate computed and rounded once. */
export function taxBreakdown(lines: readonly TaxedLine[], rounding: TaxRounding = 'FLOOR'): TaxBreakdown {
  const byRate = new Map<string, RateTotal>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount < 0) throw new Error(`not an amount in yen: ${line.amount}`);
    const key = `${line.rate.id}:${line.rate.percent}`;
    const total = byRate.get(key) ?? { rate: line.rate, taxable: 0, tax: 0 };
    total.taxable += line.amount;
    byRate.set(key, total);
  }
  const totals = [...byRate.values()].map((t) => ({ ...t, tax: round(t.taxable * t.rate.percent, 100, rounding) }));
  const subtotal = totals.reduce((sum, t) => sum + t.taxable, 0);
  const tax = totals.reduce((sum, t) => sum + t.tax, 0);
  return { byRate: totals, subtotal, tax, total: subtotal + tax };
}

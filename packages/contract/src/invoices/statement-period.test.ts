/** The monthly statement's period and due date (decision 102): 締め日, month ends, Japan time. */
import { describe, expect, it } from 'vitest';
import { japanDay } from '../charges';
import { addDays } from './days';
import {
  DEFAULT_PAYMENT_TERMS,
  PAY_MONTHS,
  TERM_DAYS,
  type PaymentTerms,
  inPeriod,
  lastLawfulPayDay,
  paymentSchedule,
  paymentTermsRefusal,
  statementPeriodOf,
  statementPeriodOfMonth,
  statementSchedule,
} from './payment-terms';

describe('statementPeriodOfMonth', () => {
  it('末締め is the calendar month, whatever its length (leap February included)', () => {
    expect(statementPeriodOfMonth('2026-07', 'END')).toEqual({ from: '2026-07-01', to: '2026-07-31' });
    expect(statementPeriodOfMonth('2026-02', 'END')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(statementPeriodOfMonth('2028-02', 'END')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(statementPeriodOfMonth('2026-04', 'END')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(statementPeriodOfMonth('2026-12', 'END')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it("a numbered 締め日 runs from the day after the previous month's closing, across a year end", () => {
    expect(statementPeriodOfMonth('2026-07', 20)).toEqual({ from: '2026-06-21', to: '2026-07-20' });
    expect(statementPeriodOfMonth('2026-01', 25)).toEqual({ from: '2025-12-26', to: '2026-01-25' });
    expect(statementPeriodOfMonth('2026-03', 5)).toEqual({ from: '2026-02-06', to: '2026-03-05' });
  });

  it('refuses what is not a month', () => {
    for (const bad of ['2026-13', '2026-7', '2026-00', '202607', '2026-07-01']) {
      expect(() => statementPeriodOfMonth(bad, 'END')).toThrow(/not a month/);
    }
  });

  it('agrees with statementPeriodOf: every day of 2025–2028 lies in the period of the month it closes in', () => {
    for (const closing of TERM_DAYS) {
      for (let day = '2025-01-01'; day <= '2028-12-31'; day = addDays(day, 1)) {
        const period = statementPeriodOf(day, closing);
        const month = period.to.slice(0, 7);
        expect(statementPeriodOfMonth(month, closing)).toEqual(period);
        expect(inPeriod(day, period)).toBe(true);
      }
    }
  });

  it('consecutive months tile the calendar: no day twice, none left out', () => {
    for (const closing of TERM_DAYS) {
      let previous = statementPeriodOfMonth('2025-12', closing);
      for (let m = 1; m <= 24; m++) {
        const month = `${2026 + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}`;
        const period = statementPeriodOfMonth(month, closing);
        expect(period.from).toBe(addDays(previous.to, 1));
        previous = period;
      }
    }
  });
});

describe('the service day is the Japan-time day', () => {
  it('a job completed at 00:30 on 1 August in Tokyo (15:30 UTC on 31 July) belongs to August', () => {
    const day = japanDay(new Date('2026-07-31T15:30:00Z'));
    expect(day).toBe('2026-08-01');
    expect(inPeriod(day, statementPeriodOfMonth('2026-07', 'END'))).toBe(false);
    expect(inPeriod(day, statementPeriodOfMonth('2026-08', 'END'))).toBe(true);
  });

  it('one at 23:59 on 31 July in Tokyo (14:59 UTC) stays in July', () => {
    const day = japanDay(new Date('2026-07-31T14:59:00Z'));
    expect(inPeriod(day, statementPeriodOfMonth('2026-07', 'END'))).toBe(true);
  });
});

describe('statementSchedule', () => {
  it('月末締め翌月末払い: a July statement is due 31 August, or the 60th day from its earliest job', () => {
    const july = statementPeriodOfMonth('2026-07', 'END');
    expect(statementSchedule(july, ['2026-07-10', '2026-07-31'], DEFAULT_PAYMENT_TERMS)).toMatchObject({
      termsDueDate: '2026-08-31',
      dueDate: '2026-08-31',
      broughtForward: false,
    });
    // A job on 1 July: 60 days counting 1 July end on 29 August.
    expect(statementSchedule(july, ['2026-07-01', '2026-07-20'], DEFAULT_PAYMENT_TERMS)).toMatchObject({
      dueDate: '2026-08-29',
      broughtForward: true,
    });
  });

  it('refuses a day outside the period and an empty statement', () => {
    const july = statementPeriodOfMonth('2026-07', 'END');
    expect(() => statementSchedule(july, ['2026-08-01'], DEFAULT_PAYMENT_TERMS)).toThrow(/not in the statement period/);
    expect(() => statementSchedule(july, [], DEFAULT_PAYMENT_TERMS)).toThrow(/at least one/);
  });

  it('for every allowed term and month of 2026–2028 the due date follows the closing and is never past 60 days', () => {
    const allowed: PaymentTerms[] = [];
    for (const closingDay of TERM_DAYS)
      for (const payMonth of PAY_MONTHS)
        for (const payDay of TERM_DAYS)
          if (!paymentTermsRefusal({ closingDay, payMonth, payDay })) allowed.push({ closingDay, payMonth, payDay });
    for (const terms of allowed) {
      for (let y = 2026; y <= 2028; y++) {
        for (let m = 1; m <= 12; m++) {
          const period = statementPeriodOfMonth(`${y}-${String(m).padStart(2, '0')}`, terms.closingDay);
          for (const earliest of [period.from, period.to]) {
            const s = statementSchedule(period, [earliest, period.to], terms);
            expect(s.dueDate > period.to).toBe(true);
            expect(s.dueDate <= lastLawfulPayDay(earliest)).toBe(true);
            // The same as a per-job schedule of the earliest day.
            expect(s.dueDate).toBe(paymentSchedule([earliest, period.to], terms).dueDate);
          }
        }
      }
    }
  });
});

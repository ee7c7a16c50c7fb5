/** 締め日 and 支払日: the statement a service belongs to and a due date never past the 60th day (decision 090). */
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../messages';
import { paymentTermsLabel } from '../texts/invoices';
import { addDays, daysBetween } from './days';
import {
  DEFAULT_PAYMENT_TERMS,
  PAY_MONTHS,
  type PaymentTerms,
  TERM_DAYS,
  lastLawfulPayDay,
  paymentSchedule,
  paymentTermsInput,
  paymentTermsRefusal,
  statementPeriodOf,
} from './payment-terms';

const ALL_TERMS: PaymentTerms[] = TERM_DAYS.flatMap((closingDay) =>
  PAY_MONTHS.flatMap((payMonth) => TERM_DAYS.map((payDay) => ({ closingDay, payMonth, payDay }))),
);
const terms = (closingDay: PaymentTerms['closingDay'], payMonth: PaymentTerms['payMonth'], payDay: PaymentTerms['payDay']) => ({
  closingDay,
  payMonth,
  payDay,
});

describe('the default terms, 月末締め翌月末払い', () => {
  it('gather the calendar month and pay at the end of the next', () => {
    expect(paymentTermsLabel(DEFAULT_PAYMENT_TERMS)).toBe('月末締め翌月末払い');
    expect(paymentSchedule(['2026-07-15'], DEFAULT_PAYMENT_TERMS)).toEqual({
      period: { from: '2026-07-01', to: '2026-07-31' },
      termsDueDate: '2026-08-31',
      lastLawfulDay: '2026-09-12',
      dueDate: '2026-08-31',
      broughtForward: false,
    });
    expect(paymentSchedule(['2028-02-29'], DEFAULT_PAYMENT_TERMS)).toMatchObject({
      period: { from: '2028-02-01', to: '2028-02-29' },
      dueDate: '2028-03-31',
    });
  });

  it('bring the date forward to the 60th day when the month and the next have 62 days', () => {
    // 1 July counted as the first day, the 60th is 29 August; 31 August would be the 62nd.
    expect(lastLawfulPayDay('2026-07-01')).toBe('2026-08-29');
    expect(paymentSchedule(['2026-07-20', '2026-07-01', '2026-07-31'], DEFAULT_PAYMENT_TERMS)).toEqual({
      period: { from: '2026-07-01', to: '2026-07-31' },
      termsDueDate: '2026-08-31',
      lastLawfulDay: '2026-08-29',
      dueDate: '2026-08-29',
      broughtForward: true,
    });
  });
});

describe('other closing days', () => {
  it('close on the day and pay in the month the terms name, across the year end', () => {
    expect(paymentTermsLabel(terms(20, 1, 20))).toBe('20日締め翌月20日払い');
    expect(paymentSchedule(['2026-12-25'], terms(20, 1, 20))).toMatchObject({
      period: { from: '2026-12-21', to: '2027-01-20' },
      dueDate: '2027-02-20',
    });
    expect(paymentTermsLabel(terms(15, 0, 'END'))).toBe('15日締め当月末払い');
    expect(paymentSchedule(['2026-04-16'], terms(15, 0, 'END'))).toMatchObject({
      period: { from: '2026-04-16', to: '2026-05-15' },
      dueDate: '2026-05-31',
    });
    expect(statementPeriodOf('2026-03-05', 5)).toEqual({ from: '2026-02-06', to: '2026-03-05' });
    expect(statementPeriodOf('2026-03-06', 5)).toEqual({ from: '2026-03-06', to: '2026-04-05' });
  });

  it('refuse a payment on or before the closing day, or more than a month after it', () => {
    expect(paymentTermsRefusal(terms('END', 0, 'END'))).toBe('PAY_DAY_NOT_AFTER_CLOSING');
    expect(paymentTermsRefusal(terms(15, 0, 10))).toBe('PAY_DAY_NOT_AFTER_CLOSING');
    expect(paymentTermsRefusal(terms('END', 2, 10))).toBe('PAY_DAY_TOO_LATE');
    expect(paymentTermsLabel(terms('END', 2, 10))).toBe('月末締め翌々月10日払い');
    expect(paymentTermsRefusal(terms(20, 1, 'END'))).toBe('PAY_DAY_TOO_LATE');
    expect(paymentTermsRefusal(terms(20, 1, 25))).toBe('PAY_DAY_TOO_LATE');
    expect(() => paymentSchedule(['2026-07-15'], terms(20, 1, 'END'))).toThrow();
  });

  it('refuse a statement of services from two periods, or of none', () => {
    expect(() => paymentSchedule(['2026-07-31', '2026-08-01'], DEFAULT_PAYMENT_TERMS)).toThrow();
    expect(() => paymentSchedule([], DEFAULT_PAYMENT_TERMS)).toThrow();
    expect(() => paymentSchedule(['2026-02-30'], DEFAULT_PAYMENT_TERMS)).toThrow();
  });
});

describe('every term on every day of 2026–2029 (a leap year among them)', () => {
  it('is refused, or its due date falls after the closing and within 60 days of the service', () => {
    const allowed = ALL_TERMS.filter((t) => paymentTermsRefusal(t) === null);
    expect(allowed).toHaveLength(36);
    expect(allowed).toContainEqual(DEFAULT_PAYMENT_TERMS);
    for (const t of ALL_TERMS.filter((t) => !allowed.includes(t))) expect(() => paymentSchedule(['2026-07-01'], t)).toThrow();
    // Plain checks gathered, one assertion at the end: 1,461 days × 36 terms.
    const violations: string[] = [];
    let broughtForward = 0;
    for (let day = '2026-01-01'; day <= '2029-12-31'; day = addDays(day, 1)) {
      for (const t of allowed) {
        const s = paymentSchedule([day], t);
        const next = addDays(s.period.to, 1);
        const checks = {
          inPeriod: day >= s.period.from && day <= s.period.to,
          periodsTile: statementPeriodOf(next, t.closingDay).from === next,
          afterClosing: s.dueDate > s.period.to,
          // The service day counted as the first, the due date is at most its 60th day.
          within60Days: daysBetween(day, s.dueDate) + 1 <= 60,
          // The terms' own date is kept, or moved at most two days earlier.
          closeToTerms: daysBetween(s.dueDate, s.termsDueDate) >= 0 && daysBetween(s.dueDate, s.termsDueDate) <= 2,
        };
        const failed = Object.entries(checks).filter(([, ok]) => !ok);
        if (failed.length > 0) violations.push(`${day} ${paymentTermsLabel(t)}: ${failed.map(([name]) => name).join(', ')}`);
        if (s.broughtForward) broughtForward++;
      }
    }
    expect(violations).toEqual([]);
    expect(broughtForward).toBeGreaterThan(0);
  }, 60_000);
});

describe('paymentTermsInput', () => {
  it('answers a refused term with its Japanese message on 支払日, and an unknown day as a choice to make', () => {
    const issues = (input: unknown) => {
      const result = paymentTermsInput().safeParse(input);
      return result.success ? result.data : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues(DEFAULT_PAYMENT_TERMS)).toEqual(DEFAULT_PAYMENT_TERMS);
    expect(issues(terms(20, 1, 'END'))).toEqual([['payDay', FIELD_MESSAGES.paymentDayTooLate]]);
    expect(issues(terms(15, 0, 10))).toEqual([['payDay', FIELD_MESSAGES.paymentDayNotAfterClosing]]);
    expect(issues({ closingDay: 31, payMonth: 1, payDay: 'END' })).toEqual([['closingDay', FIELD_MESSAGES.invalidOption]]);
  });
});

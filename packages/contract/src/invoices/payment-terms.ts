/**
 * A shipper's payment terms (締め日 and 支払日, decision 090): the monthly statement a service
 * belongs to, the date the terms name, and the due date printed, which is never later than the
 * 60th day counting the day the service was received as the first (取適法 第3条: 給付を受領した日
 * （特定運送委託: 役務の提供を受けた日）から起算して六十日の期間内; 初日算入 as the sources read it).
 * Terms are refused when they pay on or before the closing day or more than a month after it; the
 * terms left name a date at most two days past that 60th day (a 31-day month and the next), and
 * then the due date is brought forward to the 60th day. Pure.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { addDays, assertCalendarDay, dayOfMonth, partsOf } from './days';

/** A day of the month the terms may name: the 5th … 25th, or the month's last (末日). */
export type TermDay = 5 | 10 | 15 | 20 | 25 | 'END';
export const TERM_DAYS: readonly TermDay[] = [5, 10, 15, 20, 25, 'END'];

/** The month of the payment, counted from the closing's: 0 当月, 1 翌月, 2 翌々月. */
export type PayMonth = 0 | 1 | 2;
export const PAY_MONTHS: readonly PayMonth[] = [0, 1, 2];

export interface PaymentTerms {
  closingDay: TermDay;
  payMonth: PayMonth;
  payDay: TermDay;
}

/** 月末締め翌月末払い. */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = { closingDay: 'END', payMonth: 1, payDay: 'END' };

/** The days of the legal limit, the service day counted as the first (取適法 第3条). */
export const PAYMENT_LIMIT_DAYS = 60;

export type PaymentTermsRefusal = 'PAY_DAY_NOT_AFTER_CLOSING' | 'PAY_DAY_TOO_LATE';

/** The order of days within a month; 末日 after every numbered one (a month has at least 28). */
const rank = (day: TermDay) => (day === 'END' ? 31 : day);

/**
 * Why the terms cannot be agreed, or null. The payment must fall after the closing day and at most
 * one month after it (翌月の同日まで): so a statement's first service is paid within two months.
 */
export function paymentTermsRefusal(terms: PaymentTerms): PaymentTermsRefusal | null {
  const { closingDay, payMonth, payDay } = terms;
  if (payMonth === 0 && rank(payDay) <= rank(closingDay)) return 'PAY_DAY_NOT_AFTER_CLOSING';
  if (payMonth === 2 || (payMonth === 1 && rank(payDay) > rank(closingDay))) return 'PAY_DAY_TOO_LATE';
  return null;
}

export const PAYMENT_TERMS_REFUSAL_MESSAGES: Record<PaymentTermsRefusal, string> = {
  PAY_DAY_NOT_AFTER_CLOSING: FIELD_MESSAGES.paymentDayNotAfterClosing,
  PAY_DAY_TOO_LATE: FIELD_MESSAGES.paymentDayTooLate,
};

const termDay = () => z.literal(TERM_DAYS, { error: FIELD_MESSAGES.invalidOption });

/** The terms as a form or a request body gives them, refused with the reason's message on 支払日. */
export const paymentTermsInput = () =>
  z
    .object({
      closingDay: termDay(),
      payMonth: z.literal(PAY_MONTHS, { error: FIELD_MESSAGES.invalidOption }),
      payDay: termDay(),
    })
    .superRefine((terms, ctx) => {
      const refusal = paymentTermsRefusal(terms);
      if (refusal) ctx.addIssue({ code: 'custom', path: ['payDay'], message: PAYMENT_TERMS_REFUSAL_MESSAGES[refusal] });
    });

/** The days one statement gathers: the day after the previous closing to the closing day (both included). */
export interface StatementPeriod {
  from: string;
  to: string;
}

/** The statement period `serviceDay` (YYYY-MM-DD, Japan time) falls in. */
export function statementPeriodOf(serviceDay: string, closingDay: TermDay): StatementPeriod {
  assertCalendarDay(serviceDay);
  const { year, month, date } = partsOf(serviceDay);
  const closingMonth = closingDay === 'END' || date <= closingDay ? month : month + 1;
  return {
    from: addDays(dayOfMonth(year, closingMonth - 1, closingDay), 1),
    to: dayOfMonth(year, closingMonth, closingDay),
  };
}

/** The date the terms name for a period (e.g. 翌月末 of its closing). */
export function termsDueDate(period: StatementPeriod, terms: PaymentTerms): string {
  const { year, month } = partsOf(period.to);
  return dayOfMonth(year, month + terms.payMonth, terms.payDay);
}

/** The 60th day counting `serviceDay` as the first: the last lawful due date for that service. */
export const lastLawfulPayDay = (serviceDay: string) => addDays(serviceDay, PAYMENT_LIMIT_DAYS - 1);

export interface PaymentSchedule {
  period: StatementPeriod;
  /** The date the terms name. */
  termsDueDate: string;
  /** The 60th day counting the statement's earliest service day as the first. */
  lastLawfulDay: string;
  /** The due date printed: the terms' date, or the last lawful day when that comes first. */
  dueDate: string;
  broughtForward: boolean;
}

/**
 * The schedule of a statement gathering `serviceDays` (each the Japan-time day the service was
 * received; all in one period). Throws when the terms are refused or the days span periods.
 */
export function paymentSchedule(serviceDays: readonly string[], terms: PaymentTerms): PaymentSchedule {
  const refusal = paymentTermsRefusal(terms);
  if (refusal) throw new Error(`payment terms refused: ${refusal}`);
  const earliest = [...serviceDays].sort()[0];
  if (earliest === undefined) throw new Error('a statement needs at least one service day');
  const period = statementPeriodOf(earliest, terms.closingDay);
  const outside = serviceDays.find((day) => statementPeriodOf(day, terms.closingDay).to !== period.to);
  if (outside) throw new Error(`${outside} is not in the statement period ${period.from}..${period.to}`);
  const named = termsDueDate(period, terms);
  const lastLawfulDay = lastLawfulPayDay(earliest);
  const broughtForward = named > lastLawfulDay;
  return { period, termsDueDate: named, lastLawfulDay, dueDate: broughtForward ? lastLawfulDay : named, broughtForward };
}

/** A statement month as a form and a request give it: YYYY-MM. */
export const STATEMENT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The statement period that closes in `month` (YYYY-MM) under `closingDay` (decision 102): 末締め
 * gives the calendar month; 20日締め, 2026-07 gives 2026-06-21 … 2026-07-20 (the day after the
 * previous month's closing to this month's). Service days are Japan-time days (`japanDay`).
 */
export function statementPeriodOfMonth(month: string, closingDay: TermDay): StatementPeriod {
  if (!STATEMENT_MONTH.test(month)) throw new Error(`not a month (YYYY-MM): ${month}`);
  const [year, m] = month.split('-').map(Number) as [number, number];
  return { from: addDays(dayOfMonth(year, m - 1, closingDay), 1), to: dayOfMonth(year, m, closingDay) };
}

/** Is `day` (YYYY-MM-DD) within `period`, both ends included? */
export const inPeriod = (day: string, period: StatementPeriod) => day >= period.from && day <= period.to;

/**
 * The schedule of a monthly statement for `period` gathering `serviceDays` (all in it): the date
 * the terms name for the period's closing, brought forward to the 60th day counting the earliest
 * service day as the first when that comes first (as paymentSchedule).
 */
export function statementSchedule(period: StatementPeriod, serviceDays: readonly string[], terms: PaymentTerms): PaymentSchedule {
  const refusal = paymentTermsRefusal(terms);
  if (refusal) throw new Error(`payment terms refused: ${refusal}`);
  const earliest = [...serviceDays].sort()[0];
  if (earliest === undefined) throw new Error('a statement needs at least one service day');
  const outside = serviceDays.find((day) => !inPeriod(day, period));
  if (outside) throw new Error(`${outside} is not in the statement period ${period.from}..${period.to}`);
  const named = termsDueDate(period, terms);
  const lastLawfulDay = lastLawfulPayDay(earliest);
  const broughtForward = named > lastLawfulDay;
  return { period, termsDueDate: named, lastLawfulDay, dueDate: broughtForward ? lastLawfulDay : named, broughtForward };
}

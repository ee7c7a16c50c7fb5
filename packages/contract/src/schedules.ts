/**
 * The arithmetic of scheduled requests (定期便, decision 107): which days a schedule runs, moved
 * or left out on Japan's public holidays, when each is posted, and its pickup instant in Japan
 * time (UTC+9 all year: Japan keeps no daylight saving). Pure: days are `YYYY-MM-DD` strings in
 * Japan, the holidays a set of them (the server and the tests pass @holiday-jp/holiday_jp's).
 */
import { japanDay } from './charges';
import { addDays, daysBetween } from './invoices/days';

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay numbers them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const HOLIDAY_POLICIES = ['SKIP', 'NEXT_WORKING_DAY'] as const;
export type THolidayPolicy = (typeof HOLIDAY_POLICIES)[number];

export interface ScheduleRule {
  weekdays: readonly number[];
  /** 1: every week; N: every N weeks, counted from the week (Monday to Sunday) of `startDate`. */
  everyNWeeks: number;
  startDate: string;
  /** Inclusive; null: no end. */
  endDate: string | null;
  holidayPolicy: THolidayPolicy;
}

export interface ScheduledDay {
  /** The day the occurrence runs (its pickup day). */
  date: string;
  /** The rule's day it was moved from (a public holiday), else null. */
  movedFrom: string | null;
}

const JST_MS = 9 * 3_600_000;

const toMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export const weekdayOf = (day: string): Weekday => new Date(toMs(day)).getUTCDay() as Weekday;
/** The Monday of the week (Monday to Sunday) holding `day`. */
const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));

/** A working day (営業日): Monday to Friday, not a public holiday. */
export const isWorkingDay = (day: string, holidays: ReadonlySet<string>) => {
  const w = weekdayOf(day);
  return w !== 0 && w !== 6 && !holidays.has(day);
};

/** Whether the rule names `day` itself (before holidays): its weekday, in one of its weeks, within its dates. */
export function ruleNames(rule: ScheduleRule, day: string): boolean {
  if (day < rule.startDate || (rule.endDate !== null && day > rule.endDate)) return false;
  if (!rule.weekdays.includes(weekdayOf(day))) return false;
  const weeks = daysBetween(mondayOf(rule.startDate), mondayOf(day)) / 7;
  return weeks % Math.max(1, rule.everyNWeeks) === 0;
}

/**
 * The days the schedule runs from `from` to `to` (inclusive), in order, each once. A public
 * holiday is left out (SKIP) or moved to the next working day (NEXT_WORKING_DAY); a moved day
 * that falls on another run day of the schedule is that one run.
 */
export function scheduledDays(rule: ScheduleRule, holidays: ReadonlySet<string>, from: string, to: string): ScheduledDay[] {
  const out = new Map<string, ScheduledDay>();
  // A holiday run before `from` may move into the range: look back far enough (Golden Week).
  for (let day = addDays(from, -14); day <= to; day = addDays(day, 1)) {
    if (!ruleNames(rule, day)) continue;
    let date = day;
    let movedFrom: string | null = null;
    if (holidays.has(day)) {
      if (rule.holidayPolicy === 'SKIP') continue;
      movedFrom = day;
      do date = addDays(date, 1);
      while (!isWorkingDay(date, holidays));
    }
    if (date < from || date > to) continue;
    const known = out.get(date);
    if (!known || (known.movedFrom && !movedFrom)) out.set(date, { date, movedFrom });
  }
  return [...out.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** The rule's days left out as public holidays (SKIP) from `from` to `to`: what the upcoming list says is off. */
export function holidaySkips(rule: ScheduleRule, holidays: ReadonlySet<string>, from: string, to: string): string[] {
  if (rule.holidayPolicy !== 'SKIP') return [];
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (ruleNames(rule, day) && holidays.has(day)) out.push(day);
  return out;
}

/** `HH:mm` on a Japan day, as the instant. */
export function japanInstant(day: string, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(toMs(day) + (h! * 60 + m!) * 60_000 - JST_MS);
}

/** The Japan day an occurrence is posted on: `leadDays` before it runs. */
export const postingDay = (date: string, leadDays: number) => addDays(date, -leadDays);

/** The least time between posting and the pickup: a later occurrence (after downtime) is skipped, not posted. */
export const SCHEDULE_MIN_NOTICE_HOURS = 12;

/**
 * Shifts a request's stops to a new first pickup: each keeps its distance in time from the
 * first pickup (so a next-day delivery stays the next day, a 2-hour window stays 2 hours).
 */
export function shiftStops<T extends { transportType: string; timeFrom: string; timeTo: string }>(
  stops: readonly T[],
  firstPickup: Date,
): T[] {
  const pickups = stops.filter((s) => s.transportType === 'PICKUP').map((s) => new Date(s.timeFrom).getTime());
  const base = pickups.length ? Math.min(...pickups) : new Date(stops[0]!.timeFrom).getTime();
  const delta = firstPickup.getTime() - base;
  const move = (iso: string) => new Date(new Date(iso).getTime() + delta).toISOString();
  return stops.map((s) => ({ ...s, timeFrom: move(s.timeFrom), timeTo: move(s.timeTo) }));
}

/**
 * 「同じ内容で依頼」 (decision 107): the stops of a past or open request moved to the next day in
 * Japan after `now`, the first pickup at its own time of day, every other stop at its distance
 * from it. The form shows them for the shipper to change.
 */
export function repeatDates<T extends { transportType: string; timeFrom: string; timeTo: string }>(
  stops: readonly T[],
  now: Date,
): T[] {
  const pickups = stops.filter((s) => s.transportType === 'PICKUP').map((s) => new Date(s.timeFrom).getTime());
  const first = new Date(pickups.length ? Math.min(...pickups) : new Date(stops[0]!.timeFrom).getTime());
  const timeOfDay = new Date(first.getTime() + JST_MS).toISOString().slice(11, 16);
  return shiftStops(stops, japanInstant(addDays(japanDay(now), 1), timeOfDay));
}

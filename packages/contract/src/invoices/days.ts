/**
 * Calendar days written YYYY-MM-DD (the Japan-time days `japanDay` gives), counted in UTC so that
 * no time zone or summer time moves them. Pure; shared by the payment terms and the retention rule.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayAt = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export const isCalendarDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(timeOf(value)) && dayAt(timeOf(value)) === value;

export function assertCalendarDay(value: string): void {
  if (!isCalendarDay(value)) throw new Error(`not a calendar day (YYYY-MM-DD): ${value}`);
}

export const addDays = (day: string, days: number) => dayAt(timeOf(day) + days * DAY_MS);

/** Whole days from `from` to `to` (1 from a day to the next). */
export const daysBetween = (from: string, to: string) => Math.round((timeOf(to) - timeOf(from)) / DAY_MS);

export function partsOf(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, date };
}

/**
 * The day `date` (or the month's last, 'END') of month `month` of `year`; a month past 12 or
 * before 1 rolls into the next or previous year. `date` must exist in every month (at most 28).
 */
export function dayOfMonth(year: number, month: number, date: number | 'END'): string {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  if (date !== 'END' && (date < 1 || date > 28)) throw new Error(`not a day of every month: ${date}`);
  first.setUTCDate(date === 'END' ? last : date);
  return dayAt(first.getTime());
}

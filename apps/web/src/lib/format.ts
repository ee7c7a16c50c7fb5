/**
 * Display formats of spec §9, with date-fns and its Japanese locale. Dates are
 * shown in Japan time, whatever the device's zone: the market's pickups and
 * deadlines happen in Japan, and the server paints a page with the same text the
 * browser then renders (decision 074). The forms take days and times on Japan's
 * clock too (todayInJapan, the create form's stopInstant), so what a shipper types
 * is what every screen shows; ESLint keeps date-fns' own `format` to this file and
 * the calendars. An invalid date throws (spec §8) rather than printing
 * "Invalid Date" to a user.
 *
 * Neither dates nor numbers go through Intl: its first use loads the locale's or
 * the time zone's data, 50–70 ms of a page's start here and four times that on a
 * phone (issue 15). Japan keeps one offset all year (UTC+9, no daylight saving
 * since 1951), so its clock is a fixed shift of UTC.
 */
// The mini date alone: the package's index also builds Intl formats when it loads.
import { UTCDateMini } from '@date-fns/utc/date/mini';
import { groupDigits } from '@logi/contract';
import { format as formatWith, isValid, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A date whose own getters read UTC: date-fns then formats the clock it holds, not the device's. */
const clockDate = (value: Date | number | string) => new UTCDateMini(+new Date(value));

/** An ISO string that names its zone (Z or ±hh:mm) after its time, so names an instant. */
const NAMES_ITS_ZONE = /[T ].*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

export type DateInput = Date | string | number;

/**
 * The house formats, one per use (issue 43 item 21): a date (2026年12月01日), with its time, a
 * date and weekday in full (a calendar day's name, 2026年12月01日(火)) or short where a list row
 * has little room (12/01(火)), a time, and a month (2026年12月, the month pickers and calendars;
 * never the browser's own 「December 2026」). Calendar code formats its local dates with these
 * patterns and date-fns `ja`; everything else goes through the functions below.
 */
export const DATE_FORMATS = {
  dateTime: 'yyyy年MM月dd日 HH:mm',
  date: 'yyyy年MM月dd日',
  dateWeekday: 'yyyy年MM月dd日(E)',
  monthDayWeekday: 'MM/dd(E)',
  time: 'HH:mm',
  month: 'yyyy年M月',
} as const;

/** What a Japanese clock showed (or will show) at `value`. */
function japanClock(value: DateInput): Date {
  // A date or time without a zone (2026-11-28) is already Japan's clock.
  const clock =
    typeof value === 'string' && !NAMES_ITS_ZONE.test(value)
      ? parseISO(value, { in: clockDate })
      : clockDate(+(typeof value === 'string' ? parseISO(value) : new Date(value)) + JAPAN_OFFSET_MS);
  if (!isValid(clock)) throw new RangeError(`Invalid date: ${String(value)}`);
  return clock;
}

export function formatDate(value: DateInput, pattern: string = DATE_FORMATS.date): string {
  return formatWith(japanClock(value), pattern, { locale: ja });
}

/** 2026年11月23日 09:05 */
export const formatDateTime = (value: DateInput) => formatDate(value, DATE_FORMATS.dateTime);
/** 11/23(月) */
export const formatMonthDayWeekday = (value: DateInput) => formatDate(value, DATE_FORMATS.monthDayWeekday);
/** 09:05 */
export const formatTime = (value: DateInput) => formatDate(value, DATE_FORMATS.time);

/** Today on Japan's calendar (yyyy-MM-dd), the value of a date field: a form's `min`, a default day. */
export const todayInJapan = () => formatDate(new Date(), 'yyyy-MM-dd');

/** 1234 → 1,234円 (money is an integer number of yen). */
export function formatYen(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${String(amount)}`);
  return `${groupDigits(amount)}円`;
}

/** '2026-12' (a month as the URL and the API name it) → 2026年12月. */
export function formatYearMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number || number < 1 || number > 12) throw new RangeError(`Invalid month: ${month}`);
  return `${year}年${number}月`;
}

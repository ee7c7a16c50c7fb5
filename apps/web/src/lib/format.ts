/**
 * Display formats of spec §9, with date-fns and its Japanese locale. Dates are
 * shown in Japan time, whatever the device's zone: the market's pickups and
 * deadlines happen in Japan, and the server paints a page with the same text the
 * browser then renders (decision 074). An invalid date throws (spec §8) rather
 * than printing "Invalid Date" to a user.
 */
import { tz } from '@date-fns/tz';
import { format as formatWith, isValid, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

/** Japan Standard Time (no daylight saving). */
const inJapan = tz('Asia/Tokyo');

export type DateInput = Date | string | number;

export const DATE_FORMATS = {
  dateTime: 'yyyy年MM月dd日 HH:mm',
  date: 'yyyy年MM月dd日',
  monthDayWeekday: 'MM/dd(E)',
  time: 'HH:mm',
} as const;

function toDate(value: DateInput): Date {
  // A date without a time (2026-11-28) is that day in Japan.
  const date = typeof value === 'string' ? parseISO(value, { in: inJapan }) : new Date(value);
  if (!isValid(date)) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

export function formatDate(value: DateInput, pattern: string = DATE_FORMATS.date): string {
  return formatWith(toDate(value), pattern, { locale: ja, in: inJapan });
}

/** 2026年11月23日 09:05 */
export const formatDateTime = (value: DateInput) => formatDate(value, DATE_FORMATS.dateTime);
/** 11/23(月) */
export const formatMonthDayWeekday = (value: DateInput) => formatDate(value, DATE_FORMATS.monthDayWeekday);
/** 09:05 */
export const formatTime = (value: DateInput) => formatDate(value, DATE_FORMATS.time);

const yen = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** 1234 → 1,234円 (money is an integer number of yen). */
export function formatYen(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${String(amount)}`);
  return `${yen.format(amount)}円`;
}

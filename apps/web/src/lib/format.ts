/**
 * Display formats of spec §9, with date-fns and its Japanese locale. Dates are
 * shown in the device's time zone. An invalid date throws (spec §8) rather than
 * printing "Invalid Date" to a user.
 */
import { format as formatWith, isValid, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

export type DateInput = Date | string | number;

export const DATE_FORMATS = {
  dateTime: 'yyyy年MM月dd日 HH:mm',
  date: 'yyyy年MM月dd日',
  monthDayWeekday: 'MM/dd(E)',
  time: 'HH:mm',
} as const;

function toDate(value: DateInput): Date {
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  if (!isValid(date)) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

export function formatDate(value: DateInput, pattern: string = DATE_FORMATS.date): string {
  return formatWith(toDate(value), pattern, { locale: ja });
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

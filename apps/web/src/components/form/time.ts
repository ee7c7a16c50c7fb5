/**
 * Times of day as the API speaks them: `HH:MM`, and ranges `HH:MM-HH:MM` (spec §5, DESIGN §4).
 * Pure helpers behind the time-picker and the time-range-picker.
 */
import { patterns } from '@logi/contract';

/** An empty time range starts as business hours, 09:00 to 17:00 (decision 086; spec §9 said 00:00 to 22:00). */
export const DEFAULT_TIME_RANGE = { start: '09:00', end: '17:00' } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** Every time of a day from 00:00 in steps of `minuteStep` minutes (1 to 60). */
export function timeOptions(minuteStep = 30): string[] {
  const step = Math.min(60, Math.max(1, Math.floor(minuteStep)));
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += step) out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  return out;
}

/** `HH:MM` strings compare correctly as text, both being zero-padded. */
export function isTime(value: unknown): value is string {
  return typeof value === 'string' && patterns.TIME.test(value);
}

export interface TimeRange {
  start: string;
  end: string;
}

/** Reads `HH:MM-HH:MM`; anything else gives the default range. */
export function parseTimeRange(value: unknown): TimeRange {
  if (typeof value === 'string' && patterns.TIME_RANGE.test(value)) {
    const [start = DEFAULT_TIME_RANGE.start, end = DEFAULT_TIME_RANGE.end] = value.split('-');
    return { start, end };
  }
  return { ...DEFAULT_TIME_RANGE };
}

/** Spec §5: a start later than the end is swapped with it. */
export function orderTimeRange({ start, end }: TimeRange): TimeRange {
  return start > end ? { start: end, end: start } : { start, end };
}

export function formatTimeRange(range: TimeRange): string {
  const { start, end } = orderTimeRange(range);
  return `${start}-${end}`;
}

import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatDate,
  formatDateTime,
  formatMonthDayWeekday,
  formatTime,
  formatYearMonth,
  formatYen,
} from './format';

// Dates show in Japan time whatever the device's zone: the test runs in another one.
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});

describe('formatters (spec §9)', () => {
  const instant = '2026-11-23T00:05:00.000Z'; // 09:05 on Monday 23 November in Tokyo

  it('formats date and time as yyyy年MM月dd日 HH:mm', () => {
    expect(formatDateTime(instant)).toBe('2026年11月23日 09:05');
    expect(formatDateTime('2026-01-02T03:04:00+09:00')).toBe('2026年01月02日 03:04');
  });

  it('formats a date as yyyy年MM月dd日', () => {
    expect(formatDate(instant)).toBe('2026年11月23日');
    expect(formatDate('2027-01-05')).toBe('2027年01月05日');
    // Late evening in New York is already the next day in Japan.
    expect(formatDate('2027-01-04T20:00:00-05:00')).toBe('2027年01月05日');
  });

  it('formats month, day and the Japanese weekday as MM/dd(E)', () => {
    expect(formatMonthDayWeekday(instant)).toBe('11/23(月)');
    expect(formatMonthDayWeekday('2026-11-29T12:00:00+09:00')).toBe('11/29(日)');
  });

  it('formats a time as HH:mm', () => {
    expect(formatTime(instant)).toBe('09:05');
    expect(formatTime('2026-11-23T22:30:00+09:00')).toBe('22:30');
    // A time without a zone is Japan's clock; a timestamp is an instant.
    expect(formatDateTime('2026-11-23T09:05')).toBe('2026年11月23日 09:05');
    expect(formatDateTime(Date.parse(instant))).toBe('2026年11月23日 09:05');
    expect(formatDateTime('2026-11-23 00:05:00Z')).toBe('2026年11月23日 09:05');
    // New York's clocks skip 02:00–03:00 that night; Japan's do not.
    expect(formatDateTime('2027-03-14T07:30:00Z')).toBe('2027年03月14日 16:30');
    expect(formatDateTime('2027-03-14T02:30')).toBe('2027年03月14日 02:30');
  });

  it('throws on an invalid date instead of printing it', () => {
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
    expect(() => formatDate('2026-13-40')).toThrow(RangeError);
    expect(() => formatTime(Number.NaN)).toThrow(RangeError);
    expect(() => formatMonthDayWeekday(new Date('x'))).toThrow(RangeError);
  });

  it('formats money as a grouped number of yen', () => {
    expect(formatYen(1234)).toBe('1,234円');
    expect(formatYen(0)).toBe('0円');
    expect(formatYen(12345678)).toBe('12,345,678円');
    expect(formatYen(-500)).toBe('-500円');
    expect(() => formatYen(Number.NaN)).toThrow(RangeError);
  });

  it('names a month as 2026年12月, never in the browser’s words', () => {
    expect(formatYearMonth('2026-12')).toBe('2026年12月');
    expect(formatYearMonth('2027-01')).toBe('2027年1月');
    expect(() => formatYearMonth('2026-13')).toThrow(RangeError);
  });

  it('writes a date with its weekday in the house date format', () => {
    expect(formatDate('2026-12-01', DATE_FORMATS.dateWeekday)).toBe('2026年12月01日(火)');
  });
});

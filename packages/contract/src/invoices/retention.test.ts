/** Keeping issued documents: no deletion before the period ends, and the three search keys (decision 090). */
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../messages';
import { addDays, daysBetween } from './days';
import {
  DEFAULT_RETENTION_YEARS,
  keepingStartsOn,
  keptThrough,
  foldName,
  mayDelete,
  retentionYearsInput,
  retentionYearsRefusal,
} from './retention';

describe('the retention period', () => {
  it('counts 7 years from 1 January of the third year after the issue', () => {
    expect(DEFAULT_RETENTION_YEARS).toBe(7);
    expect(keepingStartsOn('2026-05-01')).toBe('2029-01-01');
    expect(keptThrough('2026-05-01')).toBe('2035-12-31');
    expect(keptThrough('2026-12-31', 10)).toBe('2038-12-31');
  });

  it('refuses deletion through the last day kept, and allows it from the next', () => {
    expect(mayDelete('2026-05-01', '2026-05-01')).toBe(false);
    expect(mayDelete('2026-05-01', '2035-12-31')).toBe(false);
    expect(mayDelete('2026-05-01', '2036-01-01')).toBe(true);
    expect(mayDelete('2026-05-01', '2036-01-01', 10)).toBe(false);
  });

  it('starts after any filing deadline of a fiscal year holding the issue day, on every day of 2024–2027', () => {
    for (let day = '2024-01-01'; day <= '2027-12-31'; day = addDays(day, 1)) {
      // A fiscal year ends at most a year after the day, its deadline about two months (62 days) later.
      const latestDeadline = addDays(day, 366 + 62);
      // … and ten months (300 days) more are left for an extended deadline.
      expect(daysBetween(latestDeadline, keepingStartsOn(day))).toBeGreaterThan(300);
      expect(mayDelete(day, keptThrough(day))).toBe(false);
      expect(mayDelete(day, addDays(keptThrough(day), 1))).toBe(true);
    }
  });

  it('may only be set to whole years of 7 or more', () => {
    for (const years of [7, 10, 30]) expect(retentionYearsRefusal(years)).toBeNull();
    for (const years of [6, 7.5, 0, -7, Number.NaN]) expect(retentionYearsRefusal(years)).toBe('TOO_SHORT');
    expect(() => keptThrough('2026-05-01', 6)).toThrow();
    expect(() => mayDelete('2026-05-01', '2036-02-30')).toThrow();
  });
});

describe('foldName', () => {
  it('makes full- and half-width forms, letter case and spaces alike, as the counterparty search compares names', () => {
    expect(foldName('ＡＢＣ運輸 株式会社')).toBe(foldName('abc運輸株式会社'));
    expect(foldName('ＡＢＣ運輸 株式会社').includes(foldName('運輸'))).toBe(true);
    expect(foldName('ＡＢＣ運輸 株式会社').includes(foldName('通運'))).toBe(false);
  });
});

describe('retentionYearsInput', () => {
  it('answers a setting below 7 years or not whole in Japanese', () => {
    const issues = (input: unknown) => {
      const result = retentionYearsInput().safeParse(input);
      return result.success ? result.data : result.error.issues.map((i) => i.message);
    };
    expect(issues(10)).toBe(10);
    expect(issues(5)).toEqual([FIELD_MESSAGES.retentionYearsTooShort(7)]);
    expect(issues(7.5)).toEqual([FIELD_MESSAGES.integer]);
    expect(issues('7')).toEqual([FIELD_MESSAGES.integer]);
  });
});

import { describe, expect, it } from 'vitest';
import { DAY_MS, countingStart, overviewActivity, overviewPeriods } from './overview-periods';

describe('overviewPeriods', () => {
  it('starts the week on Monday and the month on the 1st, at midnight in Japan', () => {
    // Sunday 2026-11-01 23:30 in Japan (14:30 UTC).
    const p = overviewPeriods(new Date('2026-11-01T14:30:00Z'), 3);
    expect(p.weekStart.toISOString()).toBe('2026-10-25T15:00:00.000Z'); // Monday 10/26 00:00 JST
    expect(p.monthStart.toISOString()).toBe('2026-10-31T15:00:00.000Z'); // 11/1 00:00 JST
    expect(p.firstDay.toISOString()).toBe('2026-10-29T15:00:00.000Z');
    expect(p.dates).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
  });

  it('reads the Japanese date, not the UTC one, just after midnight in Japan', () => {
    // Monday 2026-11-02 00:10 in Japan is still Sunday in UTC.
    const p = overviewPeriods(new Date('2026-11-01T15:10:00Z'), 30);
    expect(p.weekStart.toISOString()).toBe('2026-11-01T15:00:00.000Z');
    expect(p.dates.at(-1)).toBe('2026-11-02');
    expect(p.dates).toHaveLength(30);
    expect(p.dates[0]).toBe('2026-10-04');
  });
});

describe('overviewActivity', () => {
  // Thursday 2026-10-01 12:00 in Japan: the week began on Monday 9/28, in the month before.
  const p = overviewPeriods(new Date('2026-10-01T03:00:00Z'), 30);
  const start = countingStart(p);
  const dayOf = (iso: string) => Math.round((Date.parse(iso) - +start) / DAY_MS);
  const day = (iso: string, posted: number, completed = 0, completedValue = 0) => ({
    day: dayOf(iso),
    posted,
    matched: 0,
    completed,
    completedValue,
  });

  it('counts from the earliest period start and sums each period from its own start', () => {
    expect(start.toISOString()).toBe('2026-09-01T15:00:00.000Z'); // the chart's first day, 9/2
    const a = overviewActivity(p, [
      day('2026-09-01T15:00:00Z', 4), // 9/2: on the chart only
      day('2026-09-28T15:00:00Z', 2, 1, 30000), // 9/29: this week, last month
      day('2026-09-30T15:00:00Z', 1, 1, 12000), // 10/1: this week and this month
    ]);
    expect(a.thisWeek).toEqual({ posted: 3, matched: 0, completed: 2, completedValue: 42000 });
    expect(a.thisMonth).toEqual({ posted: 1, matched: 0, completed: 1, completedValue: 12000 });
    expect(a.days).toHaveLength(30);
    expect(a.days[0]).toEqual({ date: '2026-09-02', posted: 4, matched: 0, completed: 0 });
    expect(a.days.at(-1)).toEqual({ date: '2026-10-01', posted: 1, matched: 0, completed: 1 });
    expect(a.days.filter((d) => d.posted > 0)).toHaveLength(3);
  });
});

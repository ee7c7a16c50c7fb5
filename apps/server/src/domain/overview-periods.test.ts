import { describe, expect, it } from 'vitest';
import { overviewPeriods } from './overview-periods';

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

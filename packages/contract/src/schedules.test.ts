import holidayTable from '@holiday-jp/holiday_jp/lib/holidays';
import { describe, expect, it } from 'vitest';
import {
  type ScheduleRule,
  holidaySkips,
  repeatDates,
  isWorkingDay,
  japanInstant,
  postingDay,
  scheduledDays,
  shiftStops,
} from './schedules';

const HOLIDAYS: ReadonlySet<string> = new Set(Object.keys(holidayTable));
const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({
  weekdays: [1],
  everyNWeeks: 1,
  startDate: '2026-01-01',
  endDate: null,
  holidayPolicy: 'SKIP',
  ...r,
});
const days = (r: ScheduleRule, from: string, to: string) => scheduledDays(r, HOLIDAYS, from, to).map((d) => d.date);

describe('scheduled days', () => {
  it('runs on the chosen weekdays within its dates', () => {
    const r = rule({ weekdays: [2, 4], startDate: '2026-06-03', endDate: '2026-06-16' });
    expect(days(r, '2026-06-01', '2026-06-30')).toEqual(['2026-06-04', '2026-06-09', '2026-06-11', '2026-06-16']);
  });

  it('every two weeks counts from the week of the start date', () => {
    // 2026-06-03 is a Wednesday: its week's Monday is 06-01; Mondays 06-01, 06-15, 06-29 run.
    const r = rule({ weekdays: [1], everyNWeeks: 2, startDate: '2026-06-03' });
    expect(days(r, '2026-06-01', '2026-07-31')).toEqual(['2026-06-15', '2026-06-29', '2026-07-13', '2026-07-27']);
  });

  it('every three weeks across a year end', () => {
    const r = rule({ weekdays: [5], everyNWeeks: 3, startDate: '2026-12-04' });
    expect(days(r, '2026-12-01', '2027-02-28')).toEqual(['2026-12-04', '2026-12-25', '2027-01-15', '2027-02-05', '2027-02-26']);
  });

  it('skips a public holiday (海の日 2026-07-20, a Monday)', () => {
    const r = rule({ weekdays: [1] });
    expect(days(r, '2026-07-13', '2026-07-27')).toEqual(['2026-07-13', '2026-07-27']);
    expect(holidaySkips(r, HOLIDAYS, '2026-07-13', '2026-07-27')).toEqual(['2026-07-20']);
  });

  it('moves a holiday to the next working day, past the weekend and across a month end', () => {
    // 2026-04-29 (昭和の日) is a Wednesday → Thursday 04-30.
    expect(
      scheduledDays(rule({ weekdays: [3], holidayPolicy: 'NEXT_WORKING_DAY' }), HOLIDAYS, '2026-04-27', '2026-05-01'),
    ).toEqual([{ date: '2026-04-30', movedFrom: '2026-04-29' }]);
    // Golden Week 2026: Mon 05-04 (みどりの日), Tue 05-05 (こどもの日), Wed 05-06 (振替休日) → Thu 05-07.
    expect(
      scheduledDays(rule({ weekdays: [1], holidayPolicy: 'NEXT_WORKING_DAY' }), HOLIDAYS, '2026-05-01', '2026-05-10'),
    ).toEqual([{ date: '2026-05-07', movedFrom: '2026-05-04' }]);
    // Thursday 2027-04-29 (昭和の日) → Friday 04-30; the next Thursday runs as ruled.
    expect(
      scheduledDays(rule({ weekdays: [4], holidayPolicy: 'NEXT_WORKING_DAY' }), HOLIDAYS, '2027-04-26', '2027-05-07'),
    ).toEqual([
      { date: '2027-04-30', movedFrom: '2027-04-29' },
      { date: '2027-05-06', movedFrom: null },
    ]);
  });

  it('a moved day that meets another run day is one run', () => {
    // Mondays and Tuesdays; Monday 2026-07-20 is a holiday → Tuesday 07-21, which runs anyway.
    const r = rule({ weekdays: [1, 2], holidayPolicy: 'NEXT_WORKING_DAY' });
    expect(scheduledDays(r, HOLIDAYS, '2026-07-20', '2026-07-21')).toEqual([{ date: '2026-07-21', movedFrom: null }]);
  });

  it('a run on the 31st and the leap day: the days run through month ends', () => {
    const r = rule({ weekdays: [0, 1, 2, 3, 4, 5, 6], startDate: '2028-02-27', endDate: '2028-03-01' });
    expect(days(r, '2028-02-01', '2028-03-31')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    const monthEnd = rule({ weekdays: [6], startDate: '2026-10-01' });
    expect(days(monthEnd, '2026-10-25', '2026-11-08')).toEqual(['2026-10-31', '2026-11-07']);
  });

  it('working days are Monday to Friday, not public holidays', () => {
    expect(isWorkingDay('2026-07-20', HOLIDAYS)).toBe(false);
    expect(isWorkingDay('2026-07-18', HOLIDAYS)).toBe(false);
    expect(isWorkingDay('2026-07-21', HOLIDAYS)).toBe(true);
  });
});

describe('Japan time', () => {
  it('a pickup time is Japan time (UTC+9 all year, no daylight saving)', () => {
    expect(japanInstant('2026-01-05', '08:30').toISOString()).toBe('2026-01-04T23:30:00.000Z');
    expect(japanInstant('2026-07-05', '08:30').toISOString()).toBe('2026-07-04T23:30:00.000Z');
    expect(japanInstant('2026-03-01', '00:00').toISOString()).toBe('2026-02-28T15:00:00.000Z');
  });

  it('an occurrence is posted its lead days before, across a month end', () => {
    expect(postingDay('2026-03-02', 3)).toBe('2026-02-27');
    expect(postingDay('2028-03-01', 1)).toBe('2028-02-29');
  });

  it('the stops move with the first pickup, keeping their distances', () => {
    const stops = [
      { transportType: 'PICKUP', timeFrom: '2026-01-05T00:00:00.000Z', timeTo: '2026-01-05T01:00:00.000Z' },
      { transportType: 'DELIVERY', timeFrom: '2026-01-06T03:00:00.000Z', timeTo: '2026-01-06T05:00:00.000Z' },
    ];
    expect(shiftStops(stops, new Date('2026-02-10T23:30:00.000Z'))).toEqual([
      { transportType: 'PICKUP', timeFrom: '2026-02-10T23:30:00.000Z', timeTo: '2026-02-11T00:30:00.000Z' },
      { transportType: 'DELIVERY', timeFrom: '2026-02-12T02:30:00.000Z', timeTo: '2026-02-12T04:30:00.000Z' },
    ]);
  });
});

describe('repeating a request', () => {
  it('moves the first pickup to tomorrow in Japan at its own time, the others with it', () => {
    const stops = [
      { transportType: 'PICKUP', timeFrom: '2026-01-05T00:00:00.000Z', timeTo: '2026-01-05T01:00:00.000Z' },
      { transportType: 'DELIVERY', timeFrom: '2026-01-06T03:00:00.000Z', timeTo: '2026-01-06T05:00:00.000Z' },
    ];
    // 2026-03-31 23:30 JST is 14:30 UTC: tomorrow in Japan is 04-01 (a month end crossed).
    expect(repeatDates(stops, new Date('2026-03-31T14:30:00.000Z'))).toEqual([
      { transportType: 'PICKUP', timeFrom: '2026-04-01T00:00:00.000Z', timeTo: '2026-04-01T01:00:00.000Z' },
      { transportType: 'DELIVERY', timeFrom: '2026-04-02T03:00:00.000Z', timeTo: '2026-04-02T05:00:00.000Z' },
    ]);
  });
});

/**
 * The periods of the admin overview, in Japan time (UTC+9, no daylight saving): this week
 * from Monday 00:00, this month from the 1st 00:00, and the chart's days ending today.
 * Pure: the repository counts between the instants it returns.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface OverviewPeriods {
  weekStart: Date;
  monthStart: Date;
  /** 00:00 of the chart's first day. */
  firstDay: Date;
  /** YYYY-MM-DD of each chart day, oldest first. */
  dates: string[];
}

export function overviewPeriods(now: Date, days: number): OverviewPeriods {
  // A Date whose UTC fields read as the wall clock in Japan.
  const local = new Date(now.getTime() + JST_OFFSET_MS);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  const firstLocal = today - (days - 1) * DAY_MS;
  return {
    weekStart: new Date(today - daysSinceMonday * DAY_MS - JST_OFFSET_MS),
    monthStart: new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - JST_OFFSET_MS),
    firstDay: new Date(firstLocal - JST_OFFSET_MS),
    dates: Array.from({ length: days }, (_, i) => new Date(firstLocal + i * DAY_MS).toISOString().slice(0, 10)),
  };
}

/** What happened on one day: requests posted, matched and completed, and the agreed value completed. */
export interface DayActivity {
  /** Days since the counting start (0 = the day starting at it). */
  day: number;
  posted: number;
  matched: number;
  completed: number;
  completedValue: number;
}

/** The instant the overview counts from: the earliest of its periods' starts. */
export const countingStart = (p: OverviewPeriods): Date => new Date(Math.min(+p.weekStart, +p.monthStart, +p.firstDay));

/** This week's and this month's totals and the chart's days, from the days counted since `countingStart`. */
export function overviewActivity(p: OverviewPeriods, counted: readonly DayActivity[]) {
  const start = countingStart(p);
  const dayOf = (d: Date) => Math.round((+d - +start) / DAY_MS);
  const totalSince = (from: Date) => {
    const first = dayOf(from);
    const total = { posted: 0, matched: 0, completed: 0, completedValue: 0 };
    for (const d of counted) {
      if (d.day < first) continue;
      total.posted += d.posted;
      total.matched += d.matched;
      total.completed += d.completed;
      total.completedValue += d.completedValue;
    }
    return total;
  };
  const byDay = new Map(counted.map((d) => [d.day, d]));
  const chartStart = dayOf(p.firstDay);
  return {
    thisWeek: totalSince(p.weekStart),
    thisMonth: totalSince(p.monthStart),
    days: p.dates.map((date, i) => {
      const d = byDay.get(chartStart + i);
      return { date, posted: d?.posted ?? 0, matched: d?.matched ?? 0, completed: d?.completed ?? 0 };
    }),
  };
}

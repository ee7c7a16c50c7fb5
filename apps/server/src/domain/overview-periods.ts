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

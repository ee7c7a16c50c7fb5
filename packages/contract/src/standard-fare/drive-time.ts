/**
 * Which part of a drive falls on a Sunday or holiday, and which between 22:00 and 05:00, in
 * Japan time. The surcharges apply only to the distance driven then; a request knows when the
 * drive starts and ends but not how fast it goes, so the distance is shared out by time, as if
 * driven at an even pace (decision 091).
 */
import { japanDay } from '../charges';

/** Japan's public holidays by day (YYYY-MM-DD): a Set, or the web's holiday Map. */
export interface HolidayCalendar {
  has(day: string): boolean;
}

export interface DriveShares {
  /** 0–1: the part of the drive on a Sunday or public holiday. */
  holiday: number;
  /** 0–1: the part of the drive between `nightFrom` and `nightUntil`. */
  night: number;
}

const MINUTE = 60_000;
const JST_MS = 9 * 60 * MINUTE;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Japan-time minute of the day (0–1439) of an instant in ms. */
const minuteOfDay = (ms: number) => Math.floor(((((ms + JST_MS) % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE);

function isHoliday(ms: number, holidays: HolidayCalendar): boolean {
  const day = japanDay(new Date(ms));
  return new Date(`${day}T00:00:00Z`).getUTCDay() === 0 || holidays.has(day);
}

/**
 * The shares of the drive from `from` to `to` (ISO instants). Walked in pieces that end at each
 * Japan-time midnight and at the night's bounds, so each piece is wholly in or out of both. A
 * drive of no length counts wholly as its moment.
 */
export function driveShares(
  from: string,
  to: string,
  holidays: HolidayCalendar,
  night: { from: string; until: string },
): DriveShares {
  const nightFrom = minutesOf(night.from);
  const nightUntil = minutesOf(night.until);
  const inNight = (minute: number) => minute >= nightFrom || minute < nightUntil;
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!(end > start)) {
    return { holiday: isHoliday(start, holidays) ? 1 : 0, night: inNight(minuteOfDay(start)) ? 1 : 0 };
  }
  const bounds = [0, nightUntil, nightFrom, 1440];
  let holidayMs = 0;
  let nightMs = 0;
  for (let at = start; at < end;) {
    const minute = minuteOfDay(at);
    const next = bounds.find((b) => b > minute)!;
    const pieceEnd = Math.min(end, at - ((at + JST_MS) % MINUTE) + (next - minute) * MINUTE);
    if (isHoliday(at, holidays)) holidayMs += pieceEnd - at;
    if (inNight(minute)) nightMs += pieceEnd - at;
    at = pieceEnd;
  }
  return { holiday: holidayMs / (end - start), night: nightMs / (end - start) };
}

/**
 * The drive of a route as a request states it: from the first stop's earliest time to the last
 * stop's latest (decision 091). The shares only need its proportions, not the hours driven.
 */
export function driveOfStops(stops: readonly { timeFrom: string; timeTo: string }[]): { from: string; to: string } | null {
  const first = stops[0];
  const last = stops.at(-1);
  return first && last ? { from: first.timeFrom, to: last.timeTo } : null;
}

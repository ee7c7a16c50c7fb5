/**
 * Japan's public holidays for the calendar, from @holiday-jp/holiday_jp (the Cabinet Office's
 * list, kept up to date by its maintainers). Its table is large for a first page, so it is
 * its own chunk, loaded when a date picker is about to open (pointer or focus on it) or its
 * calendar first shows, and kept for the page's life.
 */
import { useEffect, useState } from 'react';

/** The date-fns format of a holiday's key. */
export const HOLIDAY_KEY_FORMAT = 'yyyy-MM-dd';

/** Holiday names by `yyyy-MM-dd`. */
export type HolidayNames = ReadonlyMap<string, string>;

let loading: Promise<HolidayNames> | undefined;

export function loadJapaneseHolidays(): Promise<HolidayNames> {
  loading ??= import('@holiday-jp/holiday_jp/lib/holidays').then(
    ({ default: table }) => new Map(Object.values(table).map((h) => [h.date, h.name])),
  );
  return loading;
}

/** The holidays, loaded on the first mount of a calendar; undefined until then. */
export function useJapaneseHolidays(): HolidayNames | undefined {
  const [holidays, setHolidays] = useState<HolidayNames>();
  useEffect(() => {
    if (holidays) return;
    let current = true;
    loadJapaneseHolidays().then(
      (loaded) => current && setHolidays(loaded),
      // Without the table the calendar still works, with weekends coloured only.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [holidays]);
  return holidays;
}

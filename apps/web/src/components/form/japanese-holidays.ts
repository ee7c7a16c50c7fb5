/**
 * Japan's public holidays for the calendar, from @holiday-jp/holiday_jp (the Cabinet Office's
 * list, kept up to date by its maintainers). Its table is large for a first page, so it is
 * its own chunk, loaded the first time a calendar opens and kept for the page's life.
 */
import { useEffect, useState } from 'react';

/** Holiday names by `yyyy-MM-dd`. */
export type HolidayNames = ReadonlyMap<string, string>;

let loading: Promise<HolidayNames> | undefined;

export function loadJapaneseHolidays(): Promise<HolidayNames> {
  loading ??= import('@holiday-jp/holiday_jp/lib/holidays').then(
    ({ default: table }) => new Map(Object.values(table).map((h) => [h.date, h.name])),
  );
  return loading;
}

/** The holidays once `wanted` (the calendar is open); undefined until loaded. */
export function useJapaneseHolidays(wanted: boolean): HolidayNames | undefined {
  const [holidays, setHolidays] = useState<HolidayNames>();
  useEffect(() => {
    if (!wanted || holidays) return;
    let current = true;
    loadJapaneseHolidays().then(
      (loaded) => current && setHolidays(loaded),
      // Without the table the calendar still works, with weekends coloured only.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, holidays]);
  return holidays;
}

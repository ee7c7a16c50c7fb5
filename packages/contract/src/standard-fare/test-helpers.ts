/** Inputs for the engine's tests: a weekday daytime drive and Japan's real holiday table. */
import holidayTable from '@holiday-jp/holiday_jp/lib/holidays';
import type { StandardFareInput } from './breakdown';

export const HOLIDAYS: ReadonlySet<string> = new Set(Object.keys(holidayTable));

/** An instant at Japan time: jst('2026-12-02', '09:00'). */
export const jst = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+09:00`).toISOString();

/** Wednesday 2 December 2026, 09:00–15:00 JST: no holiday, no night. */
export const WEEKDAY_DRIVE = { from: jst('2026-12-02', '09:00'), to: jst('2026-12-02', '15:00') };

export function job(overrides: Partial<StandardFareInput>): StandardFareInput {
  return {
    pickupPrefecture: '東京都',
    vehicleType: 'TWO_T_TRUCK',
    temperatureRange: 'ROOM',
    totalWeightKg: 1_000,
    distance: { km: 35, estimated: false },
    drive: WEEKDAY_DRIVE,
    holidays: HOLIDAYS,
    ...overrides,
  };
}

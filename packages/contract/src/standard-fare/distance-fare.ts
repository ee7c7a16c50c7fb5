/**
 * The distance-based fare (距離制運賃) of one region and class, read from the table: the
 * distance rounded up as the model tariff rules say, then its row, or the 200 km row plus the
 * additions per 20 km (to 500 km) and per 50 km beyond (`rules.distanceRounding`, README
 * "Applying a table" 2).
 */
import type { FareClass, RegionDistanceFares, StandardFareTable } from './table';

/** The first row's distance (Okinawa has a 5 km row) or the distance rounded up to its step. */
export function fareDistanceKm(table: StandardFareTable, fares: RegionDistanceFares, km: number): number {
  const firstRowKm = fares.rows.small[0]![0]!;
  if (km <= firstRowKm) return firstRowKm;
  let lower = 0;
  for (const step of table.rules.distanceRounding.steps) {
    if (step.throughKm === null || km <= step.throughKm) return lower + Math.ceil((km - lower) / step.stepKm) * step.stepKm;
    lower = step.throughKm;
  }
  throw new Error('the distance rounding steps end with a bound');
}

/**
 * The fare in yen for a distance already rounded by `fareDistanceKm`, or null beyond what the
 * table covers (Okinawa's additions stop at 300 km).
 */
export function distanceFareYen(fares: RegionDistanceFares, fareClass: FareClass, fareKm: number): number | null {
  const rows = fares.rows[fareClass];
  const row = rows.find(([upToKm]) => fareKm <= upToKm!);
  if (row) return row[1]!;
  const last = rows.at(-1)!;
  let yen = last[1]!;
  let coveredKm = last[0]!;
  for (const addition of fares.additions) {
    const through = addition.throughKm ?? Infinity;
    const km = Math.min(fareKm, through) - addition.overKm;
    if (km <= 0) continue;
    yen += Math.ceil(km / addition.everyKm) * addition.yen[fareClass];
    coveredKm = Math.min(fareKm, through);
  }
  return coveredKm >= fareKm ? yen : null;
}

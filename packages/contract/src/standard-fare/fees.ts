/**
 * The table's charges beside the fare (decision 091): 待機時間料 and 積込料・取卸料 per 30
 * minutes or part, at the higher rate once the two together pass two hours; the fuel
 * surcharge's uplift from the diesel price by 5-yen bands.
 */
import type { FareClass, StandardFareTable } from './table';

export type HandlingMethod = 'machine' | 'manual';

export interface TimedFee {
  units: number;
  unitYen: number;
  over2h: boolean;
  amount: number;
}

export interface WaitingAndHandling {
  waiting: TimedFee[];
  handling: TimedFee[];
}

/** Units of 30 minutes that the normal rate covers: two hours. */
const UNITS_BEFORE_OVER_2H = 4;

/**
 * Billed units: waiting counts beyond its first 30 minutes (it is charged only once it passes
 * them, and we do not bill them then either), handling from its first minute. The first four
 * units of the two together (waiting first, as it comes first at a stop) take the normal rate,
 * the rest the over-2-hour rate.
 */
export function waitingAndHandlingFees(
  table: StandardFareTable,
  fareClass: FareClass,
  waitingMinutes: number,
  handling: { minutes: number; method: HandlingMethod } | null,
): WaitingAndHandling {
  const { waitingFees, handlingFees } = table;
  const waitingUnits = Math.ceil(
    Math.max(0, waitingMinutes - waitingFees.appliesWhenWaitingExceedsMinutes) / waitingFees.unitMinutes,
  );
  const handlingUnits = handling ? Math.ceil(Math.max(0, handling.minutes) / handlingFees.unitMinutes) : 0;
  const normalForWaiting = Math.min(waitingUnits, UNITS_BEFORE_OVER_2H);
  const normalForHandling = Math.min(handlingUnits, UNITS_BEFORE_OVER_2H - normalForWaiting);
  const fees = (
    units: number,
    over: number,
    rates: { perUnit: Record<FareClass, number>; perUnitWhenOver2h: Record<FareClass, number> },
  ) =>
    [
      { units, unitYen: rates.perUnit[fareClass], over2h: false },
      { units: over, unitYen: rates.perUnitWhenOver2h[fareClass], over2h: true },
    ]
      .filter((f) => f.units > 0)
      .map((f) => ({ ...f, amount: f.units * f.unitYen }));
  return {
    waiting: fees(normalForWaiting, waitingUnits - normalForWaiting, waitingFees),
    handling: handling ? fees(normalForHandling, handlingUnits - normalForHandling, handlingFees[handling.method]) : [],
  };
}

/**
 * The uplift in yen per litre for a diesel price: 0 at or below the base price; in the band
 * (base + step(n−1), base + step·n] the band's middle minus the base, i.e. step·n − step/2.
 */
export function fuelUpliftYenPerL(table: StandardFareTable, dieselYenPerL: number): number {
  const { basePriceYenPerL, stepYenPerL, noSurchargeAtOrBelowYenPerL } = table.fuelSurcharge;
  if (dieselYenPerL <= noSurchargeAtOrBelowYenPerL) return 0;
  const band = Math.ceil((dieselYenPerL - basePriceYenPerL) / stepYenPerL);
  return band * stepYenPerL - stepYenPerL / 2;
}

/** distance ÷ km/L × uplift, rounded up to the yen (a hair of float error is not a yen). */
export const fuelSurchargeYen = (distanceKm: number, kmPerL: number, upliftYenPerL: number): number =>
  Math.ceil((distanceKm / kmPerL) * upliftYenPerL - 1e-9);

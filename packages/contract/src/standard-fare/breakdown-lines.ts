/**
 * The lines after the fare (decision 091): each 割増 on the distance fare (added, never
 * compounded), the 料金 (waiting, handling, the subcontracting fee) and the fuel surcharge.
 * Each builder says the assumptions it made through `assume`.
 */
import { STANDARD_FARE_TEXT as T } from '../texts/standard-fare';
import type { FareAssumptionCode, FareLine, StandardFareInput } from './breakdown';
import { driveShares } from './drive-time';
import { fuelSurchargeYen, fuelUpliftYenPerL, waitingAndHandlingFees, type TimedFee } from './fees';
import type { FareClass, StandardFareTable } from './table';
import { ASSUMED_KM_PER_L, isRefrigeratedJob } from './vehicle-class';

export interface LineContext {
  input: StandardFareInput;
  table: StandardFareTable;
  fareClass: FareClass;
  /** The distance fare, yen. */
  fareYen: number;
  assume: (code: FareAssumptionCode, text: string) => void;
}

/** 円未満四捨五入 for amounts the table gives as a rate. */
const yenOf = (amount: number) => Math.round(amount);

/** 割増: holiday and night on their shares of the drive, the refrigerated vehicle on all of it. */
export function surchargeLines({ input, table, fareClass, fareYen, assume }: LineContext): FareLine[] {
  const lines: FareLine[] = [];
  const { holiday, lateNightEarlyMorning, specialVehicles } = table.surcharges;
  const shares = driveShares(input.drive.from, input.drive.to, input.holidays, lateNightEarlyMorning);
  const timed = [
    { code: 'HOLIDAY' as const, rate: holiday.rate, share: shares.holiday },
    { code: 'NIGHT' as const, rate: lateNightEarlyMorning.rate, share: shares.night },
  ];
  for (const { code, rate, share } of timed) {
    const amount = yenOf(fareYen * rate * share);
    if (amount > 0) lines.push({ code, label: T.lines[code], amount, detail: T.details.surcharge(rate, share) });
  }
  if (shares.holiday > 0 || shares.night > 0) assume('SHARE_BY_TIME', T.assumptions.SHARE_BY_TIME(shares.holiday, shares.night));
  const refrigerated = specialVehicles.items.find((item) => item.id === 'refrigerated' && item.classes.includes(fareClass));
  if (refrigerated && isRefrigeratedJob(input.vehicleType, input.temperatureRange)) {
    const amount = yenOf(fareYen * refrigerated.rate);
    lines.push({ code: 'REFRIGERATED', label: T.lines.REFRIGERATED, amount, detail: T.details.special(refrigerated.rate) });
    assume('REFRIGERATED', T.assumptions.REFRIGERATED);
  }
  if (lines.length > 1) assume('SURCHARGES_ADDED', T.assumptions.SURCHARGES_ADDED);
  return lines;
}

/** 料金: waiting and handling per 30 minutes; the subcontracting fee on the fare and its 割増. */
export function chargeLines(
  { input, table, fareClass, fareYen, assume }: LineContext,
  surcharges: readonly FareLine[],
): FareLine[] {
  const lines: FareLine[] = [];
  const fees = waitingAndHandlingFees(table, fareClass, input.waitingMinutes ?? 0, input.handling ?? null);
  const timedLine = (code: 'WAITING' | 'HANDLING', parts: TimedFee[]) => {
    if (parts.length === 0) return;
    lines.push({
      code,
      label: T.lines[code],
      amount: parts.reduce((sum, f) => sum + f.amount, 0),
      detail: parts.map((f) => T.details.perUnit(f.units, f.unitYen, f.over2h)).join('＋'),
    });
  };
  timedLine('WAITING', fees.waiting);
  timedLine('HANDLING', fees.handling);
  if ((input.waitingMinutes ?? 0) > 0) assume('WAITING_FIRST_30_FREE', T.assumptions.WAITING_FIRST_30_FREE);
  if ([...fees.waiting, ...fees.handling].some((f) => f.over2h)) assume('OVER_TWO_HOURS', T.assumptions.OVER_TWO_HOURS);
  if (input.subcontracted) {
    const { rate } = table.subcontractingFee;
    const fare = fareYen + surcharges.reduce((sum, s) => sum + s.amount, 0);
    lines.push({
      code: 'SUBCONTRACTING',
      label: T.lines.SUBCONTRACTING,
      amount: yenOf(fare * rate),
      detail: T.details.subcontracting(rate),
    });
    assume('SUBCONTRACTING', T.assumptions.SUBCONTRACTING);
  }
  return lines;
}

/** 燃料サーチャージ: on the distance driven (not the rounded one), at the carrier's km/L or ours. */
export function fuelLine({ input, table, fareClass, assume }: LineContext): FareLine | null {
  const { fuel } = input;
  if (!fuel) {
    assume('NO_FUEL_PRICE', T.assumptions.NO_FUEL_PRICE);
    return null;
  }
  const uplift = fuelUpliftYenPerL(table, fuel.priceYenPerL);
  const kmPerL = fuel.kmPerL ?? ASSUMED_KM_PER_L[fareClass];
  assume(
    'FUEL_PRICE',
    T.assumptions.FUEL_PRICE(fuel.priceYenPerL, table.fuelSurcharge.basePriceYenPerL, uplift, fuel.setOn ?? null),
  );
  if (fuel.kmPerL) assume('FUEL_EFFICIENCY_GIVEN', T.assumptions.FUEL_EFFICIENCY_GIVEN(kmPerL));
  else assume('FUEL_EFFICIENCY_ASSUMED', T.assumptions.FUEL_EFFICIENCY_ASSUMED(kmPerL));
  return {
    code: 'FUEL',
    label: T.lines.FUEL,
    amount: fuelSurchargeYen(input.distance.km, kmPerL, uplift),
    detail: T.details.fuel(input.distance.km, kmPerL, uplift),
  };
}

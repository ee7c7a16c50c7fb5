/**
 * The standard fare of one job (標準的運賃, issue 45, decision 090): pure and table-driven. It
 * returns an itemised breakdown (運賃, each 割増, 料金, 燃料サーチャージ, 税抜, 消費税, 税込)
 * with the table version and every assumption in words, or why the job has no standard fare.
 */
import { japanDay } from '../charges';
import { standardRateOn, taxBreakdown } from '../consumption-tax';
import { VehicleType, type TTemperatureRange, type TVehicleType } from '../enums/index';
import { STANDARD_FARE_TEXT as T } from '../texts/standard-fare';
import { distanceFareYen, fareDistanceKm } from './distance-fare';
import { driveShares, type HolidayCalendar } from './drive-time';
import { fuelSurchargeYen, fuelUpliftYenPerL, waitingAndHandlingFees, type HandlingMethod, type TimedFee } from './fees';
import { fareClassName, fareRegionById, fareRegionOf, standardFareVersionOn, type FareClass } from './table';
import type { Placement } from './route-distance';
import { ASSUMED_KM_PER_L, fareClassOf, isRefrigeratedJob } from './vehicle-class';

export interface StandardFareInput {
  /** The first pickup's prefecture (東京都, or its JIS code 13): its 運輸局's table applies. */
  pickupPrefecture: string;
  /** The 運輸局 (table region id, e.g. 'kanto') where the carrier notified its fares, when known. */
  carrierRegionId?: string | null;
  vehicleType: TVehicleType;
  temperatureRange: TTemperatureRange;
  totalWeightKg: number;
  /**
   * Road distance of the whole route: a figure entered, or `estimateRouteDistance`'s answer as it
   * is (its placements say whether a stop was placed only near its municipality).
   */
  distance: { km: number; estimated: boolean; placements?: readonly Placement[] };
  /** When the drive starts and ends (ISO instants): dates the table and tax, places the surcharges. */
  drive: { from: string; to: string };
  /** Planned waiting at the stops, in minutes. */
  waitingMinutes?: number;
  /** Planned loading and unloading by the driver. */
  handling?: { minutes: number; method: HandlingMethod } | null;
  /** The diesel price in force (yen/L) and the day it was set; km/L when the carrier states its own. */
  fuel?: { priceYenPerL: number; setOn?: string | null; kmPerL?: number | null } | null;
  /** The work is passed to another company (利用運送手数料). */
  subcontracted?: boolean;
  holidays: HolidayCalendar;
}

export type FareLineCode = keyof typeof T.lines;

export interface FareLine {
  code: FareLineCode;
  label: string;
  /** Integer yen, excluding tax. */
  amount: number;
  /** How the amount was found, in words (「関東運輸局・大型車（10tクラス）・550km」). */
  detail: string;
}

export type FareAssumptionCode = keyof typeof T.assumptions;

export interface FareAssumption {
  code: FareAssumptionCode;
  text: string;
}

export interface StandardFareBreakdown {
  covered: true;
  version: { id: string; instrument: string; effectiveFrom: string };
  region: { id: string; name: string; authority: string };
  vehicleClass: { id: FareClass; name: string };
  distance: { km: number; fareKm: number; estimated: boolean };
  /** 運賃: the distance fare. */
  fare: FareLine;
  /** 割増: each on the distance fare. */
  surcharges: FareLine[];
  /** 料金: waiting, handling and the subcontracting fee. */
  charges: FareLine[];
  fuelSurcharge: FareLine | null;
  taxRate: string;
  /** 合計（税抜）. */
  subtotal: number;
  consumptionTax: number;
  /** 合計（税込）. */
  total: number;
  assumptions: FareAssumption[];
}

export type NotCoveredReason = keyof typeof T.notCovered;

export interface StandardFareNotCovered {
  covered: false;
  reason: NotCoveredReason;
  message: string;
}

export type StandardFareResult = StandardFareBreakdown | StandardFareNotCovered;

const notCovered = (reason: NotCoveredReason, message: string): StandardFareNotCovered => ({ covered: false, reason, message });
/** 円未満四捨五入 for amounts the table gives as a rate (decision 090). */
const yenOf = (amount: number) => Math.round(amount);

export function standardFare(input: StandardFareInput): StandardFareResult {
  // The callers validate their input (the contract's schemas); a bad number here is a bug.
  if (!Number.isFinite(input.distance.km) || input.distance.km < 0) throw new Error(`not a distance: ${input.distance.km}`);
  const day = japanDay(input.drive.from);
  const version = standardFareVersionOn(day);
  if (!version) return notCovered('NO_TABLE', T.notCovered.NO_TABLE(day));
  const { table } = version;
  const choice = fareClassOf(input.vehicleType, input.totalWeightKg);
  if (!choice.covered) return notCovered(choice.reason, T.notCovered[choice.reason]);
  const carrierRegion = input.carrierRegionId ? fareRegionById(table, input.carrierRegionId) : null;
  const region = carrierRegion ?? fareRegionOf(table, input.pickupPrefecture);
  if (!region) return notCovered('UNKNOWN_PREFECTURE', T.notCovered.UNKNOWN_PREFECTURE(input.pickupPrefecture));
  const fares = table.distanceFares.regions[region.id]!;
  const { fareClass } = choice;
  const fareKm = fareDistanceKm(table, fares, input.distance.km);
  const fareYen = distanceFareYen(fares, fareClass, fareKm);
  if (fareYen === null) return notCovered('DISTANCE_BEYOND_TABLE', T.notCovered.DISTANCE_BEYOND_TABLE(region.name, fareKm));

  const className = fareClassName(table, fareClass);
  const vehicleLabel = VehicleType.labels[input.vehicleType];
  const assumptions: FareAssumption[] = [];
  const assume = <C extends FareAssumptionCode>(code: C, text: string) => assumptions.push({ code, text });
  assume('TABLE_VERSION', T.assumptions.TABLE_VERSION(table.source.instrument, version.effectiveFrom));
  assume('DISTANCE_FARE_ONLY', T.assumptions.DISTANCE_FARE_ONLY);
  assume('TAX_AND_TOLLS', T.assumptions.TAX_AND_TOLLS);
  if (carrierRegion) assume('REGION_FROM_CARRIER', T.assumptions.REGION_FROM_CARRIER(region.name));
  else assume('REGION_FROM_PICKUP', T.assumptions.REGION_FROM_PICKUP(input.pickupPrefecture, region.name));
  if (fares.provenance.crossChecked.startsWith('no second source'))
    assume('REGION_UNVERIFIED', T.assumptions.REGION_UNVERIFIED(region.name));
  if (fareKm > fares.rows[fareClass].at(-1)![0]! && fares.additions.some((a) => a.verified === false))
    assume('ADDITION_UNVERIFIED', T.assumptions.ADDITION_UNVERIFIED(region.name));
  if (choice.byWeight) assume('CLASS_FROM_WEIGHT', T.assumptions.CLASS_FROM_WEIGHT(vehicleLabel, input.totalWeightKg, className));
  else assume('CLASS_FROM_TYPE', T.assumptions.CLASS_FROM_TYPE(vehicleLabel, className));
  if (input.distance.estimated) assume('DISTANCE_ESTIMATED', T.assumptions.DISTANCE_ESTIMATED);
  else assume('DISTANCE_ENTERED', T.assumptions.DISTANCE_ENTERED);
  if (input.distance.estimated && input.distance.placements?.some((p) => p !== 'municipality'))
    assume('DISTANCE_PLACES_APPROXIMATE', T.assumptions.DISTANCE_PLACES_APPROXIMATE);
  if (fareKm !== input.distance.km) assume('DISTANCE_ROUNDED', T.assumptions.DISTANCE_ROUNDED(input.distance.km, fareKm));

  const fare: FareLine = {
    code: 'FARE',
    label: T.lines.FARE,
    amount: fareYen,
    detail: T.details.fare(region.name, className, fareKm),
  };

  // 割増: each a rate of the distance fare, added up, never compounded.
  const surcharges: FareLine[] = [];
  const { holiday, lateNightEarlyMorning, specialVehicles } = table.surcharges;
  const shares = driveShares(input.drive.from, input.drive.to, input.holidays, lateNightEarlyMorning);
  const timed = [
    { code: 'HOLIDAY' as const, rate: holiday.rate, share: shares.holiday },
    { code: 'NIGHT' as const, rate: lateNightEarlyMorning.rate, share: shares.night },
  ];
  for (const { code, rate, share } of timed) {
    const amount = yenOf(fareYen * rate * share);
    if (amount > 0) surcharges.push({ code, label: T.lines[code], amount, detail: T.details.surcharge(rate, share) });
  }
  if (shares.holiday > 0 || shares.night > 0) assume('SHARE_BY_TIME', T.assumptions.SHARE_BY_TIME(shares.holiday, shares.night));
  const refrigerated = specialVehicles.items.find((item) => item.id === 'refrigerated' && item.classes.includes(fareClass));
  if (refrigerated && isRefrigeratedJob(input.vehicleType, input.temperatureRange)) {
    surcharges.push({
      code: 'REFRIGERATED',
      label: T.lines.REFRIGERATED,
      amount: yenOf(fareYen * refrigerated.rate),
      detail: T.details.special(refrigerated.rate),
    });
    assume('REFRIGERATED', T.assumptions.REFRIGERATED);
  }
  if (surcharges.length > 1) assume('SURCHARGES_ADDED', T.assumptions.SURCHARGES_ADDED);

  // 料金: waiting and handling per 30 minutes; the subcontracting fee on the fare.
  const charges: FareLine[] = [];
  const timedFees = waitingAndHandlingFees(table, fareClass, input.waitingMinutes ?? 0, input.handling ?? null);
  const timedLine = (code: 'WAITING' | 'HANDLING', fees: TimedFee[]) =>
    fees.length > 0 &&
    charges.push({
      code,
      label: T.lines[code],
      amount: fees.reduce((sum, f) => sum + f.amount, 0),
      detail: fees.map((f) => T.details.perUnit(f.units, f.unitYen, f.over2h)).join('＋'),
    });
  timedLine('WAITING', timedFees.waiting);
  timedLine('HANDLING', timedFees.handling);
  if ((input.waitingMinutes ?? 0) > 0) assume('WAITING_FIRST_30_FREE', T.assumptions.WAITING_FIRST_30_FREE);
  if ([...timedFees.waiting, ...timedFees.handling].some((f) => f.over2h)) assume('OVER_TWO_HOURS', T.assumptions.OVER_TWO_HOURS);
  if (input.subcontracted) {
    const { rate } = table.subcontractingFee;
    const base = fareYen + surcharges.reduce((sum, s) => sum + s.amount, 0);
    charges.push({
      code: 'SUBCONTRACTING',
      label: T.lines.SUBCONTRACTING,
      amount: yenOf(base * rate),
      detail: T.details.subcontracting(rate),
    });
    assume('SUBCONTRACTING', T.assumptions.SUBCONTRACTING);
  }

  // 燃料サーチャージ: on the distance driven (not the rounded one), at the carrier's km/L or ours.
  let fuelSurcharge: FareLine | null = null;
  if (input.fuel) {
    const uplift = fuelUpliftYenPerL(table, input.fuel.priceYenPerL);
    const kmPerL = input.fuel.kmPerL ?? ASSUMED_KM_PER_L[fareClass];
    fuelSurcharge = {
      code: 'FUEL',
      label: T.lines.FUEL,
      amount: fuelSurchargeYen(input.distance.km, kmPerL, uplift),
      detail: T.details.fuel(input.distance.km, kmPerL, uplift),
    };
    assume(
      'FUEL_PRICE',
      T.assumptions.FUEL_PRICE(input.fuel.priceYenPerL, table.fuelSurcharge.basePriceYenPerL, uplift, input.fuel.setOn ?? null),
    );
    if (input.fuel.kmPerL) assume('FUEL_EFFICIENCY_GIVEN', T.assumptions.FUEL_EFFICIENCY_GIVEN(kmPerL));
    else assume('FUEL_EFFICIENCY_ASSUMED', T.assumptions.FUEL_EFFICIENCY_ASSUMED(kmPerL));
  } else assume('NO_FUEL_PRICE', T.assumptions.NO_FUEL_PRICE);
  assume('ROUNDING', T.assumptions.ROUNDING);

  const rate = standardRateOn(day);
  const lines = [fare, ...surcharges, ...charges, ...(fuelSurcharge ? [fuelSurcharge] : [])];
  const taxed = taxBreakdown(lines.map((line) => ({ amount: line.amount, rate })));
  return {
    covered: true,
    version: { id: version.id, instrument: table.source.instrument, effectiveFrom: version.effectiveFrom },
    region: { id: region.id, name: region.name, authority: region.authority },
    vehicleClass: { id: fareClass, name: className },
    distance: { km: input.distance.km, fareKm, estimated: input.distance.estimated },
    fare,
    surcharges,
    charges,
    fuelSurcharge,
    taxRate: rate.label,
    subtotal: taxed.subtotal,
    consumptionTax: taxed.tax,
    total: taxed.total,
    assumptions,
  };
}

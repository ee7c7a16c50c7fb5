/**
 * The standard fare of one job (標準的運賃, issue 45, decision 091): pure and table-driven. It
 * returns an itemised breakdown (運賃, each 割増, 料金, 燃料サーチャージ, 税抜, 消費税, 税込)
 * with the table version and every assumption in words, or why the job has no standard fare.
 */
import { japanDay } from '../charges';
import { standardRateOn, taxBreakdown } from '../consumption-tax';
import { VehicleType } from '../enums/index';
import { STANDARD_FARE_TEXT as T } from '../texts/standard-fare';
import type {
  FareAssumption,
  FareAssumptionCode,
  FareLine,
  NotCoveredReason,
  StandardFareInput,
  StandardFareNotCovered,
  StandardFareResult,
} from './breakdown';
import { chargeLines, fuelLine, surchargeLines } from './breakdown-lines';
import { distanceFareYen, fareDistanceKm } from './distance-fare';
import { fareClassName, fareRegionById, fareRegionOf, standardFareVersionOn } from './table';
import { fareClassOf } from './vehicle-class';

const notCovered = (reason: NotCoveredReason, message: string): StandardFareNotCovered => ({ covered: false, reason, message });

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
  const assume = (code: FareAssumptionCode, text: string) => void assumptions.push({ code, text });
  // What the fare rests on: the table, its region, the class and the distance.
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
  const context = { input, table, fareClass, fareYen, assume };
  const surcharges = surchargeLines(context);
  const charges = chargeLines(context, surcharges);
  const fuelSurcharge = fuelLine(context);
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

/**
 * The standard fares (標準的運賃) as versioned data (issue 45, decision 091). Each version is a
 * table published by the ministry, loaded from `datasets/standard-fares/<version>/` unchanged; its
 * start date is the day the notice took effect. A new notice (or the coming 適正原価) is a new
 * entry here with its own start date: no amount is ever written in code.
 */
import fares2024 from '../../datasets/standard-fares/2024/standard-fares-2024.json';

export type FareClass = 'small' | 'medium' | 'large' | 'trailer';
export const FARE_CLASSES: readonly FareClass[] = ['small', 'medium', 'large', 'trailer'];

type PerClass<T = number> = Record<FareClass, T>;

export interface FareRegion {
  id: string;
  name: string;
  authority: string;
  prefectures: readonly { jis: string; name: string }[];
}

export interface DistanceAddition {
  overKm: number;
  throughKm: number | null;
  everyKm: number;
  yen: PerClass;
  verified?: boolean;
}

export interface RegionDistanceFares {
  /** `[upToKm, yen]`, ascending. */
  rows: Record<FareClass, number[][]>;
  additions: readonly DistanceAddition[];
  provenance: { crossChecked: string };
}

interface PerUnitFees {
  perUnit: PerClass;
  perUnitWhenOver2h: PerClass;
}

/** The file's layout (schemaVersion 1), as far as the engine reads it. */
export interface StandardFareTable {
  schemaVersion: number;
  source: { instrument: string; publishedOn: string };
  regions: readonly FareRegion[];
  vehicleClasses: readonly { id: string; name: string }[];
  distanceFares: { regions: Record<string, RegionDistanceFares> };
  surcharges: {
    holiday: { rate: number };
    lateNightEarlyMorning: { rate: number; from: string; until: string };
    specialVehicles: { items: readonly { id: string; name: string; rate: number; classes: readonly string[] }[] };
  };
  waitingFees: PerUnitFees & { unitMinutes: number; appliesWhenWaitingExceedsMinutes: number };
  handlingFees: { unitMinutes: number; machine: PerUnitFees; manual: PerUnitFees };
  subcontractingFee: { rate: number };
  fuelSurcharge: { basePriceYenPerL: number; stepYenPerL: number; noSurchargeAtOrBelowYenPerL: number };
  rules: { distanceRounding: { steps: readonly { throughKm: number | null; stepKm: number }[] } };
}

export interface StandardFareVersion {
  /** e.g. '2024'. */
  id: string;
  /** The first Japan-time day (YYYY-MM-DD) the table applies. */
  effectiveFrom: string;
  table: StandardFareTable;
}

/**
 * The versions, oldest first. 告示第209号 names no start date of its own and is cited by its
 * publication (R6.3.22告示), so it applies from that day (decision 091).
 */
export const STANDARD_FARE_VERSIONS: readonly StandardFareVersion[] = [
  { id: '2024', effectiveFrom: fares2024.source.publishedOn, table: fares2024 satisfies StandardFareTable },
];

/** The version in force on `day` (YYYY-MM-DD, Japan time), or null before the first one. */
export function standardFareVersionOn(day: string): StandardFareVersion | null {
  return STANDARD_FARE_VERSIONS.filter((v) => v.effectiveFrom <= day).at(-1) ?? null;
}

/** The 運輸局 area of a prefecture, by name (東京都) or JIS code (13); null when unknown. */
export function fareRegionOf(table: StandardFareTable, prefecture: string): FareRegion | null {
  return table.regions.find((r) => r.prefectures.some((p) => p.name === prefecture || p.jis === prefecture)) ?? null;
}

export const fareRegionById = (table: StandardFareTable, id: string): FareRegion | null =>
  table.regions.find((r) => r.id === id) ?? null;

export const fareClassName = (table: StandardFareTable, fareClass: FareClass): string =>
  table.vehicleClasses.find((c) => c.id === fareClass)?.name ?? fareClass;

/**
 * The product's vehicle types → the table's vehicle classes (decision 091). A named truck size is
 * its class; 冷蔵冷凍車 and 荷物に合わせる take the smallest class whose nominal load (the class
 * names' 2t/4t/10t/20t, `datasets/standard-fares/assumptions.json`) carries the total weight. 軽車両
 * has no standard fare.
 */
import assumptions from '../../datasets/standard-fares/assumptions.json';
import type { TTemperatureRange, TVehicleType } from '../enums/index';
import { FARE_CLASSES, type FareClass } from './table';

export type VehicleClassChoice =
  { covered: true; fareClass: FareClass; byWeight: boolean } | { covered: false; reason: 'LIGHT_VEHICLE' | 'TOO_HEAVY' };

const BY_TYPE: Record<Exclude<TVehicleType, 'COOL_TRUCK' | 'VEHICLE_BY_LOAD' | 'LIGHT_TRUCK'>, FareClass> = {
  ONE_T_TRUCK: 'small',
  TWO_T_TRUCK: 'small',
  FOUR_T_TRUCK: 'medium',
  TEN_T_TRUCK: 'large',
};

const CLASS_LOAD_KG: Record<FareClass, number> = assumptions.vehicleClassByWeight.upToKg;

/** The smallest class that carries `totalWeightKg`, or null above the largest. */
export function fareClassByWeight(totalWeightKg: number): FareClass | null {
  return FARE_CLASSES.find((c) => totalWeightKg <= CLASS_LOAD_KG[c]) ?? null;
}

export function fareClassOf(vehicleType: TVehicleType, totalWeightKg: number): VehicleClassChoice {
  if (vehicleType === 'LIGHT_TRUCK') return { covered: false, reason: 'LIGHT_VEHICLE' };
  if (vehicleType === 'COOL_TRUCK' || vehicleType === 'VEHICLE_BY_LOAD') {
    const fareClass = fareClassByWeight(totalWeightKg);
    return fareClass ? { covered: true, fareClass, byWeight: true } : { covered: false, reason: 'TOO_HEAVY' };
  }
  return { covered: true, fareClass: BY_TYPE[vehicleType], byWeight: false };
}

/** A 冷蔵・冷凍 load or a 冷蔵冷凍車 takes the refrigerated vehicle's surcharge. */
export const isRefrigeratedJob = (vehicleType: TVehicleType, temperatureRange: TTemperatureRange): boolean =>
  vehicleType === 'COOL_TRUCK' || temperatureRange !== 'ROOM';

/** The carrier's fuel efficiency when it states none: our assumed value per class. */
export const ASSUMED_KM_PER_L: Record<FareClass, number> = assumptions.fuelEfficiencyKmPerL.values;

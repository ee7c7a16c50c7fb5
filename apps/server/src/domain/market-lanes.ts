/**
 * The market's own prices (issue 45 item 4, decision 092): what a completed delivery tells about
 * its lane — the first pickup's and the last delivery's prefecture, the vehicle class, the route's
 * estimated road km — and what was agreed for it, excluding tax. Pure; the same rules place a
 * draft or an open request on its lane, so that like is compared with like.
 */
import { LANE_PRICE_RULES, type TLaneClass, type TTemperatureRange, type TVehicleType, chargesOf } from '@logi/contract';
import { type RoutePlace, estimateRouteDistance, fareClassOf } from '@logi/contract/standard-fare';

export interface LaneStop extends RoutePlace {
  transportType: string;
  timeFrom: string;
}

export interface Lane {
  pickupPrefecture: string;
  deliveryPrefecture: string;
  vehicleClass: TLaneClass;
  /** Estimated road km of the whole route (推定). */
  distanceKm: number;
}

/** The standard fare's class of a vehicle and load; 軽車両 is its own lane; null above the largest class. */
export function laneClassOf(vehicleType: TVehicleType, totalWeightKg: number): TLaneClass | null {
  if (vehicleType === 'LIGHT_TRUCK') return 'light';
  const choice = fareClassOf(vehicleType, totalWeightKg);
  return choice.covered ? choice.fareClass : null;
}

/** The lane of a route: null without a pickup and a delivery, a class, or a place to estimate from. */
export function laneOf(stops: readonly LaneStop[], vehicleType: TVehicleType, totalWeightKg: number): Lane | null {
  const pickup = stops.find((s) => s.transportType === 'PICKUP');
  const delivery = stops.findLast((s) => s.transportType === 'DELIVERY');
  const vehicleClass = laneClassOf(vehicleType, totalWeightKg);
  const distance = estimateRouteDistance(stops);
  if (!pickup || !delivery || !vehicleClass || !distance) return null;
  return { pickupPrefecture: pickup.prefecture, deliveryPrefecture: delivery.prefecture, vehicleClass, distanceKm: distance.km };
}

/** The similar distances of a lane: ± the rule's share, to the tenth of a km the facts keep. */
export function distanceRange(km: number): { fromKm: number; toKm: number } {
  const share = LANE_PRICE_RULES.distanceShare;
  return { fromKm: Math.floor(km * (1 - share) * 10) / 10, toKm: Math.ceil(km * (1 + share) * 10) / 10 };
}

export interface CompletedDelivery {
  vehicleType: TVehicleType;
  temperatureRange: TTemperatureRange;
  totalWeightKg: number;
  incidentalWork: readonly string[];
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
  stops: readonly LaneStop[];
  bid: { price: number; incidentalCharge: number | null; fuelSurcharge: number | null };
}

/** The agreed price excluding tax: the approved bid's fare, 附帯業務 and fuel surcharge (chargesOf). */
export const agreedPriceExcludingTax = (d: CompletedDelivery): number =>
  chargesOf(d.bid.price, d.bid, { ...d, transports: d.stops }).subtotal;

/** The lane and the agreed price of a completed delivery, or null when it has no lane. */
export function laneFactsOf(d: CompletedDelivery): (Lane & { priceYen: number }) | null {
  const lane = laneOf(d.stops, d.vehicleType, d.totalWeightKg);
  return lane && { ...lane, priceYen: agreedPriceExcludingTax(d) };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first instant of the period the statistics count. */
export const periodStart = (now: Date): Date => new Date(now.getTime() - LANE_PRICE_RULES.periodDays * DAY_MS);

/** A figure as shown: rounded to the rule's yen, so no single agreed amount is printed as it was. */
export const roundedYen = (yen: number): number => Math.round(yen / LANE_PRICE_RULES.roundToYen) * LANE_PRICE_RULES.roundToYen;

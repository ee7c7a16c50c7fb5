/**
 * The quote of a draft delivery (issue 45 item 6, decision 092): the draft as the create form
 * holds it → the engine's input → its breakdown, with the route's estimate (推定), the fuel price
 * it used, notes on what the draft left out, and the lane to ask the market's prices for. Pure
 * but for the fuel price, which the caller looks up (cached) for the drive's first day.
 */
import {
  FAIR_PRICE_TEXT,
  type QuoteNoteCode,
  type TStandardFareQuote,
  type TStandardFareQuoteBody,
  japanDay,
} from '@logi/contract';
import {
  type HolidayCalendar,
  STANDARD_FARE_TEXT,
  type StandardFareInput,
  driveOfStops,
  estimateRouteDistance,
  standardFare,
} from '@logi/contract/standard-fare';
import holidayTable from '@holiday-jp/holiday_jp/lib/holidays.js';
import { laneClassOf } from '../../domain/market-lanes';

/** Japan's public holidays (the Cabinet Office's list, as the web's calendar has them). */
const HOLIDAYS: HolidayCalendar = new Set(Object.keys(holidayTable));

export interface FuelPriceInForce {
  yenPerLitre: number;
  effectiveFrom: string;
}

/** The day the quote is dated by: the drive's first (the first stop's earliest time), Japan time. */
export const quoteDay = (body: TStandardFareQuoteBody): string => japanDay(body.transports[0]!.timeFrom);

/** Handling by the driver: only with 積込み or 荷下ろし and its minutes; what was left out, said in notes. */
function handlingOf(body: TStandardFareQuoteBody, note: (code: QuoteNoteCode) => void): StandardFareInput['handling'] {
  const work = body.incidentalWork ?? [];
  const handles = work.includes('LOADING') || work.includes('UNLOADING');
  if (work.includes('SORTING')) note('SORTING_NOT_IN_TABLE');
  if (handles && !body.handlingMinutes) note('HANDLING_WITHOUT_MINUTES');
  if (!handles && body.handlingMinutes) note('HANDLING_WITHOUT_WORK');
  if (!handles || !body.handlingMinutes) return null;
  if (!body.handlingMethod) note('HANDLING_METHOD_ASSUMED');
  return { minutes: body.handlingMinutes, method: body.handlingMethod ?? 'manual' };
}

export function quoteOf(body: TStandardFareQuoteBody, fuel: FuelPriceInForce | null): TStandardFareQuote {
  const notes: TStandardFareQuote['notes'] = [];
  const note = (code: QuoteNoteCode) => void notes.push({ code, text: FAIR_PRICE_TEXT.quoteNotes[code] });
  const stops = body.transports;
  const estimate = estimateRouteDistance(stops);
  const handling = handlingOf(body, note);
  const pickup = stops.find((s) => s.transportType === 'PICKUP')!;
  const delivery = stops.findLast((s) => s.transportType === 'DELIVERY')!;
  const vehicleClass = laneClassOf(body.vehicleType, body.totalWeight);
  const lane =
    estimate && vehicleClass
      ? { pickupPrefecture: pickup.prefecture, deliveryPrefecture: delivery.prefecture, vehicleClass, distanceKm: estimate.km }
      : null;
  const fuelPrice = fuel && { yenPerLitre: fuel.yenPerLitre, effectiveFrom: fuel.effectiveFrom };
  const distance = body.distanceKm ? { km: body.distanceKm, estimated: false } : estimate;
  if (!distance) {
    // A stop whose prefecture the data does not know: no estimate, and no fare without a distance.
    note('DISTANCE_NOT_ESTIMATED');
    const unknown = stops.find((s) => !estimateRouteDistance([s]))?.prefecture ?? pickup.prefecture;
    const standardFare = {
      covered: false as const,
      reason: 'UNKNOWN_PREFECTURE' as const,
      message: STANDARD_FARE_TEXT.notCovered.UNKNOWN_PREFECTURE(unknown),
    };
    return { standardFare, distanceEstimate: null, fuelPrice, notes, lane };
  }
  const result = standardFare({
    pickupPrefecture: pickup.prefecture,
    vehicleType: body.vehicleType,
    temperatureRange: body.vehicleTemperatureRange,
    totalWeightKg: body.totalWeight,
    distance,
    drive: driveOfStops(stops)!,
    waitingMinutes: body.waitingMinutes ?? 0,
    handling,
    fuel: fuel && { priceYenPerL: fuel.yenPerLitre, setOn: fuel.effectiveFrom, kmPerL: body.kmPerLitre ?? null },
    subcontracted: body.subcontracted ?? false,
    holidays: HOLIDAYS,
  });
  return { standardFare: result, distanceEstimate: estimate, fuelPrice, notes, lane };
}

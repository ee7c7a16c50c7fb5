/**
 * The shapes of a standard-fare quote (decision 091): what the engine is asked, and the
 * itemised breakdown it answers, each line and assumption in words from the catalogue.
 */
import type { TTemperatureRange, TVehicleType } from '../enums/index';
import type { STANDARD_FARE_TEXT as T } from '../texts/standard-fare';
import type { HolidayCalendar } from './drive-time';
import type { HandlingMethod } from './fees';
import type { Placement } from './route-distance';
import type { FareClass } from './table';

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

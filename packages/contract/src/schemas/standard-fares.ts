/**
 * The fair-price meter's API (issue 45, decision 092): the quote of a draft delivery against the
 * 標準的運賃 (the engine is `@logi/contract/standard-fare`; these schemas only describe its
 * answer, so that the main entry does not load its tables), the market's lane prices, and the
 * admin's fuel-price setting with its history.
 */
import { z } from 'zod';
import { IncidentalWork, TemperatureRange, TransportType, VehicleType } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import type { FareClass } from '../standard-fare/table';
import { STANDARD_FARE_TEXT } from '../texts/standard-fare';
import { FAIR_PRICE_TEXT } from '../texts/fair-price';
import { MAX, iso, option, text } from './common';

/** Business constants of the lane prices (ours; decision 092). */
export const LANE_PRICE_RULES = {
  /** Below this many completed jobs on a lane, no figure is shown. */
  minimumCount: 5,
  /** Similar distance: the lane's estimated km within ± this share. */
  distanceShare: 0.2,
  /** Completed within this many days before today. */
  periodDays: 365,
  /** The figures are rounded to this many yen. */
  roundToYen: 100,
} as const;

/**
 * A fixed-price request whose charges (税抜, as `chargesOf` sums them: the fare, the 附帯業務
 * charge and the fuel surcharge) are below this share of the standard fare's 税抜 subtotal is
 * "far below" it, and the create form warns (ours, issue 45). Why 80 %: the standard fare is a reference, not a
 * floor, so a price somewhat under it is a normal negotiation; but the route's estimated distance
 * may be 10–15 % off (decision 091's error band), and a price lower than that band can explain
 * is one a carrier could not accept without working below the ministry's cost basis — the fares
 * that the 2026 取適法 asks shippers to negotiate and the coming 適正原価 will make unlawful.
 */
export const FIXED_PRICE_WARNING_SHARE = 0.8;

/** A request's charges (税抜) as a whole percentage of the standard fare (税抜), and whether they are far below it. */
export function fixedPriceAgainstStandardFare(chargesSubtotal: number, standardSubtotal: number) {
  const percent = Math.floor((chargesSubtotal / standardSubtotal) * 100);
  return { percent, farBelow: chargesSubtotal < standardSubtotal * FIXED_PRICE_WARNING_SHARE };
}

export const FUEL_PRICE_RULES = { minYenPerL: 50, maxYenPerL: 500 } as const;
export const QUOTE_RULES = { maxDistanceKm: 5_000, maxMinutes: 1_440, maxKmPerL: 50 } as const;

const requiredOrType = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidType;
const oneDecimal = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.optional());
/** A positive figure with at most one decimal, up to `max`, with one message for every way it is wrong. */
const tenths = (max: number, message: string, coerce = false) =>
  (coerce ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .positive(message)
    .max(max, message)
    .refine(oneDecimal, message);
/**
 * A real road distance in km, tenths (the quote's and a delivery request's `distanceKm`: one
 * rule, so what the form sends the quote, the request stores).
 */
export const roadDistanceKm = (coerce = false) => tenths(QUOTE_RULES.maxDistanceKm, FIELD_MESSAGES.distanceKm, coerce);
const minutes = () =>
  z
    .number({ error: requiredOrType })
    .int(FIELD_MESSAGES.minutes(QUOTE_RULES.maxMinutes))
    .min(0, FIELD_MESSAGES.minutes(QUOTE_RULES.maxMinutes))
    .max(QUOTE_RULES.maxMinutes, FIELD_MESSAGES.minutes(QUOTE_RULES.maxMinutes));
/** A road distance someone entered (km, to the tenth), optional: the shipper's real one, a carrier's own with its bid. */
export const optionalDistanceKm = () => optional(roadDistanceKm());
const instant = () =>
  z.iso.datetime({ offset: true, error: (iss) => (iss.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.datetime) });

// ───────────────────────── the fuel price ─────────────────────────

/** POST /admin/fuel-prices: the diesel price (yen per litre) in force from a day (Japan time). */
export const ZFuelPriceBody = z.lazy(() =>
  z.object({
    effectiveFrom: z.iso.date({ error: FIELD_MESSAGES.date }),
    yenPerLitre: z
      .number({ error: FIELD_MESSAGES.fuelPrice })
      .min(FUEL_PRICE_RULES.minYenPerL, FIELD_MESSAGES.fuelPrice)
      .max(FUEL_PRICE_RULES.maxYenPerL, FIELD_MESSAGES.fuelPrice)
      .refine(oneDecimal, FIELD_MESSAGES.fuelPrice),
  }),
);
export type TFuelPriceBody = z.infer<typeof ZFuelPriceBody>;

export const ZFuelPrice = z.lazy(() =>
  z.object({
    id: z.string(),
    effectiveFrom: z.iso.date(),
    yenPerLitre: z.number(),
    /** The admin who set it. */
    setBy: z.object({ id: z.string(), name: z.string() }),
    createdAt: iso(),
  }),
);
export type TFuelPrice = z.infer<typeof ZFuelPrice>;

/** The price in force today (null: none set, or none from a past day) and every price set, newest day first. */
export const ZFuelPrices = z.lazy(() => z.object({ current: ZFuelPrice.nullable(), history: z.array(ZFuelPrice) }));
export type TFuelPrices = z.infer<typeof ZFuelPrices>;

// ───────────────────────── the quote ─────────────────────────

/** A stop of the draft as the create form holds it: where (as the postal lookup fills it) and when. */
export const ZQuoteStop = z.lazy(() =>
  z
    .object({
      transportType: option(TransportType.values),
      prefecture: text(10),
      city: text(MAX.name),
      timeFrom: instant(),
      timeTo: instant(),
    })
    .superRefine((v, ctx) => {
      if (Date.parse(v.timeFrom) > Date.parse(v.timeTo)) {
        ctx.addIssue({ code: 'custom', path: ['timeTo'], message: FIELD_MESSAGES.timeOrder });
      }
    }),
);

export const HandlingMethod = ['machine', 'manual'] as const;

/**
 * POST /standard-fares/quote: a draft delivery as the create form holds it (the fields keep the
 * create body's names, so the form sends what it has), plus what only a quote asks: the planned
 * waiting and handling minutes, the real distance when known, a carrier's km/L and whether the
 * work is passed on to another company.
 */
export const ZStandardFareQuoteBody = z.lazy(() =>
  z.object({
    vehicleType: option(VehicleType.values),
    vehicleTemperatureRange: option(TemperatureRange.values),
    /** kg. */
    totalWeight: z
      .number({ error: requiredOrType })
      .positive(FIELD_MESSAGES.positive)
      .max(1_000_000, FIELD_MESSAGES.tooBig(1_000_000)),
    transports: z
      .array(ZQuoteStop, { error: requiredOrType })
      .min(2, FIELD_MESSAGES.pickupRequired)
      .max(10, FIELD_MESSAGES.tooMany(10))
      .superRefine((stops, ctx) => {
        if (!stops.some((s) => s.transportType === 'PICKUP'))
          ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.pickupRequired });
        if (!stops.some((s) => s.transportType === 'DELIVERY'))
          ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.deliveryRequired });
      }),
    incidentalWork: z
      .array(option(IncidentalWork.values), { error: requiredOrType })
      .max(IncidentalWork.values.length)
      .optional(),
    /** Planned loading and unloading by the driver, minutes in all (with 積込み or 荷下ろし). */
    handlingMinutes: optional(minutes()),
    handlingMethod: optional(option(HandlingMethod)),
    /** Planned waiting at the stops, minutes in all. */
    waitingMinutes: optional(minutes()),
    /** The real road distance, km: replaces the estimate. */
    distanceKm: optionalDistanceKm(),
    /** A carrier's own fuel efficiency. */
    kmPerLitre: optional(tenths(QUOTE_RULES.maxKmPerL, FIELD_MESSAGES.kmPerLitre)),
    /** The work is passed to another company (利用運送手数料). */
    subcontracted: z.boolean({ error: requiredOrType }).optional(),
  }),
);
export type TStandardFareQuoteBody = z.infer<typeof ZStandardFareQuoteBody>;

/** What a stored delivery gives its standard fare: the facts the quote reads, in the detail's shape. */
export interface DeliveryFareFacts {
  vehicleType: (typeof VehicleType.values)[number];
  vehicleTemperatureRange: (typeof TemperatureRange.values)[number];
  totalWeight: number;
  incidentalWork: readonly (typeof IncidentalWork.values)[number][];
  transports: readonly {
    transportType: (typeof TransportType.values)[number];
    location: { prefecture: string; city: string };
    timeFrom: string;
    timeTo: string;
  }[];
  /** The real road km the shipper entered; null or absent: the route's estimate. */
  distanceKm?: number | null;
}

/**
 * A stored delivery as the quote's draft (the server's reads and the bid form ask the same
 * question); `distanceKm` (a carrier's own, with its bid) replaces the request's real distance.
 */
export const quoteBodyOfDelivery = (d: DeliveryFareFacts, distanceKm?: number | null): TStandardFareQuoteBody => ({
  vehicleType: d.vehicleType,
  vehicleTemperatureRange: d.vehicleTemperatureRange,
  totalWeight: d.totalWeight,
  transports: d.transports.map((s) => ({
    transportType: s.transportType,
    prefecture: s.location.prefecture,
    city: s.location.city,
    timeFrom: s.timeFrom,
    timeTo: s.timeTo,
  })),
  incidentalWork: [...d.incidentalWork],
  distanceKm: (distanceKm ?? d.distanceKm) || undefined,
});

const codes = <T extends object>(catalogue: T) => Object.keys(catalogue) as [keyof T & string, ...(keyof T & string)[]];
export const FARE_CLASS_IDS = ['small', 'medium', 'large', 'trailer'] as const satisfies readonly FareClass[];

const ZFareLine = z.lazy(() =>
  z.object({ code: z.enum(codes(STANDARD_FARE_TEXT.lines)), label: z.string(), amount: z.number().int(), detail: z.string() }),
);

/** The engine's answer (`StandardFareResult`): the itemised breakdown, or why the job has none. */
export const ZStandardFareResult = z.lazy(() =>
  z.discriminatedUnion('covered', [
    z.object({
      covered: z.literal(true),
      version: z.object({ id: z.string(), instrument: z.string(), effectiveFrom: z.string() }),
      region: z.object({ id: z.string(), name: z.string(), authority: z.string() }),
      vehicleClass: z.object({ id: z.enum(FARE_CLASS_IDS), name: z.string() }),
      distance: z.object({ km: z.number(), fareKm: z.number(), estimated: z.boolean() }),
      fare: ZFareLine,
      surcharges: z.array(ZFareLine),
      charges: z.array(ZFareLine),
      fuelSurcharge: ZFareLine.nullable(),
      taxRate: z.string(),
      subtotal: z.number().int(),
      consumptionTax: z.number().int(),
      total: z.number().int(),
      assumptions: z.array(z.object({ code: z.enum(codes(STANDARD_FARE_TEXT.assumptions)), text: z.string() })),
    }),
    z.object({ covered: z.literal(false), reason: z.enum(codes(STANDARD_FARE_TEXT.notCovered)), message: z.string() }),
  ]),
);

/** The lane class: a standard-fare class, or 軽車両 (which has no standard fare but has a market). */
export const LANE_CLASS_IDS = [...FARE_CLASS_IDS, 'light'] as const;
export type TLaneClass = (typeof LANE_CLASS_IDS)[number];

/** A lane as the lane-prices query names it: the quote answers it ready to send. */
export const ZLanePricesQuery = z.lazy(() =>
  z.object({
    pickupPrefecture: text(10),
    deliveryPrefecture: text(10),
    vehicleClass: option(LANE_CLASS_IDS),
    /** The route's estimated km (the quote's `lane.distanceKm`). */
    distanceKm: roadDistanceKm(true),
  }),
);
export type TLanePricesQuery = z.infer<typeof ZLanePricesQuery>;

export const ZStandardFareQuote = z.lazy(() =>
  z.object({
    standardFare: ZStandardFareResult,
    /** The route's estimate (推定), or null when a stop's prefecture is unknown; given even when a real distance replaced it. */
    distanceEstimate: z
      .object({
        km: z.number(),
        estimated: z.literal(true),
        placements: z.array(z.enum(['municipality', 'nearby', 'prefecture'])),
      })
      .nullable(),
    /** The diesel price in force on the drive's first day and the day it took effect; null: none set. */
    fuelPrice: z.object({ yenPerLitre: z.number(), effectiveFrom: z.iso.date() }).nullable(),
    /** What the quote left out of the draft, in words. */
    notes: z.array(z.object({ code: z.enum(codes(FAIR_PRICE_TEXT.quoteNotes)), text: z.string() })),
    /** The lane-prices query of this draft (GET /standard-fares/lane-prices), or null without a class or a distance. */
    lane: z
      .object({
        pickupPrefecture: z.string(),
        deliveryPrefecture: z.string(),
        vehicleClass: z.enum(LANE_CLASS_IDS),
        distanceKm: z.number(),
      })
      .nullable(),
  }),
);
export type TStandardFareQuote = z.infer<typeof ZStandardFareQuote>;

/**
 * The market's own prices on a lane: the agreed prices (税抜) of completed jobs as median and the
 * 10th–90th percentile range with their count, or null when fewer than the minimum exist. Never
 * a party: no id, name or single job.
 */
export const ZLanePrices = z.lazy(() =>
  z.object({
    /** Null: the request has no lane (over the largest class, or a place the data does not know). */
    lane: z
      .object({
        pickupPrefecture: z.string(),
        deliveryPrefecture: z.string(),
        vehicleClass: z.object({ id: z.enum(LANE_CLASS_IDS), name: z.string() }),
        distanceKm: z.object({ from: z.number(), to: z.number(), estimated: z.literal(true) }),
        /** The first day (Japan time) of the completions counted. */
        completedFrom: z.iso.date(),
      })
      .nullable(),
    minimumCount: z.number().int(),
    prices: z
      .object({
        count: z.number().int(),
        median: z.number().int(),
        p10: z.number().int(),
        p90: z.number().int(),
      })
      .nullable(),
    /** The basis in words, and why there is no figure when `prices` is null. */
    basis: z.string(),
    message: z.string().nullable(),
  }),
);
export type TLanePrices = z.infer<typeof ZLanePrices>;

// ───────────────────────── a stored request's and a bid's standard fare ─────────────────────────

/**
 * A stored delivery's standard fare in full (the request detail): the quote's answer for the
 * request as it is stored, computed on read (decision 100).
 */
export const ZRequestStandardFare = ZStandardFareQuote;
export type TRequestStandardFare = TStandardFareQuote;

/** A request's standard fare in brief (market rows): 税抜 and 税込, whether the distance is 推定, or why there is none. */
export const ZStandardFareFigure = z.lazy(() =>
  z.discriminatedUnion('covered', [
    z.object({
      covered: z.literal(true),
      subtotal: z.number().int(),
      total: z.number().int(),
      estimated: z.boolean(),
    }),
    z.object({ covered: z.literal(false), message: z.string() }),
  ]),
);
export type TStandardFareFigure = z.infer<typeof ZStandardFareFigure>;

/**
 * A bid against the standard fare (decision 100): the bid's 税抜 (its fare, 附帯業務 and fuel
 * surcharge, as the 運送条件書 adds them) as a whole percentage of the standard fare's 税抜.
 */
export const ZBidFareShare = z.lazy(() =>
  z.object({
    /** Null: the job has no standard fare. */
    percent: z.number().int().nullable(),
    bidSubtotal: z.number().int(),
    standardSubtotal: z.number().int().nullable(),
    /** The road km the carrier stated with its bid (its breakdown uses it); null: the request's. */
    distanceKm: z.number().nullable(),
  }),
);
export type TBidFareShare = z.infer<typeof ZBidFareShare>;

/** GET /candidates/{id}/standard-fare: a bid's share and the breakdown it was measured against. */
export const ZBidStandardFare = z.lazy(() => z.object({ share: ZBidFareShare, breakdown: ZStandardFareQuote }));
export type TBidStandardFare = z.infer<typeof ZBidStandardFare>;

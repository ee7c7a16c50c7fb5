/**
 * The business constants of the request forms and lists, and the field builders the request
 * bodies share (yen, charges, counts, quantities, images, an address).
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../../messages';
import { MAX, optionalText, postalCode, text, uuid } from '../common';
import { UPLOAD_MAX_FILES } from '../files';

/** Business constants of the request lists and forms (ours: the spec leaves them open). */
export const REQUEST_ITEM_RULES = {
  /** "New arrival" (新着): posted within this many days. */
  newArrivalDays: 3,
  /** "Near pickup date" (集荷日が近い): the first pickup starts within this many days from now. */
  nearDateDays: 3,
  /** Stops of one delivery, pickups + transits + deliveries. */
  maxTransports: 10,
  /** Images of one request item (the upload limit of spec §9). */
  maxImages: UPLOAD_MAX_FILES,
  /** Values of one list filter. */
  maxFilterValues: 50,
  maxKeywordLength: 50,
  /** Items on the home page's top requests. */
  topRequestsLimit: 10,
  maxPrice: 100_000_000,
  maxWeightKg: 1_000_000,
  maxAmount: 1_000_000,
  maxAcreageTsubo: 1_000_000,
} as const;
const R = REQUEST_ITEM_RULES;

export const requiredOrType = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidType;

/** An instant with its offset (DESIGN §4), e.g. 2026-12-01T09:00:00+09:00. */
export const instant = () =>
  z.iso.datetime({ offset: true, error: (iss) => (iss.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.datetime) });

export const yen = () =>
  z
    .number({ error: requiredOrType })
    .int(FIELD_MESSAGES.integer)
    .min(1, FIELD_MESSAGES.tooSmall(1))
    .max(R.maxPrice, FIELD_MESSAGES.tooBig(R.maxPrice));

/** A charge in integer yen that may be absent (0 allowed: stated as free). */
const charge = () =>
  z
    .number({ error: requiredOrType })
    .int(FIELD_MESSAGES.integer)
    .min(0, FIELD_MESSAGES.tooSmall(0))
    .max(R.maxPrice, FIELD_MESSAGES.tooBig(R.maxPrice));
export const optionalCharge = () => z.preprocess((v) => (v === null || v === '' ? undefined : v), charge().optional());

export const count = (max: number) =>
  z
    .number({ error: requiredOrType })
    .int(FIELD_MESSAGES.integer)
    .min(1, FIELD_MESSAGES.tooSmall(1))
    .max(max, FIELD_MESSAGES.tooBig(max));

/** A positive quantity with at most two decimals (kg, tsubo). */
export const quantity = (max: number) =>
  z
    .number({ error: requiredOrType })
    .positive(FIELD_MESSAGES.positive)
    .max(max, FIELD_MESSAGES.tooBig(max))
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, FIELD_MESSAGES.decimalPlaces);

export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.optional());

export const distinct = <T>(values: T[]) => new Set(values).size === values.length;

export const fileIds = () =>
  z
    .array(uuid(), { error: requiredOrType })
    .max(R.maxImages, FIELD_MESSAGES.tooMany(R.maxImages))
    .refine(distinct, FIELD_MESSAGES.duplicate)
    .optional();

/** Address parts of a stop or a warehouse; postal code optional (spec §3 Transport stop has none). */
export const addressFields = () => ({
  postalCode: optional(postalCode()),
  prefecture: text(10),
  city: text(MAX.name),
  town: text(MAX.short),
  block: text(MAX.short),
  building: optionalText(MAX.short),
});

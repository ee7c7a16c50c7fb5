/** The bodies that post a request: a delivery with its stops, a warehouse. */
import { z } from 'zod';
import { Elevator, IncidentalWork, TemperatureRange, TollsPaidBy, TransportType, VehicleType } from '../../enums/index';
import { FIELD_MESSAGES } from '../../messages';
import { MAX, celsius, option, optionalText, phone, text } from '../common';
import { optionalDistanceKm } from '../standard-fares';
import { temperatureRangeRule } from '../temperature-range';
import {
  REQUEST_ITEM_RULES as R,
  addressFields,
  count,
  distinct,
  fileIds,
  instant,
  optional,
  optionalCharge,
  quantity,
  requiredOrType,
  yen,
} from './fields';

export const ZTransportStopInput = z.lazy(() =>
  z
    .object({
      transportType: option(TransportType.values),
      ...addressFields(),
      name: optionalText(MAX.name),
      phone: optional(phone()),
      timeFrom: instant(),
      timeTo: instant(),
      elevator: option(Elevator.values),
    })
    .superRefine((v, ctx) => {
      if (Date.parse(v.timeFrom) > Date.parse(v.timeTo)) {
        ctx.addIssue({ code: 'custom', path: ['timeTo'], message: FIELD_MESSAGES.timeOrder });
      }
    }),
);
export type TTransportStopInput = z.infer<typeof ZTransportStopInput>;

/**
 * Open selection (decision 065): when the customer will have chosen by. Optional; in the future,
 * and for a delivery before its first pickup starts.
 */
const selectionDeadline = () => optional(instant());

/** What is wrong with a selection deadline, or null: shared by the API body and the create forms. */
export function selectionDeadlineError(deadline: string, pickupStarts: readonly string[], now = Date.now()): string | null {
  const at = Date.parse(deadline);
  if (at <= now) return FIELD_MESSAGES.selectionDeadlinePast;
  if (pickupStarts.some((start) => at > Date.parse(start))) return FIELD_MESSAGES.selectionDeadlineAfterPickup;
  return null;
}

function deadlineRule(v: { selectionDeadline?: string; transports?: { timeFrom: string }[] }, ctx: z.RefinementCtx) {
  const message =
    v.selectionDeadline &&
    selectionDeadlineError(
      v.selectionDeadline,
      (v.transports ?? []).map((s) => s.timeFrom),
    );
  if (message) ctx.addIssue({ code: 'custom', path: ['selectionDeadline'], message });
}

export const ZCreateDeliveryBody = z.lazy(() =>
  z
    .object({
      vehicleType: option(VehicleType.values),
      vehicleTemperatureRange: option(TemperatureRange.values),
      /** The shipper's own range in ℃ within a 冷蔵・冷凍 zone (decision 085); absent: the zone's limit. */
      temperatureMin: optional(celsius()),
      temperatureMax: optional(celsius()),
      baggageName: text(MAX.short),
      /** kg. */
      totalWeight: quantity(R.maxWeightKg),
      /** In order: pickups, transits and deliveries as the route runs. */
      transports: z
        .array(ZTransportStopInput, { error: requiredOrType })
        .min(2, FIELD_MESSAGES.pickupRequired)
        .max(R.maxTransports, FIELD_MESSAGES.tooMany(R.maxTransports))
        .superRefine((stops, ctx) => {
          if (!stops.some((s) => s.transportType === 'PICKUP'))
            ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.pickupRequired });
          if (!stops.some((s) => s.transportType === 'DELIVERY')) {
            ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.deliveryRequired });
          }
        }),
      /** Given → a fixed-price request; absent → applicants bid (estimation). */
      price: optional(yen()),
      /** The real road distance of the route, km (tenths), when the shipper knows it; absent: the standard fare estimates it. */
      distanceKm: optionalDistanceKm(),
      message: optionalText(MAX.note),
      luggageImageIds: fileIds(),
      material: optionalText(MAX.short),
      /** kg per piece. */
      weight: optional(quantity(R.maxWeightKg)),
      /** Number of pieces. */
      totalAmount: optional(count(R.maxAmount)),
      size: optionalText(MAX.short),
      // Written transport conditions (運送条件書, decision 067).
      incidentalWork: z
        .array(option(IncidentalWork.values), { error: requiredOrType })
        .refine(distinct, FIELD_MESSAGES.duplicate)
        .optional(),
      /** 附帯業務の料金; absent: included in the fare. */
      incidentalCharge: optionalCharge(),
      /** 待機料金 per 30 minutes beyond the free time; absent: none agreed. */
      waitingChargePer30Min: optionalCharge(),
      tollsPaidBy: option(TollsPaidBy.values).optional(),
      fuelSurcharge: optionalCharge(),
      paymentTerms: optionalText(MAX.short),
      selectionDeadline: selectionDeadline(),
      /** 「認証済みの運送会社のみ」 (decision 104); absent: any carrier. */
      verifiedCarriersOnly: z.boolean({ error: FIELD_MESSAGES.invalidType }).optional(),
    })
    .superRefine(deadlineRule)
    .superRefine(temperatureRangeRule),
);
export type TCreateDeliveryBody = z.infer<typeof ZCreateDeliveryBody>;

export const ZCreateWarehouseBody = z.lazy(() =>
  z
    .object({
      ...addressFields(),
      /** Per-unit price in yen. */
      price: yen(),
      roomTemperatureRange: option(TemperatureRange.values),
      /** tsubo. */
      acreage: quantity(R.maxAcreageTsubo),
      requestAmount: count(R.maxAmount),
      vehicleTypes: z
        .array(option(VehicleType.values), { error: requiredOrType })
        .max(VehicleType.values.length)
        .refine(distinct, FIELD_MESSAGES.duplicate)
        .optional(),
      imageIds: fileIds(),
      message: optionalText(MAX.note),
      selectionDeadline: selectionDeadline(),
      /** 「認証済みの運送会社のみ」 (decision 104); absent: any carrier. */
      verifiedCarriersOnly: z.boolean({ error: FIELD_MESSAGES.invalidType }).optional(),
    })
    .superRefine(deadlineRule),
);
export type TCreateWarehouseBody = z.infer<typeof ZCreateWarehouseBody>;

/** The CSV import (issue 49, decision 106): at most this many requests in one file. */
export const DELIVERY_IMPORT_MAX_ROWS = 500;

/** Many deliveries posted at once (the CSV import): all of them, or none. */
export const ZImportDeliveriesBody = z.lazy(() =>
  z.object({
    deliveries: z
      .array(ZCreateDeliveryBody, { error: requiredOrType })
      .min(1, FIELD_MESSAGES.required)
      .max(DELIVERY_IMPORT_MAX_ROWS, FIELD_MESSAGES.tooMany(DELIVERY_IMPORT_MAX_ROWS)),
  }),
);
export type TImportDeliveriesBody = z.infer<typeof ZImportDeliveriesBody>;

export const ZImportDeliveriesResponse = z.lazy(() => z.object({ message: z.string(), ids: z.array(z.string()) }));
export type TImportDeliveriesResponse = z.infer<typeof ZImportDeliveriesResponse>;

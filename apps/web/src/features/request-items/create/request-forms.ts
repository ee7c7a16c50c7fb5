/**
 * The values the two create forms hold, and how they become the contract's bodies.
 *
 * The forms validate with the contract's own field schemas (ZCreateDeliveryBody,
 * ZCreateWarehouseBody): only what a person edits differently from what the API takes is
 * re-shaped here — a stop's day and time window (the API takes two instants), the price type
 * choice of a delivery (the API reads "price given" as fixed), numbers typed into text boxes.
 * The result is then checked by the contract body schema itself, so what is posted is exactly
 * what the contract accepts.
 */
import {
  FIELD_MESSAGES,
  ZCreateDeliveryBody,
  ZCreateWarehouseBody,
  ZTransportStopInput,
  customTemperatureRangeError,
  patterns,
  selectionDeadlineError,
  type TTransportType,
} from '@logi/contract';
import { z } from 'zod';
import { DEFAULT_TIME_RANGE } from '../../../components/form';

/**
 * The instant of a day (yyyy-MM-dd) at a time (HH:MM) on Japan's clock, whatever the device's
 * zone: the form is read back in Japan time (lib/format.ts), so what was typed is what is shown.
 */
export function stopInstant(date: string, time: string): string {
  return `${date}T${time}:00+09:00`;
}

const day = () =>
  z
    .string({ error: FIELD_MESSAGES.required })
    .min(1, FIELD_MESSAGES.required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_MESSAGES.invalidType);
const timeRange = () => z.string({ error: FIELD_MESSAGES.required }).regex(patterns.TIME_RANGE, FIELD_MESSAGES.invalidType);

/**
 * One stop as the form holds it: the address and contact of the contract, a day and a time window.
 * Built on its first use, as the contract's schemas are (decision 077).
 */
export const ZStopForm = z.lazy(() => {
  const stop = ZTransportStopInput.unwrap().shape;
  return z
    .object({
      transportType: stop.transportType,
      postalCode: stop.postalCode,
      prefecture: stop.prefecture,
      city: stop.city,
      town: stop.town,
      block: stop.block,
      building: stop.building,
      name: stop.name,
      phone: stop.phone,
      elevator: stop.elevator,
      date: day(),
      timeRange: timeRange(),
    })
    .transform(({ date, timeRange: range, ...rest }) => {
      const [from = '', to = ''] = range.split('-');
      return { ...rest, timeFrom: stopInstant(date, from), timeTo: stopInstant(date, to) };
    });
});
export type TStopForm = z.input<typeof ZStopForm>;

/**
 * The selection deadline as the forms hold it (decision 065): an optional day and a time. Both
 * forms add these fields and turn them into the contract's instant; its rule (in the future,
 * before the first pickup) is said under the day.
 */
const selectionFields = () => ({
  selectionDate: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, FIELD_MESSAGES.invalidType),
  selectionTime: z.string().regex(/^(\d{2}:\d{2})?$/, FIELD_MESSAGES.invalidType),
});
const DEFAULT_SELECTION_TIME = '18:00';

function selectionDeadlineOf(v: { selectionDate: string; selectionTime: string }): string | undefined {
  return v.selectionDate ? stopInstant(v.selectionDate, v.selectionTime || DEFAULT_SELECTION_TIME) : undefined;
}

function checkSelectionDeadline(
  body: { selectionDeadline?: unknown; transports?: { timeFrom: string }[] },
  ctx: z.RefinementCtx,
) {
  const deadline = body.selectionDeadline;
  const message =
    typeof deadline === 'string' &&
    selectionDeadlineError(
      deadline,
      (body.transports ?? []).map((s) => s.timeFrom),
    );
  if (message) ctx.addIssue({ code: 'custom', path: ['selectionDate'], message });
}

/** How a delivery is priced: the applicants bid, or the customer names the price. */
export const DELIVERY_PRICE_TYPES = ['FIXED', 'ESTIMATION'] as const;

export const ZDeliveryForm = z.lazy(() => {
  const delivery = ZCreateDeliveryBody.unwrap().shape;
  return (
    z
      .object({
        vehicleType: delivery.vehicleType,
        vehicleTemperatureRange: delivery.vehicleTemperatureRange,
        temperatureMin: delivery.temperatureMin,
        temperatureMax: delivery.temperatureMax,
        baggageName: delivery.baggageName,
        material: delivery.material,
        totalWeight: delivery.totalWeight,
        distanceKm: delivery.distanceKm,
        weight: delivery.weight,
        totalAmount: delivery.totalAmount,
        size: delivery.size,
        transports: z.array(ZStopForm).superRefine((stops, ctx) => {
          // The contract's own rule, said where the person can act on it (under the route section).
          if (!stops.some((s) => s.transportType === 'PICKUP'))
            ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.pickupRequired });
          if (!stops.some((s) => s.transportType === 'DELIVERY')) {
            ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.deliveryRequired });
          }
        }),
        priceType: z.enum(DELIVERY_PRICE_TYPES),
        price: delivery.price,
        luggageImageIds: delivery.luggageImageIds,
        message: delivery.message,
        incidentalWork: delivery.incidentalWork,
        incidentalCharge: delivery.incidentalCharge,
        waitingChargePer30Min: delivery.waitingChargePer30Min,
        tollsPaidBy: delivery.tollsPaidBy,
        fuelSurcharge: delivery.fuelSurcharge,
        paymentTerms: delivery.paymentTerms,
        verifiedCarriersOnly: delivery.verifiedCarriersOnly,
        ...selectionFields(),
      })
      // The shipper's own range (decision 085), said with the other errors, under the field to change.
      .superRefine(
        (v, ctx) => {
          const zone = v?.vehicleTemperatureRange;
          if (zone !== 'REFRIGERATED' && zone !== 'FROZEN') return;
          const celsius = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
          const error = customTemperatureRangeError(zone, celsius(v.temperatureMin), celsius(v.temperatureMax));
          if (error) ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
        },
        { when: () => true },
      )
      // Said with the other errors, not only once every other field is right.
      .refine((v) => !(v?.priceType === 'FIXED' && v.price === undefined), {
        path: ['price'],
        message: FIELD_MESSAGES.required,
        when: () => true,
      })
      .transform(({ priceType, price, selectionDate, selectionTime, ...rest }): z.input<typeof ZCreateDeliveryBody> => ({
        ...rest,
        // The range fields show for 冷蔵・冷凍 only: what was typed before choosing 常温 is not sent.
        ...(rest.vehicleTemperatureRange === 'ROOM' && { temperatureMin: undefined, temperatureMax: undefined }),
        price: priceType === 'FIXED' ? price : undefined,
        selectionDeadline: selectionDeadlineOf({ selectionDate, selectionTime }),
      }))
      .superRefine(checkSelectionDeadline)
      .pipe(ZCreateDeliveryBody)
  );
});
export type TDeliveryForm = z.input<typeof ZDeliveryForm>;

export const ZWarehouseForm = z.lazy(() => {
  const { selectionDeadline: _deadline, ...warehouseFields } = ZCreateWarehouseBody.unwrap().shape;
  return z
    .object({ ...warehouseFields, ...selectionFields() })
    .transform(({ selectionDate, selectionTime, ...rest }): z.input<typeof ZCreateWarehouseBody> => ({
      ...rest,
      selectionDeadline: selectionDeadlineOf({ selectionDate, selectionTime }),
    }))
    .superRefine(checkSelectionDeadline)
    .pipe(ZCreateWarehouseBody);
});
export type TWarehouseForm = z.input<typeof ZWarehouseForm>;

export function emptyStop(transportType: TTransportType): TStopForm {
  return {
    transportType,
    postalCode: '',
    prefecture: '',
    city: '',
    town: '',
    block: '',
    building: '',
    name: '',
    phone: '',
    elevator: 'NOT_NEEDED',
    date: '',
    timeRange: `${DEFAULT_TIME_RANGE.start}-${DEFAULT_TIME_RANGE.end}`,
  };
}

export const EMPTY_DELIVERY: TDeliveryForm = {
  vehicleType: undefined as never,
  vehicleTemperatureRange: 'ROOM',
  temperatureMin: undefined,
  temperatureMax: undefined,
  baggageName: '',
  material: '',
  totalWeight: undefined as never,
  distanceKm: undefined,
  weight: undefined,
  totalAmount: undefined,
  size: '',
  transports: [emptyStop('PICKUP'), emptyStop('DELIVERY')],
  priceType: 'ESTIMATION',
  price: undefined,
  luggageImageIds: [],
  message: '',
  incidentalWork: [],
  incidentalCharge: undefined,
  waitingChargePer30Min: undefined,
  tollsPaidBy: 'SHIPPER',
  fuelSurcharge: undefined,
  paymentTerms: '',
  selectionDate: '',
  selectionTime: DEFAULT_SELECTION_TIME,
};

export const EMPTY_WAREHOUSE: TWarehouseForm = {
  postalCode: '',
  prefecture: '',
  city: '',
  town: '',
  block: '',
  building: '',
  price: undefined as never,
  roomTemperatureRange: 'ROOM',
  acreage: undefined as never,
  requestAmount: undefined as never,
  vehicleTypes: [],
  imageIds: [],
  message: '',
  selectionDate: '',
  selectionTime: DEFAULT_SELECTION_TIME,
};

/**
 * The label of each stop in route order: 集荷先, 経由1, 経由2 …, 配達先 (spec §3: transits are
 * numbered in the order they are passed).
 */
export function stopLabels(
  types: readonly TTransportType[],
  words: { PICKUP: string; DELIVERY: string; transit: (n: number) => string },
): string[] {
  let transit = 0;
  const count = (t: TTransportType) => types.filter((x) => x === t).length;
  const seen: Record<string, number> = {};
  return types.map((t) => {
    if (t === 'TRANSIT') return words.transit(++transit);
    seen[t] = (seen[t] ?? 0) + 1;
    return count(t) > 1 ? `${words[t]}${seen[t]}` : words[t];
  });
}

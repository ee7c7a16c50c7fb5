/**
 * What the request lists are asked for: the market (public, private, top), the caller's own
 * lists, the admin's, and a request's id in a path.
 *
 * List filters given as lists (vehicleType, transportType, the three locations,
 * statuses …) accept both repeated parameters (`?vehicleType=A&vehicleType=B`) and
 * one comma-separated value (`?vehicleType=A,B`); the web client sends the comma form.
 * See docs/decisions/008-request-item-lists.md.
 */
import { z } from 'zod';
import {
  DeliveryStatus,
  PriceType,
  RequestStatus,
  RequestType,
  TransportType,
  VehicleType,
  WarehouseStatus,
} from '../../enums/index';
import { FIELD_MESSAGES } from '../../messages';
import { MAX, ZPaginationQuery, option, optionalText, text, uuid } from '../common';
import { REQUEST_ITEM_RULES as R } from './fields';

/** Repeated parameters or one comma-separated value → a de-duplicated list. */
const list = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const raw = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
      const values = raw.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
      return values.length ? [...new Set(values)] : undefined;
    },
    z.array(item).max(R.maxFilterValues, FIELD_MESSAGES.tooMany(R.maxFilterValues)).optional(),
  );

/** 'true' / '1' → true, 'false' / '0' → false; a quick filter off is the same as absent. */
const flag = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v),
    z.boolean({ error: FIELD_MESSAGES.invalidType }).optional(),
  );

/** A calendar date YYYY-MM-DD, read in Japan time. */
const date = () => z.preprocess((v) => (v === '' ? undefined : v), z.iso.date({ error: FIELD_MESSAGES.date }).optional());

const locationName = () => text(MAX.short);

const dateOrder = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.startDate > v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: FIELD_MESSAGES.dateOrder });
  }
};

const marketFilters = () => ({
  /** Items having a stop of each given kind (TRANSIT: routes with a via stop). */
  transportType: list(option(TransportType.values)),
  /** Any of: a delivery's vehicle, or one a warehouse accepts. */
  vehicleType: list(option(VehicleType.values)),
  isNewArrival: flag(),
  isNearDate: flag(),
  /** true → warehouse requests only. */
  isWarehouse: flag(),
  /** true → requests whose measured sites wait under an hour on average (decision 105). */
  shortWait: flag(),
});

/**
 * GET /request-items/list/public and /list/private. Only open requests (waiting for
 * approval) are listed, so there is no status filter; locations are prefectures
 * (東京都) or a prefecture with its city (東京都千代田区), any of the list.
 */
export const ZRequestListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap()
    .extend({
      ...marketFilters(),
      /** Destination (delivery stop) locations. */
      sendLocation: list(locationName()),
      pickupLocation: list(locationName()),
      warehouseLocation: list(locationName()),
      requestType: option(RequestType.values).optional(),
      keyword: optionalText(R.maxKeywordLength),
      priceType: list(option(PriceType.values)),
      /** Posted on or after / on or before these dates (Japan time). */
      startDate: date(),
      endDate: date(),
    })
    .superRefine(dateOrder),
);
export type TRequestListQuery = z.infer<typeof ZRequestListQuery>;

export const ZTopRequestsQuery = z.lazy(() =>
  z.object({
    ...marketFilters(),
    limit: z.coerce
      .number({ error: FIELD_MESSAGES.integer })
      .int(FIELD_MESSAGES.integer)
      .min(1, FIELD_MESSAGES.tooSmall(1))
      .max(50, FIELD_MESSAGES.tooBig(50))
      .default(R.topRequestsLimit),
  }),
);
export type TTopRequestsQuery = z.infer<typeof ZTopRequestsQuery>;

/** GET /request-items/my-items: the caller's own requests. */
export const ZMyItemsQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    requestType: option(RequestType.values).optional(),
    statuses: list(option(RequestStatus.values)),
  }),
);
export type TMyItemsQuery = z.infer<typeof ZMyItemsQuery>;

/** GET /request-items/applied-items: requests the caller applied to. */
export const ZAppliedItemsQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    requestType: option(RequestType.values).optional(),
    /** Statuses a delivery must have (warehouses are not narrowed by it). */
    deliveryStatus: list(option(DeliveryStatus.values)),
    /** Statuses a warehouse must have (deliveries are not narrowed by it). */
    warehouseStatus: list(option(WarehouseStatus.values)),
  }),
);
export type TAppliedItemsQuery = z.infer<typeof ZAppliedItemsQuery>;

/** GET /request-items/delivery (admin). */
export const ZAdminDeliveryListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap()
    .extend({
      keyword: optionalText(R.maxKeywordLength),
      status: list(option(DeliveryStatus.values)),
      priceType: list(option(PriceType.values)),
      startDate: date(),
      endDate: date(),
    })
    .superRefine(dateOrder),
);
export type TAdminDeliveryListQuery = z.infer<typeof ZAdminDeliveryListQuery>;

/** GET /request-items/warehouse (admin). */
export const ZAdminWarehouseListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    keyword: optionalText(R.maxKeywordLength),
    status: list(option(WarehouseStatus.values)),
  }),
);
export type TAdminWarehouseListQuery = z.infer<typeof ZAdminWarehouseListQuery>;

export const ZRequestItemIdParams = z.lazy(() => z.object({ requestItemId: uuid() }));
export type TRequestItemIdParams = z.infer<typeof ZRequestItemIdParams>;

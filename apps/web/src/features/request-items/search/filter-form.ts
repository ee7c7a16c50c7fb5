/**
 * The filter page's form values and their conversion from and to the search filters.
 * Locations are edited as rows of prefecture + optional city and sent as 東京都 or
 * 東京都千代田区 (decision 008).
 */
import {
  FIELD_MESSAGES,
  PriceType,
  REQUEST_ITEM_RULES,
  RequestType,
  SearchQuickFilter,
  TransportType,
  VehicleType,
} from '@logi/contract';
import { PREFECTURES } from '../../../texts/request-items';
import { z } from 'zod';
import type { SearchFilters } from './search-params';

const LOCATION_MAX = 100;

const ZLocationRow = z
  .object({
    prefecture: z.string(),
    city: z
      .string()
      .trim()
      .max(LOCATION_MAX - 4, FIELD_MESSAGES.tooLong(LOCATION_MAX - 4)),
  })
  .superRefine((row, ctx) => {
    if (row.city && !row.prefecture) ctx.addIssue({ code: 'custom', path: ['prefecture'], message: FIELD_MESSAGES.required });
  });

const values = <T extends readonly [string, ...string[]]>(list: T) => z.array(z.enum(list));

export const ZFilterForm = z
  .object({
    keyword: z
      .string()
      .trim()
      .max(REQUEST_ITEM_RULES.maxKeywordLength, FIELD_MESSAGES.tooLong(REQUEST_ITEM_RULES.maxKeywordLength)),
    requestType: z.enum(['ALL', ...RequestType.values]),
    quick: values(SearchQuickFilter.values),
    vehicleType: values(VehicleType.values),
    transportType: values(TransportType.values),
    priceType: values(PriceType.values),
    startDate: z.string(),
    endDate: z.string(),
    pickupLocation: z.array(ZLocationRow),
    sendLocation: z.array(ZLocationRow),
    warehouseLocation: z.array(ZLocationRow),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: FIELD_MESSAGES.dateOrder });
    }
  });
export type FilterFormValues = z.input<typeof ZFilterForm>;
export type LocationRow = z.infer<typeof ZLocationRow>;
export type LocationField = 'pickupLocation' | 'sendLocation' | 'warehouseLocation';

/** 東京都千代田区 → { prefecture: 東京都, city: 千代田区 }; an unknown prefix stays as the city. */
export function splitLocation(location: string): LocationRow {
  const prefecture = PREFECTURES.find((p) => location.startsWith(p));
  return prefecture ? { prefecture, city: location.slice(prefecture.length) } : { prefecture: '', city: location };
}

const joinLocations = (rows: readonly LocationRow[]) => {
  const joined = rows.filter((r) => r.prefecture).map((r) => `${r.prefecture}${r.city.trim()}`);
  return joined.length ? [...new Set(joined)] : undefined;
};

const nonEmpty = <T>(list: readonly T[]) => (list.length ? [...list] : undefined);

export function formFromFilters(f: SearchFilters): FilterFormValues {
  const quick = [
    f.isNearDate && 'NEAR_DATE',
    f.isNewArrival && 'NEW_ARRIVAL',
    f.isWarehouse && 'WAREHOUSE',
    f.shortWait && 'SHORT_WAIT',
  ].filter((q): q is 'NEAR_DATE' | 'NEW_ARRIVAL' | 'WAREHOUSE' | 'SHORT_WAIT' => Boolean(q));
  return {
    keyword: f.keyword ?? '',
    requestType: f.requestType ?? 'ALL',
    quick,
    vehicleType: f.vehicleType ?? [],
    transportType: f.transportType ?? [],
    priceType: f.priceType ?? [],
    startDate: f.startDate ?? '',
    endDate: f.endDate ?? '',
    pickupLocation: (f.pickupLocation ?? []).map(splitLocation),
    sendLocation: (f.sendLocation ?? []).map(splitLocation),
    warehouseLocation: (f.warehouseLocation ?? []).map(splitLocation),
  };
}

/** The filters that apply to the chosen request type: 配送 has no warehouse, 倉庫 no route. */
export function appliesTo(requestType: z.input<typeof ZFilterForm>['requestType']) {
  return { delivery: requestType !== 'WAREHOUSE', warehouse: requestType !== 'DELIVERY' };
}

export function filtersFromForm(v: z.output<typeof ZFilterForm>): SearchFilters {
  // What the chosen type hides is not applied either.
  const only = appliesTo(v.requestType);
  return {
    keyword: v.keyword || undefined,
    requestType: v.requestType === 'ALL' ? undefined : v.requestType,
    isNearDate: v.quick.includes('NEAR_DATE') || undefined,
    isNewArrival: v.quick.includes('NEW_ARRIVAL') || undefined,
    isWarehouse: (only.warehouse && v.quick.includes('WAREHOUSE')) || undefined,
    shortWait: (only.delivery && v.quick.includes('SHORT_WAIT')) || undefined,
    vehicleType: nonEmpty(v.vehicleType),
    transportType: only.delivery ? nonEmpty(v.transportType) : undefined,
    priceType: nonEmpty(v.priceType),
    startDate: v.startDate || undefined,
    endDate: v.endDate || undefined,
    pickupLocation: only.delivery ? joinLocations(v.pickupLocation) : undefined,
    sendLocation: only.delivery ? joinLocations(v.sendLocation) : undefined,
    warehouseLocation: only.warehouse ? joinLocations(v.warehouseLocation) : undefined,
  };
}

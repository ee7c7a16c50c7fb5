/**
 * The search as URL search params and back (a search is shareable and survives a reload).
 * Lists are written in the comma form the API also accepts (decision 008); false flags, page 1
 * and the default limit are left out, so the URL holds exactly what the user chose.
 * Reading is forgiving: a parameter that does not validate is dropped, not an error page.
 */
import { type TRequestListQuery, ZRequestListQuery } from '@logi/contract';

/** The filters of the market list (everything but paging). */
export type SearchFilters = Omit<TRequestListQuery, 'page' | 'limit'>;

export const LIST_FLAGS = ['isNewArrival', 'isNearDate', 'isWarehouse', 'shortWait'] as const;
export const LIST_FIELDS = [
  'transportType',
  'vehicleType',
  'pickupLocation',
  'sendLocation',
  'warehouseLocation',
  'priceType',
] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export type FlagField = (typeof LIST_FLAGS)[number];

/** URL order: what a reader recognises first. */
const ORDER = ['keyword', 'requestType', ...LIST_FLAGS, ...LIST_FIELDS, 'startDate', 'endDate'] as const;

const DEFAULT_LIMIT = 10;

/** URL → the list query (page 1, limit 10 by default; invalid parameters dropped). */
export function queryFromSearchParams(params: URLSearchParams): TRequestListQuery {
  const raw: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length) raw[key] = values.join(',');
  }
  for (;;) {
    const parsed = ZRequestListQuery.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    // An issue without a field of its own (should not happen): start over without filters.
    if (Object.keys(raw).length === before) return ZRequestListQuery.parse({});
  }
}

/** The list query (or just filters) → URL params, in a stable order. */
export function searchParamsFromQuery(query: Partial<TRequestListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = query[key];
    if (value === undefined || value === null || value === false || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.limit && query.limit !== DEFAULT_LIMIT) params.set('limit', String(query.limit));
  return params;
}

/** The filters of a query, paging removed. */
export function filtersOf({ page: _page, limit: _limit, ...filters }: TRequestListQuery): SearchFilters {
  return filters;
}

/** The results URL for these filters (page 1). */
export function resultsPath(filters: Partial<SearchFilters>): string {
  const search = searchParamsFromQuery(filters).toString();
  return `/shipping-requests/results${search ? `?${search}` : ''}`;
}

/** One removable filter value: `field` and, for lists, the one `value` it removes. */
export interface ActiveFilter {
  field: keyof SearchFilters;
  value?: string;
}

/** Every filter value that narrows the search, one entry per list value. */
export function activeFilters(filters: SearchFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const field of ORDER) {
    const value = filters[field];
    if (value === undefined || value === false || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => active.push({ field, value: v }));
    else active.push({ field });
  }
  return active;
}

/** The filters without one active filter (a chip's × button); back to page 1 by construction. */
export function withoutFilter(filters: SearchFilters, { field, value }: ActiveFilter): SearchFilters {
  const next: Record<string, unknown> = { ...filters };
  const current = next[field];
  if (Array.isArray(current) && value !== undefined) {
    const rest = current.filter((v) => v !== value);
    next[field] = rest.length ? rest : undefined;
  } else next[field] = undefined;
  return next as SearchFilters;
}

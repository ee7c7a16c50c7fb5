/** Plain formatting of request-item values (addresses, quantities, stop times, the route's ends). */
import {
  FORM_TEXT,
  REQUEST_ITEM_TEXT as T,
  groupDigits,
  type TAddress,
  type TRequestItem,
  type TTransportStop,
} from '@logi/contract';
import { formatDate, formatDateTime, formatMonthDayWeekday, formatTime } from '../../lib/format';

/** Up to two decimals: 1234.5 → 1,234.5. */
const quantity = (value: number) => groupDigits(value, 2);

/** 1234.5 → 1,234.5kg (spec §9: weight in kg). */
export const formatKg = (value: number) => T.kg(quantity(value));
/** 12.5 → 12.5坪 (spec §9: area in tsubo). */
export const formatTsubo = (value: number) => T.tsubo(quantity(value));
/** 20 → 20個 */
export const formatPieces = (value: number) => T.pieces(quantity(value));

/** The area a driver needs to bid: 東京都千代田区千代田. */
export const formatArea = (a: Pick<TAddress, 'prefecture' | 'city' | 'town'>) => `${a.prefecture}${a.city}${a.town}`;

/** The full address as the server sends it (masked parts included): 東京都千代田区千代田1-1 ビル12階. */
export function formatAddress(a: TAddress): string {
  return [`${formatArea(a)}${a.block}`, a.building].filter(Boolean).join(' ');
}

/** 〒100-0001 (the server keeps either 1000001 or 100-0001). */
export function formatPostalCode(code: string | null): string | null {
  if (!code) return null;
  const digits = code.replace(/\D/g, '');
  return `${T.postalMark}${digits.length === 7 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : code}`;
}

/**
 * A stop's time window: 2026年12月01日 09:00〜12:00 on one day, both dates in full when it
 * spans days, one instant when from = to.
 */
export function formatTimeRange(from: string, to: string): string {
  const start = formatDateTime(from);
  if (from === to) return start;
  const sameDay = formatDate(from) === formatDate(to);
  return `${start}${FORM_TEXT.timeRangeSeparator}${sameDay ? formatTime(to) : formatDateTime(to)}`;
}

/** The short form a list row shows: 12/01(火) 09:00〜12:00. */
export function formatShortTimeRange(from: string, to: string): string {
  const start = `${formatMonthDayWeekday(from)} ${formatTime(from)}`;
  if (from === to) return start;
  const sameDay = formatDate(from) === formatDate(to);
  const end = sameDay ? formatTime(to) : `${formatMonthDayWeekday(to)} ${formatTime(to)}`;
  return `${start}${FORM_TEXT.timeRangeSeparator}${end}`;
}

/** The first pickup and the last delivery stop of a route (in the server's route order). */
export function routeEnds(stops: readonly TTransportStop[]): { from?: TTransportStop; to?: TTransportStop } {
  const sorted = [...stops].sort((a, b) => a.position - b.position);
  return {
    from: sorted.find((s) => s.transportType === 'PICKUP'),
    to: sorted.findLast((s) => s.transportType === 'DELIVERY'),
  };
}

/** What a list row is titled with: 東京都千代田区 → 神奈川県横浜市西区, or the warehouse's area. */
export function requestTitle(item: Pick<TRequestItem, 'deliveryItem' | 'warehouseItem'>): string {
  if (item.warehouseItem) return formatArea(item.warehouseItem.location);
  const { from, to } = routeEnds(item.deliveryItem?.transports ?? []);
  const where = (s?: TTransportStop) => (s ? `${s.location.prefecture}${s.location.city}` : T.none);
  return T.rowTitle(where(from), where(to));
}

/**
 * The read-only display of a request item, shared by the features that show one (request-items,
 * candidates, talkrooms, stop-times, request-lifecycle) and the back office; its queries are in
 * lib/request-item-queries.ts:
 * - StatusBadge / statusLabel: delivery or warehouse status with the contract's labels; RequestTypeBadge.
 * - TransportStops: the stops in route order (集荷, 経由1, 経由2 …, 配達) with time ranges and addresses.
 * - PriceDisplay / priceText: FIXED 1,234円, PER_UNIT 単価 1,234円, ESTIMATION 見積もり受付中, or
 *   合意金額 1,234円 once the caller's bid was approved (agreedPrice).
 * - RequestRow: the compact list card (data-testid="request-row"), one link to the screen's detail.
 * - RequestDetailBody (and RequestSummary): every field of an item, contact details as the server sends them.
 * - DetailSection / FactList: titled card and label/value list, for screens that add their own sections.
 * - display.ts helpers: kg, 坪, 個, addresses, postal codes, time ranges, the route's ends and a row title.
 * - TransportConditions / TransportConditionsButton: a delivery's written conditions, and its 運送条件書 PDF once approved.
 * - TemperatureRecord: a cold load's readings at pickup and delivery, flagged when outside the zone's range.
 * - WithRequest / BackToMyItems (with-request.tsx, imported by its path so that the pages without it do not
 *   load the my-items texts): the customer's request loaded, with its loading and not-found states; the way back.
 * - StopTimesSlot: the stop-times panel as app/ gives it to another feature's page.
 */
export { StatusBadge, RequestTypeBadge, statusLabel } from './status-badge';
export { TransportStops } from './transport-stops';
export { PriceDisplay, agreedPrice, priceText } from './price-display';
export { RequestRow } from './request-row';
export { RequestDetailBody, RequestSummary } from './request-detail-body';
export { DetailSection, FactList, type Fact } from './detail-parts';
export {
  formatAddress,
  formatArea,
  formatKg,
  formatPieces,
  formatPostalCode,
  formatShortTimeRange,
  formatTimeRange,
  formatTsubo,
  requestTitle,
  routeEnds,
} from './display';
export { REQUEST_ITEMS_KEY, requestItemQuery, talkroomsQuery } from '../../lib/request-item-queries';
export { lazyPage } from '../ui/lazy-page';
export { TemperatureRecord, temperatureLimit } from './temperature-record';
export { TransportConditions, TransportConditionsButton, conditionFacts } from './transport-conditions';
export { InvoiceLink } from './invoice-link';
export { ChargesBreakdown } from './charges-breakdown';
export type { StopTimesSlot } from './slots';
export { FareRemarks, FareShare, StandardFareBreakdown, StandardFareDetails, StandardFareFigure } from './standard-fare';

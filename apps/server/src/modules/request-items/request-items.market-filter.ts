/**
 * The carriers' market conditions: a list query (filters, keyword, dates, quick filters) as the
 * index terms and time windows the market statement matches (request-items.lists.repository.ts).
 */
import type { TRequestListQuery, TRequestType, TTopRequestsQuery } from '@logi/contract';
import { TAG, keywordSearch } from '../../domain/request-search';
import { SHORT_WAIT_TAG } from '../../domain/site-key';
import { endOfJapanDay, nearDateWindow, newArrivalSince, startOfJapanDay } from '../../domain/request-visibility';
import type { MarketFilter } from './request-items.lists.repository';

type MarketQuery = Partial<TRequestListQuery> &
  Pick<TTopRequestsQuery, 'transportType' | 'vehicleType' | 'isNewArrival' | 'isWarehouse'>;

/** The market list query as index terms and time windows (exported for the query-plan test). */
export function marketFilter(q: MarketQuery, now: Date): MarketFilter {
  const groups = [
    q.vehicleType?.map(TAG.vehicle),
    q.pickupLocation?.map(TAG.pickup),
    q.sendLocation?.map(TAG.send),
    q.warehouseLocation?.map(TAG.warehouse),
  ];
  const created = [q.isNewArrival ? newArrivalSince(now) : undefined, q.startDate ? startOfJapanDay(q.startDate) : undefined];
  const from = created.filter((d) => d !== undefined).sort((a, b) => b.getTime() - a.getTime())[0];
  const near = q.isNearDate ? nearDateWindow(now) : undefined;
  const keyword = q.keyword ? keywordSearch(q.keyword) : null;
  return {
    requestTypes: [q.requestType, q.isWarehouse ? 'WAREHOUSE' : undefined].filter((t): t is TRequestType => t !== undefined),
    anyTags: groups.filter((g): g is string[] => g !== undefined && g.length > 0),
    allTags: [...(q.transportType?.map(TAG.stopKind) ?? []), ...(q.shortWait ? [SHORT_WAIT_TAG] : [])],
    priceTypes: q.priceType,
    keyword: keyword ?? undefined,
    createdFrom: from,
    createdBefore: q.endDate ? endOfJapanDay(q.endDate) : undefined,
    firstPickupFrom: near?.from,
    firstPickupBefore: near?.before,
  };
}

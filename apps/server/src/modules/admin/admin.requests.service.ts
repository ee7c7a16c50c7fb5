/**
 * The admin's delivery and warehouse lists (GET /request-items/delivery, /warehouse): rows of
 * their own, only what the list shows, with the agreed price (decision 087). A keyword search's
 * matches are kept for its pages (admin.searches.ts); a reference number finds its one request.
 */
import type { TAdminDeliveryListQuery, TAdminRequestList, TAdminRequestRow, TAdminWarehouseListQuery } from '@logi/contract';
import { paginationMeta, parseRequestReference } from '@logi/contract';
import { personName } from '../../domain/person-name';
import { keywordSearch } from '../../domain/request-search';
import { endOfJapanDay, startOfJapanDay } from '../../domain/request-visibility';
import type { Database } from '../../platform/db/database';
import type { MemoStats } from '../../platform/metrics/metrics';
import * as repo from './admin.requests.repository';
import { createSearches } from './admin.searches';

/** The admin's keyword: a reference number (依頼番号) finds that request, anything else searches the text. */
function requestKeyword(keyword: string | undefined): Pick<repo.AdminRequestFilter, 'reference' | 'keyword'> {
  if (!keyword) return {};
  const reference = parseRequestReference(keyword);
  return reference ? { reference } : { keyword: keywordSearch(keyword) ?? undefined };
}

function toRequestRow(r: repo.AdminRequestRecord): TAdminRequestRow {
  const delivery = r.type === 'DELIVERY';
  const { customer } = r;
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    title: (delivery ? r.baggageName : r.warehousePlace) ?? '',
    pickupPlace: delivery ? r.pickupPlace : null,
    deliveryPlace: delivery ? r.deliveryPlace : null,
    // The admin may see contact data: a customer without a name is named by its company, else its e-mail.
    customer: {
      id: customer.id,
      name: personName(customer, customer.companyName || customer.email),
      companyName: customer.companyName,
    },
    price: { priceType: r.priceType, price: r.price },
    agreedPrice: r.agreedPrice,
    numberOfCandidates: r.candidates,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

export function createAdminRequestsService(
  db: Database,
  searchCacheSeconds: number,
  clock: () => number = Date.now,
  searchStats?: MemoStats,
) {
  const searches = createSearches(searchCacheSeconds, clock, searchStats);

  async function requestPage(
    filter: repo.AdminRequestFilter,
    q: { page: number; limit: number; keyword?: string },
  ): Promise<TAdminRequestList> {
    const page = { limit: q.limit, offset: (q.page - 1) * q.limit };
    let found: Awaited<ReturnType<typeof repo.listAdminRequests>>;
    if (filter.keyword) {
      const { ids, ...total } = await searches.page('requests', { ...filter, keyword: q.keyword }, page, (upTo) =>
        repo.matchingRequestIds(db, filter, upTo),
      );
      found = { rows: await repo.adminRequestsByIds(db, ids), ...total };
    } else {
      found = await repo.listAdminRequests(db, filter, page);
    }
    return { meta: paginationMeta(q.page, q.limit, found.total, found.totalIsLowerBound), data: found.rows.map(toRequestRow) };
  }

  return {
    deliveries(q: TAdminDeliveryListQuery): Promise<TAdminRequestList> {
      return requestPage(
        {
          type: 'DELIVERY',
          statuses: q.status,
          priceTypes: q.priceType,
          ...requestKeyword(q.keyword),
          createdFrom: q.startDate ? startOfJapanDay(q.startDate) : undefined,
          createdBefore: q.endDate ? endOfJapanDay(q.endDate) : undefined,
        },
        q,
      );
    },

    warehouses(q: TAdminWarehouseListQuery): Promise<TAdminRequestList> {
      return requestPage({ type: 'WAREHOUSE', statuses: q.status, ...requestKeyword(q.keyword) }, q);
    },
  };
}

/**
 * The list pages as the contract's pages, read afresh: the market (and its top requests), the
 * customer's own requests and the carrier's applications (docs/decisions/008-request-item-lists.md).
 * request-items.cached-reads.ts keeps them encoded for the callers who share them.
 */
import {
  paginationMeta,
  type TAppliedItemsQuery,
  type TMyItemsQuery,
  type TRequestItemPage,
  type TRequestListQuery,
  type TTopRequests,
  type TTopRequestsQuery,
} from '@logi/contract';
import type { Viewer } from '../../domain/request-visibility';
import { listApplied, listMarket, listOwned } from './request-items.lists.repository';
import { marketFilter } from './request-items.market-filter';
import { type RequestItemDeps, present, toViewer } from './request-items.present';

function pageOf(page: number, limit: number) {
  return { limit, offset: (page - 1) * limit };
}

/** A market page; `applied` marks the items the viewer applied to. */
export async function marketPage(
  deps: RequestItemDeps,
  viewer: Viewer | null,
  q: TRequestListQuery,
  applied: boolean,
): Promise<TRequestItemPage> {
  const { rows, parts, total, totalIsLowerBound } = await listMarket(
    deps.db,
    marketFilter(q, new Date()),
    pageOf(q.page, q.limit),
  );
  return {
    meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound),
    data: await present(deps, rows, viewer, { applied, parts, standardFares: true }),
  };
}

/** The newest open requests matching the filter (the home page's). */
export async function topRequests(
  deps: RequestItemDeps,
  viewer: Viewer | null,
  q: TTopRequestsQuery,
  applied: boolean,
): Promise<TTopRequests> {
  const { rows, parts } = await listMarket(deps.db, marketFilter(q, new Date()), { limit: q.limit, offset: 0 });
  return { data: await present(deps, rows, viewer, { applied, parts, standardFares: true }) };
}

/** The customer's own requests. */
export async function myItemsPage(deps: RequestItemDeps, auth: Viewer, q: TMyItemsQuery): Promise<TRequestItemPage> {
  const filter = { creatorId: auth.userId, requestType: q.requestType, statuses: q.statuses };
  const { rows, parts, candidateCounts, approvedCandidates, total, totalIsLowerBound } = await listOwned(
    deps.db,
    filter,
    pageOf(q.page, q.limit),
  );
  return {
    meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound),
    // A matched item carries its approved application: the row shows the agreed price.
    data: await present(deps, rows, toViewer(auth), { counts: candidateCounts, parts, candidates: approvedCandidates }),
  };
}

/** The carrier's applications and assigned jobs. */
export async function appliedItemsPage(deps: RequestItemDeps, auth: Viewer, q: TAppliedItemsQuery): Promise<TRequestItemPage> {
  const filter = {
    userId: auth.userId,
    requestType: q.requestType,
    deliveryStatuses: q.deliveryStatus,
    warehouseStatuses: q.warehouseStatus,
  };
  const { rows, parts, total, totalIsLowerBound } = await listApplied(deps.db, filter, pageOf(q.page, q.limit));
  const items = rows.map((r) => r.item);
  const candidates = new Map(rows.map((r) => [r.item.id, r.candidate]));
  return {
    meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound),
    data: await present(deps, items, toViewer(auth), { candidates, parts, standardFares: true }),
  };
}

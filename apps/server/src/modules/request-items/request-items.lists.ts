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
import type { Page } from '../../platform/db/list-page';
import type { OpenMarketReader } from './open-market.service';
import { type ListPage, type MarketFilter, listApplied, listMarket, listOwned } from './request-items.lists.repository';
import { marketFilter } from './request-items.market-filter';
import { type RequestItemDeps, present, toViewer } from './request-items.present';

function pageOf(page: number, limit: number) {
  return { limit, offset: (page - 1) * limit };
}

/** The market reads the open requests kept in memory (open-market.service.ts). */
export type MarketDeps = RequestItemDeps & { openMarket: OpenMarketReader };

/**
 * Where a market page's matches are read: `memory` is the open requests in memory alone (null
 * while they cannot be trusted); `memoryOrDatabase` asks the database then.
 */
export type MarketSource = 'memory' | 'memoryOrDatabase';

async function openRequests(deps: MarketDeps, filter: MarketFilter, page: Page, source: MarketSource): Promise<ListPage | null> {
  const kept = await deps.openMarket.page(filter, page);
  return kept ?? (source === 'memory' ? null : listMarket(deps.db, filter, page));
}

/** A market page's matches as read (rows and parts), with the page's other keys (its meta). */
export interface MarketMatches extends Pick<ListPage, 'rows' | 'parts'> {
  head: { meta?: TRequestItemPage['meta'] };
}

/** The matches of a market page. */
export async function marketMatches(deps: MarketDeps, q: TRequestListQuery): Promise<MarketMatches>;
export async function marketMatches(deps: MarketDeps, q: TRequestListQuery, source: MarketSource): Promise<MarketMatches | null>;
export async function marketMatches(
  deps: MarketDeps,
  q: TRequestListQuery,
  source: MarketSource = 'memoryOrDatabase',
): Promise<MarketMatches | null> {
  const found = await openRequests(deps, marketFilter(q, new Date()), pageOf(q.page, q.limit), source);
  if (!found) return null;
  const { rows, parts, total, totalIsLowerBound } = found;
  return { head: { meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound) }, rows, parts };
}

/** The matches of the home page's newest open requests. */
export async function topMatches(deps: MarketDeps, q: TTopRequestsQuery): Promise<MarketMatches>;
export async function topMatches(deps: MarketDeps, q: TTopRequestsQuery, source: MarketSource): Promise<MarketMatches | null>;
export async function topMatches(
  deps: MarketDeps,
  q: TTopRequestsQuery,
  source: MarketSource = 'memoryOrDatabase',
): Promise<MarketMatches | null> {
  const found = await openRequests(deps, marketFilter(q, new Date()), { limit: q.limit, offset: 0 }, source);
  return found && { head: {}, rows: found.rows, parts: found.parts };
}

/** Market rows as `viewer` sees them; `applied` marks the items the viewer applied to. */
export const presentMarket = (deps: RequestItemDeps, { rows, parts }: MarketMatches, viewer: Viewer | null, applied: boolean) =>
  present(deps, rows, viewer, { applied, parts, standardFares: true });

/** A market page; `applied` marks the items the viewer applied to. */
export async function marketPage(
  deps: MarketDeps,
  viewer: Viewer | null,
  q: TRequestListQuery,
  applied: boolean,
): Promise<TRequestItemPage> {
  const matches = await marketMatches(deps, q);
  return { meta: matches.head.meta!, data: await presentMarket(deps, matches, viewer, applied) };
}

/** The newest open requests matching the filter (the home page's). */
export async function topRequests(
  deps: MarketDeps,
  viewer: Viewer | null,
  q: TTopRequestsQuery,
  applied: boolean,
): Promise<TTopRequests> {
  return { data: await presentMarket(deps, await topMatches(deps, q), viewer, applied) };
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

/**
 * The hot reads as encoded JSON, and the caches that keep them (ARCHITECTURE.md "Caches"). They
 * answer bytes encoded once (the caches keep bytes, decision 079): plain JSON.stringify, no
 * response-schema pass, as the shapes come from our own SQL and view functions and the tests hold
 * each of them to the contract's schema (decision 022). What a page or detail shows is read in
 * request-items.lists.ts and request-items.detail.ts; here only who shares which answer.
 */
import type {
  TAppliedItemsQuery,
  TMyItemsQuery,
  TRequestItem,
  TRequestItemPage,
  TRequestListQuery,
  TTopRequestsQuery,
} from '@logi/contract';
import type { ItemParties } from '../../domain/request-lifecycle';
import { type Viewer, canSeeContacts } from '../../domain/request-visibility';
import { listsMemoSeconds } from '../../platform/cache/lists-memo';
import { createMarketCache, marketCacheKey } from '../../platform/cache/market-cache';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import { encodeJson, encodeJsonOf } from '../../platform/http/json-bytes';
import { type EncodedItem, type MarketPageBytes, encodeItem, markApplied, marketPageOf } from './market-page-bytes';
import type { OpenMarketReader } from './open-market.service';
import { openDetailViews, publicDetail, requestItemDetail } from './request-items.detail';
import { openApplicationItemIds } from './request-items.lists.repository';
import {
  type MarketMatches,
  type MarketSource,
  appliedItemsPage,
  marketMatches,
  marketPage,
  myItemsPage,
  presentMarket,
  topMatches,
  topRequests,
} from './request-items.lists';
import type { ListedItemRow } from './request-items.parts.repository';
import { toViewer } from './request-items.present';

/** An open request's detail as an outsider sees it (encoded), with who its parties are; as an anonymous visitor sees it, once asked for. */
interface OpenDetailBytes {
  parties: ItemParties;
  outsider: Buffer;
  anonymous(): Promise<Buffer>;
}

/** `load`'s answer, made on the first call and shared by the later ones; made again after a failure. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= load().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}

export function createCachedReads(platform: Deps, openMarket: OpenMarketReader) {
  const deps = { ...platform, openMarket };
  const { db } = deps;
  // Anonymous callers only: their (masked) view is the same for every one of them.
  const anonymous = createMarketCache<Buffer>(
    deps.config.marketCacheSeconds,
    undefined,
    undefined,
    undefined,
    deps.metrics.memo('market-anonymous'),
  );
  // The same masked pages for signed-in carriers, while the database serves the market: each
  // gets them with its own applications marked, one indexed query (decision 068).
  const signedIn = createMarketCache<MarketPageBytes>(
    deps.config.marketCacheSeconds,
    undefined,
    undefined,
    (page) => page.bytes.length,
    deps.metrics.memo('market-signed-in'),
  );
  // Kept until the database names their user or item (decisions 073 and 080): the callers' own
  // lists, each open request's detail as an outsider sees it, and the open requests each
  // carrier applied to (which the market pages and details mark as applied).
  const ownLists = deps.listsMemos<Buffer>('own-lists', 1_000);
  const openDetails = deps.listsMemos<OpenDetailBytes | null>('open-details', 5_000);
  const openApplications = deps.listsMemos<ReadonlySet<string>>('open-applications', 20_000);
  const openApplicationsOf = (userId: string) =>
    openApplications.through('open-applications', userId, () => openApplicationItemIds(db, userId));

  // Each open request's masked row, encoded, for as long as the lists memos keep theirs (the
  // 新着 and 直近 marks, the signed image links): a row read from the open market in memory is the
  // same object until its request changes (decision 112); one read from the database never repeats.
  const shownMs = listsMemoSeconds(deps.config) * 1000;
  const shownRows = new WeakMap<ListedItemRow, { at: number; item: EncodedItem }>();

  /** The masked page, each row encoded once while it stays shown; rows not shown yet are presented together. */
  async function maskedPage(matches: MarketMatches): Promise<MarketPageBytes> {
    const now = Date.now();
    const shown = (row: ListedItemRow) => {
      const kept = shownRows.get(row);
      return kept && now - kept.at < shownMs ? kept.item : undefined;
    };
    const items = matches.rows.map(shown);
    const missing = matches.rows.filter((_, i) => !items[i]);
    if (missing.length > 0) {
      const presented = await presentMarket(deps, { ...matches, rows: missing }, null, false);
      presented.forEach((item, i) => shownRows.set(missing[i]!, { at: now, item: encodeItem(item) }));
    }
    return marketPageOf(
      matches.head,
      matches.rows.map((row, i) => items[i] ?? shownRows.get(row)!.item),
    );
  }

  /**
   * A market page as a signed-in caller sees it: the shared masked page with the caller's
   * applications marked. The admin, and a customer whose own request is on the page, see
   * contacts there: theirs is read afresh. From the open requests in memory the page is put
   * together on every read, which under many users costs less than keeping it (decision 119);
   * what the database answers while the memory cannot be trusted is kept a few seconds.
   */
  async function viewerPageBytes(
    viewer: Viewer,
    kind: string,
    q: object,
    matchesOf: (source: MarketSource) => Promise<MarketMatches | null>,
    load: (viewer: Viewer) => Promise<{ data: TRequestItem[] }>,
  ): Promise<Buffer> {
    if (viewer.role === 'ADMIN') return encodeJsonOf(load(viewer));
    const inMemory = await matchesOf('memory');
    const page = inMemory
      ? await maskedPage(inMemory)
      : await signedIn.through(kind, q, async () => maskedPage((await matchesOf('memoryOrDatabase'))!));
    if (page.creatorIds.includes(viewer.userId)) return encodeJsonOf(load(viewer));
    return markApplied(page, await openApplicationsOf(viewer.userId));
  }

  /**
   * One of the caller's own lists as encoded JSON, through the lists memo (decision 073): the
   * database names the users whose lists a write changed, and they are forgotten at once.
   * What a list shows depends on the caller's role too (contacts), so the role is in the key.
   */
  function ownListBytes(auth: Viewer, kind: string, q: object, load: () => Promise<TRequestItemPage>): Promise<Buffer> {
    return ownLists.through(marketCacheKey(`${kind}:${auth.role}`, q), auth.userId, () => encodeJsonOf(load()));
  }

  const openDetailOf = (requestItemId: string) =>
    openDetails.through('open-detail', requestItemId, async (): Promise<OpenDetailBytes | null> => {
      const views = await openDetailViews(deps, requestItemId, await openMarket.entry(requestItemId));
      if (!views) return null;
      return {
        parties: views.parties,
        outsider: encodeJson(views.outsider),
        anonymous: once(async () => encodeJson(await views.anonymous())),
      };
    });

  return {
    // The public market: an anonymous caller's answer from the short cache, a signed-in
    // caller's (unmasked items, isApplied) always freshly read.
    listPublicBytes: (auth: Viewer | null, q: TRequestListQuery): Promise<Buffer> =>
      auth === null
        ? anonymous.through('list', q, () => encodeJsonOf(marketPage(deps, null, q, false)))
        : encodeJsonOf(marketPage(deps, toViewer(auth), q, false)),
    listPrivateBytes: (auth: Viewer, q: TRequestListQuery): Promise<Buffer> =>
      viewerPageBytes(
        toViewer(auth)!,
        'list',
        q,
        (source) => marketMatches(deps, q, source),
        (viewer) => marketPage(deps, viewer, q, true),
      ),
    topPublicBytes: (auth: Viewer | null, q: TTopRequestsQuery): Promise<Buffer> =>
      auth === null
        ? anonymous.through('top', q, () => encodeJsonOf(topRequests(deps, null, q, false)))
        : encodeJsonOf(topRequests(deps, toViewer(auth), q, false)),
    topPrivateBytes: (auth: Viewer, q: TTopRequestsQuery): Promise<Buffer> =>
      viewerPageBytes(
        toViewer(auth)!,
        'top',
        q,
        (source) => topMatches(deps, q, source),
        (viewer) => topRequests(deps, viewer, q, true),
      ),

    /**
     * Open items only; contact details hidden unless the caller is a party (token optional). An
     * anonymous visitor's is kept until the database names the item (decision 080).
     */
    async publicDetailBytes(auth: Viewer | null, requestItemId: string): Promise<Buffer> {
      if (auth !== null) return encodeJsonOf(publicDetail(deps, toViewer(auth)!, requestItemId));
      const open = await openDetailOf(requestItemId);
      if (!open) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      return open.anonymous();
    },

    /**
     * The private detail. Everyone who is none of an open request's parties and has not applied
     * to it sees the same detail, kept until the database names the item (decision 080); its
     * parties, its applicants and the admin read theirs afresh.
     */
    async privateDetailBytes(auth: Viewer, requestItemId: string): Promise<Buffer> {
      const viewer = toViewer(auth)!;
      const [open, applied] = await Promise.all([openDetailOf(requestItemId), openApplicationsOf(viewer.userId)]);
      if (open && !canSeeContacts(open.parties, viewer) && !applied.has(requestItemId)) return open.outsider;
      return encodeJsonOf(requestItemDetail(deps, requestItemId, viewer));
    },

    /** The customer's own requests (remembered until one of them changes). */
    myItemsBytes: (auth: Viewer, q: TMyItemsQuery): Promise<Buffer> =>
      ownListBytes(auth, 'my-items', q, () => myItemsPage(deps, auth, q)),

    /** The carrier's applications and assigned jobs (remembered until one of them changes). */
    appliedItemsBytes: (auth: Viewer, q: TAppliedItemsQuery): Promise<Buffer> =>
      ownListBytes(auth, 'applied-items', q, () => appliedItemsPage(deps, auth, q)),
  };
}

export type CachedReads = ReturnType<typeof createCachedReads>;

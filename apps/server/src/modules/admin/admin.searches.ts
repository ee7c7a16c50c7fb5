/**
 * A search's matches kept for a few seconds (decision 087): a keyword list of the back office
 * finds its matches by walking the list's newest-first index (the accounts' holds their search
 * text; a request is read to test it), for a deep page or a rare word thousands of entries. The
 * ids of the matches up to the count cap (platform/db/list-page.ts), in order, are kept per instance for
 * `seconds`: the next pages and the same search by another operator read only their rows, by id,
 * so the rows (names, statuses) are always current; which rows match is at most that old.
 */
import { createMarketCache } from '../../platform/cache/market-cache';
import { type ListTotal, type Page, countCap, listTotal } from '../../platform/db/list-page';
import type { MemoStats } from '../../platform/metrics/metrics';

/** Bounds: a search keeps at most 50 pages ahead of ids (a few kB each). */
const LIMITS = { entries: 200, size: 200_000 };

/**
 * Pages kept together: one read serves ten pages of a search (decision 093). Each page's cap is
 * its own (it grows by a page each page), so a read per cap served one page only, and operators
 * paging through forty searches wanted 400 reads, more than the bounds keep: every page walked
 * the index again.
 */
export const PAGES_KEPT_TOGETHER = 10;

export interface SearchPage extends ListTotal {
  /** The page's ids, newest first. */
  ids: string[];
}

export function createSearches(seconds: number, clock: () => number, stats?: MemoStats) {
  const kept = createMarketCache<string[]>(seconds, clock, LIMITS, (ids) => ids.length, stats);
  return {
    /** The page of a search whose matches `find(upTo)` lists, newest first; `key` names the search. */
    async page(kind: string, key: object, page: Page, find: (upTo: number) => Promise<string[]>): Promise<SearchPage> {
      const cap = countCap(page);
      const pages = page.limit * PAGES_KEPT_TOGETHER;
      const group = Math.floor(page.offset / pages);
      // The cap of the group's last page: its matches tell each page of the group its total.
      // Not kept (seconds 0), a page reads only as far as its own cap.
      const reach = seconds > 0 ? countCap({ limit: page.limit, offset: (group + 1) * pages - page.limit }) : cap;
      // One past the cap tells "exactly the cap" from "more", as a capped count does.
      const ids = await kept.through(kind, { ...key, limit: page.limit, group }, () => find(reach + 1));
      return {
        ids: ids.slice(page.offset, page.offset + page.limit),
        ...listTotal(Math.min(ids.length, cap + 1), page),
      };
    },
  };
}

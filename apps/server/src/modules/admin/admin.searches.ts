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

/** Bounds: a search keeps at most 50 pages ahead of ids (a few kB each). */
const LIMITS = { entries: 200, size: 200_000 };

export interface SearchPage extends ListTotal {
  /** The page's ids, newest first. */
  ids: string[];
}

export function createSearches(seconds: number, clock: () => number) {
  const kept = createMarketCache<string[]>(seconds, clock, LIMITS, (ids) => ids.length);
  return {
    /** The page of a search whose matches `find(upTo)` lists, newest first; `key` names the search. */
    async page(kind: string, key: object, page: Page, find: (upTo: number) => Promise<string[]>): Promise<SearchPage> {
      const cap = countCap(page);
      // One past the cap tells "exactly the cap" from "more", as a capped count does.
      const ids = await kept.through(kind, { ...key, cap }, () => find(cap + 1));
      return { ids: ids.slice(page.offset, page.offset + page.limit), ...listTotal(ids.length, page) };
    },
  };
}

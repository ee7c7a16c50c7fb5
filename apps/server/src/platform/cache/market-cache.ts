/**
 * A few seconds' memory of what anonymous visitors see of the public market: every
 * page of the market list under any filters and the top requests
 * (docs/decisions/022-market-list-speed.md; the public detail is kept until its item
 * changes, decision 080). Masked views are the same for every
 * anonymous visitor, so one answer serves them all. It keeps the encoded JSON, not the
 * object: a hit costs neither a query nor a serialization. Per instance and short, so
 * with several instances an answer is at most that many seconds old, the staleness of
 * a page a visitor loaded a moment ago. Concurrent misses for one key share one load, and an
 * entry read in the last quarter of its TTL is reloaded in the background, so that under steady
 * traffic no reader waits for a reload (every connection did, once per TTL: the lists' p99).
 * Signed-in carriers read the same masked pages from a second one (marked with their own
 * applications; decision 068), and signed-out visitors get the landing pages painted
 * with those answers from a third (decision 074).
 */
export interface MarketCache<T = Buffer> {
  /** The remembered value for `query`, or `load()`'s (then kept for the TTL). */
  through(kind: string, query: object, load: () => Promise<T>): Promise<T>;
}

/** Bounds, so a crawler's filter combinations and page numbers cannot grow the heap. */
export interface MarketCacheLimits {
  entries: number;
  /** Total size of the kept values (`sizeOf`; by default their length: an encoded answer's bytes). */
  size: number;
}

import type { MemoStats } from '../metrics/metrics';

const DEFAULT_LIMITS: MarketCacheLimits = { entries: 5000, size: 16 * 1024 * 1024 };

/** The query with keys and list values in a fixed order: `a=1&b=2` and `b=2&a=1` are one entry. */
export function marketCacheKey(kind: string, query: object): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? [...(v as unknown[])].map(String).sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${kind}:${JSON.stringify(entries)}`;
}

interface Entry<T> {
  expires: number;
  value: Promise<T>;
  /** The value's size once loaded (0 while loading). */
  size: number;
  loaded: boolean;
  refreshing: boolean;
}

export function createMarketCache<T = Buffer>(
  ttlSeconds: number,
  // Read on every call, not captured: a test's faked clock applies.
  now: () => number = () => Date.now(),
  limits: MarketCacheLimits = DEFAULT_LIMITS,
  sizeOf: (value: T) => number = (value) => (value as { length: number }).length,
  stats: MemoStats = { hits: 0, misses: 0 },
): MarketCache<T> {
  const ttlMs = ttlSeconds * 1000;
  // Insertion order is age order: the oldest entries go first when a bound is reached.
  const entries = new Map<string, Entry<T>>();
  let size = 0;

  function remove(key: string, entry: Entry<T>) {
    entries.delete(key);
    size -= entry.size;
  }

  /** Expired entries first, then the oldest, until the kept ones (and `adding` more) fit the bounds. */
  function makeRoom(at: number, adding: number) {
    const fits = () => entries.size + adding <= limits.entries && size <= limits.size;
    if (fits()) return;
    for (const [k, e] of entries) if (e.expires <= at) remove(k, e);
    for (const [k, e] of entries) {
      if (fits()) break;
      remove(k, e);
    }
  }

  /** Keeps `value` for the TTL from `loadedFrom` (when its load began), once it has loaded. */
  function keep(key: string, value: Promise<T>, loadedFrom: number): Entry<T> {
    const entry: Entry<T> = { expires: loadedFrom + ttlMs, value, size: 0, loaded: false, refreshing: false };
    entries.set(key, entry);
    value.then(
      (loaded) => {
        if (entries.get(key) !== entry) return;
        entry.size = sizeOf(loaded);
        entry.loaded = true;
        size += entry.size;
        // A value larger than the whole budget is answered once and not kept.
        if (size > limits.size) makeRoom(now(), 0);
      },
      // A failed load is not remembered.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  }

  /** Loads the entry again in the background; its readers get the kept value until the new one is in. */
  function refresh(key: string, stale: Entry<T>, load: () => Promise<T>) {
    stale.refreshing = true;
    const from = now();
    load().then(
      (value) => {
        if (entries.get(key) !== stale) return;
        remove(key, stale);
        keep(key, Promise.resolve(value), from);
      },
      // A failed reload leaves the entry to expire; the next reader after that loads it.
      () => {},
    );
  }

  return {
    through(kind, query, load) {
      if (ttlMs <= 0) {
        stats.misses++;
        return load();
      }
      const key = marketCacheKey(kind, query);
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expires > at) {
        stats.hits++;
        if (hit.loaded && !hit.refreshing && hit.expires - at <= ttlMs / 4) refresh(key, hit, load);
        return hit.value;
      }
      if (hit) remove(key, hit);
      stats.misses++;
      makeRoom(at, 1);
      return keep(key, load(), at).value;
    },
  };
}

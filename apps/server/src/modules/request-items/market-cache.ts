/**
 * A few seconds' memory of what anonymous visitors see first: the first page of a
 * public market list and the top requests (docs/decisions/022-market-list-speed.md).
 * Per instance and short, so with several instances an answer is at most that many
 * seconds old, the same staleness as a page a visitor loaded a moment ago. Concurrent
 * misses for one key share one load. Signed-in callers never go through it.
 */
export interface MarketCache {
  /** The cached answer for `query`, or `load()`'s (then kept for the TTL). */
  through<T>(kind: string, query: object, load: () => Promise<T>): Promise<T>;
}

/** Never more keys than this: a crawler's filter combinations cannot grow the heap. */
const MAX_ENTRIES = 1000;

/** The query with keys and list values in a fixed order: `a=1&b=2` and `b=2&a=1` are one entry. */
export function marketCacheKey(kind: string, query: object): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? [...(v as unknown[])].map(String).sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${kind}:${JSON.stringify(entries)}`;
}

export function createMarketCache(ttlSeconds: number, now: () => number = Date.now): MarketCache {
  const ttlMs = ttlSeconds * 1000;
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    through<T>(kind: string, query: object, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const key = marketCacheKey(kind, query);
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expires > at) return hit.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (e.expires <= at) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.clear();
      }
      const value = load();
      entries.set(key, { expires: at + ttlMs, value });
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

/**
 * A dashboard list's state in the URL: `page` and the list's filters live in the query
 * string, so a filtered page can be reloaded, shared and reached with Back. Changing a
 * filter returns to page 1.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type Filters<K extends string> = Partial<Record<K, string>>;

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `keys`: the list's filter names, a constant of the page (module level). */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const serialized = params.toString();
  const filters = useMemo(() => {
    const read = new URLSearchParams(serialized);
    const values: Filters<K> = {};
    for (const key of keys) {
      const value = read.get(key);
      if (value) values[key] = value;
    }
    return values;
  }, [serialized, keys]);

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      }),
    [setParams],
  );

  const setFilters = useCallback(
    (changes: Filters<K>) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );

  return { page, filters, setPage, setFilters };
}

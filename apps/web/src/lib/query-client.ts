/**
 * TanStack Query as the spec wants it (§9): no retries, no refetch on window
 * focus. A failed query or mutation shows the error toast of spec §8 unless its
 * `meta.errorToast` is false (a form that shows the errors under its fields).
 */
import { type DehydratedState, MutationCache, QueryCache, QueryClient, hydrate } from '@tanstack/react-query';
import { toastError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client: every route's provider shares its cache. */
export const queryClient = createQueryClient();

/** Puts the answers a page was painted with on the server into the cache (decision 074). */
export function restoreQueries(state: DehydratedState): void {
  hydrate(queryClient, state);
}

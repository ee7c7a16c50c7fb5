/**
 * The query client's provider, attached per route by the router rather than at
 * the root, so that pages which need no server cache (sign-in) do not load
 * TanStack Query. Every provider shares the one client, so the cache survives
 * navigation.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client';

export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}

export { queryClient };

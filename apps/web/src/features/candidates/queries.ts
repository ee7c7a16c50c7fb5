/** The server state of a request's candidates: the list, one candidate, and approving one. */
import { type TCandidateSort, candidateRoutes } from '@logi/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../lib/request-item-queries';

/** Under the request items' root: a change to the request (cancel, a new application) refreshes these too. */
const CANDIDATES_KEY = [...REQUEST_ITEMS_KEY, 'candidates'] as const;
/** Lists: default page 1, limit 10 (spec §9). */
const LIST_LIMIT = 10;

export const candidatesQuery = (requestItemId: string, page: number, sort: TCandidateSort = 'NEWEST') =>
  queryOptions({
    queryKey: [...CANDIDATES_KEY, 'list', requestItemId, page, sort],
    queryFn: ({ signal }) =>
      api.call(candidateRoutes.list, { query: { requestId: requestItemId, page, limit: LIST_LIMIT, sort } }, { signal }),
  });

export const candidateQuery = (requestItemId: string, candidateId: string) =>
  queryOptions({
    queryKey: [...CANDIDATES_KEY, 'detail', requestItemId, candidateId],
    queryFn: ({ signal }) =>
      api.call(candidateRoutes.detail, { params: { id: candidateId }, query: { requestItemId } }, { signal }),
  });

/** A bid against the standard fare with the breakdown it was measured against (loaded when opened). */
export const candidateStandardFareQuery = (candidateId: string) =>
  queryOptions({
    queryKey: [...CANDIDATES_KEY, 'standard-fare', candidateId],
    queryFn: ({ signal }) => api.call(candidateRoutes.standardFare, { params: { id: candidateId } }, { signal }),
  });

export function useApproveCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ candidateId, requestItemId }: { candidateId: string; requestItemId: string }) =>
      api.call(candidateRoutes.approve, { params: { id: candidateId }, body: { requestItemId } }),
    // Approving changes the request, its candidates and the other lists: every request item view is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REQUEST_ITEMS_KEY }),
  });
}

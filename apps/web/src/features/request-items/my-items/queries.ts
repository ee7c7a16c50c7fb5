/** The server state of the customer's requests: query keys, queries and the lifecycle mutations (the candidates' are in features/candidates). */
import {
  type TRequestItemDetail,
  type TRequestStatus,
  type TRequestType,
  requestItemRoutes,
  requestLifecycleRoutes,
} from '@logi/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY, requestItemQuery } from '../../../lib/request-item-queries';

/**
 * Every query of this screen group starts with this key, under the request items' root: a
 * change made on another screen (the talkroom's meeting complete) refreshes these too.
 */
export const MY_ITEMS_KEY = [...REQUEST_ITEMS_KEY, 'my-items'] as const;
/** Lists: default page 1, limit 10 (spec §9). */
export const LIST_LIMIT = 10;

export const myItemsQuery = (requestType: TRequestType, statuses: TRequestStatus[], page: number) =>
  queryOptions({
    queryKey: [...MY_ITEMS_KEY, 'list', requestType, statuses, page],
    queryFn: ({ signal }) =>
      api.call(
        requestItemRoutes.myItems,
        { query: { page, limit: LIST_LIMIT, requestType, statuses: statuses.length ? statuses.join(',') : undefined } },
        { signal },
      ),
  });

/** After any change every request item view is stale (lists, details, candidates, other screens). */
function useRefreshMyItems() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: REQUEST_ITEMS_KEY });
}

/** A transition answers the item as the owner now sees it: put it in the cache at once. */
function useTransition<V>(call: (variables: V) => Promise<{ requestItem: TRequestItemDetail }>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshMyItems();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ requestItem }) => {
      queryClient.setQueryData(requestItemQuery(requestItem.id, 'CUSTOMER').queryKey, (previous) =>
        previous ? { ...requestItem, numberOfCandidates: previous.numberOfCandidates } : requestItem,
      );
      return refresh();
    },
  });
}

export const useCancelRequest = () =>
  useTransition((requestItemId: string) => api.call(requestLifecycleRoutes.cancel, { params: { requestItemId } }));

export const useApproveCompletion = () =>
  useTransition((requestItemId: string) => api.call(requestLifecycleRoutes.complete, { params: { requestItemId } }));

export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestItemId: string) => api.call(requestLifecycleRoutes.ownerDelete, { params: { requestItemId } }),
    // The dialog shows the failure message of spec §8 instead of the server's.
    meta: { errorToast: false },
    // Only the lists: the detail page that is being left would refetch a 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MY_ITEMS_KEY, 'list'] }),
  });
}

/** Open selection (decision 065): post a request closed at its deadline again; answers the copy. */
export function useRepostRequest() {
  const refresh = useRefreshMyItems();
  return useMutation({
    mutationFn: (requestItemId: string) => api.call(requestItemRoutes.repost, { params: { requestItemId } }),
    onSuccess: () => refresh(),
  });
}

/** The carrier's applied list (one applied item and its talkrooms: common/queries.ts), and who carries a won job. */
import { type TAppliedItemsQuery, companyDriverRoutes, requestItemRoutes } from '@logi/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';

/** Lists: default page 1, limit 10 (spec §9). */
export const LIST_LIMIT = 10;

export const appliedItemsQuery = (query: Omit<TAppliedItemsQuery, 'limit'>) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'applied', query],
    queryFn: ({ signal }) => api.call(requestItemRoutes.appliedItems, { query: { ...query, limit: LIST_LIMIT } }, { signal }),
  });

/** The manager's drivers to choose the carrier of an approved job from (a company rarely has more than 100). */
export const companyDriversQuery = () =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'company-drivers'],
    queryFn: ({ signal }) => api.call(companyDriverRoutes.list, { query: { page: 1, limit: 100 } }, { signal }),
  });

export function useAssignCarrier(requestItemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (driverId: string) =>
      api.call(companyDriverRoutes.assignCarrier, { params: { requestItemId }, body: { driverId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REQUEST_ITEMS_KEY }),
  });
}

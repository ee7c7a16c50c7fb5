/** The carrier's applied list (one applied item and its talkrooms: common/queries.ts). */
import { type TAppliedItemsQuery, requestItemRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../common';

/** Lists: default page 1, limit 10 (spec §9). */
export const LIST_LIMIT = 10;

export const appliedItemsQuery = (query: Omit<TAppliedItemsQuery, 'limit'>) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'applied', query],
    queryFn: ({ signal }) => api.call(requestItemRoutes.appliedItems, { query: { ...query, limit: LIST_LIMIT } }, { signal }),
  });

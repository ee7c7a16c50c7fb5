/** The server state of the carrier's requests: the applied list, one applied item, its talkrooms and the report. */
import { type TAppliedItemsQuery, type TRole, requestItemRoutes, talkroomRoutes } from '@logi/contract';
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

/**
 * One request as the caller sees it: a carrier through applied-items, the customer (who may
 * open the report page too, spec §2) through my-items. The talkroom screens use the same keys.
 */
export const requestItemQuery = (requestItemId: string, role: TRole) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, requestItemId, 'detail', role === 'CUSTOMER' ? 'owner' : 'applicant'],
    queryFn: ({ signal }) =>
      role === 'CUSTOMER'
        ? api.call(requestItemRoutes.myItemDetail, { params: { requestItemId } }, { signal })
        : api.call(requestItemRoutes.appliedItemDetail, { params: { requestItemId } }, { signal }),
  });

/** The caller's talkroom of the request, with the meeting-complete times. */
export const talkroomsQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, requestItemId, 'talkrooms'],
    queryFn: ({ signal }) => api.call(talkroomRoutes.list, { params: { requestItemId } }, { signal }),
  });

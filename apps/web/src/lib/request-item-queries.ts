/** Request-item queries that several features read (each feature keeps its own in its queries.ts). */
import { type TRole, requestItemRoutes, talkroomRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** The root of every request-item query key: one invalidation refreshes every list and detail. */
export const REQUEST_ITEMS_KEY = ['request-items'] as const;

/**
 * One request as the caller sees it: the customer (owner) through my-items, a carrier (applicant)
 * through applied-items. The customer's detail, the report page and the talkroom share the keys.
 */
export const requestItemQuery = (requestItemId: string, role: TRole) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, requestItemId, 'detail', role === 'CUSTOMER' ? 'owner' : 'applicant'],
    queryFn: ({ signal }) =>
      role === 'CUSTOMER'
        ? api.call(requestItemRoutes.myItemDetail, { params: { requestItemId } }, { signal })
        : api.call(requestItemRoutes.appliedItemDetail, { params: { requestItemId } }, { signal }),
  });

/** The request's talkrooms the caller may open, with both meeting-complete times. */
export const talkroomsQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, requestItemId, 'talkrooms'],
    queryFn: ({ signal }) => api.call(talkroomRoutes.list, { params: { requestItemId } }, { signal }),
  });

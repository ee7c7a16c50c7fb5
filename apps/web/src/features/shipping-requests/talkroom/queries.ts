/**
 * The server state of the talkroom screens: the request as the caller sees it, its
 * talkrooms (meeting state) and the conversation. Every key starts with REQUEST_ITEMS_KEY,
 * so a lifecycle change anywhere refreshes these too.
 */
import { type TRole, requestItemRoutes, talkroomRoutes } from '@logi/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../common';

/** Messages per page: a chat opens on the newest 30, older ones on demand (decision 020). */
export const MESSAGE_PAGE_SIZE = 30;

/** The request as the caller sees it: the customer through my-items, a carrier through applied-items. */
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

export const messagesKey = (requestItemId: string, talkroomId: string) =>
  [...REQUEST_ITEMS_KEY, requestItemId, 'talkrooms', talkroomId, 'messages'] as const;

/** The conversation, newest page first (the server's order); older pages as the user asks. */
export const messagesQuery = (requestItemId: string, talkroomId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(requestItemId, talkroomId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        talkroomRoutes.messages,
        { params: { requestItemId }, query: { talkroomId, page: pageParam, limit: MESSAGE_PAGE_SIZE } },
        { signal },
      ),
    getNextPageParam: (last) => last.meta.nextPage ?? undefined,
  });

/**
 * The conversation of a talkroom (the request and its talkrooms: common/queries.ts). Every key
 * starts with REQUEST_ITEMS_KEY, so a lifecycle change anywhere refreshes these too.
 */
import { talkroomRoutes } from '@logi/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../lib/request-item-queries';

/** Messages per page: a chat opens on the newest 30, older ones on demand (decision 020). */
export const MESSAGE_PAGE_SIZE = 30;

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

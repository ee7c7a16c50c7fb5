/** The server state of the notifications area: query keys, queries and the mark-as-read mutation. */
import { NOTIFICATION_PANEL_PAGE_SIZE, type TUserNotification, notificationRoutes } from '@logi/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { NOTIFICATIONS_KEY } from '../../lib/notifications-key';
export const PANEL_KEY = [...NOTIFICATIONS_KEY, 'panel'] as const;
/** Lists: default page 1, limit 10 (spec §9). */
export const LIST_LIMIT = 10;

export type NotificationTab = 'event' | 'system';

export const hasUnreadQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'has-unread'],
  queryFn: ({ signal }) => api.call(notificationRoutes.hasUnread, undefined, { signal }),
  select: (data) => data.hasUnreadNotifications,
});

export const listQuery = (tab: NotificationTab, page: number) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', tab, page],
    queryFn: ({ signal }) =>
      api.call(
        notificationRoutes.list,
        { query: { page, limit: LIST_LIMIT, isSystemNotifications: tab === 'system' } },
        { signal },
      ),
  });

/** The header panel: both kinds, newest first, 20 a page, more on demand. */
export const panelQuery = infiniteQueryOptions({
  queryKey: PANEL_KEY,
  initialPageParam: 1,
  queryFn: ({ pageParam, signal }) =>
    api.call(notificationRoutes.list, { query: { page: pageParam, limit: NOTIFICATION_PANEL_PAGE_SIZE } }, { signal }),
  getNextPageParam: (last) => last.meta.nextPage ?? undefined,
});

export const detailQuery = (notificationId: string) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'detail', notificationId],
    queryFn: ({ signal }) => api.call(notificationRoutes.detail, { params: { notificationId } }, { signal }),
  });

/** Where a notification leads: its link, else its detail page. */
export const notificationTarget = (item: Pick<TUserNotification, 'notificationId' | 'notification'>) =>
  item.notification.link ?? `/notifications/detail/${item.notificationId}`;

/** Marks one notification read; lists and the unread dot refresh afterwards. */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => api.call(notificationRoutes.markAsRead, { params: { notificationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

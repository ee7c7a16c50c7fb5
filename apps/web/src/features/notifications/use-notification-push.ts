import { authRoutes } from '@logi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { useStreamEvent } from '../../lib/event-stream';
import { NOTIFICATIONS_KEY } from '../../lib/notifications-key';
import { PANEL_KEY } from './queries';

/**
 * Whether the person is already looking at what a notification opens: the page of its link
 * or one inside it (a talkroom's full-screen conversation is inside the room's page).
 */
export function isViewing(link: string | null | undefined, pathname: string): boolean {
  if (!link) return false;
  const target = new URL(link, window.location.origin).pathname.replace(/\/+$/, '');
  const here = pathname.replace(/\/+$/, '');
  return target !== '' && (here === target || here.startsWith(`${target}/`));
}

/**
 * A pushed notification (spec §4): its title as a toast, the panel back to its first
 * page, every notification list and the unread dot refetched. No toast for what the person
 * is already looking at (a new message in the talkroom being read); the lists still refresh.
 * A `resync` (the gap was too long to replay) refetches the same. Mounted once, by the header bell.
 * A failed renewal also re-reads the session user: its new intent code sends the driver manager
 * to /payments/update at once (the route guard), not only on the next app load.
 */
export function useNotificationPush() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const refresh = () => {
    void queryClient.resetQueries({ queryKey: PANEL_KEY });
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
  useStreamEvent('notification', (notification) => {
    if (!isViewing(notification.link, pathname)) toast.info(notification.title);
    refresh();
    if (notification.type === 'SUBSCRIPTION_PAYMENT_FAILED') {
      api.call(authRoutes.session).then(authStore.setUser, () => {});
    }
  });
  useStreamEvent('resync', refresh);
}

import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { useStreamEvent } from '../../lib/event-stream';
import { NOTIFICATIONS_KEY, PANEL_KEY } from './queries';

/**
 * A pushed notification (spec §4): its title as a toast, the panel back to its first
 * page, every notification list and the unread dot refetched. A `resync` (the gap was
 * too long to replay) refetches the same. Mounted once, by the header bell.
 */
export function useNotificationPush() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.resetQueries({ queryKey: PANEL_KEY });
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
  useStreamEvent('notification', (notification) => {
    toast.info(notification.title);
    refresh();
  });
  useStreamEvent('resync', refresh);
}

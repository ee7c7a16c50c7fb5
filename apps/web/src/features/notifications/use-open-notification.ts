import type { TUserNotification } from '@logi/contract';
import { useNavigate } from 'react-router';
import { notificationTarget, useMarkAsRead } from './queries';

/** Opening a notification marks it read (when unread) and goes to its screen. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markAsRead = useMarkAsRead();
  return (item: TUserNotification) => {
    if (!item.isRead) markAsRead.mutate(item.notificationId);
    after?.();
    void navigate(notificationTarget(item));
  };
}

import type { TUserNotification } from '@logi/contract';
import { useNavigate } from 'react-router';
import { notificationTarget, useMarkAsRead } from './queries';

/** Opening a notification marks it read (when unread) and goes to its screen; its detail page marks it read itself. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markAsRead = useMarkAsRead();
  return (item: TUserNotification) => {
    const target = notificationTarget(item);
    if (!item.isRead && target !== `/notifications/detail/${item.notificationId}`) markAsRead.mutate(item.notificationId);
    after?.();
    void navigate(target);
  };
}

import { type TUserNotification } from '@logi/contract';
import { NOTIFICATION_UI_TEXT } from '../../texts/notifications';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';

/** One notification in a list: unread mark, title, the start of the message, when. A button: opening it marks it read. */
export function NotificationItem({
  item,
  onOpen,
  compact = false,
}: {
  item: TUserNotification;
  onOpen: (item: TUserNotification) => void;
  compact?: boolean;
}) {
  const { notification, isRead } = item;
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className={cn(
        'flex w-full items-start gap-3 rounded-md px-3 py-2.5 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
        !isRead && 'bg-primary/5',
      )}
    >
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', isRead ? 'bg-transparent' : 'bg-destructive')} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn('truncate text-sm', !isRead && 'font-bold')}>
          {!isRead && <span className="sr-only">{NOTIFICATION_UI_TEXT.unread} </span>}
          {notification.title}
        </span>
        <span className={cn('text-xs text-muted-foreground', compact ? 'line-clamp-1' : 'line-clamp-2')}>
          {notification.message}
        </span>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(notification.createdAt)}
        </time>
      </span>
    </button>
  );
}

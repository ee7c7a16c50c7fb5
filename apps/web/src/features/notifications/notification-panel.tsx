import { NOTIFICATION_UI_TEXT } from '../../texts/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { SkeletonRows } from '../../components/ui/skeleton';
import { ConnectionIndicator } from './connection-indicator';
import { NotificationItem } from './notification-item';
import { panelQuery } from './queries';
import { useOpenNotification } from './use-open-notification';

/** The bell's panel: the newest notifications, 20 at a time (spec §9), and the stream's state. */
export function NotificationPanel({ titleId, onClose }: { titleId?: string; onClose: () => void }) {
  const panel = useInfiniteQuery(panelQuery);
  const open = useOpenNotification(onClose);
  const items = panel.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="flex max-h-[min(32rem,80dvh)] flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={titleId} className="text-sm font-bold">
          {NOTIFICATION_UI_TEXT.panelTitle}
        </h2>
        <ConnectionIndicator />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-1">
        {panel.isPending ? (
          <SkeletonRows rows={4} className="p-2" />
        ) : items.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-muted-foreground">{NOTIFICATION_UI_TEXT.empty}</p>
        ) : (
          <ul>
            {items.map((item) => (
              <li key={item.notificationId}>
                <NotificationItem item={item} onOpen={open} compact />
              </li>
            ))}
          </ul>
        )}
        {panel.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            disabled={panel.isFetchingNextPage}
            onClick={() => void panel.fetchNextPage()}
          >
            {NOTIFICATION_UI_TEXT.loadMore}
          </Button>
        )}
      </div>
      <div className="border-t p-1">
        <Button asChild variant="ghost" size="sm" className="w-full">
          <Link to="/notifications" onClick={onClose}>
            {NOTIFICATION_UI_TEXT.seeAll}
          </Link>
        </Button>
      </div>
    </div>
  );
}

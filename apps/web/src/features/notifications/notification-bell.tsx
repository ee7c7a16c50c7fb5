/**
 * The header's notification bell (loaded lazily, only for signed-in users): the unread
 * dot, the panel, and the realtime stream that keeps both fresh. The header sits
 * outside the per-route query providers, so the bell brings the shared client along.
 */
import { NOTIFICATION_UI_TEXT } from '../../texts/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { followSignedInUser } from '../../lib/event-stream';
import { queryClient } from '../../lib/query-client';
import { NotificationPanel } from './notification-panel';
import { hasUnreadQuery } from './queries';
import { useNotificationPush } from './use-notification-push';

function BellButton() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const hasUnread = useQuery(hasUnreadQuery).data === true;
  useEffect(() => {
    followSignedInUser();
  }, []);
  useNotificationPush();

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={hasUnread ? NOTIFICATION_UI_TEXT.bellUnread : NOTIFICATION_UI_TEXT.bell}
        >
          <Bell aria-hidden />
          {hasUnread && (
            <span
              data-testid="unread-dot"
              aria-hidden
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-card"
            />
          )}
        </Button>
      </PopoverTrigger>
      {/* Radix gives the panel role="dialog": its heading names it (axe aria-dialog-name). */}
      <PopoverContent align="end" aria-labelledby={titleId} className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <NotificationPanel titleId={titleId} onClose={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

export default function NotificationBell() {
  return (
    <QueryClientProvider client={queryClient}>
      <BellButton />
    </QueryClientProvider>
  );
}

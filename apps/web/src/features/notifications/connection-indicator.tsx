import { NOTIFICATION_UI_TEXT } from '../../texts/notifications';
import { cn } from '../../lib/cn';
import { useStreamState } from '../../lib/event-stream';

/** 接続中 / 再接続中… of the realtime stream (spec §4: it reconnects automatically). */
export function ConnectionIndicator({ className }: { className?: string }) {
  const state = useStreamState();
  const connected = state === 'connected';
  const label = connected
    ? NOTIFICATION_UI_TEXT.connection.connected
    : state === 'connecting'
      ? NOTIFICATION_UI_TEXT.connection.connecting
      : NOTIFICATION_UI_TEXT.connection.reconnecting;
  return (
    <span role="status" className={cn('inline-flex items-center gap-1.5 text-xs text-muted-foreground', className)}>
      <span aria-hidden className={cn('size-2 rounded-full', connected ? 'bg-success' : 'animate-pulse bg-warning')} />
      {label}
    </span>
  );
}

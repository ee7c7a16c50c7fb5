/**
 * A talkroom's conversation: the messages (newest page first from the server, shown oldest at
 * the top, older pages on demand), the composer, or a read-only notice once the room is
 * closed. New messages appear live: the app's stream pushes `talkroom-message` for this room
 * and the conversation refetches; while the stream is not connected it polls every 10 s.
 * The view follows the newest message; loading older ones keeps the reader's place.
 */
import { type TMessage, type TMessagePage } from '@logi/contract';
import { TALKROOM_TEXT } from '../../texts/talkroom';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, MessagesSquare, WifiOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useAuth } from '../../lib/auth-store';
import { cn } from '../../lib/cn';
import { useStreamEvent, useStreamState } from '../../lib/event-stream';
import { NOTIFICATIONS_KEY } from '../../lib/notifications-key';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { messagesKey, messagesQuery } from './queries';

/** How often the conversation is refetched while the stream is down (issue 6: 10 s). */
export const FALLBACK_POLL_MS = 10_000;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Pages newest first → one list oldest first, without the duplicates that paging under new messages can give. */
function oldestFirst(pages: readonly TMessagePage[]): TMessage[] {
  const seen = new Set<string>();
  const all: TMessage[] = [];
  for (const page of pages)
    for (const message of page.data) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  // ISO times and ids order as plain strings (localeCompare would load the locale's collation data).
  return all.sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id));
}

interface ConversationProps {
  requestItemId: string;
  talkroomId: string;
  className?: string;
}

export function Conversation({ requestItemId, talkroomId, className }: ConversationProps) {
  const viewerId = useAuth((s) => s.user.id);
  const queryClient = useQueryClient();
  const streamState = useStreamState();
  const live = streamState === 'connected';
  const query = useInfiniteQuery({
    ...messagesQuery(requestItemId, talkroomId),
    refetchInterval: live ? false : FALLBACK_POLL_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagesKey(requestItemId, talkroomId) });
  useStreamEvent('talkroom-message', (event) => {
    if (event.talkroomId === talkroomId) void refresh();
  });

  // Reading the room marks its new-message notifications read on the server: the bell follows.
  const readAt = query.isSuccess ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (readAt) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  }, [readAt, queryClient]);

  const messages = useMemo(() => oldestFirst(query.data?.pages ?? []), [query.data]);
  const talkroom = query.data?.pages[0]?.talkroom;

  // Follow the newest message; after loading older ones, keep what the reader was looking at.
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ oldestId?: string; newestId?: string; height: number }>({ height: 0 });
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = anchor.current;
    if (newestId !== before.newestId) el.scrollTop = el.scrollHeight;
    else if (oldestId !== before.oldestId) el.scrollTop += el.scrollHeight - before.height;
    anchor.current = { oldestId, newestId, height: el.scrollHeight };
  }, [newestId, oldestId]);

  return (
    <section
      aria-label={TALKROOM_TEXT.conversation}
      className={cn('flex min-h-0 flex-col overflow-hidden rounded-lg border bg-card shadow-xs', className)}
    >
      {streamState === 'reconnecting' && query.isSuccess && (
        <p role="status" className="flex items-center gap-2 border-b bg-muted px-3 py-1.5 text-xs text-muted-foreground">
          <WifiOff aria-hidden className="size-3.5 shrink-0" />
          {TALKROOM_TEXT.reconnecting}
        </p>
      )}
      <div
        ref={scroller}
        role="log"
        aria-label={TALKROOM_TEXT.conversation}
        className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4"
      >
        {query.isPending ? (
          <SkeletonRows rows={4} rowClassName="h-10" />
        ) : query.isError ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{TALKROOM_TEXT.notFound}</p>
        ) : messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 py-10 text-center">
            <MessagesSquare aria-hidden className="size-10 text-muted-foreground" />
            <p className="font-medium">{TALKROOM_TEXT.empty}</p>
            {talkroom?.isActive && <p className="max-w-xs text-sm text-muted-foreground">{TALKROOM_TEXT.emptyHint}</p>}
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {query.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                className="self-center"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {TALKROOM_TEXT.loadOlder}
              </Button>
            )}
            <MessageList messages={messages} viewerId={viewerId} />
          </div>
        )}
      </div>
      {talkroom &&
        (talkroom.isActive ? (
          <Composer requestItemId={requestItemId} talkroomId={talkroomId} onSettled={() => void refresh()} />
        ) : (
          <p role="status" className="flex items-center gap-2 border-t bg-muted px-4 py-3 text-sm text-muted-foreground">
            <Lock aria-hidden className="size-4 shrink-0" />
            {TALKROOM_TEXT.inactive}
          </p>
        ))}
    </section>
  );
}

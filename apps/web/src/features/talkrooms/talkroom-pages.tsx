/**
 * The two talkroom routes (decision 020):
 * - /detail/{id}/talkrooms/{talkroomId}: the room — the conversation beside what the deal
 *   needs (the meeting-complete step, the request's summary); on a phone the conversation
 *   comes first and the rest follows below it.
 * - …/messages: the conversation alone, filling the screen (a phone in a truck cab), with a
 *   way back to the room.
 */
import { Role, UI_TEXT } from '@logi/contract';
import { TALKROOM_TEXT } from '../../texts/talkroom';
import { ArrowLeft, Maximize2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useAuth } from '../../lib/auth-store';
import { RequestRow, StatusBadge, TransportConditionsButton } from '../../components/request-item';
import { Conversation } from './conversation';
import { MeetingButton, MeetingPanel } from './meeting-panel';
import { type TalkroomView, useTalkroom } from './use-talkroom';

/**
 * The conversation fills the screen below the site header (3.5 / 4 rem), the page's top
 * padding and the room's heading row, so the composer stays in view on a phone.
 */
const CONVERSATION_HEIGHT = 'h-[calc(100dvh-9.5rem)] min-h-[22rem] sm:h-[calc(100dvh-12rem)]';

function useRoomParams() {
  const { id = '', talkroomId = '' } = useParams();
  return { requestItemId: id, talkroomId };
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {children}
      </Link>
    </Button>
  );
}

/**
 * One compact row above the conversation (so that on a phone the conversation and its
 * composer fit the screen): back, title, the other party and the request's status, an action.
 */
function RoomHeading({
  view,
  title,
  back,
  action,
}: {
  view: TalkroomView;
  title: string;
  back: { to: string; label: string };
  action?: ReactNode;
}) {
  const role = useAuth((s) => s.role);
  return (
    <header className="flex items-center gap-1 sm:gap-2">
      <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
        <Link to={back.to} aria-label={back.label} title={back.label}>
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      <div className="flex min-w-0 flex-1 flex-col">
        <h1 className="truncate text-lg leading-snug font-bold sm:text-2xl">{title}</h1>
        {/* A long company name wraps (two lines at most) rather than being cut on a phone. */}
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground sm:text-sm">
          <span className="line-clamp-2 min-w-0">
            <span className="sr-only sm:not-sr-only">{TALKROOM_TEXT.partnerLabel}: </span>
            <span className="font-medium text-foreground">{view.partner}</span>
            {role === 'CUSTOMER' ? '' : `（${Role.labels.CUSTOMER}）`}
          </span>
          <StatusBadge item={view.item} className="shrink-0" />
        </p>
      </div>
      {action}
    </header>
  );
}

function Missing({ back }: { back: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      {back}
      <EmptyState title={TALKROOM_TEXT.notFound} titleAs="h1" />
    </div>
  );
}

export function TalkroomPage() {
  const { requestItemId, talkroomId } = useRoomParams();
  const { view, isPending, isMissing } = useTalkroom(requestItemId, talkroomId);
  if (isMissing) return <Missing back={<BackLink to="/">{UI_TEXT.common.toHome}</BackLink>} />;
  if (isPending || !view) return <SkeletonRows rows={6} />;

  return (
    <div className="flex flex-col gap-3 sm:gap-4">
      <RoomHeading
        view={view}
        title={TALKROOM_TEXT.title}
        back={{ to: view.requestPath, label: TALKROOM_TEXT.openRequest }}
        action={
          // On a phone the meeting panel is below the conversation: its button sits up here instead.
          <div className="flex shrink-0 items-center gap-1.5 lg:hidden">
            {view.meeting.viewerMayComplete && (
              <MeetingButton
                variant={view.meeting.viewerMayComplete}
                requestItemId={requestItemId}
                talkroomId={talkroomId}
                size="sm"
              />
            )}
            <Button asChild variant="outline" size="icon">
              <Link to="messages" aria-label={TALKROOM_TEXT.openConversation} title={TALKROOM_TEXT.openConversation}>
                <Maximize2 aria-hidden />
              </Link>
            </Button>
          </div>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <Conversation requestItemId={requestItemId} talkroomId={talkroomId} className={CONVERSATION_HEIGHT} />
        <aside className="flex flex-col gap-4 lg:sticky lg:top-20">
          {view.meeting.applies && <MeetingPanel state={view.meeting} requestItemId={requestItemId} talkroomId={talkroomId} />}
          <section aria-label={TALKROOM_TEXT.requestSummary} className="flex flex-col gap-2">
            <h2 className="text-sm font-bold text-muted-foreground">{TALKROOM_TEXT.requestSummary}</h2>
            <RequestRow item={view.item} to={view.requestPath} showStatus />
            <TransportConditionsButton item={view.item} />
          </section>
        </aside>
      </div>
    </div>
  );
}

export function TalkroomMessagesPage() {
  const { requestItemId, talkroomId } = useRoomParams();
  const { view, isPending, isMissing } = useTalkroom(requestItemId, talkroomId);
  const roomPath = `/shipping-requests/detail/${requestItemId}/talkrooms/${talkroomId}`;
  if (isMissing) return <Missing back={<BackLink to="/">{UI_TEXT.common.toHome}</BackLink>} />;
  if (isPending || !view) return <SkeletonRows rows={6} />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 sm:gap-4">
      <RoomHeading view={view} title={TALKROOM_TEXT.conversation} back={{ to: roomPath, label: TALKROOM_TEXT.backToRoom }} />
      <Conversation requestItemId={requestItemId} talkroomId={talkroomId} className={CONVERSATION_HEIGHT} />
    </div>
  );
}

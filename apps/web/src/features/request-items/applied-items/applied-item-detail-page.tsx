/**
 * /shipping-requests/applied-items/detail/{id}: the request as its applicant sees it, where
 * the application stands, and what the lifecycle lets the carrier do next (meeting complete,
 * the delivery report) with the way into its talkroom. On a phone the application card comes
 * first: it is what the carrier opened the page for.
 */
import { APPLIED_ITEMS_TEXT as T } from '../../../texts/applied-items';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ClipboardCheck, MessagesSquare } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDialog } from '../../../components/ui/dialog-registry';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth-store';
import { useStreamEvent } from '../../../lib/event-stream';
import { formatDateTime, formatYen } from '../../../lib/format';
import {
  DetailSection,
  FactList,
  RequestDetailBody,
  InvoiceLink,
  TransportConditionsButton,
  type StopTimesSlot,
} from '../../../components/request-item';
import { REQUEST_ITEMS_KEY, requestItemQuery, talkroomsQuery } from '../../../lib/request-item-queries';
import { CandidacyBadge, candidacyOf } from './candidacy';
import { AssignedNotice, CarrierCard } from './carrier-card';
import { nextStep } from './next-step';

function BackToList() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
      <Link to="/shipping-requests/applied-items">
        <ArrowLeft aria-hidden />
        {T.backToList}
      </Link>
    </Button>
  );
}

/** Refetch this request when a notification about it arrives (approved, not chosen, cancelled, meeting). */
function useLiveRequest(requestItemId: string) {
  const queryClient = useQueryClient();
  useStreamEvent('notification', (notification) => {
    if (notification.link?.includes(requestItemId))
      void queryClient.invalidateQueries({ queryKey: [...REQUEST_ITEMS_KEY, requestItemId] });
  });
}

export function AppliedItemDetailPage({ StopTimes }: { StopTimes: StopTimesSlot }) {
  const { id = '' } = useParams();
  const role = useAuth((s) => s.role);
  const user = useAuth((s) => s.user);
  const dialog = useDialog();
  const item = useQuery({ ...requestItemQuery(id, role), meta: { errorToast: false } });
  const rooms = useQuery({ ...talkroomsQuery(id), enabled: item.isSuccess });
  useLiveRequest(id);

  if (item.isPending) return <SkeletonRows rows={6} />;
  if (item.isError)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <BackToList />
        <EmptyState title={item.error.message} titleAs="h1" />
      </div>
    );

  const detail = item.data;
  const room = rooms.data?.data.find((r) => r.id === detail.talkroom?.id);
  const step = nextStep(detail, room, user.id);
  // A job the caller's driver manager won and gave to the caller: the price is the manager's.
  const isAssignedDriver = detail.carrierId === user.id && detail.receiverId !== user.id;
  const candidate = isAssignedDriver ? undefined : detail.candidate;
  const managesCarrier = role === 'DRIVER_MANAGER' && detail.type === 'DELIVERY' && detail.receiverId === user.id;
  // The job's stops: its carrier taps them while it runs; its company reads them (decision 061).
  const carriesJob = (detail.carrierId ?? detail.receiverId) === user.id;
  const showsStopTimes =
    detail.type === 'DELIVERY' &&
    detail.status !== 'CANCELLED' &&
    (carriesJob || detail.receiverId === user.id) &&
    !!detail.receiverId;
  const talkroomPath = detail.talkroom ? `/shipping-requests/detail/${id}/talkrooms/${detail.talkroom.id}` : null;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <BackToList />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          {showsStopTimes && (
            <StopTimes
              requestItemId={id}
              editable={carriesJob && (detail.status === 'APPROVED' || detail.status === 'IN_PROGRESS')}
            />
          )}
          <RequestDetailBody item={detail} />
        </div>
        <aside className="order-first flex flex-col gap-4 lg:sticky lg:top-4 lg:order-last">
          <DetailSection title={T.candidacyHeading}>
            <CandidacyBadge candidacy={candidacyOf(detail)} className="self-start px-3! py-1! text-sm!" />
            {isAssignedDriver && <AssignedNotice />}
            {candidate && (
              <FactList
                facts={[
                  [T.yourPrice, formatYen(candidate.price)],
                  [T.appliedAt, formatDateTime(candidate.createdAt)],
                ]}
              />
            )}
          </DetailSection>
          {managesCarrier && detail.status !== 'CANCELLED' && (
            <CarrierCard
              item={detail}
              manager={{ id: user.id, name: user.name }}
              editable={detail.status === 'APPROVED' && !room?.driverMeetingCompletedAt}
            />
          )}
          <DetailSection title={T.nextStepHeading}>
            <p className="text-sm leading-relaxed" data-testid="next-step">
              {step.text}
            </p>
            <div className="flex flex-col gap-2">
              {step.meetingComplete && room && (
                <Button
                  onClick={() => dialog.open('complete-talkroom', { variant: 'driver', requestItemId: id, talkroomId: room.id })}
                >
                  {T.meetingComplete}
                </Button>
              )}
              {step.report && (
                <Button asChild variant={step.report === 'send' ? 'default' : 'outline'}>
                  <Link to="report">
                    <ClipboardCheck aria-hidden />
                    {step.report === 'send' ? T.openReport : T.viewReport}
                  </Link>
                </Button>
              )}
              {talkroomPath && (
                <Button asChild variant="outline">
                  <Link to={talkroomPath}>
                    <MessagesSquare aria-hidden />
                    {detail.talkroom?.isActive ? T.openTalkroom : T.viewTalkroom}
                  </Link>
                </Button>
              )}
              <TransportConditionsButton item={detail} />
              <InvoiceLink item={detail} />
            </div>
          </DetailSection>
        </aside>
      </div>
    </div>
  );
}

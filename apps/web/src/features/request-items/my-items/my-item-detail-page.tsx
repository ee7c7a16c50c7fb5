/**
 * /shipping-requests/my-items/detail/{id}: the customer's own request — where it stands
 * and what comes next, its candidates, the talkroom once a candidate is approved, the
 * driver's report, the actions the state allows (request-state.ts), then every field.
 */
import { REQUEST_ITEM_TEXT, type TRequestItemDetail } from '@logi/contract';
import { MANAGER_DRIVERS_TEXT } from '../../../texts/manager-drivers';
import { MY_ITEMS_TEXT } from '../../../texts/my-items';
import { ChevronRight, MessageSquare, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatYen } from '../../../lib/format';
import {
  DetailSection,
  FactList,
  RequestDetailBody,
  StatusBadge,
  InvoiceLink,
  TransportConditionsButton,
  type StopTimesSlot,
} from '../../../components/request-item';
import { BackToMyItems, WithRequest } from '../../../components/request-item/with-request';
import { DeliveryReport } from './delivery-report';
import { EndingActions, PrimaryActions } from './owner-actions';
import { RepeatPanel, StopNoticeToggle } from './repeat-panel';
import { approvedTalkroom, candidatesPath, slugOf, talkroomPath } from '../../../lib/request-paths';
import { nextStep } from './request-state';
import { formatPhone } from '../../../lib/phone';

const T = MY_ITEMS_TEXT.detail;

function NextStep({ item }: { item: TRequestItemDetail }) {
  const step = nextStep(item);
  return (
    <section
      aria-labelledby="next-step"
      className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="next-step" className="text-sm font-bold text-muted-foreground">
          {T.nextStep}
        </h2>
        <StatusBadge item={item} />
      </div>
      <p className="text-lg font-bold leading-snug" data-testid="next-step">
        {step.title}
      </p>
      <p className="text-sm text-muted-foreground">{step.description}</p>
      <PrimaryActions item={item} />
    </section>
  );
}

function Candidates({ item }: { item: TRequestItemDetail }) {
  const count = item.numberOfCandidates ?? 0;
  return (
    <DetailSection title={T.candidatesHeading}>
      {count > 0 ? (
        <Link
          to={candidatesPath(item.id, slugOf(item.type))}
          className="flex items-center gap-3 rounded-md border px-3 py-3 transition-colors hover:bg-accent"
        >
          <Users aria-hidden className="size-5 text-primary" />
          <span className="flex-1">
            <span className="block font-bold" data-testid="candidates-count">
              {T.candidatesCount(count)}
            </span>
            <span className="text-sm text-primary">{T.viewCandidates}</span>
          </span>
          <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
        </Link>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="candidates-count">
          {T.noCandidates}
        </p>
      )}
    </DetailSection>
  );
}

const carrierLine = (c: { name: string; phone: string | null }) => (c.phone ? `${c.name}（${formatPhone(c.phone)}）` : c.name);

/** The approved applicant and the way into the talkroom (helper H4's screen). */
function Receiver({ item }: { item: TRequestItemDetail }) {
  const talkroom = approvedTalkroom(item);
  if (!item.receiver && !talkroom) return null;
  return (
    <DetailSection title={T.receiver}>
      {item.receiver && (
        <FactList
          facts={[
            [MY_ITEMS_TEXT.candidates.name, item.receiver.name],
            [MY_ITEMS_TEXT.candidates.company, item.receiver.companyName],
            [MY_ITEMS_TEXT.candidates.phone, item.receiver.phone && formatPhone(item.receiver.phone)],
            [REQUEST_ITEM_TEXT.agreedPrice, item.candidate?.status === 'APPROVED' ? formatYen(item.candidate.price) : null],
            // The driver the carrier company assigned to the job.
            [MANAGER_DRIVERS_TEXT.carrierOfJob, item.carrier && carrierLine(item.carrier)],
          ]}
        />
      )}
      {talkroom && (
        <div className="flex flex-col gap-1">
          {/* Secondary: the next-step card holds the one primary action. */}
          <Button asChild variant="outline">
            <Link to={talkroomPath(item.id, talkroom.id)}>
              <MessageSquare aria-hidden className="size-4" />
              {T.openTalkroom}
            </Link>
          </Button>
          {!talkroom.isActive && <p className="text-xs text-muted-foreground">{T.talkroomClosed}</p>}
        </div>
      )}
      <TransportConditionsButton item={item} />
      <InvoiceLink item={item} />
    </DetailSection>
  );
}

export function MyItemDetailPage({ StopTimes }: { StopTimes: StopTimesSlot }) {
  const id = useParams().id ?? '';
  return (
    <WithRequest id={id} skeletonRowClassName="h-32">
      {(item) => <MyItemDetail item={item} StopTimes={StopTimes} />}
    </WithRequest>
  );
}

function MyItemDetail({ item, StopTimes }: { item: TRequestItemDetail; StopTimes: StopTimesSlot }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BackToMyItems />
      <h1 className="sr-only">{T.title}</h1>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside className="flex flex-col gap-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <NextStep item={item} />
          <Candidates item={item} />
          <Receiver item={item} />
          <StopNoticeToggle item={item} />
          <RepeatPanel item={item} />
          <EndingActions item={item} />
        </aside>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
          {item.deliveryItem && <DeliveryReport delivery={item.deliveryItem} />}
          {item.deliveryItem && item.receiverId && item.status !== 'CANCELLED' && (
            <StopTimes requestItemId={item.id} editable={false} />
          )}
          <RequestDetailBody item={item} titleAs="h2" />
        </div>
      </div>
    </div>
  );
}

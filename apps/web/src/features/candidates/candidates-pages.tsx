/**
 * The candidates of one of the customer's requests (spec §2): the list (…/candidates),
 * one candidate (…/candidates/detail/{candidateId}) and the page after approval
 * (…/candidates/approved). Each also answers under the /delivery and /warehouse
 * branches; without a branch the item's own type decides.
 */
import { CandidateSort, type TCandidate, type TCandidateSort, type TRequestItemDetail } from '@logi/contract';
import { CarrierTrustSummary } from '../../components/trust';
import { TRUST_TEXT } from '../../texts/reviews';
import { MANAGER_DRIVERS_TEXT } from '../../texts/manager-drivers';
import { MY_ITEMS_TEXT } from '../../texts/my-items';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronRight, MessageSquare } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Notice } from '../../components/ui/page-panel';
import { Pagination } from '../../components/ui/pagination';
import { SkeletonRows } from '../../components/ui/skeleton';
import { VerifiedBadge } from '../../components/verified-badge';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { DetailSection, FactList } from '../../components/request-item';
import { WithRequest } from '../../components/request-item/with-request';
import {
  ApproveButton,
  CandidateFareBreakdown,
  CandidatePrice,
  CandidateStatusBadge,
  CandidatesHeader,
  canApprove,
} from './candidate-parts';
import { candidateQuery, candidatesQuery } from './queries';
import {
  approvedTalkroom,
  carrierProfilePath,
  candidatePath,
  candidatesPath,
  myItemPath,
  myItemsPath,
  talkroomPath,
  typeOfSlug,
  type RequestTypeSlug,
} from '../../lib/request-paths';
import { formatPhone } from '../../lib/phone';

const T = MY_ITEMS_TEXT.candidates;

/** The route's item id and branch (delivery / warehouse, or none). */
function useCandidateRoute() {
  const params = useParams();
  const slug = typeOfSlug(params.type) ? (params.type as RequestTypeSlug) : undefined;
  return { id: params.id ?? '', candidateId: params.candidateId ?? '', slug };
}

/** Why nobody can be approved any more, if so. */
function ClosedNotice({ item }: { item: TRequestItemDetail }) {
  if (item.status === 'WAITING_APPROVE') return null;
  return <Notice>{item.receiverId ? T.approved : T.closed}</Notice>;
}

function CandidateRow({ item, candidate, to }: { item: TRequestItemDetail; candidate: TCandidate; to: string }) {
  return (
    <article
      data-testid="candidate-row"
      aria-label={candidate.name}
      className={cn(
        'flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs',
        candidate.status === 'APPROVED' && 'border-success/50 ring-1 ring-success/30',
        candidate.status === 'NOT_CHOSEN' && 'bg-muted/40',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-bold">
              <span className="person-name">{candidate.name}</span>
            </h2>
            <CandidateStatusBadge status={candidate.status} />
            {candidate.carrierVerified && <VerifiedBadge />}
          </div>
          <p className="text-sm break-words text-muted-foreground">{candidate.company?.name ?? T.noCompany}</p>
        </div>
        <CandidatePrice candidate={candidate} item={item} />
      </div>
      <p className="text-xs text-muted-foreground">
        {T.appliedAt} {formatDateTime(candidate.createdAt)}
      </p>
      <CandidateFareBreakdown candidate={candidate} />
      {/* The carrier's measured facts and rating (decision 105). */}
      <CarrierTrustSummary trust={candidate.trust} />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="ghost">
          <Link to={carrierProfilePath(candidate.trust.carrierId)}>{TRUST_TEXT.profileLink}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={to} aria-label={`${candidate.name} ${T.viewDetail}`}>
            {T.viewDetail}
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </Button>
        {canApprove(item, candidate) && <ApproveButton item={item} candidate={candidate} />}
      </div>
    </article>
  );
}

function CandidateList({ item, slug }: { item: TRequestItemDetail; slug?: RequestTypeSlug }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort');
  const sort: TCandidateSort = CandidateSort.values.includes(sortParam as TCandidateSort)
    ? (sortParam as TCandidateSort)
    : 'NEWEST';
  const list = useQuery({ ...candidatesQuery(item.id, page, sort), placeholderData: keepPreviousData });
  const sorter = (
    <label className="flex items-center justify-end gap-2 text-sm">
      {TRUST_TEXT.sort.label}
      <select
        className="rounded-md border bg-background px-2 py-1"
        value={sort}
        onChange={(e) =>
          setParams(e.target.value === 'NEWEST' ? new URLSearchParams() : new URLSearchParams({ sort: e.target.value }))
        }
      >
        {CandidateSort.values.map((value) => (
          <option key={value} value={value}>
            {CandidateSort.labels[value]}
          </option>
        ))}
      </select>
    </label>
  );
  if (list.isPending) return <SkeletonRows rowClassName="h-32" />;
  if (list.isError) return <EmptyState />;
  if (list.data.data.length === 0) return <EmptyState title={T.empty} description={T.emptyDescription} />;
  return (
    <div className={cn('flex flex-col gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
      {sorter}
      <ul className="flex flex-col gap-3">
        {list.data.data.map((candidate) => (
          <li key={candidate.id}>
            <CandidateRow item={item} candidate={candidate} to={candidatePath(item.id, candidate.id, slug)} />
          </li>
        ))}
      </ul>
      <Pagination
        meta={list.data.meta}
        onPageChange={(next) => {
          const query = new URLSearchParams(sort === 'NEWEST' ? {} : { sort });
          if (next > 1) query.set('page', String(next));
          setParams(query);
        }}
      />
    </div>
  );
}

export function CandidatesPage() {
  const { id, slug } = useCandidateRoute();
  return (
    <WithRequest id={id}>
      {(item) => (
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
          <CandidatesHeader item={item} title={T.title} back={{ to: myItemPath(id), label: T.backToDetail }} />
          {item.status === 'WAITING_APPROVE' ? (
            <p className="text-sm text-muted-foreground">{T.description}</p>
          ) : (
            <ClosedNotice item={item} />
          )}
          <CandidateList item={item} slug={slug} />
        </div>
      )}
    </WithRequest>
  );
}

function CandidateDetail({ item, candidateId, slug }: { item: TRequestItemDetail; candidateId: string; slug?: RequestTypeSlug }) {
  const detail = useQuery({ ...candidateQuery(item.id, candidateId), meta: { errorToast: false } });
  if (detail.isPending) return <SkeletonRows rows={3} rowClassName="h-24" />;
  if (detail.isError) return <EmptyState title={detail.error.message} />;
  const candidate = detail.data;
  const message = candidate.lastMessage;
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label={candidate.name}
        className="flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-xs sm:p-5"
        data-testid="candidate-detail"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-bold">
                <span className="person-name">{candidate.name}</span>
              </h2>
              <CandidateStatusBadge status={candidate.status} />
              {candidate.carrierVerified && <VerifiedBadge />}
            </div>
            <p className="text-xs text-muted-foreground">
              {T.appliedAt} {formatDateTime(candidate.createdAt)}
            </p>
          </div>
          <CandidatePrice candidate={candidate} item={item} />
        </div>
        <FactList
          facts={[
            [T.company, candidate.company?.name ?? T.noCompany],
            [T.companyKana, candidate.company?.nameKana],
            [MANAGER_DRIVERS_TEXT.carrierOfJob, candidate.carrier?.name],
            [T.phone, candidate.phone && formatPhone(candidate.phone)],
            [T.email, candidate.email],
            [T.note, candidate.note],
          ]}
        />
        <CandidateFareBreakdown candidate={candidate} />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {candidate.talkroom && (
            <Button asChild variant="outline">
              <Link to={talkroomPath(item.id, candidate.talkroom.id)}>
                <MessageSquare aria-hidden className="size-4" />
                {T.openTalkroom}
              </Link>
            </Button>
          )}
          {canApprove(item, candidate) && <ApproveButton item={item} candidate={candidate} />}
        </div>
      </section>
      {message && (
        <DetailSection title={T.lastMessage}>
          <p className="text-sm break-words whitespace-pre-wrap">{message.content || T.attachmentsOnly(message.fileCount)}</p>
          <p className="text-xs text-muted-foreground">{formatDateTime(message.createdAt)}</p>
        </DetailSection>
      )}
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to={candidatesPath(item.id, slug)}>{T.backToList}</Link>
      </Button>
    </div>
  );
}

export function CandidateDetailPage() {
  const { id, candidateId, slug } = useCandidateRoute();
  return (
    <WithRequest id={id}>
      {(item) => (
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
          <CandidatesHeader item={item} title={T.detailTitle} back={{ to: candidatesPath(id, slug), label: T.backToList }} />
          <ClosedNotice item={item} />
          <CandidateDetail item={item} candidateId={candidateId} slug={slug} />
        </div>
      )}
    </WithRequest>
  );
}

/** After approval (spec §2): what comes next, the chosen applicant and the way into the talkroom. */
export function CandidatesApprovedPage() {
  const { id, slug } = useCandidateRoute();
  const A = MY_ITEMS_TEXT.approved;
  return (
    <WithRequest id={id}>
      {(item) => {
        const type = typeOfSlug(slug) ?? item.type;
        const talkroom = approvedTalkroom(item);
        return (
          <div className="mx-auto flex w-full max-w-xl flex-col items-stretch gap-5 rounded-lg border bg-card p-5 text-center shadow-xs sm:p-8">
            <CheckCircle2 aria-hidden className="mx-auto size-14 text-success" />
            <div className="flex flex-col gap-2">
              <h1 className="text-xl font-bold sm:text-2xl">{A.title[type]}</h1>
              <p className="text-sm leading-relaxed text-muted-foreground">{A.description[type]}</p>
            </div>
            {item.receiver && (
              <div className="rounded-md bg-muted px-4 py-3 text-left">
                <p className="text-xs text-muted-foreground">{A.receiver}</p>
                <p className="font-bold" data-testid="approved-receiver">
                  {item.receiver.companyName
                    ? T.nameWithCompany(item.receiver.name, item.receiver.companyName)
                    : item.receiver.name}
                </p>
                {item.carrier && (
                  <p className="mt-1 text-sm" data-testid="approved-carrier">
                    {MANAGER_DRIVERS_TEXT.carrierOfJob}: {item.carrier.name}
                  </p>
                )}
              </div>
            )}
            <div className="flex flex-col gap-2">
              {talkroom && (
                <Button asChild size="lg">
                  <Link to={talkroomPath(item.id, talkroom.id)}>
                    <MessageSquare aria-hidden className="size-4" />
                    {talkroom.isActive ? A.openTalkroom : A.viewTalkroom}
                  </Link>
                </Button>
              )}
              <Button asChild variant="outline">
                <Link to={myItemPath(item.id)}>{A.toDetail}</Link>
              </Button>
              <Button asChild variant="ghost">
                <Link to={myItemsPath}>{A.toList}</Link>
              </Button>
            </div>
          </div>
        );
      }}
    </WithRequest>
  );
}

/** Pieces shared by the candidates list and detail: status badge, price line, approve button, the request header. */
import {
  CandidateStatus,
  REQUEST_ITEM_TEXT,
  type TCandidate,
  type TCandidateStatus,
  type TRequestItemDetail,
  chargesOf,
} from '@logi/contract';
import { MY_ITEMS_TEXT } from '../../texts/my-items';
import { TRANSPORT_CONDITIONS_TEXT as C } from '../../texts/request-items';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useDialog } from '../../components/ui/dialog-registry';
import { formatYen } from '../../lib/format';
import { FareShare, StandardFareBreakdown, StandardFareDetails, StatusBadge, requestTitle } from '../../components/request-item';
import { FAIR_PRICE_WEB_TEXT as F } from '../../texts/fair-price';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { candidateStandardFareQuery } from './queries';
import type { ApprovalAmount } from './dialogs';

const T = MY_ITEMS_TEXT.candidates;

const VARIANT: Record<TCandidateStatus, BadgeProps['variant']> = {
  APPLIED: 'secondary',
  APPROVED: 'success',
  NOT_CHOSEN: 'muted',
  WITHDRAWN: 'muted',
};

/** 応募中 / 承認済み / 見送り */
export function CandidateStatusBadge({ status }: { status: TCandidateStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="candidate-status">
      {CandidateStatus.labels[status]}
    </Badge>
  );
}

/** The candidate's price, named by the request's price type (見積もり金額 for a bid, else 固定価格 / 単価). */
export function CandidatePrice({ candidate, item }: { candidate: TCandidate; item: TRequestItemDetail }) {
  return (
    <div className="flex flex-col items-end leading-tight">
      <span className="text-xs text-muted-foreground">{T.price[item.price.priceType]}</span>
      <span className="text-lg font-bold tabular-nums">
        {item.price.priceType === 'PER_UNIT'
          ? REQUEST_ITEM_TEXT.perPiece(formatYen(candidate.price))
          : formatYen(candidate.price)}
      </span>
      {/* The bid's own charges, when it names them (decision 067). */}
      {candidate.incidentalCharge !== null && (
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="bid-charge">
          {C.incidentalCharge} {formatYen(candidate.incidentalCharge)}
        </span>
      )}
      {candidate.fuelSurcharge !== null && (
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="bid-charge">
          {C.fuelSurcharge} {formatYen(candidate.fuelSurcharge)}
        </span>
      )}
      {/* The bid against the standard fare (decision 100). */}
      <FareShare share={candidate.standardFare} />
    </div>
  );
}

/** The standard fare the bid was measured against, one tap away: loaded when first opened. */
export function CandidateFareBreakdown({ candidate }: { candidate: TCandidate }) {
  const [opened, setOpened] = useState(false);
  const fare = useQuery({ ...candidateStandardFareQuery(candidate.id), enabled: opened, meta: { errorToast: false } });
  if (!candidate.standardFare) return null;
  return (
    <StandardFareDetails summary={F.breakdownOf(candidate.name)} onOpen={() => setOpened(true)}>
      {fare.data ? (
        <StandardFareBreakdown fare={fare.data.breakdown} />
      ) : fare.isError ? (
        <p className="text-sm text-muted-foreground">{F.loadFailed}</p>
      ) : opened ? (
        // Busy only once asked: a closed breakdown is not loading anything.
        <p className="text-sm text-muted-foreground" aria-busy="true">
          {F.loading}
        </p>
      ) : null}
    </StandardFareDetails>
  );
}

/** What approving agrees to pay: a delivery's fare with its charges and their total, a warehouse's unit price. */
export function approvalAmount(item: TRequestItemDetail, candidate: TCandidate): ApprovalAmount {
  const d = item.deliveryItem;
  if (!d) return { perUnit: candidate.price };
  return { charges: chargesOf(candidate.price, candidate, d), hasIncidentalWork: d.incidentalWork.length > 0 };
}

/** Only an open request can be given to an applicant who is still waiting. */
export const canApprove = (item: TRequestItemDetail, candidate: TCandidate) =>
  item.status === 'WAITING_APPROVE' && candidate.status === 'APPLIED';

export function ApproveButton({
  item,
  candidate,
  className,
}: {
  item: TRequestItemDetail;
  candidate: TCandidate;
  className?: string;
}) {
  const dialog = useDialog();
  return (
    <Button
      className={className}
      onClick={() =>
        dialog.open('approve-request-confirm', {
          requestItemId: item.id,
          requestType: item.type,
          candidateId: candidate.id,
          candidateName: candidate.company ? T.nameWithCompany(candidate.name, candidate.company.name) : candidate.name,
          amount: approvalAmount(item, candidate),
        })
      }
    >
      <CheckCircle2 aria-hidden className="size-4" />
      {T.approve}
    </Button>
  );
}

/** Back link, heading and the request the candidates applied to. */
export function CandidatesHeader({
  item,
  title,
  back,
}: {
  item: TRequestItemDetail;
  title: string;
  back: { to: string; label: string };
}) {
  return (
    <div className="flex flex-col gap-3">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to={back.to}>
          <ArrowLeft aria-hidden />
          {back.label}
        </Link>
      </Button>
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge item={item} />
          <span className="break-words">{requestTitle(item)}</span>
        </p>
      </div>
    </div>
  );
}

/**
 * Where the caller stands on a request it applied to: still waiting (選考中), chosen
 * (承認されました), not chosen (選ばれませんでした) or the request was cancelled. A carrier
 * must see at a glance that it was not chosen, so each state has its own colour and icon.
 */
import { type TRequestItem } from '@logi/contract';
import { APPLIED_ITEMS_TEXT as T, type TCandidacy } from '../../../texts/applied-items';
import { CheckCircle2, Clock, Ban, XCircle } from 'lucide-react';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

export function candidacyOf(item: Pick<TRequestItem, 'status' | 'candidate'>): TCandidacy {
  const status = item.candidate?.status ?? 'APPLIED';
  // A cancelled request keeps its candidates' statuses (decision 013): say what happened instead.
  if (item.status === 'CANCELLED' && status !== 'NOT_CHOSEN') return 'CANCELLED';
  return status;
}

const LOOK: Record<TCandidacy, { variant: BadgeProps['variant']; icon: typeof Clock }> = {
  APPLIED: { variant: 'secondary', icon: Clock },
  APPROVED: { variant: 'success', icon: CheckCircle2 },
  NOT_CHOSEN: { variant: 'destructive', icon: XCircle },
  WITHDRAWN: { variant: 'muted', icon: Ban },
  CANCELLED: { variant: 'muted', icon: Ban },
};

export function CandidacyBadge({ candidacy, className }: { candidacy: TCandidacy; className?: string }) {
  const { variant, icon: Icon } = LOOK[candidacy];
  return (
    <Badge variant={variant} className={className} data-testid="candidacy">
      <Icon aria-hidden className="size-3.5" />
      {T.candidacy[candidacy]}
    </Badge>
  );
}

import { RequestType, type TRequestItem } from '@logi/contract';
import { Badge } from '../ui/badge';
import { STATUS_VARIANT, type StatusOf, requestBadges, statusLabel } from './request-badges';

export { statusLabel } from './request-badges';

/** The request's delivery or warehouse status as a coloured badge. */
export function StatusBadge({ item, className }: { item: StatusOf; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANT[item.status]} className={className} data-testid="status-badge">
      {statusLabel(item)}
    </Badge>
  );
}

/** 配送 / 倉庫 */
export function RequestTypeBadge({ type, className }: { type: TRequestItem['type']; className?: string }) {
  return (
    <Badge variant="outline" className={className}>
      {RequestType.labels[type]}
    </Badge>
  );
}

/** A request's badges after its type (request-badges.ts decides which); the state one is status-badge. */
export function RequestBadges({ item, showStatus }: { item: Parameters<typeof requestBadges>[0]; showStatus?: boolean }) {
  return requestBadges(item, { showStatus }).map((b) => (
    <Badge key={b.key} variant={b.variant} data-testid={b.key === 'status' ? 'status-badge' : undefined}>
      {b.label}
    </Badge>
  ));
}

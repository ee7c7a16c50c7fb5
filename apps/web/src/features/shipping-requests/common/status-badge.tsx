import { DeliveryStatus, RequestType, type TRequestItem, type TRequestStatus, WarehouseStatus } from '@logi/contract';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

type Variant = BadgeProps['variant'];

/** Colours by stage: open (blue), running (amber), done (green), cancelled (grey). */
const VARIANT: Record<TRequestStatus, Variant> = {
  WAITING_APPROVE: 'default',
  APPROVED: 'warning',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
  CANCELLED: 'muted',
};

/** The label of a request's status: a warehouse names its states differently (マッチング前 …). */
export function statusLabel(item: Pick<TRequestItem, 'type' | 'status'>): string {
  if (item.type === 'WAREHOUSE') {
    return WarehouseStatus.labels[item.status as keyof typeof WarehouseStatus.labels] ?? DeliveryStatus.labels[item.status];
  }
  return DeliveryStatus.labels[item.status];
}

/** The request's delivery or warehouse status as a coloured badge. */
export function StatusBadge({ item, className }: { item: Pick<TRequestItem, 'type' | 'status'>; className?: string }) {
  return (
    <Badge variant={VARIANT[item.status]} className={className} data-testid="status-badge">
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

import { PriceType, REQUEST_ITEM_TEXT as T, type TRequestItem, type TRequestPrice } from '@logi/contract';
import { cn } from '../../lib/cn';
import { formatYen } from '../../lib/format';

/**
 * The amount agreed on an estimation request: the caller's bid once it was approved (the
 * applied-items list and an applicant's detail carry it as `candidate`). Null while bids are
 * still open or when the answer does not say (the request's own price is then shown).
 */
export function agreedPrice(item: Pick<TRequestItem, 'price' | 'candidate'>): number | null {
  if (item.price.priceType !== 'ESTIMATION' || item.candidate?.status !== 'APPROVED') return null;
  return item.candidate.price;
}

/**
 * The price as one line of text: 35,000円 (fixed), 単価 1,200円 (per unit), 見積もり受付中
 * (an estimation request has no price until applicants bid; 見積もり once it no longer takes
 * applications), 合意金額 38,000円 (an estimation request whose bid was approved).
 */
export function priceText(price: TRequestPrice, agreed: number | null = null, open = true): string {
  if (agreed !== null) return `${T.agreedPrice} ${formatYen(agreed)}`;
  // Bids are taken only while the request is open: a closed or running one is just 見積もり.
  if (price.priceType === 'ESTIMATION' || price.price === null) return open ? T.priceEstimation : PriceType.labels.ESTIMATION;
  const yen = formatYen(price.price);
  return price.priceType === 'PER_UNIT' ? T.perUnit(yen) : yen;
}

interface PriceDisplayProps {
  price: TRequestPrice;
  /** The agreed amount of an estimation request (see agreedPrice), shown instead of 見積もり受付中. */
  agreed?: number | null;
  /** Whether the request still takes applications (request-badges.ts isTakingApplications). */
  open?: boolean;
  /** Show the price type (固定価格 / 見積もり / 単価) above the amount. */
  withType?: boolean;
  className?: string;
}

/** The price of a request, the amount emphasised (an agreed amount says so above it). */
export function PriceDisplay({ price, agreed = null, open = true, withType = false, className }: PriceDisplayProps) {
  const unpriced = agreed === null && (price.priceType === 'ESTIMATION' || price.price === null);
  const label = agreed !== null ? T.agreedPrice : withType && !unpriced ? PriceType.labels[price.priceType] : null;
  return (
    <div className={cn('flex flex-col items-end leading-tight', className)} data-testid="price">
      {label && <span className="text-xs text-muted-foreground">{label}</span>}
      <span className={cn('tabular-nums', unpriced ? 'text-sm font-medium text-muted-foreground' : 'text-lg font-bold')}>
        {agreed !== null
          ? formatYen(agreed)
          : label && price.priceType === 'PER_UNIT' && price.price !== null
            ? T.perPiece(formatYen(price.price)) // 単価 is its label already
            : priceText(price, null, open)}
      </span>
    </div>
  );
}

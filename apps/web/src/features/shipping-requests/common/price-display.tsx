import { PriceType, REQUEST_ITEM_TEXT as T, type TRequestPrice } from '@logi/contract';
import { cn } from '../../../lib/cn';
import { formatYen } from '../../../lib/format';

/**
 * The price as one line of text: 35,000円 (fixed), 単価 1,200円 (per unit), 見積もり受付中
 * (an estimation request has no price until applicants bid).
 */
export function priceText(price: TRequestPrice): string {
  if (price.priceType === 'ESTIMATION' || price.price === null) return T.priceEstimation;
  const yen = formatYen(price.price);
  return price.priceType === 'PER_UNIT' ? T.perUnit(yen) : yen;
}

interface PriceDisplayProps {
  price: TRequestPrice;
  /** Show the price type (固定価格 / 見積もり / 単価) above the amount. */
  withType?: boolean;
  className?: string;
}

/** The price of a request, the amount emphasised. */
export function PriceDisplay({ price, withType = false, className }: PriceDisplayProps) {
  const estimation = price.priceType === 'ESTIMATION' || price.price === null;
  return (
    <div className={cn('flex flex-col items-end leading-tight', className)} data-testid="price">
      {withType && !estimation && <span className="text-xs text-muted-foreground">{PriceType.labels[price.priceType]}</span>}
      <span className={cn('tabular-nums', estimation ? 'text-sm font-medium text-muted-foreground' : 'text-lg font-bold')}>
        {priceText(price)}
      </span>
    </div>
  );
}

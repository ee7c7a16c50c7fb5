import { TemperatureRange, type TRequestItem, VehicleType } from '@logi/contract';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatKg, formatShortTimeRange, formatTsubo, requestTitle, routeEnds } from './display';
import { PriceDisplay, agreedPrice } from './price-display';
import { isTakingApplications } from './request-badges';
import { FareShare, StandardFareFigure } from './standard-fare';
import { RequestBadges, RequestTypeBadge } from './status-badge';

/** The facts a carrier scans a list for: when, which vehicle, what, how much. */
function rowFacts(item: TRequestItem): string[] {
  if (item.deliveryItem) {
    const d = item.deliveryItem;
    const { from } = routeEnds(d.transports);
    return [
      from ? `${from.label} ${formatShortTimeRange(from.timeFrom, from.timeTo)}` : null,
      VehicleType.labels[d.vehicleType],
      TemperatureRange.labels[d.vehicleTemperatureRange],
      d.baggageName,
      formatKg(d.totalWeight),
    ].filter((f): f is string => f !== null);
  }
  if (item.warehouseItem) {
    const w = item.warehouseItem;
    return [TemperatureRange.labels[w.roomTemperatureRange], formatTsubo(w.acreage)];
  }
  return [];
}

interface RequestRowProps {
  item: TRequestItem;
  /** Where the row leads (each screen group has its own detail page). */
  to: string;
  /** Show the status badge (lists of one's own or applied requests; the market lists only open ones). */
  showStatus?: boolean;
  /** Extra line under the facts: a candidate count, the caller's application … */
  extra?: ReactNode;
}

/** One request in a list: a card that is one link, one column on a phone (data-testid="request-row"). */
export function RequestRow({ item, to, showStatus = false, extra }: RequestRowProps) {
  const title = requestTitle(item);
  return (
    <Link
      to={to}
      data-testid="request-row"
      className="group flex items-center gap-3 rounded-lg border bg-card p-3 shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/40 sm:p-4"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <RequestTypeBadge type={item.type} />
          <RequestBadges item={item} showStatus={showStatus} />
        </div>
        <div className="flex flex-col gap-0.5 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
          <p className="min-w-0 leading-snug font-bold">{title}</p>
          <div className="flex shrink-0 flex-col items-start gap-0.5 sm:items-end">
            <PriceDisplay
              price={item.price}
              agreed={agreedPrice(item)}
              open={isTakingApplications(item)}
              className="items-start sm:items-end"
            />
            {item.standardFare && <StandardFareFigure figure={item.standardFare} />}
            {item.candidate?.standardFare && <FareShare share={item.candidate.standardFare} />}
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{rowFacts(item).join('・')}</p>
        {extra}
      </div>
      <ChevronRight
        aria-hidden
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}

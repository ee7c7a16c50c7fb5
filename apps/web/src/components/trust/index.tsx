/**
 * Trust displays several features share (decision 105): a carrier's measured facts and rating
 * (candidates, the carrier's profile), a party's rating, and a request's sites' measured waiting.
 */
import type { TCarrierFacts, TCarrierTrust, TOnTime, TRatingSummary, TSiteWaiting } from '@logi/contract';
import { TransportType } from '@logi/contract';
import { Star } from 'lucide-react';
import { TRUST_TEXT as T } from '../../texts/reviews';

/** ★4.3（5件）, the count alone below three reviews, or none yet. */
export function RatingSummary({ rating }: { rating: TRatingSummary }) {
  const text =
    rating.count === 0
      ? T.rating.none
      : rating.average === null
        ? T.rating.fewReviews(rating.count)
        : T.rating.average(rating.average, rating.count);
  return (
    <span className="inline-flex items-center gap-1 text-sm" data-testid="rating-summary">
      <Star aria-hidden className="size-4 text-amber-500" />
      <span className="sr-only">{T.rating.label}</span>
      {text}
    </span>
  );
}

const onTimeText = (o: TOnTime | null) => (o ? T.facts.rate(o.rate, o.onTime, o.measured) : T.facts.tooFewStops);

/** The measured facts, or 実績が少ないため表示なし. */
export function CarrierFacts({ facts }: { facts: TCarrierFacts }) {
  if (!facts.shown) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="carrier-facts">
        {T.facts.title}: {T.facts.tooFew}
      </p>
    );
  }
  const rows: [string, string][] = [
    [T.facts.completed, T.facts.jobs(facts.completedJobs!)],
    [T.facts.cancelled, T.facts.jobs(facts.cancelledAfterApproval!)],
    [T.facts.pickupOnTime, onTimeText(facts.pickupOnTime)],
    [T.facts.deliveryOnTime, onTimeText(facts.deliveryOnTime)],
  ];
  return (
    <div className="flex flex-col gap-1" data-testid="carrier-facts">
      <p className="text-xs font-bold text-muted-foreground">{T.facts.title}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A bid's carrier: rating and facts. */
export function CarrierTrustSummary({ trust }: { trust: TCarrierTrust }) {
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/40 p-3" data-testid="carrier-trust">
      <RatingSummary rating={trust.rating} />
      <CarrierFacts facts={trust.facts} />
    </div>
  );
}

/** One site's measured waiting, or why nothing is shown. */
export function SiteWaitingRow({ site }: { site: TSiteWaiting }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border p-3" data-testid="site-waiting">
      <p className="text-sm font-bold">
        {TransportType.labels[site.transportType]} <span className="font-normal">{site.site}</span>
      </p>
      {site.shown ? (
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">{T.site.waiting}</dt>
            <dd className="tabular-nums">{T.site.minutes(site.averageWaitingMinutes)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{T.site.handling}</dt>
            <dd className="tabular-nums">{T.site.minutes(site.averageHandlingMinutes)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{T.site.overTwoHours}</dt>
            <dd className="tabular-nums">
              {T.site.share(site.overTwoHoursShare)}（{T.site.stops(site.stops)}）
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">{T.site.tooFew(site.stops)}</p>
      )}
    </li>
  );
}

/**
 * 「標準的運賃の目安」 on the delivery create form (issue 45): the draft's standard fare as the
 * route, vehicle, weight and dates are filled in — 税込 and 税抜, the distance (推定 or entered),
 * and one click away the breakdown every screen shows (StandardFareBreakdown: the lines, the
 * table, region, class and fuel price it used, every assumption and note the answer gives); or
 * why the job has no standard fare. Also the warning under a fixed price far below it
 * (FIXED_PRICE_WARNING_SHARE).
 */
import { chargesOf, fixedPriceAgainstStandardFare, type TStandardFareQuote } from '@logi/contract';
import { TriangleAlert } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { FareRemarks, StandardFareBreakdown, StandardFareDetails } from '../../../components/request-item';
import { formatYen } from '../../../lib/format';
import { FAIR_PRICE_WEB_TEXT } from '../../../texts/fair-price';
import type { TDeliveryForm } from './request-forms';
import { useStandardFareQuote } from './standard-fare-quote';

const T = FAIR_PRICE_WEB_TEXT.panel;
const CHARGE_FIELDS = ['price', 'incidentalCharge', 'fuelSurcharge', 'incidentalWork'] as const;

/** The headline: what a screen reader hears again whenever it changes. */
function Headline({ quote }: { quote: TStandardFareQuote | undefined }) {
  const fare = quote?.standardFare;
  if (!quote || !fare) return null;
  if (!fare.covered)
    return (
      <p className="text-sm">
        <span className="font-medium">{T.notCovered}</span>: {fare.message}
      </p>
    );
  const B = FAIR_PRICE_WEB_TEXT.breakdown;
  const km = fare.distance.estimated ? B.distanceEstimated(fare.distance.km) : B.distanceEntered(fare.distance.km);
  return (
    <div className="flex flex-col gap-1">
      <p className="sr-only">{T.totalSentence(fare.total, fare.subtotal)}</p>
      <p aria-hidden className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-2xl font-bold tabular-nums">{formatYen(fare.total)}</span>
        <span className="text-sm">（{T.total}）</span>
        <span className="text-sm text-muted-foreground tabular-nums">
          {T.subtotal} {formatYen(fare.subtotal)}
        </span>
      </p>
      <p className="text-sm">
        {T.distance} {km}
      </p>
    </div>
  );
}

export function StandardFarePanel() {
  const { asked, query } = useStandardFareQuote();
  const quote = asked ? query.data : undefined;
  const fare = quote?.standardFare;
  return (
    <div className="col-span-12 flex flex-col gap-3" aria-busy={asked && query.isFetching}>
      <p className="text-sm text-muted-foreground">{T.hint}</p>
      {/* Polite and whole: the figure is read out as one sentence once it settles. */}
      <div role="status" aria-live="polite" aria-atomic="true" className={query.isPlaceholderData ? 'opacity-60' : undefined}>
        {!asked ? (
          <p className="text-sm">{T.waiting}</p>
        ) : query.isError && !quote ? (
          <p className="text-sm text-destructive">{T.failed}</p>
        ) : !quote ? (
          <p className="text-sm">{T.loading}</p>
        ) : (
          <Headline quote={quote} />
        )}
      </div>
      {/* The same breakdown a request, a bid and a candidate show (decision 103). */}
      {quote && fare?.covered && (
        <StandardFareDetails summary={T.breakdown}>
          <StandardFareBreakdown fare={quote} />
        </StandardFareDetails>
      )}
      {quote && fare && !fare.covered && <FareRemarks title={FAIR_PRICE_WEB_TEXT.breakdown.notes} items={quote.notes} />}
    </div>
  );
}

/**
 * Under a fixed price: said when the request's charges (税抜: the price, the 附帯業務 charge and
 * the fuel surcharge, as the confirm dialog sums them) are far below the standard fare (税抜).
 */
export function FixedPriceWarning() {
  const [price, incidentalCharge, fuelSurcharge, incidentalWork] = useWatch<TDeliveryForm, typeof CHARGE_FIELDS>({
    name: CHARGE_FIELDS,
  });
  const { draft, query } = useStandardFareQuote();
  const fare = draft ? query.data?.standardFare : undefined;
  const standard = fare?.covered ? fare.subtotal : null;
  const valid = typeof price === 'number' && Number.isInteger(price) && price > 0;
  const charges =
    valid && draft
      ? chargesOf(
          price,
          {},
          {
            incidentalCharge: typeof incidentalCharge === 'number' ? incidentalCharge : null,
            fuelSurcharge: typeof fuelSurcharge === 'number' ? fuelSurcharge : null,
            incidentalWork: incidentalWork ?? [],
            transports: draft.transports,
          },
        )
      : null;
  const against = charges && standard ? fixedPriceAgainstStandardFare(charges.subtotal, standard) : null;
  return (
    <div role="status" className="col-span-12 empty:hidden">
      {against?.farBelow && (
        <p className="flex gap-2 rounded-md border border-l-4 border-warning bg-card p-3 text-sm">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{FAIR_PRICE_WEB_TEXT.fixedPrice.farBelow(against.percent, standard!)}</span>
        </p>
      )}
    </div>
  );
}

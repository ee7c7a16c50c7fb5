/**
 * 「標準的運賃の目安」 on the delivery create form (issue 45): the draft's standard fare as the
 * route, vehicle, weight and dates are filled in — 税込 and 税抜, the distance (推定 or entered),
 * an itemised breakdown one click away, the table, region, class and fuel price it used, and
 * every assumption and note the answer gives; or why the job has no standard fare. Also the
 * warning under a fixed price far below it (FIXED_PRICE_WARNING_SHARE).
 */
import { chargesOf, fixedPriceAgainstStandardFare, type TStandardFareQuote } from '@logi/contract';
import { TriangleAlert } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { formatDate, formatYen } from '../../../lib/format';
import { FAIR_PRICE_WEB_TEXT } from '../../../texts/fair-price';
import type { TDeliveryForm } from './request-forms';
import { useStandardFareQuote } from './standard-fare-quote';

const T = FAIR_PRICE_WEB_TEXT.panel;
const CHARGE_FIELDS = ['price', 'incidentalCharge', 'fuelSurcharge', 'incidentalWork'] as const;
type Covered = Extract<TStandardFareQuote['standardFare'], { covered: true }>;

function Line({ label, detail, amount, strong }: { label: string; detail?: string; amount: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'border-t font-bold' : 'border-t'}>
      <th scope="row" className="py-1.5 pr-3 text-left align-top font-normal">
        <span className={strong ? 'font-bold' : undefined}>{label}</span>
        {detail && <span className="block text-xs text-muted-foreground">{detail}</span>}
      </th>
      <td className="py-1.5 text-right align-top whitespace-nowrap tabular-nums">{formatYen(amount)}</td>
    </tr>
  );
}

function Breakdown({ fare }: { fare: Covered }) {
  const lines = [fare.fare, ...fare.surcharges, ...fare.charges, ...(fare.fuelSurcharge ? [fare.fuelSurcharge] : [])];
  return (
    <details className="rounded-md border bg-background px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium">{T.breakdown}</summary>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">{T.breakdownCaption}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{T.item}</th>
            <th scope="col">{T.amount}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <Line key={`${line.code}-${i}`} label={line.label} detail={line.detail} amount={line.amount} />
          ))}
          <Line label={T.subtotal} amount={fare.subtotal} strong />
          <Line label={T.consumptionTax(fare.taxRate)} amount={fare.consumptionTax} />
          <Line label={T.total} amount={fare.total} strong />
        </tbody>
      </table>
    </details>
  );
}

function Facts({ quote, fare }: { quote: TStandardFareQuote; fare: Covered }) {
  const facts: [string, string][] = [
    [T.table, T.tableValue(fare.version.instrument, formatDate(fare.version.effectiveFrom))],
    [T.region, T.regionValue(fare.region.name, fare.region.authority)],
    [T.vehicleClass, fare.vehicleClass.name],
    [
      T.fuelPrice,
      quote.fuelPrice
        ? T.fuelPriceValue(quote.fuelPrice.yenPerLitre, formatDate(quote.fuelPrice.effectiveFrom))
        : T.fuelPriceNone,
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="mb-1 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Remarks({ title, items }: { title: string; items: { code: string; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <h3 className="font-medium">{title}</h3>
      <ul className="list-disc space-y-0.5 pl-5 text-muted-foreground">
        {items.map((item) => (
          <li key={item.code}>{item.text}</li>
        ))}
      </ul>
    </div>
  );
}

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
  const km = fare.distance.estimated ? T.distanceEstimated(fare.distance.km) : T.distanceEntered(fare.distance.km);
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
      {quote && fare?.covered && (
        <>
          <Breakdown fare={fare} />
          <Facts quote={quote} fare={fare} />
          <Remarks title={T.assumptions} items={fare.assumptions} />
        </>
      )}
      {quote && <Remarks title={T.notes} items={quote.notes} />}
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

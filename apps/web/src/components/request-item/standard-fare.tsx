/**
 * The fair-price meter's display (issue 45, decision 100): a request's standard fare in brief
 * beside its price, its breakdown (each line, 税抜, 消費税, 税込, the table, the distance marked
 * 推定, the fuel price used and every assumption; also the create form's, decision 103), and a bid
 * as a share of it.
 */
import type { TBidFareShare, TRequestStandardFare, TStandardFareFigure } from '@logi/contract';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatDate, formatYen } from '../../lib/format';
import { FAIR_PRICE_WEB_TEXT as T } from '../../texts/fair-price';

/** 標準的運賃 12,345円（税抜）, marked 推定距離 when the distance is estimated; or 標準的運賃の対象外. */
export function StandardFareFigure({ figure, className }: { figure: TStandardFareFigure; className?: string }) {
  if (!figure.covered) {
    return (
      <span className={cn('text-xs text-muted-foreground', className)} data-testid="standard-fare" title={figure.message}>
        {T.notCovered}
      </span>
    );
  }
  return (
    <span className={cn('text-xs text-muted-foreground tabular-nums', className)} data-testid="standard-fare">
      {T.figure(formatYen(figure.subtotal))}
      {T.taxExcluded}
      {figure.estimated && <span className="ml-1 rounded bg-muted px-1">{T.estimated}</span>}
    </span>
  );
}

/** 標準的運賃の87%: a bid against the standard fare (both 税抜); nothing when the job has none. */
export function FareShare({ share, className }: { share: TBidFareShare | null | undefined; className?: string }) {
  if (!share || share.percent === null) return null;
  return (
    <span className={cn('text-xs font-medium tabular-nums', className)} data-testid="fare-share" title={T.shareBasis}>
      {T.share(share.percent)}
      {share.distanceKm !== null && (
        <span className="ml-1 font-normal text-muted-foreground">{T.shareAtDistance(share.distanceKm)}</span>
      )}
    </span>
  );
}

const day = (ymd: string) => formatDate(`${ymd}T12:00:00+09:00`);
const B = T.breakdown;

function Line({ label, detail, amount, strong = false }: { label: string; detail?: string; amount: number; strong?: boolean }) {
  return (
    <tr className={cn('border-t', strong && 'font-bold')}>
      <th scope="row" className="py-1.5 pr-3 text-left align-top font-normal">
        <span className={strong ? 'font-bold' : undefined}>{label}</span>
        {detail && <span className="block text-xs text-muted-foreground">{detail}</span>}
      </th>
      <td className="py-1.5 text-right align-top whitespace-nowrap tabular-nums">{formatYen(amount)}</td>
    </tr>
  );
}

/** A titled list of the answer's assumptions or notes; nothing when there are none. */
export function FareRemarks({ title, items }: { title: string; items: readonly { code: string; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="list-disc space-y-0.5 pl-5 text-muted-foreground">
        {items.map((item, i) => (
          <li key={`${item.code}-${i}`}>{item.text}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The breakdown of a standard fare as the server computed it (a draft's quote or a stored
 * request's or bid's: the same shape): each line, 税抜, 消費税 and 税込 as a table, then the
 * 告示, region, class, distance (推定 or entered) and fuel price it used, and every assumption
 * and note; or why the job has none. The one breakdown of the product (create form, request,
 * bid, candidate).
 */
export function StandardFareBreakdown({ fare }: { fare: TRequestStandardFare }) {
  const f = fare.standardFare;
  if (!f.covered) {
    return (
      <div className="flex flex-col gap-2 text-sm">
        <p className="text-muted-foreground">{f.message}</p>
        <FareRemarks title={B.notes} items={fare.notes} />
      </div>
    );
  }
  const lines = [f.fare, ...f.surcharges, ...f.charges, ...(f.fuelSurcharge ? [f.fuelSurcharge] : [])];
  const facts: [string, string][] = [
    [B.table, B.tableOf(f.version.instrument, day(f.version.effectiveFrom))],
    [B.region, B.regionOf(f.region.name, f.region.authority)],
    [B.vehicleClass, f.vehicleClass.name],
    [B.distance, f.distance.estimated ? B.distanceEstimated(f.distance.km) : B.distanceEntered(f.distance.km)],
    [B.fuelPrice, fare.fuelPrice ? B.fuelPriceOf(fare.fuelPrice.yenPerLitre, day(fare.fuelPrice.effectiveFrom)) : B.noFuelPrice],
  ];
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="standard-fare-breakdown">
      <table className="w-full text-sm">
        <caption className="sr-only">{B.caption}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{B.item}</th>
            <th scope="col">{B.amount}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <Line key={`${line.code}-${i}`} label={line.label} detail={line.detail} amount={line.amount} />
          ))}
          <Line label={B.subtotal} amount={f.subtotal} strong />
          <Line label={B.consumptionTax(f.taxRate)} amount={f.consumptionTax} />
          <Line label={B.total} amount={f.total} strong />
        </tbody>
      </table>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="mb-1 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <FareRemarks title={B.assumptions} items={f.assumptions} />
      <FareRemarks title={B.notes} items={fare.notes} />
      <p className="text-xs text-muted-foreground">{B.reference}</p>
    </div>
  );
}

/** The breakdown behind a disclosure (a native <details>: keyboard and screen readers know it). */
export function StandardFareDetails({
  summary = T.showBreakdown,
  onOpen,
  children,
}: {
  summary?: string;
  /** Called the first time it opens (a breakdown loaded on demand). */
  onOpen?: () => void;
  children: ReactNode;
}) {
  return (
    <details
      className="group rounded-md bg-muted px-3 py-2"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) onOpen?.();
      }}
    >
      <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between gap-2 text-sm font-medium text-primary">
        {summary}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="pt-2">{children}</div>
    </details>
  );
}

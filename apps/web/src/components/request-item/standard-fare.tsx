/**
 * The fair-price meter's display (issue 45, decision 100): a request's standard fare in brief
 * beside its price, its breakdown (each line, 税抜, 消費税, 税込, the table, the distance marked
 * 推定, the fuel price used and every assumption), and a bid as a share of it.
 */
import type { TBidFareShare, TRequestStandardFare, TStandardFareFigure } from '@logi/contract';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatDate, formatYen } from '../../lib/format';
import { FAIR_PRICE_SCREEN_TEXT as T } from '../../texts/fair-price';

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

function Row({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'border-t pt-1 font-bold')}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

/** The breakdown of a standard fare as the server computed it, or why the job has none. */
export function StandardFareBreakdown({ fare }: { fare: TRequestStandardFare }) {
  const f = fare.standardFare;
  if (!f.covered) return <p className="text-sm text-muted-foreground">{f.message}</p>;
  const lines = [f.fare, ...f.surcharges, ...f.charges, ...(f.fuelSurcharge ? [f.fuelSurcharge] : [])];
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="standard-fare-breakdown">
      <dl className="flex flex-col gap-1">
        {lines.map((line) => (
          <Row
            key={`${line.code}-${line.label}`}
            label={
              <>
                {line.label}
                <span className="block text-xs">{line.detail}</span>
              </>
            }
            value={formatYen(line.amount)}
          />
        ))}
        <Row label={T.subtotal} value={formatYen(f.subtotal)} strong />
        <Row label={T.consumptionTax(f.taxRate)} value={formatYen(f.consumptionTax)} />
        <Row label={T.total} value={formatYen(f.total)} strong />
      </dl>
      <dl className="flex flex-col gap-1 text-xs">
        <Row label={T.table} value={T.tableOf(f.version.instrument, day(f.version.effectiveFrom))} />
        <Row label={T.region} value={f.region.name} />
        <Row label={T.vehicleClass} value={f.vehicleClass.name} />
        <Row
          label={T.distance}
          value={f.distance.estimated ? T.distanceEstimated(f.distance.km) : T.distanceEntered(f.distance.km)}
        />
        <Row
          label={T.fuelPrice}
          value={fare.fuelPrice ? T.fuelPriceOf(fare.fuelPrice.yenPerLitre, day(fare.fuelPrice.effectiveFrom)) : T.noFuelPrice}
        />
      </dl>
      <div className="text-xs text-muted-foreground">
        <p className="font-medium text-foreground">{T.assumptions}</p>
        <ul className="list-disc pl-4">
          {[...f.assumptions, ...fare.notes].map((a, i) => (
            <li key={`${a.code}-${i}`}>{a.text}</li>
          ))}
        </ul>
        <p className="mt-1">{T.reference}</p>
      </div>
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

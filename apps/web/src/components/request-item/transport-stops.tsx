import { Elevator, REQUEST_ITEM_TEXT as T, type TTransportStop } from '@logi/contract';
import { KeepWords } from '../ui/keep-words';
import { cn } from '../../lib/cn';
import { HiddenValue } from './detail-parts';
import { formatAddress, formatArea, formatPostalCode, formatTimeRange } from './display';
import { formatPhone } from '../../lib/phone';

/** Dot colour by kind: pickup and delivery stand out, transits are quiet. */
const DOT: Record<TTransportStop['transportType'], string> = {
  PICKUP: 'bg-primary',
  TRANSIT: 'bg-muted-foreground',
  DELIVERY: 'bg-success',
};

/**
 * The stops of a delivery in route order, each with the server's label (集荷, 経由1, 経由2 …,
 * 配達), its time window, address and contact. `hidden`: the block, contact and phone are the
 * server's samples, shown as hidden rather than as data.
 */
export function TransportStops({
  stops,
  hidden = false,
  className,
}: {
  stops: readonly TTransportStop[];
  hidden?: boolean;
  className?: string;
}) {
  const ordered = [...stops].sort((a, b) => a.position - b.position);
  return (
    <ol className={cn('flex flex-col', className)} aria-label={T.route}>
      {ordered.map((stop, i) => (
        <li key={stop.id} className="relative flex gap-3 pb-5 last:pb-0" data-testid="transport-stop">
          {i < ordered.length - 1 && <span aria-hidden className="absolute top-5 bottom-0 left-[0.6875rem] w-px bg-border" />}
          <span
            aria-hidden
            className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-card ring-1 ring-border"
          >
            <span className={cn('size-2.5 rounded-full', DOT[stop.transportType])} />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
              <span className="font-bold" data-testid="stop-label">
                {stop.label}
              </span>
              <span className="text-sm tabular-nums">
                <KeepWords text={formatTimeRange(stop.timeFrom, stop.timeTo)} />
              </span>
            </div>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-muted-foreground">{T.stopAddress}</dt>
              <dd className="min-w-0">
                {formatPostalCode(stop.location.postalCode) && (
                  <span className="keep mr-2 text-muted-foreground">{formatPostalCode(stop.location.postalCode)}</span>
                )}
                {hidden ? (
                  <>
                    <span className="mr-2">{formatArea(stop.location)}</span>
                    <HiddenValue />
                  </>
                ) : (
                  formatAddress(stop.location)
                )}
              </dd>
              {stop.name && (
                <>
                  <dt className="text-muted-foreground">{T.stopContact}</dt>
                  <dd className="min-w-0">
                    {hidden ? (
                      <HiddenValue />
                    ) : (
                      <span className="person-name" title={stop.name}>
                        {stop.name}
                      </span>
                    )}
                  </dd>
                </>
              )}
              {stop.phone && (
                <>
                  <dt className="text-muted-foreground">{T.stopPhone}</dt>
                  <dd className="keep tabular-nums">{hidden ? <HiddenValue /> : formatPhone(stop.phone)}</dd>
                </>
              )}
              <dt className="text-muted-foreground">{T.elevator}</dt>
              <dd>{Elevator.labels[stop.elevator]}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ol>
  );
}

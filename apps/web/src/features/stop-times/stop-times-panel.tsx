/**
 * The waiting and loading time of a job's stops (decision 061). The carrier gets, per pickup and
 * delivery stop, large buttons for the next step (到着 → 荷役開始 → 荷役終了 → 出発): a tap is
 * queued with its own time and sent at once, or when the phone is back online, and a recorded
 * time can be corrected with a reason (decision 085). The customer, the carrier's company and the
 * admin read the same times and every correction. Either side downloads the month's waiting charges.
 */
import {
  STOP_TIMES_TEXT as T,
  StopTimeEvent,
  type TStopTimeEvent,
  type TStopTimes,
  type TStopTimesResponse,
  TransportType,
  stopTimeRoutes,
} from '@logi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DetailSection } from '../../components/request-item';
import { StatementButton } from './statement-button';
import { AT, CorrectStopTime, CorrectionHistory } from './stop-time-correction';
import { stopTimesQuery } from './stop-times-query';
import { type QueuedTap, enqueueTap, flushQueue, readQueue } from './tap-queue';

export { stopTimesQuery } from './stop-times-query';

/** The time of each step: recorded on the server, else made here and still queued. */
function momentsOf(stop: TStopTimes, queued: QueuedTap[]): Partial<Record<TStopTimeEvent, { at: string; pending: boolean }>> {
  const moments: Partial<Record<TStopTimeEvent, { at: string; pending: boolean }>> = {};
  for (const event of StopTimeEvent.values) {
    const at = stop[AT[event]];
    if (at) moments[event] = { at, pending: false };
  }
  for (const tap of queued)
    if (tap.stopId === stop.stopId && !moments[tap.event]) moments[tap.event] = { at: tap.occurredAt, pending: true };
  return moments;
}

const minutes = (n: number | null) => (n === null ? T.notYet : T.minutes(n));

/** One figure of a stop: its name, and the value large enough to read at arm's length. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={testId} className="text-lg font-bold">
        {value}
      </dd>
    </div>
  );
}

function StopCard({
  stop,
  queued,
  onTap,
  requestItemId,
}: {
  stop: TStopTimes;
  queued: QueuedTap[];
  onTap?: (stopId: string, event: TStopTimeEvent) => void;
  /** The carrier's card: its recorded times may be corrected. */
  requestItemId?: string;
}) {
  const moments = momentsOf(stop, queued);
  const next = StopTimeEvent.values.find((e) => !moments[e]);
  return (
    <section
      aria-label={`${TransportType.labels[stop.transportType]} ${stop.site}`}
      data-testid="stop-times"
      className="flex flex-col gap-3 rounded-lg border p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="muted">{TransportType.labels[stop.transportType]}</Badge>
        <span className="text-sm font-bold break-all">{stop.site}</span>
        {stop.overLimit && <Badge variant="destructive">{T.overLimit}</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <Figure label={T.waiting} testId="waiting-minutes" value={minutes(stop.waitingMinutes)} />
        <Figure label={T.loading} testId="loading-minutes" value={minutes(stop.loadingMinutes)} />
        {stop.waitingCharge !== null && (
          <Figure label={T.waitingCharge} testId="waiting-charge" value={formatYen(stop.waitingCharge)} />
        )}
      </dl>
      <ol className="grid grid-cols-2 gap-2">
        {StopTimeEvent.values.map((event) => {
          const moment = moments[event];
          const label = StopTimeEvent.labels[event];
          if (onTap && event === next)
            return (
              <li key={event} className="col-span-2">
                <Button size="lg" className="h-14 w-full text-lg" onClick={() => onTap(stop.stopId, event)}>
                  {label}
                </Button>
              </li>
            );
          return (
            <li key={event} className="rounded-md bg-muted px-2 py-1 text-sm" data-pending={moment?.pending ?? false}>
              {T.recordedAt(label, moment ? formatDateTime(moment.at) : T.notYet)}
              {stop.corrections.some((c) => c.event === event) && (
                <Badge variant="warning" className="ml-1.5">
                  {T.correctedBadge}
                </Badge>
              )}
            </li>
          );
        })}
      </ol>
      <CorrectionHistory corrections={stop.corrections} />
      {requestItemId && <CorrectStopTime requestItemId={requestItemId} stop={stop} />}
    </section>
  );
}

/** Sends the queue now, when the browser comes back online, and every 30 s while taps wait. */
function useTapQueue(requestItemId: string) {
  const queryClient = useQueryClient();
  const [queued, setQueued] = useState<QueuedTap[]>(() => readQueue());
  const flush = useCallback(async () => {
    const result = await flushQueue((tap) =>
      api.call(stopTimeRoutes.recordStopTime, {
        params: { requestItemId: tap.requestItemId },
        body: { clientId: tap.clientId, stopId: tap.stopId, event: tap.event, occurredAt: tap.occurredAt },
      }),
    );
    for (const { tap, error } of result.refused) toast.error(T.dropped(StopTimeEvent.labels[tap.event], error.message));
    setQueued(readQueue());
    if (result.sent.length > 0 || result.refused.length > 0)
      await queryClient.invalidateQueries({ queryKey: stopTimesQuery(requestItemId).queryKey });
  }, [queryClient, requestItemId]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (readQueue().length > 0) void flush();
    }, 30_000);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush]);

  const tap = useCallback(
    (stopId: string, event: TStopTimeEvent) => {
      enqueueTap({ requestItemId, stopId, event });
      setQueued(readQueue());
      void flush();
    },
    [flush, requestItemId],
  );
  return { queued: queued.filter((q) => q.requestItemId === requestItemId), tap };
}

function CarrierStops({ requestItemId, stops }: { requestItemId: string; stops: TStopTimes[] }) {
  const { queued, tap } = useTapQueue(requestItemId);
  return (
    <>
      {queued.length > 0 && (
        <p role="status" className="text-sm text-warning-foreground">
          {T.pending(queued.length)}
        </p>
      )}
      {stops.map((stop) => (
        <StopCard key={stop.stopId} stop={stop} queued={queued} onTap={tap} requestItemId={requestItemId} />
      ))}
    </>
  );
}

/**
 * The Japan-time month of the job's first arrival: its waiting charges are billed with that month's
 * (the statement holds every job of the caller's side arrived in it). Null before any arrival.
 */
function billingMonth(times: TStopTimesResponse): string | null {
  const arrivals = times.stops.flatMap((s) => (s.arrivedAt ? [s.arrivedAt] : [])).sort();
  return arrivals[0] ? formatDate(arrivals[0], 'yyyy-MM') : null;
}

/** `editable`: the caller carries the job and it is approved or in progress. */
export function StopTimesPanel({ requestItemId, editable }: { requestItemId: string; editable: boolean }) {
  const times = useQuery(stopTimesQuery(requestItemId));
  if (!times.data) return null;
  const month = billingMonth(times.data);
  return (
    <DetailSection title={T.heading}>
      <p className="text-sm text-muted-foreground">{editable ? T.description : T.readOnlyDescription}</p>
      {times.data.waitingChargePer30Min !== null && (
        <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <span>{T.waitingChargeRule(formatYen(times.data.waitingChargePer30Min))}</span>
          <span>
            {T.waitingChargeTotal}{' '}
            <strong data-testid="waiting-charge-total" className="text-base">
              {formatYen(times.data.waitingChargeTotal ?? 0)}
            </strong>
          </span>
          {month && <StatementButton month={month} label={T.statementDownload(formatDate(`${month}-01`, 'yyyy年M月'))} />}
        </div>
      )}
      {editable ? (
        <CarrierStops requestItemId={requestItemId} stops={times.data.stops} />
      ) : (
        times.data.stops.map((stop) => <StopCard key={stop.stopId} stop={stop} queued={[]} />)
      )}
    </DetailSection>
  );
}

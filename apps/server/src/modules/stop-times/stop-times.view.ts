/** What the stop time calls answer: a stop's times, minutes, charge and corrections (decisions 061, 085). */
import type { TStopTimes, TStopTimesResponse } from '@logi/contract';
import { type StopTimeMoments, stopDurations, waitingCharge } from '../../domain/stop-times';
import type { Database } from '../../platform/db/database';
import * as repo from './stop-times.repository';

export const siteOf = (s: repo.StopRow) => [s.prefecture, s.city, s.town, s.block, s.building].filter(Boolean).join(' ');

export function momentsByStop(records: repo.StopTimeRow[]): Map<string, StopTimeMoments> {
  const byStop = new Map<string, StopTimeMoments>();
  for (const r of records) {
    const moments = byStop.get(r.stopId) ?? {};
    moments[r.event] = r.occurredAt;
    byStop.set(r.stopId, moments);
  }
  return byStop;
}

export function correctionsByStop(rows: repo.CorrectionRow[]): Map<string, TStopTimes['corrections']> {
  const byStop = new Map<string, TStopTimes['corrections']>();
  for (const c of rows) {
    const view = {
      event: c.event,
      fromAt: c.previousAt.toISOString(),
      toAt: c.correctedAt.toISOString(),
      reason: c.reason,
      correctedAt: c.createdAt.toISOString(),
    };
    byStop.set(c.stopId, [...(byStop.get(c.stopId) ?? []), view]);
  }
  return byStop;
}

export function toStopTimes(
  stop: repo.StopRow,
  m: StopTimeMoments,
  rate: repo.WaitingRate,
  corrections: TStopTimes['corrections'] = [],
): TStopTimes {
  const iso = (d: Date | undefined) => d?.toISOString() ?? null;
  const durations = stopDurations(m);
  return {
    stopId: stop.id,
    position: stop.position,
    transportType: stop.transportType,
    site: siteOf(stop),
    arrivedAt: iso(m.ARRIVED),
    loadingStartedAt: iso(m.LOADING_STARTED),
    loadingFinishedAt: iso(m.LOADING_FINISHED),
    departedAt: iso(m.DEPARTED),
    ...durations,
    waitingCharge: rate === null ? null : waitingCharge(durations.waitingMinutes, rate),
    corrections,
  };
}

/**
 * The stops of an item with their times, minutes, charges and corrections (four queries, one
 * after the other: a tap reads them inside its transaction, whose one connection takes one
 * statement at a time).
 */
export async function readStopTimes(db: Database, requestItemId: string): Promise<TStopTimesResponse> {
  const stops = await repo.timedStops(db, [requestItemId]);
  const records = await repo.recordsOf(db, [requestItemId]);
  const rate = await repo.waitingRateOf(db, requestItemId);
  const corrections = await repo.correctionsOf(db, [requestItemId]);
  const byStop = momentsByStop(records);
  const corrected = correctionsByStop(corrections);
  const timed = stops.map((s) => toStopTimes(s, byStop.get(s.id) ?? {}, rate, corrected.get(s.id)));
  return {
    requestItemId,
    waitingChargePer30Min: rate,
    waitingChargeTotal: rate === null ? null : timed.reduce((sum, s) => sum + (s.waitingCharge ?? 0), 0),
    stops: timed,
  };
}

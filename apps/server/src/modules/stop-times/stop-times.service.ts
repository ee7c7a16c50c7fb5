/**
 * Waiting and loading time at the stops (荷待ち・荷役時間; issue 16 item 3, decision 061).
 * The carrier records 到着, 荷役開始, 荷役終了 and 出発 at each pickup and delivery stop of
 * an approved or in-progress delivery; the item's parties read each stop's minutes; the
 * customer reads a month of its stops per site. Each stop carries the waiting charge the written
 * conditions agreed (decision 067), computed from its measured waiting.
 */
import type { TStopTimeBody, TStopTimeReport, TStopTimes, TStopTimesResponse } from '@logi/contract';
import { actorOf } from '../../domain/request-lifecycle';
import {
  type StopTimeMoments,
  checkStopTime,
  stopDurations,
  tokyoMonthOf,
  tokyoMonthRange,
  waitingCharge,
} from '../../domain/stop-times';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { getRequestItemRow, lockRequestItem } from '../request-items/request-items.service';
import * as repo from './stop-times.repository';

const siteOf = (s: repo.StopRow) => [s.prefecture, s.city, s.town, s.block, s.building].filter(Boolean).join(' ');

function momentsByStop(records: repo.StopTimeRow[]): Map<string, StopTimeMoments> {
  const byStop = new Map<string, StopTimeMoments>();
  for (const r of records) {
    const moments = byStop.get(r.stopId) ?? {};
    moments[r.event] = r.occurredAt;
    byStop.set(r.stopId, moments);
  }
  return byStop;
}

function toStopTimes(stop: repo.StopRow, m: StopTimeMoments, rate: repo.WaitingRate): TStopTimes {
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
  };
}

async function readStopTimes(db: Database, requestItemId: string): Promise<TStopTimesResponse> {
  const [stops, records, rate] = await Promise.all([
    repo.timedStops(db, [requestItemId]),
    repo.recordsOf(db, [requestItemId]),
    repo.waitingRateOf(db, requestItemId),
  ]);
  const byStop = momentsByStop(records);
  const timed = stops.map((s) => toStopTimes(s, byStop.get(s.id) ?? {}, rate));
  return {
    requestItemId,
    waitingChargePer30Min: rate,
    waitingChargeTotal: rate === null ? null : timed.reduce((sum, s) => sum + (s.waitingCharge ?? 0), 0),
    stops: timed,
  };
}

export function createStopTimeService({ db }: Pick<Deps, 'db'>) {
  return {
    /**
     * One tap, in one transaction holding the item's row lock (so two taps of one stop are
     * checked in turn). A `clientId` already recorded for this item answers as a success
     * without writing: the device's queue may send a tap again after a lost answer.
     */
    async record(auth: AuthContext, requestItemId: string, body: TStopTimeBody): Promise<TStopTimesResponse> {
      return db.transaction(async (tx) => {
        const item = await lockRequestItem(tx, requestItemId);
        const actor = actorOf(item, auth);
        if (actor === 'OTHER') throw new AppError('REQUEST_ITEM_NOT_FOUND');
        if (actor !== 'RECEIVER') throw new AppError('REQUEST_ACTION_FORBIDDEN');
        if (item.type !== 'DELIVERY') throw new AppError('REQUEST_TYPE_MISMATCH');
        const again = await repo.findByClientId(tx, body.clientId);
        if (again) {
          if (again.requestItemId !== item.id) throw new AppError('STOP_TIME_ALREADY_RECORDED');
          return readStopTimes(tx, item.id);
        }
        if (item.status !== 'APPROVED' && item.status !== 'IN_PROGRESS') throw new AppError('REQUEST_STATUS_CONFLICT');
        const stop = (await repo.timedStops(tx, [item.id])).find((s) => s.id === body.stopId);
        if (!stop) throw new AppError('STOP_NOT_FOUND');
        const records = (await repo.recordsOf(tx, [item.id])).filter((r) => r.stopId === stop.id);
        const at = new Date(body.occurredAt);
        const refusal = checkStopTime(momentsByStop(records).get(stop.id) ?? {}, body.event, at, {
          now: new Date(),
          approvedAt: item.approvedAt,
        });
        if (refusal) throw new AppError(refusal);
        await repo.insertRecord(tx, {
          clientId: body.clientId,
          requestItemId: item.id,
          stopId: stop.id,
          event: body.event,
          occurredAt: at,
          recordedBy: auth.userId,
        });
        return readStopTimes(tx, item.id);
      });
    },

    /** Each stop's times: the item's owner, its carrier, the carrier's company and the admin; anyone else 404. */
    async read(auth: AuthContext, requestItemId: string): Promise<TStopTimesResponse> {
      const item = await getRequestItemRow(db, requestItemId);
      if (actorOf(item, auth) === 'OTHER') throw new AppError('REQUEST_ITEM_NOT_FOUND');
      return readStopTimes(db, item.id);
    },

    /** The customer's month (Japan time, by arrival) per site, the stops over two hours flagged. */
    async report(auth: AuthContext, month: string): Promise<TStopTimeReport> {
      const { from, to } = tokyoMonthRange(month);
      const items = await repo.itemsArrivedIn(db, auth.userId, from, to);
      const ids = items.map((i) => i.id);
      const [stops, records] = await Promise.all([repo.timedStops(db, ids), repo.recordsOf(db, ids)]);
      const itemsById = new Map(items.map((i) => [i.id, i]));
      const byStop = momentsByStop(records);
      const bySite = new Map<string, TStopTimeReport['sites'][number]['stops']>();
      for (const stop of stops) {
        const moments = byStop.get(stop.id) ?? {};
        if (!moments.ARRIVED || tokyoMonthOf(moments.ARRIVED) !== month) continue;
        const item = itemsById.get(stop.requestItemId)!;
        const row = { ...toStopTimes(stop, moments, item.waitingRate), requestItemId: item.id, baggageName: item.baggageName };
        bySite.set(row.site, [...(bySite.get(row.site) ?? []), row]);
      }
      const average = (xs: (number | null)[]) => {
        const known = xs.filter((x): x is number => x !== null);
        return known.length === 0 ? 0 : Math.round(known.reduce((a, b) => a + b, 0) / known.length);
      };
      const sites = [...bySite.entries()].map(([site, siteStops]) => ({
        site,
        stopCount: siteStops.length,
        overLimitCount: siteStops.filter((s) => s.overLimit).length,
        averageWaitingMinutes: average(siteStops.map((s) => s.waitingMinutes)),
        averageLoadingMinutes: average(siteStops.map((s) => s.loadingMinutes)),
        stops: siteStops.sort((a, b) => (a.arrivedAt! < b.arrivedAt! ? -1 : 1)),
      }));
      sites.sort((a, b) => b.overLimitCount - a.overLimitCount || a.site.localeCompare(b.site, 'ja'));
      return { month, sites };
    },
  };
}

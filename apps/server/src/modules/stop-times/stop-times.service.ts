/**
 * Waiting and loading time at the stops (荷待ち・荷役時間; issue 16 item 3, decisions 061, 085).
 * The carrier records 到着, 荷役開始, 荷役終了 and 出発 at each pickup and delivery stop of
 * an approved or in-progress delivery, and corrects a mistaken time with a reason (the time
 * before stays in the record); the item's parties read each stop's minutes and corrections; the
 * customer reads a month of its stops per site; either side downloads the month's waiting charges.
 */
import {
  TransportType,
  type TStopNotificationSetting,
  type TStopTimeBody,
  type TStopTimeCorrectionBody,
  type TStopTimeReport,
  type TStopTimesResponse,
} from '@logi/contract';
import { actorOf } from '../../domain/request-lifecycle';
import { checkCorrection, checkStopTime } from '../../domain/stop-times';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { type EventDeps, withEvents } from '../notifications/notifications.service';
import { getRequestItemRow, lockRequestItem, requestSubject } from '../request-items/request-items.access.service';
import * as repo from './stop-times.repository';
import { monthReport, waitingChargeStatement } from './stop-times.month';
import { momentsByStop, readStopTimes } from './stop-times.view';

/**
 * The job the carrier writes to, row-locked for the transaction (so two writes of one job are
 * checked in turn): only who carries it, only a delivery.
 */
async function carriersJob(tx: Database, auth: AuthContext, requestItemId: string) {
  const item = await lockRequestItem(tx, requestItemId);
  const actor = actorOf(item, auth);
  if (actor === 'OTHER') throw new AppError('REQUEST_ITEM_NOT_FOUND');
  if (actor !== 'RECEIVER') throw new AppError('REQUEST_ACTION_FORBIDDEN');
  if (item.type !== 'DELIVERY') throw new AppError('REQUEST_TYPE_MISMATCH');
  return item;
}

const isUnderWay = (status: string) => status === 'APPROVED' || status === 'IN_PROGRESS';

/** A pickup or delivery stop of the item and its records. */
async function stopOf(tx: Database, requestItemId: string, stopId: string) {
  const stop = (await repo.timedStops(tx, [requestItemId])).find((s) => s.id === stopId);
  if (!stop) throw new AppError('STOP_NOT_FOUND');
  const records = (await repo.recordsOf(tx, [requestItemId])).filter((r) => r.stopId === stop.id);
  return { stop, records, moments: momentsByStop(records).get(stop.id) ?? {} };
}

/**
 * The waiting charge of each stop of a job that has one (the one rule, `waitingCharge`): the lines
 * its invoice bills beside the fare (decision 099).
 */
export async function waitingChargesOf(db: Database, requestItemId: string) {
  const { stops } = await readStopTimes(db, requestItemId);
  return stops
    .filter((s) => (s.waitingCharge ?? 0) > 0)
    .map((s) => ({ transportType: s.transportType, site: s.site, waitingMinutes: s.waitingMinutes!, charge: s.waitingCharge! }));
}

/** How a stop notice names the stop: 「配達先「〇〇倉庫」（大阪府大阪市北区）」. */
const stopLabel = (stop: repo.StopRow) =>
  `${TransportType.labels[stop.transportType]}先${stop.name ? `「${stop.name}」` : ''}（${stop.prefecture}${stop.city}）`;

export function createStopTimeService(deps: Pick<Deps, 'db'> & EventDeps) {
  const { db } = deps;
  /** The shipper's own request (its creator); anyone else 404. */
  async function shippersOwn(auth: AuthContext, requestItemId: string) {
    const item = await getRequestItemRow(db, requestItemId);
    if (item.creatorId !== auth.userId) throw new AppError('REQUEST_ITEM_NOT_FOUND');
    return item;
  }

  return {
    /**
     * One tap, in one transaction. A `clientId` already recorded for this item answers as a
     * success without writing: the device's queue may send a tap again after a lost answer.
     */
    async record(auth: AuthContext, requestItemId: string, body: TStopTimeBody): Promise<TStopTimesResponse> {
      return withEvents(deps, async (tx, emit) => {
        const item = await carriersJob(tx, auth, requestItemId);
        const again = await repo.findByClientId(tx, body.clientId);
        if (again) {
          if (again.requestItemId !== item.id) throw new AppError('STOP_TIME_ALREADY_RECORDED');
          return readStopTimes(tx, item.id);
        }
        if (!isUnderWay(item.status)) throw new AppError('REQUEST_STATUS_CONFLICT');
        const { stop, moments } = await stopOf(tx, item.id, body.stopId);
        const at = new Date(body.occurredAt);
        const refusal = checkStopTime(moments, body.event, at, { now: new Date(), approvedAt: item.approvedAt });
        if (refusal) throw new AppError(refusal);
        await repo.insertRecord(tx, {
          clientId: body.clientId,
          requestItemId: item.id,
          stopId: stop.id,
          event: body.event,
          occurredAt: at,
          recordedBy: auth.userId,
        });
        // The shipper hears of each 到着 and 出発 (issue 49 item 5), unless it muted this request.
        if ((body.event === 'ARRIVED' || body.event === 'DEPARTED') && !(await repo.isMuted(tx, item.id, item.creatorId))) {
          await emit({
            type: 'TRANSPORT_STOP_EVENT',
            customerId: item.creatorId,
            requestItemId: item.id,
            subject: await requestSubject(tx, item.id),
            stopLabel: stopLabel(stop),
            event: body.event,
            occurredAt: at,
          });
        }
        return readStopTimes(tx, item.id);
      });
    },

    /**
     * A recorded time moved, with its reason (decision 085): while the job is under way, by who
     * carries it, within the same bounds and order as a tap. The record takes the new time; the
     * correction row keeps the one before it, so the first tap and every change stay readable.
     */
    async correct(auth: AuthContext, requestItemId: string, body: TStopTimeCorrectionBody): Promise<TStopTimesResponse> {
      return db.transaction(async (tx) => {
        const item = await carriersJob(tx, auth, requestItemId);
        if (!isUnderWay(item.status)) throw new AppError('REQUEST_STATUS_CONFLICT');
        const { records, moments } = await stopOf(tx, item.id, body.stopId);
        const at = new Date(body.occurredAt);
        const refusal = checkCorrection(moments, body.event, at, { now: new Date(), approvedAt: item.approvedAt });
        if (refusal) throw new AppError(refusal);
        const record = records.find((r) => r.event === body.event)!;
        await repo.correctRecord(tx, record, { correctedAt: at, reason: body.reason, correctedBy: auth.userId });
        return readStopTimes(tx, item.id);
      });
    },

    /** Each stop's times: the item's owner, its carrier, the carrier's company and the admin; anyone else 404. */
    async read(auth: AuthContext, requestItemId: string): Promise<TStopTimesResponse> {
      const item = await getRequestItemRow(db, requestItemId);
      if (actorOf(item, auth) === 'OTHER') throw new AppError('REQUEST_ITEM_NOT_FOUND');
      return readStopTimes(db, item.id);
    },

    /** Whether the shipper hears of this request's 到着・出発: its own requests only. */
    async notificationSetting(auth: AuthContext, requestItemId: string): Promise<TStopNotificationSetting> {
      const item = await shippersOwn(auth, requestItemId);
      return { muted: await repo.isMuted(db, item.id, auth.userId) };
    },

    async setNotifications(auth: AuthContext, requestItemId: string, muted: boolean): Promise<TStopNotificationSetting> {
      const item = await shippersOwn(auth, requestItemId);
      await repo.setMuted(db, item.id, auth.userId, muted);
      return { muted };
    },

    /** The customer's month (Japan time, by arrival) per site, the stops over two hours flagged. */
    async report(auth: AuthContext, month: string): Promise<TStopTimeReport> {
      return monthReport(db, auth.userId, month);
    },

    /** The month's waiting charges as CSV: a customer's own requests, or the jobs a carrier carries or won. */
    async waitingCharges(auth: AuthContext, month: string): Promise<string> {
      const party = auth.role === 'CUSTOMER' ? { customerId: auth.userId } : { carrierId: auth.userId };
      return waitingChargeStatement(db, party, month);
    },
  };
}

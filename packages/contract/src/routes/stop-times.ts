/** Waiting and loading time at the stops (issue 16 item 3, docs/decisions/061-stop-time-records.md). */
import { z } from 'zod';
import type { ErrorCode } from '../messages';
import { CARRIERS, SHIPPER, def } from './route-def';
import { ZRequestItemIdParams } from '../schemas/request-items';
import { ZStopNotificationSetting } from '../schemas/request-templates';
import {
  ZStopTimeBody,
  ZStopTimeCorrectionBody,
  ZStopTimeReport,
  ZStopTimeReportQuery,
  ZStopTimesResponse,
} from '../schemas/stop-times';

/** Recording and correcting a stop time share one check of the job and the step (stop-times.service). */
const STOP_TIME_WRITE_ERRORS = [
  'REQUEST_ACTION_FORBIDDEN',
  'REQUEST_ITEM_NOT_FOUND',
  'REQUEST_STATUS_CONFLICT',
  'REQUEST_TYPE_MISMATCH',
  'STOP_NOT_FOUND',
  'STOP_TIME_ALREADY_RECORDED',
  'STOP_TIME_NOT_RECORDED',
  'STOP_TIME_OUT_OF_ORDER',
  'STOP_TIME_OUT_OF_RANGE',
  'STOP_TIME_UNCHANGED',
] as const satisfies readonly ErrorCode[];

export const stopTimeRoutes = {
  recordStopTime: def({
    method: 'POST',
    path: '/request-items/:requestItemId/stop-times',
    summary: '到着・荷役開始・荷役終了・出発の記録（同じclientIdの再送は一度だけ記録）',
    access: CARRIERS,
    params: ZRequestItemIdParams,
    body: ZStopTimeBody,
    response: ZStopTimesResponse,
    errors: STOP_TIME_WRITE_ERRORS,
  }),
  correctStopTime: def({
    method: 'POST',
    path: '/request-items/:requestItemId/stop-times/corrections',
    summary: '記録済みの時刻の修正（理由つき。修正前の時刻は記録に残る）',
    access: CARRIERS,
    params: ZRequestItemIdParams,
    body: ZStopTimeCorrectionBody,
    response: ZStopTimesResponse,
    errors: STOP_TIME_WRITE_ERRORS,
  }),
  stopTimes: def({
    method: 'GET',
    path: '/request-items/:requestItemId/stop-times',
    summary: '各地点の荷待ち・荷役時間',
    access: [...SHIPPER, ...CARRIERS, 'ADMIN'],
    params: ZRequestItemIdParams,
    response: ZStopTimesResponse,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
  stopTimeReport: def({
    method: 'GET',
    path: '/stop-times/report',
    summary: '荷待ち・荷役時間の月次レポート（地点別、2時間超を表示）',
    access: SHIPPER,
    query: ZStopTimeReportQuery,
    response: ZStopTimeReport,
  }),
  waitingCharges: def({
    method: 'GET',
    path: '/stop-times/waiting-charges',
    summary: '待機料金の月次明細（CSV。荷主は自社の依頼、運送事業者は担当した案件）',
    access: [...SHIPPER, ...CARRIERS],
    query: ZStopTimeReportQuery,
    produces: ['text/csv'],
    response: z.string().describe('text/csv'),
  }),
  // The shipper's per-request mute of the 到着・出発 notices (issue 49 item 5, decision 107).
  stopNotifications: def({
    method: 'GET',
    path: '/request-items/:requestItemId/stop-notifications',
    summary: '到着・出発の通知を受け取るか（依頼ごと）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZStopNotificationSetting,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
  setStopNotifications: def({
    method: 'PUT',
    path: '/request-items/:requestItemId/stop-notifications',
    summary: '到着・出発の通知をこの依頼だけ止める・戻す',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    body: ZStopNotificationSetting,
    response: ZStopNotificationSetting,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
} as const;

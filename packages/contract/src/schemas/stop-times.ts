/**
 * Waiting and loading time at each stop (荷待ち・荷役時間; issue 16 item 3, decision 061):
 * the carrier's four taps per stop, what each stop shows, and the shipper's monthly report.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { labelled } from '../enums/labelled';
import { TransportType } from '../enums/marketplace';
import { MAX, text, uuid } from './common';

/** Built in the lazies that use it, as the contract's schemas are (decision 077). */
const iso = () => z.iso.datetime({ offset: true, error: FIELD_MESSAGES.datetime });

/** The four taps of a stop, in the only order they may happen. */
export const StopTimeEvent = labelled(['ARRIVED', 'LOADING_STARTED', 'LOADING_FINISHED', 'DEPARTED'], {
  ARRIVED: '到着',
  LOADING_STARTED: '荷役開始',
  LOADING_FINISHED: '荷役終了',
  DEPARTED: '出発',
});
export type TStopTimeEvent = (typeof StopTimeEvent.values)[number];

/**
 * The shared rule of the waiting charge and the two-hour target (decision 061): the first
 * 30 minutes of waiting are free, then each started 30 minutes is charged at the conditions'
 * rate; a stop whose waiting plus loading exceeds two hours is flagged.
 */
export const STOP_TIME_RULES = {
  freeWaitingMinutes: 30,
  chargeUnitMinutes: 30,
  stopLimitMinutes: 120,
} as const;

/**
 * POST /request-items/{id}/stop-times: one tap. `clientId` is made by the device so that a
 * queued tap sent twice is recorded once; `occurredAt` is when the carrier tapped (an offline
 * tap keeps its own time).
 */
export const ZStopTimeBody = z.lazy(() =>
  z.object({
    clientId: uuid(),
    stopId: uuid(),
    event: StopTimeEvent.schema,
    occurredAt: iso(),
  }),
);
export type TStopTimeBody = z.infer<typeof ZStopTimeBody>;

/**
 * POST /request-items/{id}/stop-times/corrections (decision 085): the carrier moves a recorded
 * time, giving the reason; the time before it stays in the record's corrections.
 */
export const ZStopTimeCorrectionBody = z.lazy(() =>
  z.object({
    stopId: uuid(),
    event: StopTimeEvent.schema,
    occurredAt: iso(),
    reason: text(MAX.short),
  }),
);
export type TStopTimeCorrectionBody = z.infer<typeof ZStopTimeCorrectionBody>;

/** One correction: the step, its time before and after, why, and when it was made. */
export const ZStopTimeCorrection = z.lazy(() =>
  z.object({
    event: StopTimeEvent.schema,
    fromAt: iso(),
    toAt: iso(),
    reason: z.string(),
    correctedAt: iso(),
  }),
);
export type TStopTimeCorrection = z.infer<typeof ZStopTimeCorrection>;

export const ZStopTimes = z.lazy(() =>
  z.object({
    stopId: z.string(),
    position: z.number().int(),
    transportType: TransportType.schema,
    /** The site: prefecture, city, town, block and building. */
    site: z.string(),
    arrivedAt: iso().nullable(),
    loadingStartedAt: iso().nullable(),
    loadingFinishedAt: iso().nullable(),
    departedAt: iso().nullable(),
    /** 到着→荷役開始, whole minutes; null until both are recorded. */
    waitingMinutes: z.number().int().nullable(),
    /** 荷役開始→荷役終了, whole minutes; null until both are recorded. */
    loadingMinutes: z.number().int().nullable(),
    /** Waiting plus loading is over the two-hour target. */
    overLimit: z.boolean(),
    /** The written conditions' waiting charge for this stop in yen; null when none was agreed. */
    waitingCharge: z.number().int().nullable(),
    /** Corrections of this stop's times, oldest first: the first one's `fromAt` is what was tapped. */
    corrections: z.array(ZStopTimeCorrection),
  }),
);
export type TStopTimes = z.infer<typeof ZStopTimes>;

export const ZStopTimesResponse = z.lazy(() =>
  z.object({
    requestItemId: z.string(),
    /** The agreed 待機料金 per 30 minutes beyond the free allowance; null when none was agreed. */
    waitingChargePer30Min: z.number().int().nullable(),
    /** The sum of the stops' waiting charges; null when none was agreed. */
    waitingChargeTotal: z.number().int().nullable(),
    stops: z.array(ZStopTimes),
  }),
);
export type TStopTimesResponse = z.infer<typeof ZStopTimesResponse>;

/** GET /stop-times/report?month=YYYY-MM: the customer's stops whose arrival falls in the month (Japan time). */
export const ZStopTimeReportQuery = z.lazy(() =>
  z.object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: FIELD_MESSAGES.month }),
  }),
);
export type TStopTimeReportQuery = z.infer<typeof ZStopTimeReportQuery>;

export const ZStopTimeReportStop = z.lazy(() =>
  ZStopTimes.unwrap().extend({ requestItemId: z.string(), baggageName: z.string() }),
);
export type TStopTimeReportStop = z.infer<typeof ZStopTimeReportStop>;

export const ZStopTimeReportSite = z.lazy(() =>
  z.object({
    site: z.string(),
    stopCount: z.number().int(),
    overLimitCount: z.number().int(),
    averageWaitingMinutes: z.number().int(),
    averageLoadingMinutes: z.number().int(),
    stops: z.array(ZStopTimeReportStop),
  }),
);
export type TStopTimeReportSite = z.infer<typeof ZStopTimeReportSite>;

export const ZStopTimeReport = z.lazy(() =>
  z.object({
    month: z.string(),
    /** The month's waiting charges in yen, over the stops whose conditions agreed one. */
    waitingChargeTotal: z.number().int(),
    sites: z.array(ZStopTimeReportSite),
  }),
);
export type TStopTimeReport = z.infer<typeof ZStopTimeReport>;

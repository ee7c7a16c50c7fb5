/**
 * Waiting and loading time at a stop (荷待ち・荷役時間; decision 061): the order of the four
 * taps, the minutes between them, the two-hour flag, the waiting charge and the Japan-time
 * month a stop belongs to. Pure: the service reads and writes, this only counts.
 */
import { STOP_TIME_RULES, StopTimeEvent, type TStopTimeEvent } from '@logi/contract';

export type StopTimeMoments = Partial<Record<TStopTimeEvent, Date>>;

const MINUTE = 60_000;
/** Japan keeps +09:00 all year (no daylight saving), so its calendar is UTC shifted by nine hours. */
const JST_OFFSET = 9 * 60 * MINUTE;
/** How far ahead of the server clock a device's time may be (clock drift), and how old a queued tap may be. */
export const CLIENT_CLOCK_SKEW_MS = 5 * MINUTE;
export const QUEUED_TAP_MAX_AGE_MS = 7 * 24 * 60 * MINUTE;

export type StopTimeRefusal =
  | 'STOP_TIME_OUT_OF_ORDER'
  | 'STOP_TIME_ALREADY_RECORDED'
  | 'STOP_TIME_OUT_OF_RANGE'
  | 'STOP_TIME_NOT_RECORDED'
  | 'STOP_TIME_UNCHANGED';

interface TimeBounds {
  now: Date;
  approvedAt: Date | null;
}

/** A device's time lies between the approval (the job's start) and a few minutes past `now`, and is not older than a queued tap may be. */
function outOfBounds(at: Date, bounds: TimeBounds): boolean {
  const t = at.getTime();
  const now = bounds.now.getTime();
  if (t > now + CLIENT_CLOCK_SKEW_MS || t < now - QUEUED_TAP_MAX_AGE_MS) return true;
  return bounds.approvedAt !== null && t < bounds.approvedAt.getTime();
}

/** Would `event` at `at` keep the stop's steps in their order, each at or after the one before? */
function outOfOrder(moments: StopTimeMoments, event: TStopTimeEvent, at: Date): boolean {
  const t = at.getTime();
  const index = StopTimeEvent.values.indexOf(event);
  return StopTimeEvent.values.some((other, i) => {
    const moment = moments[other];
    if (i < index) return !moment || moment.getTime() > t;
    if (i > index) return moment !== undefined && moment.getTime() < t;
    return false;
  });
}

/**
 * May `event` at `at` be added to a stop that holds `moments`? The taps come in their fixed
 * order, each at or after the one before, and no later step is recorded yet; the time is within
 * the bounds of a device's clock.
 */
export function checkStopTime(
  moments: StopTimeMoments,
  event: TStopTimeEvent,
  at: Date,
  bounds: TimeBounds,
): StopTimeRefusal | null {
  if (moments[event]) return 'STOP_TIME_ALREADY_RECORDED';
  if (outOfBounds(at, bounds)) return 'STOP_TIME_OUT_OF_RANGE';
  const later = StopTimeEvent.values.slice(StopTimeEvent.values.indexOf(event) + 1);
  if (outOfOrder(moments, event, at) || later.some((e) => moments[e])) return 'STOP_TIME_OUT_OF_ORDER';
  return null;
}

/**
 * May the recorded `event` be moved to `at` (decision 085)? Only a recorded step, to another
 * time, within the same bounds as a tap, and still between the stop's step before and after it.
 */
export function checkCorrection(
  moments: StopTimeMoments,
  event: TStopTimeEvent,
  at: Date,
  bounds: TimeBounds,
): StopTimeRefusal | null {
  const current = moments[event];
  if (!current) return 'STOP_TIME_NOT_RECORDED';
  if (current.getTime() === at.getTime()) return 'STOP_TIME_UNCHANGED';
  if (outOfBounds(at, bounds)) return 'STOP_TIME_OUT_OF_RANGE';
  if (outOfOrder(moments, event, at)) return 'STOP_TIME_OUT_OF_ORDER';
  return null;
}

/** Whole minutes from `from` to `to` (instants, so midnight and time zones do not matter); null unless both. */
export function minutesBetween(from: Date | undefined, to: Date | undefined): number | null {
  if (!from || !to) return null;
  return Math.floor((to.getTime() - from.getTime()) / MINUTE);
}

export interface StopDurations {
  waitingMinutes: number | null;
  loadingMinutes: number | null;
  overLimit: boolean;
}

/** 到着→荷役開始 and 荷役開始→荷役終了; over the limit once waiting plus loading (so far) exceeds two hours. */
export function stopDurations(m: StopTimeMoments): StopDurations {
  const waitingMinutes = minutesBetween(m.ARRIVED, m.LOADING_STARTED);
  const loadingMinutes = minutesBetween(m.LOADING_STARTED, m.LOADING_FINISHED);
  const total = (waitingMinutes ?? 0) + (loadingMinutes ?? 0);
  return { waitingMinutes, loadingMinutes, overLimit: total > STOP_TIME_RULES.stopLimitMinutes };
}

/**
 * The waiting charge in yen: nothing for the free allowance, then `ratePer30Min` for every
 * started 30 minutes beyond it (31 minutes beyond = two units).
 */
export function waitingCharge(waitingMinutes: number | null, ratePer30Min: number): number {
  if (waitingMinutes === null || ratePer30Min <= 0) return 0;
  const beyond = waitingMinutes - STOP_TIME_RULES.freeWaitingMinutes;
  if (beyond <= 0) return 0;
  return Math.ceil(beyond / STOP_TIME_RULES.chargeUnitMinutes) * ratePer30Min;
}

/** The Japan-time month ('2026-11') an instant falls in. */
export function tokyoMonthOf(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET).toISOString().slice(0, 7);
}

/** The instants [from, to) of a Japan-time month given as 'YYYY-MM'. */
export function tokyoMonthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, mon - 1, 1) - JST_OFFSET),
    to: new Date(Date.UTC(year, mon, 1) - JST_OFFSET),
  };
}

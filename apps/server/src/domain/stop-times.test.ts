/** The arithmetic of waiting and loading time: order, bounds, minutes across midnight, the charge, the Japan-time month. */
import { describe, expect, it } from 'vitest';
import { checkCorrection, checkStopTime, stopDurations, tokyoMonthOf, tokyoMonthRange, waitingCharge } from './stop-times';

const at = (iso: string) => new Date(iso);
const now = at('2026-11-24T10:00:00Z');
const bounds = { now, approvedAt: at('2026-11-20T00:00:00Z') };

describe('checkStopTime', () => {
  it('accepts the four taps in order, each at or after the one before', () => {
    expect(checkStopTime({}, 'ARRIVED', at('2026-11-24T08:00:00Z'), bounds)).toBeNull();
    const arrived = { ARRIVED: at('2026-11-24T08:00:00Z') };
    expect(checkStopTime(arrived, 'LOADING_STARTED', at('2026-11-24T08:00:00Z'), bounds)).toBeNull();
    expect(
      checkStopTime(
        { ...arrived, LOADING_STARTED: at('2026-11-24T08:10:00Z') },
        'LOADING_FINISHED',
        at('2026-11-24T09:00:00Z'),
        bounds,
      ),
    ).toBeNull();
  });

  it('refuses a tap whose predecessor is missing or later, a tap after a later event, and a repeat', () => {
    expect(checkStopTime({}, 'LOADING_STARTED', at('2026-11-24T08:00:00Z'), bounds)).toBe('STOP_TIME_OUT_OF_ORDER');
    expect(checkStopTime({ ARRIVED: at('2026-11-24T08:00:00Z') }, 'LOADING_STARTED', at('2026-11-24T07:59:00Z'), bounds)).toBe(
      'STOP_TIME_OUT_OF_ORDER',
    );
    expect(checkStopTime({ LOADING_STARTED: at('2026-11-24T08:00:00Z') }, 'ARRIVED', at('2026-11-24T07:00:00Z'), bounds)).toBe(
      'STOP_TIME_OUT_OF_ORDER',
    );
    expect(checkStopTime({ ARRIVED: at('2026-11-24T08:00:00Z') }, 'ARRIVED', at('2026-11-24T08:05:00Z'), bounds)).toBe(
      'STOP_TIME_ALREADY_RECORDED',
    );
  });

  it('refuses a time far in the future, older than a week, or before the approval', () => {
    expect(checkStopTime({}, 'ARRIVED', at('2026-11-24T10:04:59Z'), bounds)).toBeNull();
    expect(checkStopTime({}, 'ARRIVED', at('2026-11-24T10:05:01Z'), bounds)).toBe('STOP_TIME_OUT_OF_RANGE');
    expect(checkStopTime({}, 'ARRIVED', at('2026-11-17T09:59:00Z'), { now, approvedAt: null })).toBe('STOP_TIME_OUT_OF_RANGE');
    expect(checkStopTime({}, 'ARRIVED', at('2026-11-19T23:59:00Z'), bounds)).toBe('STOP_TIME_OUT_OF_RANGE');
  });
});

describe('checkCorrection', () => {
  const stop = {
    ARRIVED: at('2026-11-24T08:00:00Z'),
    LOADING_STARTED: at('2026-11-24T08:30:00Z'),
    LOADING_FINISHED: at('2026-11-24T09:00:00Z'),
  };

  it('moves a recorded step anywhere between its neighbours, the neighbours themselves included', () => {
    expect(checkCorrection(stop, 'LOADING_STARTED', at('2026-11-24T08:00:00Z'), bounds)).toBeNull();
    expect(checkCorrection(stop, 'LOADING_STARTED', at('2026-11-24T09:00:00Z'), bounds)).toBeNull();
    // The last recorded step has no later neighbour: any time up to now.
    expect(checkCorrection(stop, 'LOADING_FINISHED', at('2026-11-24T10:00:00Z'), bounds)).toBeNull();
  });

  it('refuses a step not yet recorded, the same time, a time past a neighbour, and one out of bounds', () => {
    expect(checkCorrection(stop, 'DEPARTED', at('2026-11-24T09:30:00Z'), bounds)).toBe('STOP_TIME_NOT_RECORDED');
    expect(checkCorrection(stop, 'ARRIVED', at('2026-11-24T08:00:00Z'), bounds)).toBe('STOP_TIME_UNCHANGED');
    expect(checkCorrection(stop, 'ARRIVED', at('2026-11-24T08:31:00Z'), bounds)).toBe('STOP_TIME_OUT_OF_ORDER');
    expect(checkCorrection(stop, 'LOADING_STARTED', at('2026-11-24T07:59:00Z'), bounds)).toBe('STOP_TIME_OUT_OF_ORDER');
    expect(checkCorrection(stop, 'ARRIVED', at('2026-11-19T23:59:00Z'), bounds)).toBe('STOP_TIME_OUT_OF_RANGE');
    expect(checkCorrection(stop, 'LOADING_FINISHED', at('2026-11-24T10:05:01Z'), bounds)).toBe('STOP_TIME_OUT_OF_RANGE');
  });
});

describe('stopDurations', () => {
  it('counts waiting and loading across midnight in Japan time, whatever offset the device sent', () => {
    const d = stopDurations({
      ARRIVED: at('2026-11-30T23:40:00+09:00'),
      LOADING_STARTED: at('2026-11-30T15:20:00Z'), // 2026-12-01 00:20 in Japan
      LOADING_FINISHED: at('2026-12-01T01:05:00+09:00'),
    });
    expect(d).toEqual({ waitingMinutes: 40, loadingMinutes: 45, overLimit: false });
  });

  it('flags a stop once waiting plus loading exceeds two hours, not at exactly two', () => {
    const base = at('2026-11-10T09:00:00+09:00').getTime();
    const m = (mins: number) => new Date(base + mins * 60_000);
    expect(stopDurations({ ARRIVED: m(0), LOADING_STARTED: m(90), LOADING_FINISHED: m(120) }).overLimit).toBe(false);
    expect(stopDurations({ ARRIVED: m(0), LOADING_STARTED: m(90), LOADING_FINISHED: m(121) }).overLimit).toBe(true);
    // Still waiting: what is known so far already counts.
    expect(stopDurations({ ARRIVED: m(0), LOADING_STARTED: m(125) })).toEqual({
      waitingMinutes: 125,
      loadingMinutes: null,
      overLimit: true,
    });
    expect(stopDurations({ ARRIVED: m(0) })).toEqual({ waitingMinutes: null, loadingMinutes: null, overLimit: false });
  });
});

describe('waitingCharge', () => {
  it('is free for 30 minutes, then charges each started 30 minutes', () => {
    expect(waitingCharge(null, 2000)).toBe(0);
    expect(waitingCharge(30, 2000)).toBe(0);
    expect(waitingCharge(31, 2000)).toBe(2000);
    expect(waitingCharge(60, 2000)).toBe(2000);
    expect(waitingCharge(61, 2000)).toBe(4000);
    expect(waitingCharge(150, 1650)).toBe(6600);
    expect(waitingCharge(150, 0)).toBe(0);
  });
});

describe('the Japan-time month', () => {
  it('puts an arrival at 00:30 on the 1st in Japan into the new month, though it is still the 30th in UTC', () => {
    expect(tokyoMonthOf(at('2026-11-30T15:30:00Z'))).toBe('2026-12');
    expect(tokyoMonthOf(at('2026-11-30T14:59:59Z'))).toBe('2026-11');
  });

  it('gives the instants of a month, December into January included', () => {
    expect(tokyoMonthRange('2026-11')).toEqual({ from: at('2026-10-31T15:00:00Z'), to: at('2026-11-30T15:00:00Z') });
    expect(tokyoMonthRange('2026-12')).toEqual({ from: at('2026-11-30T15:00:00Z'), to: at('2026-12-31T15:00:00Z') });
  });
});

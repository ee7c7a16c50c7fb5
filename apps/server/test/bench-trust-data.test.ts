/**
 * The bench data's trust helpers (bench/trust-data.ts): the same data every run, and sites that
 * repeat, so that the 90-day site figures and the market's short-wait mark have something to read.
 */
import { describe, expect, it } from 'vitest';
import { siteKey } from '../src/domain/site-key';
import { stopDurations } from '../src/domain/stop-times';
import { hubBlock, stopTimesAt, unit } from '../bench/trust-data';

const town = { prefecture: '東京都', city: '江東区', town: '新木場' };
const stops = Array.from({ length: 1000 }, (_, i) => ({
  id: `0198cfc4-0c12-774f-9d04-${String(i).padStart(12, '0')}`,
  ...town,
  block: `9-${i}`,
}));

describe('bench trust data', () => {
  it('draws numbers in [0, 1) that depend on their text only', () => {
    expect(unit('a')).toBe(unit('a'));
    expect(unit('a')).not.toBe(unit('b'));
    const draws = stops.map((s) => unit(s.id));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });

  it("moves about 70 % of a town's stops to one busy site, the same on a second run", () => {
    const moved = stops.map((s) => ({ ...s, block: hubBlock(s) }));
    const keys = new Map<string, number>();
    for (const s of moved) keys.set(siteKey(s), (keys.get(siteKey(s)) ?? 0) + 1);
    const [busiest] = [...keys.values()].sort((a, b) => b - a);
    expect(busiest! / stops.length).toBeGreaterThan(0.65);
    expect(busiest! / stops.length).toBeLessThan(0.75);
    expect(moved.map((s) => hubBlock(s))).toEqual(moved.map((s) => s.block));
  });

  it('gives each stop waiting and handling in order, some without a recorded start or end', () => {
    const arrived = new Date('2026-11-01T01:00:00Z');
    const times = stops.map((s) => stopTimesAt('東京都江東区新木場1-2-3', s.id, arrived));
    expect(times).toEqual(stops.map((s) => stopTimesAt('東京都江東区新木場1-2-3', s.id, arrived)));
    const started = times.filter((t) => t.started);
    expect(started.length / times.length).toBeGreaterThan(0.88);
    expect(started.some((t) => !t.finished)).toBe(true);
    for (const t of started) {
      const d = stopDurations({
        ARRIVED: arrived,
        LOADING_STARTED: t.started!,
        ...(t.finished ? { LOADING_FINISHED: t.finished } : {}),
      });
      expect(d.waitingMinutes).toBeGreaterThanOrEqual(0);
      expect(d.waitingMinutes).toBeLessThanOrEqual(480);
      if (t.finished) expect(d.loadingMinutes).toBeGreaterThanOrEqual(15);
    }
  });

  it('makes about half of the sites usually wait under an hour', () => {
    const arrived = new Date('2026-11-01T01:00:00Z');
    const sites = Array.from({ length: 400 }, (_, i) => `大阪府大阪市住之江区南港${i}-1`);
    const short = sites.filter((key) => {
      const waits = stops
        .slice(0, 200)
        .map((s) => stopTimesAt(key, s.id, arrived).started)
        .filter((t): t is Date => t !== null)
        .map((t) => (t.getTime() - arrived.getTime()) / 60_000);
      return waits.reduce((a, b) => a + b, 0) / waits.length < 60;
    });
    expect(short.length / sites.length).toBeGreaterThan(0.35);
    expect(short.length / sites.length).toBeLessThan(0.65);
  });
});

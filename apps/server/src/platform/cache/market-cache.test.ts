/** The few-seconds memory of the anonymous public market (docs/decisions/022-market-list-speed.md). */
import { describe, expect, it } from 'vitest';
import { createMarketCache, marketCacheKey } from './market-cache';

describe('createMarketCache', () => {
  let clock = 0;
  const now = () => clock;

  it('answers a key from memory for the TTL, then loads again', async () => {
    const cache = createMarketCache<string>(2, now);
    let loads = 0;
    const load = async () => String(++loads);
    clock = 1000;
    expect(await cache.through('list', { page: 1 }, load)).toBe('1');
    clock = 2999;
    expect(await cache.through('list', { page: 1 }, load)).toBe('1');
    clock = 3000;
    expect(await cache.through('list', { page: 1 }, load)).toBe('2');
  });

  it('reloads an entry read in the last quarter of its TTL in the background: no reader waits, none gets an older answer', async () => {
    const cache = createMarketCache<string>(4, now);
    const pending: ((value: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => pending.push(resolve));
    const read = () => cache.through('list', { page: 1 }, load);
    clock = 0;
    const first = read();
    pending.shift()!('1');
    expect(await first).toBe('1');
    clock = 2999;
    expect(await read()).toBe('1');
    expect(pending).toHaveLength(0);
    // The last quarter: the kept answer at once, and one reload behind it.
    clock = 3100;
    expect(await read()).toBe('1');
    clock = 3200;
    expect(await read()).toBe('1');
    expect(pending).toHaveLength(1);
    pending.shift()!('2');
    await Promise.resolve();
    expect(await read()).toBe('2');
    // Kept for the TTL from when its reload began (3100): expired at 7100.
    clock = 7100;
    const expired = read();
    expect(pending).toHaveLength(1);
    pending.shift()!('3');
    expect(await expired).toBe('3');
  });

  it('never answers past the TTL while a reload is slow, and forgets a reload that fails', async () => {
    const cache = createMarketCache<string>(4, now);
    let loads = 0;
    const pending: ((value: string) => void)[] = [];
    const slow = () => new Promise<string>((resolve) => pending.push(resolve));
    clock = 0;
    expect(await cache.through('top', {}, async () => String(++loads))).toBe('1');
    clock = 3500;
    expect(await cache.through('top', {}, slow)).toBe('1');
    clock = 4000;
    expect(await cache.through('top', {}, async () => String(++loads))).toBe('2');
    // The slow reload ends after the entry was loaded anew: it replaces nothing.
    pending.shift()!('late');
    await Promise.resolve();
    expect(await cache.through('top', {}, async () => 'unused')).toBe('2');
    clock = 7500;
    expect(await cache.through('top', {}, () => Promise.reject(new Error('db down')))).toBe('2');
    await Promise.resolve();
    clock = 8000;
    expect(await cache.through('top', {}, async () => 'after')).toBe('after');
  });

  it('shares one load between concurrent misses, and forgets a failed load', async () => {
    const cache = createMarketCache<string>(2, now);
    let loads = 0;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(String(++loads)), 10));
    const [a, b] = await Promise.all([cache.through('top', {}, slow), cache.through('top', {}, slow)]);
    expect([a, b, loads]).toEqual(['1', '1', 1]);
    await expect(cache.through('x', {}, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.through('x', {}, async () => 'back')).toBe('back');
  });

  it('counts a read answered from memory (or from a load under way) as a hit, one that loads as a miss', async () => {
    const stats = { hits: 0, misses: 0 };
    const cache = createMarketCache<string>(2, now, undefined, undefined, stats);
    const load = async () => 'page';
    clock = 0;
    await Promise.all([cache.through('list', { page: 1 }, load), cache.through('list', { page: 1 }, load)]);
    await cache.through('list', { page: 2 }, load);
    clock = 2000;
    await cache.through('list', { page: 1 }, load);
    expect(stats).toEqual({ hits: 1, misses: 3 });
    await createMarketCache<string>(0, now, undefined, undefined, stats).through('list', {}, load);
    expect(stats.misses).toBe(4);
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = createMarketCache<string>(0, now);
    let loads = 0;
    await cache.through('list', {}, async () => String(++loads));
    await cache.through('list', {}, async () => String(++loads));
    expect(loads).toBe(2);
  });

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const cache = createMarketCache<string>(60, now, { entries: 2, size: 1000 });
    let loads = 0;
    const load = async () => String(++loads);
    for (const page of [1, 2, 3]) await cache.through('list', { page }, load);
    expect(loads).toBe(3);
    await cache.through('list', { page: 3 }, load);
    await cache.through('list', { page: 2 }, load);
    expect(loads).toBe(3);
    await cache.through('list', { page: 1 }, load); // the oldest went first
    expect(loads).toBe(4);
  });

  it('keeps at most its size: an answer larger than that is given but not kept', async () => {
    const cache = createMarketCache<string>(60, now, { entries: 100, size: 10 });
    let loads = 0;
    const text = (n: number) => async () => (++loads, 'x'.repeat(n));
    await cache.through('list', { page: 1 }, text(6));
    await cache.through('list', { page: 2 }, text(6)); // 12 > 10: page 1 (the oldest) goes
    expect(await cache.through('list', { page: 2 }, text(6))).toHaveLength(6);
    expect(loads).toBe(2);
    await cache.through('list', { page: 1 }, text(6));
    expect(loads).toBe(3);
    expect(await cache.through('list', { page: 9 }, text(11))).toHaveLength(11);
    await cache.through('list', { page: 9 }, text(11));
    expect(loads).toBe(5);
  });

  it('keys by kind and by the normalised query: key order, list order and absent values do not matter', () => {
    const a = marketCacheKey('list', { page: 1, vehicleType: ['TWO_T_TRUCK', 'COOL_TRUCK'], keyword: undefined });
    const b = marketCacheKey('list', { vehicleType: ['COOL_TRUCK', 'TWO_T_TRUCK'], page: 1 });
    expect(a).toBe(b);
    expect(marketCacheKey('top', { page: 1 })).not.toBe(marketCacheKey('list', { page: 1 }));
    expect(marketCacheKey('list', { page: 1, keyword: '冷凍' })).not.toBe(marketCacheKey('list', { page: 1 }));
  });
});

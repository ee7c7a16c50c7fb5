/** The few-seconds memory of anonymous first pages (docs/decisions/022-market-list-speed.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestItemPage, TTopRequests } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { createMarketCache, marketCacheKey } from './market-cache';

describe('createMarketCache', () => {
  let clock = 0;
  const now = () => clock;

  it('answers a key from memory for the TTL, then loads again', async () => {
    const cache = createMarketCache(2, now);
    let loads = 0;
    const load = async () => ++loads;
    clock = 1000;
    expect(await cache.through('list', { page: 1 }, load)).toBe(1);
    clock = 2999;
    expect(await cache.through('list', { page: 1 }, load)).toBe(1);
    clock = 3000;
    expect(await cache.through('list', { page: 1 }, load)).toBe(2);
  });

  it('shares one load between concurrent misses, and forgets a failed load', async () => {
    const cache = createMarketCache(2, now);
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    const [a, b] = await Promise.all([cache.through('top', {}, slow), cache.through('top', {}, slow)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.through('x', {}, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.through('x', {}, async () => 'back')).toBe('back');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = createMarketCache(0, now);
    let loads = 0;
    await cache.through('list', {}, async () => ++loads);
    await cache.through('list', {}, async () => ++loads);
    expect(loads).toBe(2);
  });

  it('keys by kind and by the normalised query: key order, list order and absent values do not matter', () => {
    const a = marketCacheKey('list', { page: 1, vehicleType: ['TWO_T_TRUCK', 'COOL_TRUCK'], keyword: undefined });
    const b = marketCacheKey('list', { vehicleType: ['COOL_TRUCK', 'TWO_T_TRUCK'], page: 1 });
    expect(a).toBe(b);
    expect(marketCacheKey('top', { page: 1 })).not.toBe(marketCacheKey('list', { page: 1 }));
    expect(marketCacheKey('list', { page: 1, keyword: '冷凍' })).not.toBe(marketCacheKey('list', { page: 1 }));
  });
});

describe('the market with MARKET_CACHE_SECONDS set', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_CACHE_SECONDS: '30' });
    const customer = await makeUser(t, ['CUSTOMER']);
    owner = (await login(t, customer.email, 'CUSTOMER')).accessToken;
    await makeDeliveryRequest(t, owner);
  }, 180_000);
  afterAll(() => t.close());

  const get = async <T>(path: string, token?: string) => {
    const res = await t.call('GET', `/api/v1/request-items/${path}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('answers anonymous first pages from memory; signed-in callers and later pages read the database', async () => {
    const before = await get<TRequestItemPage>('list/public?limit=1');
    const top = await get<TTopRequests>('top-requests/public');
    expect(before.meta.totalCount).toBe(1);
    const added = await makeDeliveryRequest(t, owner, { baggageName: '追加の荷物' });

    // Anonymous, first page: still the remembered answer (a new request shows within the TTL).
    expect(await get<TRequestItemPage>('list/public?limit=1')).toEqual(before);
    expect(await get<TTopRequests>('top-requests/public')).toEqual(top);
    // Another query is another entry; a signed-in caller and page 2 are never remembered.
    expect((await get<TRequestItemPage>('list/public?limit=2')).meta.totalCount).toBe(2);
    expect((await get<TRequestItemPage>('list/public?limit=1', owner)).data[0]!.id).toBe(added.id);
    expect((await get<TRequestItemPage>('list/public?limit=1&page=2')).meta.totalCount).toBe(2);
    expect((await get<TTopRequests>('top-requests/private', owner)).data[0]!.id).toBe(added.id);
  });
});

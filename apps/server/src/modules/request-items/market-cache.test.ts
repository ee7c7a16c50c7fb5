/** The few-seconds memory of the anonymous public market (docs/decisions/022-market-list-speed.md). */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HIDDEN_SAMPLES, type TRequestItemDetail, type TRequestItemPage, type TTopRequests } from '@logi/contract';
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
    const load = async () => String(++loads);
    clock = 1000;
    expect(await cache.through('list', { page: 1 }, load)).toBe('1');
    clock = 2999;
    expect(await cache.through('list', { page: 1 }, load)).toBe('1');
    clock = 3000;
    expect(await cache.through('list', { page: 1 }, load)).toBe('2');
  });

  it('reloads an entry read in the last quarter of its TTL in the background: no reader waits, none gets an older answer', async () => {
    const cache = createMarketCache(4, now);
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
    const cache = createMarketCache(4, now);
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
    const cache = createMarketCache(2, now);
    let loads = 0;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(String(++loads)), 10));
    const [a, b] = await Promise.all([cache.through('top', {}, slow), cache.through('top', {}, slow)]);
    expect([a, b, loads]).toEqual(['1', '1', 1]);
    await expect(cache.through('x', {}, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.through('x', {}, async () => 'back')).toBe('back');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = createMarketCache(0, now);
    let loads = 0;
    await cache.through('list', {}, async () => String(++loads));
    await cache.through('list', {}, async () => String(++loads));
    expect(loads).toBe(2);
  });

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const cache = createMarketCache(60, now, { entries: 2, chars: 1000 });
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

  it('keeps at most its number of characters: an answer larger than that is given but not kept', async () => {
    const cache = createMarketCache(60, now, { entries: 100, chars: 10 });
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

describe('the public market with MARKET_CACHE_SECONDS set', () => {
  let t: TestApp;
  let owner: string;
  let first: TRequestItemDetail;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_CACHE_SECONDS: '30' });
    const customer = await makeUser(t, ['CUSTOMER']);
    owner = (await login(t, customer.email, 'CUSTOMER')).accessToken;
    first = await makeDeliveryRequest(t, owner, { message: '鍵は受付で受け取ってください' });
  }, 180_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const get = async <T>(path: string, token?: string) => {
    const res = await t.call('GET', `/api/v1/request-items/${path}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json() as T;
  };

  it('answers anonymous callers from memory on every page and filter; signed-in callers read the database', async () => {
    const lists = [
      'list/public?limit=1',
      'list/public?limit=1&page=2',
      'list/public?vehicleType=TWO_T_TRUCK',
      'top-requests/public',
    ];
    const before = await Promise.all(lists.map((path) => get(path)));
    expect((before[0] as TRequestItemPage).meta.totalCount).toBe(1);
    const added = await makeDeliveryRequest(t, owner, { baggageName: '追加の荷物', vehicleType: 'TWO_T_TRUCK' });

    // Anonymous: still the remembered answers, whatever the page or filter (a new request shows within the TTL).
    for (const [i, path] of lists.entries()) expect(await get(path), path).toEqual(before[i]);
    // Another query is another entry.
    expect((await get<TRequestItemPage>('list/public?limit=2')).meta.totalCount).toBe(2);
    // Signed in: never remembered, the new request at once.
    expect((await get<TRequestItemPage>('list/public?limit=1', owner)).data[0]!.id).toBe(added.id);
    expect((await get<TRequestItemPage>('list/public?limit=1&page=2', owner)).meta.totalCount).toBe(2);
    expect((await get<TTopRequests>('top-requests/public', owner)).data[0]!.id).toBe(added.id);
    expect((await get<TTopRequests>('top-requests/private', owner)).data[0]!.id).toBe(added.id);
  });

  it('gives signed-in carriers the remembered masked page with their own applications marked at once', async () => {
    const driver = (await login(t, (await makeUser(t, ['DRIVER'])).email, 'DRIVER')).accessToken;
    const item = await makeDeliveryRequest(t, owner, { baggageName: '応募の印', message: '鍵は守衛室で' });
    const rowOf = async (path: string, token: string) =>
      (await get<TRequestItemPage>(path, token)).data.find((i) => i.id === item.id)!;
    const before = await rowOf('list/private?limit=100', driver);
    expect(before).toMatchObject({ isApplied: false, isHidden: true, message: HIDDEN_SAMPLES.message });

    const applied = await t.call('POST', '/api/v1/request-items/apply-fixed-price', {
      token: driver,
      body: { requestItemId: item.id },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await rowOf('list/private?limit=100', driver)).toMatchObject({ isApplied: true, isHidden: true });
    // A request posted since shows to carriers within the TTL, as to anonymous visitors; its owner sees it at once, unmasked.
    const added = await makeDeliveryRequest(t, owner, { baggageName: 'あとから追加' });
    expect((await get<TRequestItemPage>('list/private?limit=100', driver)).data.map((i) => i.id)).not.toContain(added.id);
    const own = (await get<TRequestItemPage>('list/private?limit=100', owner)).data;
    expect(own.map((i) => i.id)).toContain(added.id);
    expect(own.find((i) => i.id === item.id)).toMatchObject({ isHidden: false, message: '鍵は守衛室で' });
  });

  it('remembers the anonymous public detail masked; the owner sees the item and their own changes at once', async () => {
    const item = await makeDeliveryRequest(t, owner, { message: '午前中に伺います' });
    const anonymous = await get<TRequestItemDetail>(`public/${item.id}`);
    expect(anonymous.isHidden).toBe(true);
    expect(anonymous.message).toBe(HIDDEN_SAMPLES.message);
    expect(anonymous.deliveryItem!.transports[0]!.phone).toBe(HIDDEN_SAMPLES.phone);
    // The owner, signed in, never gets the remembered (masked) answer.
    const own = await get<TRequestItemDetail>(`public/${item.id}`, owner);
    expect(own.isHidden).toBe(false);
    expect(own.message).toBe('午前中に伺います');

    const removed = await t.call('DELETE', `/api/v1/request-items/${item.id}/owner`, { token: owner });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.call('GET', `/api/v1/request-items/public/${item.id}`, { token: owner })).statusCode).toBe(404);
    // Anonymous: the remembered masked view until it expires.
    expect(await get<TRequestItemDetail>(`public/${item.id}`)).toEqual(anonymous);
  });

  it('forgets every answer after MARKET_CACHE_SECONDS, and never remembers a 404', async () => {
    const page = await get<TRequestItemPage>('list/public?limit=100');
    const item = await makeDeliveryRequest(t, owner, { baggageName: '期限の確認' });
    expect(await get<TRequestItemPage>('list/public?limit=100')).toEqual(page);
    const detail = await get<TRequestItemDetail>(`public/${first.id}`);
    await t.call('DELETE', `/api/v1/request-items/${first.id}/owner`, { token: owner });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    const later = await get<TRequestItemPage>('list/public?limit=100');
    expect(later.data.map((i) => i.id)).toContain(item.id);
    expect(later.data.map((i) => i.id)).not.toContain(first.id);
    expect(detail.id).toBe(first.id);
    const gone = await t.call('GET', `/api/v1/request-items/public/${first.id}`);
    expect(gone.statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/request-items/public/${first.id}`)).statusCode).toBe(404);
  });
});

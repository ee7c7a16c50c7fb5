/** The few-seconds memory of the anonymous public market (docs/decisions/022-market-list-speed.md). */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HIDDEN_SAMPLES, type TRequestItemDetail, type TRequestItemPage, type TTopRequests } from '@logi/contract';
import { createTestApp, openMarketReads, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';

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

  it('gives signed-in carriers the masked page from memory, with their own applications marked and new requests at once', async () => {
    const driver = (await login(t, (await makeUser(t, ['DRIVER'])).email, 'DRIVER')).accessToken;
    // Its first read starts loading the open requests into memory: read another page until the memory answers.
    await expect
      .poll(async () => (await get('list/private?limit=1', driver), openMarketReads(t)), { timeout: 60_000 })
      .toBeGreaterThan(0);
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
    // A request posted since shows to carriers at once: the page is put together from the open
    // requests in memory on every read (decision 119); its owner sees it unmasked.
    const added = await makeDeliveryRequest(t, owner, { baggageName: 'あとから追加' });
    expect((await get<TRequestItemPage>('list/private?limit=100', driver)).data.map((i) => i.id)).toContain(added.id);
    const own = (await get<TRequestItemPage>('list/private?limit=100', owner)).data;
    expect(own.map((i) => i.id)).toContain(added.id);
    expect(own.find((i) => i.id === item.id)).toMatchObject({ isHidden: false, message: '鍵は守衛室で' });
  });

  it('answers the anonymous public detail masked; the owner sees the item, and its deletion, at once', async () => {
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
    // Anonymous: the detail is not the market's to keep for a while (decision 080), so it is gone too.
    expect((await t.call('GET', `/api/v1/request-items/public/${item.id}`)).statusCode).toBe(404);
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

describe('the signed-in market while the database serves it (OPEN_MARKET_MAX_ITEMS=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_CACHE_SECONDS: '30', OPEN_MARKET_MAX_ITEMS: '0' });
  }, 180_000);
  afterAll(() => t.close());

  it('keeps the masked page for MARKET_CACHE_SECONDS, with each carrier’s applications marked at once', async () => {
    const owner = (await login(t, (await makeUser(t, ['CUSTOMER'])).email, 'CUSTOMER')).accessToken;
    const driver = (await login(t, (await makeUser(t, ['DRIVER'])).email, 'DRIVER')).accessToken;
    const item = await makeDeliveryRequest(t, owner, { baggageName: '応募の印' });
    const page = async (token: string) => {
      const res = await t.call('GET', '/api/v1/request-items/list/private?limit=100', { token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TRequestItemPage).data;
    };
    expect((await page(driver)).find((i) => i.id === item.id)).toMatchObject({ isApplied: false });

    const applied = await t.call('POST', '/api/v1/request-items/apply-fixed-price', {
      token: driver,
      body: { requestItemId: item.id },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const added = await makeDeliveryRequest(t, owner, { baggageName: 'あとから追加' });
    const kept = await page(driver);
    expect(kept.find((i) => i.id === item.id)).toMatchObject({ isApplied: true });
    // Within the TTL the kept page does not show it yet; its owner's page is read afresh.
    expect(kept.map((i) => i.id)).not.toContain(added.id);
    expect((await page(owner)).map((i) => i.id)).toContain(added.id);
  });
});

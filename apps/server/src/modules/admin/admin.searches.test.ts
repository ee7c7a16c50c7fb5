/**
 * A keyword search's matches serve its pages for `searchCacheSeconds` (decision 087): within
 * that time the same search lists the same accounts and requests, each row read as it is now (a
 * suspension shows at once); an account or request that starts to match joins after it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { type Party, party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { createAdminRequestsService } from './admin.requests.service';
import { createAdminService } from './admin.service';

let t: TestApp;
let people: Cast;
const takahashi = (first: string) => party(t, ['CUSTOMER'], { lastName: '高橋', firstName: first });
let first: Party;
let second: Party;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  first = await takahashi('一郎');
  second = await takahashi('二郎');
});
afterAll(() => t.close());

describe('a search kept for its pages', () => {
  it('lists the same accounts for the cache time, each as it is now, then finds the new one', async () => {
    let clock = Date.parse('2026-11-24T03:00:00Z');
    const admin = createAdminService(t.app.deps.db, { overviewCacheSeconds: 0, searchCacheSeconds: 10 }, () => clock);
    const search = () => admin.customers({ page: 1, limit: 20, keyword: '高橋' });
    expect((await search()).data.map((c) => c.id)).toEqual([second.id, first.id]);

    const third = await takahashi('三郎');
    const suspended = await t.call('PATCH', `/api/v1/auth/users/${first.id}/toggle-status`, { token: people.admin.token });
    expect(suspended.statusCode, suspended.body).toBe(200);
    clock += 9_000;
    const kept = await search();
    expect(kept.meta.totalCount).toBe(2);
    expect(kept.data.map((c) => [c.id, c.status])).toEqual([
      [second.id, 'ACTIVE'],
      [first.id, 'INACTIVE'],
    ]);
    // Another page size or keyword is another search.
    expect((await admin.customers({ page: 1, limit: 10, keyword: '高橋' })).meta.totalCount).toBe(3);

    clock += 2_000;
    expect((await search()).data.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
  });

  it('keeps a request search the same way', async () => {
    let clock = Date.parse('2026-11-24T03:00:00Z');
    const requests = createAdminRequestsService(t.app.deps.db, 10, () => clock);
    const search = () => requests.deliveries({ page: 1, limit: 20, keyword: '骨董' });
    const old = await makeDeliveryRequest(t, people.customer.token, { baggageName: '骨董品' });
    expect((await search()).data.map((r) => r.id)).toEqual([old.id]);
    const fresh = await makeDeliveryRequest(t, people.customer.token, { baggageName: '骨董の壺' });
    clock += 9_000;
    expect((await search()).data.map((r) => r.id)).toEqual([old.id]);
    clock += 2_000;
    expect((await search()).data.map((r) => r.id)).toEqual([fresh.id, old.id]);
  });
});

describe('the pages of a search (decision 093)', () => {
  /** Customers whose search text holds 頁境界, the first the newest. */
  const addCustomers = (from: number, to: number, minutesAgo: number) =>
    t.app.deps.db.execute(sql`
      insert into users (id, email, name, roles, status, search_text, created_at, updated_at)
      select gen_random_uuid(), 'pages-' || g || '@example.jp', '', '{CUSTOMER}', 'ACTIVE', '頁境界 ' || g,
             now() - ((${minutesAgo} + g) || ' minutes')::interval, now()
      from generate_series(${from}::int, ${to}::int) g`);

  it('are read once for ten pages, each page with its own capped total', async () => {
    await addCustomers(1, 55, 60);
    let clock = Date.parse('2026-11-24T03:00:00Z');
    const admin = createAdminService(t.app.deps.db, { overviewCacheSeconds: 0, searchCacheSeconds: 10 }, () => clock);
    const page = async (n: number) => {
      const { data, meta } = await admin.customers({ page: n, limit: 1, keyword: '頁境界' });
      return [data.map((c) => c.email), meta.totalCount, meta.totalCountIsLowerBound ?? false];
    };
    // A page counts 50 pages past itself (decision 015): 50 and more from the first, all 55 from the tenth.
    expect(await page(1)).toEqual([['pages-1@example.jp'], 50, true]);
    expect(await page(10)).toEqual([['pages-10@example.jp'], 55, false]);
    expect(await page(55)).toEqual([['pages-55@example.jp'], 55, false]);

    await addCustomers(0, 0, 0);
    clock += 9_000;
    // The second page is a slice of the first page's read: the newer match is not in it yet.
    expect(await page(2)).toEqual([['pages-2@example.jp'], 51, true]);
    clock += 2_000;
    expect(await page(2)).toEqual([['pages-1@example.jp'], 51, true]);
    expect(await page(10)).toEqual([['pages-9@example.jp'], 56, false]);
  });
});

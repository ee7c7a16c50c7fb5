/**
 * Every list query (page and count) can be served by an index: with sequential scans
 * disabled for the session, the planner still finds an index path and never falls
 * back to a sequential scan of request_items. With few rows a planner prefers a
 * sequential scan anyway, so disabling it is how the test asks "can an index serve
 * this?". Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRequestListQuery } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { addBulkItems, expectIndexed, planOf } from '../../../test/query-plans';
import { makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import { listQueriesForPlan as Q } from './request-items.lists.repository';
import { marketFilter } from './request-items.market-filter';

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  const customer = await makeUser(t, ['CUSTOMER']);
  customerId = customer.id;
  const { accessToken } = await login(t, customer.email, 'CUSTOMER');
  await makeDeliveryRequest(t, accessToken);
  await makeWarehouseRequest(t, accessToken);
  await addBulkItems(t);
  await t.app.deps.db.execute(sql`analyze`);
}, 180_000);
afterAll(() => t.close());

const page = { limit: 10, offset: 0 };
const market = (query: Record<string, string>) => marketFilter(ZRequestListQuery.parse(query), new Date());

describe('the list queries use an index, never a sequential scan of request_items', () => {
  it.each([
    ['no filter', {}],
    ['page 500', { page: '500' }],
    ['vehicleType + pickupLocation', { vehicleType: 'FOUR_T_TRUCK', pickupLocation: '東京都,神奈川県' }],
    ['two-character keyword', { keyword: '冷凍' }],
    ['one-character keyword', { keyword: '銀' }],
    ['warehouse location', { isWarehouse: 'true', warehouseLocation: '神奈川県' }],
    ['send location + transit', { sendLocation: '大阪府', transportType: 'TRANSIT' }],
    ['near pickup date', { isNearDate: 'true' }],
    ['new arrival', { isNewArrival: 'true' }],
    ['price type + request type', { priceType: 'FIXED', requestType: 'DELIVERY' }],
    ['posting dates', { startDate: '2026-11-01', endDate: '2026-11-30' }],
  ])('market list: %s', async (_name, params) => {
    const q = ZRequestListQuery.parse(params);
    for (const query of Q.market(t.app.deps.db, market(params), { limit: q.limit, offset: (q.page - 1) * q.limit })) {
      expectIndexed(await planOf(t, query));
    }
  });

  it.each([
    ['all', {}],
    ['by type and status', { requestType: 'DELIVERY' as const, statuses: ['APPROVED' as const] }],
  ])('my items: %s', async (_name, filter) => {
    for (const query of Q.owned(t.app.deps.db, { creatorId: customerId, ...filter }, page)) expectIndexed(await planOf(t, query));
  });

  it('unfiltered pages read the newest-first index in order: no sort of the matching rows', async () => {
    const db = t.app.deps.db;
    const cases: [SQLWrapper, string][] = [
      [Q.market(db, market({}), page)[0]!, 'request_items_open_market_idx'],
      [Q.market(db, market({}), { limit: 10, offset: 100 })[0]!, 'request_items_open_market_idx'],
    ];
    for (const [query, index] of cases) {
      const plan = await planOf(t, query);
      expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan using ${index} on request_items`));
      // Never a sort of the matching rows. (The market statement then orders its page's
      // ≤ limit rows, joined back as `r`, for json_agg, and each item's images by position.)
      expect(plan, plan).not.toMatch(/Sort Key: request_items(_\d+)?\.created_at/);
    }
  });

  it('a page filtered by several values of one filter walks the market index alone, without the heap', async () => {
    // With bitmap scans off as well, the question is whether the index carries every filtered
    // column: an Index Only Scan filtering on them, never a heap read per open request. (One value
    // of a filter is a posting: the next test.)
    const filtered = market({ vehicleType: 'FOUR_T_TRUCK,TEN_T_TRUCK', requestType: 'DELIVERY', priceType: 'FIXED' });
    for (const query of Q.market(t.app.deps.db, filtered, { limit: 10, offset: 100 })) {
      const plan = await planOf(t, query, ['enable_bitmapscan']);
      expect(plan, plan).toMatch(/Index Only Scan using request_items_open_market_idx on request_items/);
    }
  });

  it('a keyword or tag page merges the postings of its terms in order: never every match read and sorted', async () => {
    // Decision 110: the GIN path read every open request holding a common word, then sorted them;
    // the market index, filtered on a vehicle, read every open request up to a deep page, twice.
    // With 600 open requests a planner rightly sorts a term's few rows; with sorts and bitmap scans
    // off, the question is whether the postings can be walked in the market's order.
    const cases: [Record<string, string>, { limit: number; offset: number }][] = [
      [{ keyword: '冷凍' }, page],
      [
        { vehicleType: 'FOUR_T_TRUCK', requestType: 'DELIVERY', priceType: 'FIXED' },
        { limit: 10, offset: 100 },
      ],
      [{ pickupLocation: '東京都', transportType: 'TRANSIT' }, page],
      [
        { keyword: '精密機器', vehicleType: 'FOUR_T_TRUCK' },
        { limit: 20, offset: 3980 },
      ],
      [{ keyword: '銀 梅田', requestType: 'DELIVERY', pickupLocation: '東京都' }, page],
    ];
    for (const [params, window] of cases) {
      for (const query of Q.market(t.app.deps.db, market(params), window)) {
        const plan = await planOf(t, query, ['enable_bitmapscan', 'enable_sort']);
        expect(plan, plan).toMatch(/Index Only Scan using request_item_open_terms_idx on request_item_open_terms t0/);
        expect(plan, plan).not.toMatch(/on request_items_open_search_idx|Bitmap Heap Scan on request_items/);
        expect(plan, plan).not.toMatch(/Sort Key: t0\.created_at/);
      }
    }
  });

  it('a carrier’s open applications are read from indexes alone, never a heap row per application', async () => {
    const plan = await planOf(t, Q.openApplications(customerId)[0]!, ['enable_bitmapscan']);
    // (On the bench's 1,000,000 items, candidates_applicant_created_idx; this table has too few applications to choose.)
    expect(plan, plan).toMatch(/Index Only Scan using candidates_\w+ on candidates/);
    expect(plan, plan).toMatch(/Index Only Scan using request_items_open_id_idx on request_items/);
  });

  it('applied items', async () => {
    const filter = { userId: customerId, deliveryStatuses: ['APPROVED' as const] };
    const [statement] = Q.applied(t.app.deps.db, filter, page);
    const plan = await planOf(t, statement!);
    expect(plan, plan).not.toMatch(/Seq Scan on request_items/);
    expect(plan, plan).not.toMatch(/Seq Scan on candidates/);
    // Each way, its page and its count, is read from its own index: the caller's applications,
    // and the jobs assigned to it.
    expect(plan.match(/Index Cond: \(applicant_id = /g), plan).toHaveLength(2);
    expect(plan.match(/Index Cond: \(carrier_id = /g), plan).toHaveLength(2);
  });
});

describe('the short-wait filter (decision 105)', () => {
  beforeAll(async () => {
    // As on the market: the mark is only ever on open requests (refreshShortWait updates only
    // those), about a quarter of them, so the table's statistics judge it rare.
    await t.app.deps.db.execute(sql`
      update request_items set filter_tags = filter_tags || '{Q:SHORT_WAIT}'::text[]
      where status = 'WAITING_APPROVE' and deleted_at is null and right(id::text, 1) in ('0', '4', '8', 'c')`);
    await t.app.deps.db.execute(sql`analyze request_items`);
  });

  it.each([
    ['page 1', { shortWait: 'true' }],
    ['page 20', { shortWait: 'true', page: '20' }],
    ['with a stop kind', { shortWait: 'true', transportType: 'PICKUP' }],
  ])('walks its postings in order: %s', async (_name, params) => {
    const q = ZRequestListQuery.parse(params);
    for (const query of Q.market(t.app.deps.db, market(params), { limit: q.limit, offset: (q.page - 1) * q.limit })) {
      const plan = await planOf(t, query, ['enable_bitmapscan', 'enable_sort']);
      expect(plan, plan).toMatch(/Index Only Scan using request_item_open_terms_idx on request_item_open_terms t0/);
      // Not every marked request fetched and sorted for a page of ten.
      expect(plan, plan).not.toMatch(/Sort Key: t0\.created_at|Bitmap Heap Scan on request_items/);
    }
  });

  it('combined with other filters, is still served by an index', async () => {
    const params = { shortWait: 'true', vehicleType: 'FOUR_T_TRUCK', pickupLocation: '東京都' };
    for (const query of Q.market(t.app.deps.db, market(params), page)) expectIndexed(await planOf(t, query));
  });
});

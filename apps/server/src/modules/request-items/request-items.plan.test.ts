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
import { keywordSearch } from '../../domain/request-search';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import { listQueriesForPlan as Q } from './request-items.repository';
import { marketFilter } from './request-items.service';

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  const customer = await makeUser(t, ['CUSTOMER']);
  customerId = customer.id;
  const { accessToken } = await login(t, customer.email, 'CUSTOMER');
  await makeDeliveryRequest(t, accessToken);
  await makeWarehouseRequest(t, accessToken);
  await addBulkItems();
  await t.app.deps.db.execute(sql`analyze`);
}, 180_000);
afterAll(() => t.close());

/**
 * 20,000 items shaped like production: most deals finished (3 % open), 200 customers,
 * tags and terms from small vocabularies, so the statistics the planner sees resemble
 * the real table's.
 */
async function addBulkItems() {
  const db = t.app.deps.db;
  await db.execute(sql`
    insert into users (id, email, name)
    select gen_random_uuid(), 'bulk-' || g || '@example.jp', '' from generate_series(1, 200) g`);
  await db.execute(sql`
    insert into request_items (id, type, status, creator_id, price_type, price, first_pickup_at,
                               filter_tags, search_terms, search_text, created_at, updated_at)
    select gen_random_uuid(),
           case when g % 5 = 0 then 'WAREHOUSE' else 'DELIVERY' end,
           case when g % 33 = 0 then 'WAITING_APPROVE' when g % 2 = 0 then 'COMPLETED' else 'CANCELLED' end,
           (array(select id from users where email like 'bulk-%'))[1 + g % 200],
           case when g % 5 = 0 then 'PER_UNIT' when g % 3 = 0 then 'ESTIMATION' else 'FIXED' end,
           1000 + g,
           case when g % 5 = 0 then null else now() + ((g % 30) || ' days')::interval end,
           array['V:' || (array['TEN_T_TRUCK','FOUR_T_TRUCK','TWO_T_TRUCK','ONE_T_TRUCK','LIGHT_TRUCK','COOL_TRUCK','VEHICLE_BY_LOAD'])[1 + g % 7],
                 'P:' || (array['東京都','神奈川県','埼玉県','千葉県','大阪府','愛知県','福岡県','北海道','宮城県','広島県'])[1 + g % 10],
                 'D:' || (array['東京都','神奈川県','埼玉県','千葉県','大阪府','愛知県','福岡県','北海道','宮城県','広島県'])[1 + (g / 10) % 10]],
           array[(array['冷凍','冷蔵','家具','精密','機器','食品','衣類','銀座','梅田','新宿'])[1 + g % 10],
                 (array['冷','家','精','機','食','衣','銀','梅','新','東'])[1 + (g / 7) % 10]],
           '',
           now() - (g || ' minutes')::interval,
           now()
    from generate_series(1, 20000) g`);
}

/** The plan of a query, as text, with sequential scans disabled in its transaction. */
async function planOf(query: SQLWrapper): Promise<string> {
  return t.app.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

function expectIndexed(plan: string) {
  if (process.env.SHOW_PLANS) console.log(plan);
  expect(plan, plan).not.toMatch(/Seq Scan on request_items/);
  expect(plan, plan).toMatch(/(Index|Index Only|Bitmap Index) Scan (Backward )?(using|on) request_items_\w+/);
}

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
      expectIndexed(await planOf(query));
    }
  });

  it.each([
    ['all', {}],
    ['by type and status', { requestType: 'DELIVERY' as const, statuses: ['APPROVED' as const] }],
  ])('my items: %s', async (_name, filter) => {
    for (const query of Q.owned(t.app.deps.db, { creatorId: customerId, ...filter }, page)) expectIndexed(await planOf(query));
  });

  it.each([
    ['deliveries', { type: 'DELIVERY' as const }],
    ['by status', { type: 'DELIVERY' as const, statuses: ['COMPLETED' as const] }],
    ['by keyword', { type: 'WAREHOUSE' as const, keyword: keywordSearch('冷凍')! }],
    ['by price type and dates', { type: 'DELIVERY' as const, priceTypes: ['FIXED' as const], createdFrom: new Date(0) }],
  ])('admin list: %s', async (_name, filter) => {
    for (const query of Q.admin(t.app.deps.db, filter, page)) expectIndexed(await planOf(query));
  });

  it('unfiltered pages read the newest-first index in order: no sort of the matching rows', async () => {
    const db = t.app.deps.db;
    const cases: [SQLWrapper, string][] = [
      [Q.market(db, market({}), page)[0]!, 'request_items_open_created_idx'],
      [Q.market(db, market({}), { limit: 10, offset: 100 })[0]!, 'request_items_open_created_idx'],
      [Q.admin(db, { type: 'DELIVERY' }, page)[0]!, 'request_items_type_created_idx'],
    ];
    for (const [query, index] of cases) {
      const plan = await planOf(query);
      expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan using ${index} on request_items`));
      // Never a sort of the matching rows. (The market statement then orders its page's
      // ≤ limit rows, joined back as `r`, for json_agg, and each item's images by position.)
      expect(plan, plan).not.toMatch(/Sort Key: request_items(_\d+)?\.created_at/);
    }
  });

  it('applied items', async () => {
    const filter = { userId: customerId, deliveryStatuses: ['APPROVED' as const] };
    const [statement] = Q.applied(t.app.deps.db, filter, page);
    const plan = await planOf(statement!);
    expect(plan, plan).not.toMatch(/Seq Scan on request_items/);
    expect(plan, plan).not.toMatch(/Seq Scan on candidates/);
    // Each way, its page and its count, is read from its own index: the caller's applications,
    // and the jobs assigned to it.
    expect(plan.match(/Index Cond: \(applicant_id = /g), plan).toHaveLength(2);
    expect(plan.match(/Index Cond: \(carrier_id = /g), plan).toHaveLength(2);
  });
});

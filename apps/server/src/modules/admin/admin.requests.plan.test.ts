/**
 * The admin's request lists (decision 087) are served by an index: with sequential scans
 * disabled, the planner never falls back to a sequential scan of request_items, and the
 * unfiltered list walks the newest-first index of its type without sorting the matches.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordSearch } from '../../domain/request-search';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { addBulkItems, expectIndexed, planOf } from '../../../test/query-plans';
import { type AdminRequestFilter, adminRequestQueryForPlan } from './admin.requests.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addBulkItems(t);
  await t.app.deps.db.execute(sql`analyze`);
}, 180_000);
afterAll(() => t.close());

const page = { limit: 10, offset: 0 };

describe('the admin request lists use an index, never a sequential scan of request_items', () => {
  it.each<[string, AdminRequestFilter]>([
    ['deliveries', { type: 'DELIVERY' }],
    ['by status', { type: 'DELIVERY', statuses: ['COMPLETED'] }],
    ['by keyword', { type: 'WAREHOUSE', keyword: keywordSearch('冷凍')! }],
    ['by price type and dates', { type: 'DELIVERY', priceTypes: ['FIXED'], createdFrom: new Date(0) }],
  ])('%s', async (_name, filter) => {
    expectIndexed(await planOf(t, adminRequestQueryForPlan(filter, page)));
  });

  it('the unfiltered list reads the newest-first index in order: no sort of the matching rows', async () => {
    const plan = await planOf(t, adminRequestQueryForPlan({ type: 'DELIVERY' }, page));
    expect(plan, plan).toMatch(/Index (Only )?Scan using request_items_type_created_idx on request_items/);
    expect(plan, plan).not.toMatch(/Sort Key: request_items(_\d+)?\.created_at/);
  });
});

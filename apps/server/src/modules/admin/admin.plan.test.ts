/**
 * The admin's account lists walk their own partial index (decision 063): with sequential
 * scans disabled, the planner serves each list's page and capped count from
 * users_customers_created_idx or users_carriers_created_idx, the suspended accounts and the
 * driver managers from their own, rather than walking every account. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordSearch } from '../../domain/request-search';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type AccountFilter, accountQueriesForPlan, searchQueryForPlan } from './admin.repository';

/** An app with 3,000 accounts: two customers for each carrier, as the market has them; one in 50 suspended. */
async function appWithAccounts(): Promise<TestApp> {
  const t = await createTestApp();
  // The job queue installs its schema in one transaction as the app gets ready: while that is open,
  // VACUUM may not mark the rows below all-visible, and the index-only plans this file expects
  // would depend on the machine's speed.
  await t.app.deps.jobs.start();
  await t.app.deps.db.execute(sql`
    insert into users (id, email, name, roles, status, created_at, updated_at)
    select gen_random_uuid(), 'plan-' || g || '@example.jp', '',
           case when g % 3 = 0 then '{DRIVER}'::text[] when g % 15 = 1 then '{DRIVER_MANAGER}'::text[] else '{CUSTOMER}'::text[] end,
           case when g % 50 = 7 then 'INACTIVE' else 'ACTIVE' end,
           now() - (g || ' minutes')::interval, now()
    from generate_series(1, 3000) g`);
  await t.app.deps.db.execute(sql`analyze users`);
  return t;
}

let t: TestApp;
beforeAll(async () => {
  t = await appWithAccounts();
}, 120_000);
afterAll(() => t.close());

async function planOf(query: SQLWrapper, app = t): Promise<string> {
  return app.app.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

const keyword = keywordSearch('田中')!;

describe.each<[string, AccountFilter, string]>([
  ['customers', { group: 'customers' }, 'users_customers_created_idx'],
  ['suspended customers', { group: 'customers', status: 'INACTIVE' }, 'users_inactive_created_idx'],
  ['active customers', { group: 'customers', status: 'ACTIVE' }, 'users_customers_created_idx'],
  ['suspended carriers', { group: 'carriers', status: 'INACTIVE' }, 'users_inactive_created_idx'],
  ['carriers', { group: 'carriers' }, 'users_carriers_created_idx'],
  ['driver managers', { group: 'carriers', role: 'DRIVER_MANAGER' }, 'users_managers_created_idx'],
  ['drivers', { group: 'carriers', role: 'DRIVER' }, 'users_carriers_created_idx'],
])('the %s list', (_, filter, index) => {
  it(`pages and counts through ${index}`, async () => {
    for (const query of accountQueriesForPlan(t.app.deps.db, filter, { limit: 20, offset: 0 })) {
      const plan = await planOf(query);
      if (process.env.SHOW_PLANS) console.log(plan);
      expect(plan, plan).toContain(index);
      // Neither every account in id order nor every account newest first.
      expect(plan, plan).not.toMatch(/Seq Scan on users|using users_created_idx/);
    }
  });
});

it('finds a keyword through the search index instead', async () => {
  const [, count] = accountQueriesForPlan(t.app.deps.db, { group: 'customers', keyword }, { limit: 20, offset: 0 });
  expect(await planOf(count!)).toMatch(/users_search_idx|users_customers_created_idx/);
});

describe('once autovacuum has marked the accounts visible', () => {
  let vacuumed: TestApp;
  beforeAll(async () => {
    vacuumed = await appWithAccounts();
    await vacuumed.app.deps.db.execute(sql`vacuum users`);
  }, 120_000);
  afterAll(() => vacuumed.close());

  it.each<[string, AccountFilter, string]>([
    ['customers', { group: 'customers' }, 'users_customers_created_idx'],
    ['carriers', { group: 'carriers' }, 'users_carriers_created_idx'],
  ])('pages and counts all %s from their index alone, reading no account', async (_, filter, index) => {
    for (const query of accountQueriesForPlan(vacuumed.app.deps.db, filter, { limit: 20, offset: 980 })) {
      const plan = await planOf(query, vacuumed);
      expect(plan, plan).toContain(`Index Only Scan using ${index}`);
    }
  });

  it.each<[string, AccountFilter, string]>([
    ['customers', { group: 'customers', keyword }, 'users_customers_created_idx'],
    ['carriers', { group: 'carriers', keyword: keywordSearch('運輸')! }, 'users_carriers_created_idx'],
  ])('searches all %s by walking their index alone, testing the text there (decision 087)', async (_, filter, index) => {
    const plan = await planOf(searchQueryForPlan(vacuumed.app.deps.db, filter, 1001), vacuumed);
    expect(plan, plan).toContain(`Index Only Scan using ${index}`);
    expect(plan, plan).toMatch(/Filter: \(strpos\(search_text/);
    expect(plan, plan).not.toMatch(/Sort|users_search_idx/);
  });

  it('pages and counts the driver managers from their index alone (decision 087)', async () => {
    for (const query of accountQueriesForPlan(
      vacuumed.app.deps.db,
      { group: 'carriers', role: 'DRIVER_MANAGER' },
      { limit: 20, offset: 0 },
    )) {
      const plan = await planOf(query, vacuumed);
      expect(plan, plan).toContain('Index Only Scan using users_managers_created_idx');
    }
  });

  it.each<[string, AccountFilter, string]>([
    ['suspended customers', { group: 'customers', status: 'INACTIVE' }, 'users_inactive_created_idx'],
    ['driver managers', { group: 'carriers', role: 'DRIVER_MANAGER' }, 'users_managers_created_idx'],
  ])('pages and counts the %s from their own index, reading no other account', async (_, filter, index) => {
    for (const query of accountQueriesForPlan(vacuumed.app.deps.db, filter, { limit: 20, offset: 0 })) {
      const plan = await planOf(query, vacuumed);
      expect(plan, plan).toContain(index);
      expect(plan, plan).not.toMatch(/Seq Scan on users|users_search_idx|users_(customers|carriers)_created_idx/);
    }
  });
});

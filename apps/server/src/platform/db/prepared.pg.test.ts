/**
 * A list page's statement is planned once per connection, not on every call (decision 093):
 * with its LIMIT and OFFSET as parameters PostgreSQL never chose a generic plan, and planning
 * cost as much as running it. Each page is then a text of its own, and the fixed statements
 * stay prepared however many of those came first. Read from the connection's own
 * pg_prepared_statements, so the app runs on one connection.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Party, party } from '../../../test/marketplace-fixtures';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { companies, users } from '../../db/schema';
import { rowsOf, selectOnce } from './database';

let t: TestApp;
let admin: Party;
let customer: Party;
beforeAll(async () => {
  // The market read from the database, not from the open requests in memory (decision 112).
  t = await createTestApp({ DATABASE_POOL_SIZE: '1', OPEN_MARKET_MAX_ITEMS: '0' });
  admin = await party(t, ['ADMIN']);
  customer = await party(t, ['CUSTOMER']);
  for (let n = 0; n < 2; n++) await party(t, ['CUSTOMER']);
});

const prepared = () =>
  rowsOf<Prepared>(t.app.deps.db, sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`);
afterAll(() => t.close());

interface Prepared {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

it('the customers list pages on a generic plan after its first calls, and each page is its own statement', async () => {
  for (let call = 0; call < 8; call++) {
    for (const page of [1, 2]) {
      const res = await t.call('GET', `/api/v1/customers?page=${page}&limit=2`, { token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  // The list's statement: the page's ids with the capped count, its window written into its text.
  const pages = (await prepared()).filter((p) => /limit 2 offset \d+/.test(p.statement) && p.statement.includes('count(*)'));
  const windows = pages.map((p) => /limit 2 offset (\d+)/.exec(p.statement)![1]);
  expect(windows.sort()).toEqual(['0', '2']);
  for (const page of pages) expect(page.generic_plans, page.statement).toBeGreaterThan(0);
});

it('a market page filtered by a vehicle is one text for every page, and runs on a generic plan after its first calls', async () => {
  const driver = await party(t, ['DRIVER']);
  for (let page = 1; page <= 10; page++) {
    // A page each: the market's memo answers a repeated one without the database.
    const res = await t.call('GET', `/api/v1/request-items/list/private?vehicleType=FOUR_T_TRUCK&limit=1&page=${page}`, {
      token: driver.token,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const postings = (await prepared()).filter((p) => p.statement.includes('request_item_open_terms'));
  expect(postings).toHaveLength(1);
  expect(postings[0]!.custom_plans + postings[0]!.generic_plans).toBe(10);
  expect(postings[0]!.generic_plans).toBeGreaterThan(0);
});

/** A write's kind of select: one fixed text, its values placeholders, a left join that may find nothing. */
const userWithCompany = selectOnce('test_user_with_company', (db) =>
  db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id'))),
);

it('a fixed select (selectOnce) is one named statement, each call with its own values and Drizzle’s rows, in a transaction too', async () => {
  const db = t.app.deps.db;
  const alone = await party(t, ['CUSTOMER']);
  await db.update(users).set({ companyId: null }).where(eq(users.id, alone.id));
  const [first] = await userWithCompany(db, { id: alone.id });
  // Drizzle's mapping: the table's fields by their names, dates as dates, a left join that found nothing as null.
  expect(first).toMatchObject({ user: { id: alone.id, email: alone.email }, company: null });
  expect(first!.user.createdAt).toBeInstanceOf(Date);
  const [second] = await userWithCompany(db, { id: customer.id });
  expect(second!.user.email).toBe(customer.email);
  expect(second!.company!.id).toBe(second!.user.companyId);
  const inTransaction = await db.transaction(async (tx) => userWithCompany(tx, { id: admin.id }));
  expect(inTransaction[0]!.user.id).toBe(admin.id);
  expect(await userWithCompany(db, { id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);

  const named = (await prepared()).filter(
    (p) => p.statement.includes('left join "companies"') && p.statement.includes('"users"."id" = $1'),
  );
  expect(named).toHaveLength(1);
  expect(named[0]!.generic_plans + named[0]!.custom_plans).toBeGreaterThanOrEqual(3);
});

// Last: it spends the bound on texts built per call.
it('many pages read first do not keep the fixed statements from being prepared', async () => {
  await makeDeliveryRequest(t, customer.token);
  for (let page = 1; page <= 80; page++) {
    expect((await t.call('GET', `/api/v1/customers?page=${page}&limit=1`, { token: admin.token })).statusCode).toBe(200);
  }
  const res = await t.call('GET', '/api/v1/request-items/delivery', { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toHaveLength(1);
  // The admin list's rows by id: one text for any ids (adminRequestsByIds).
  const byIds = (p: Prepared) => p.statement.includes('"request_items" where id = any($1::uuid[])');
  expect((await prepared()).some(byIds)).toBe(true);
});

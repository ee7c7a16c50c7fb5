/**
 * A list's total is counted at most 50 pages past the requested one (decision 015): the
 * market and the admin's lists say when their total is a lower bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestItemPage } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';

const POSTED = 52;
let t: TestApp;
const tokens = { customer: '', driver: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp();
  const [customer, driver, admin] = await Promise.all([
    makeUser(t, ['CUSTOMER']),
    makeUser(t, ['DRIVER']),
    makeUser(t, ['ADMIN']),
  ]);
  tokens.customer = (await login(t, customer.email, 'CUSTOMER')).accessToken;
  tokens.driver = (await login(t, driver.email, 'DRIVER')).accessToken;
  tokens.admin = (await login(t, admin.email, 'ADMIN')).accessToken;
  for (let i = 0; i < POSTED; i++) await makeDeliveryRequest(t, tokens.customer);
}, 120_000);
afterAll(() => t.close());

async function meta(path: string, token: string) {
  const res = await t.call('GET', `/api/v1/request-items${path}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TRequestItemPage).meta;
}

describe.each([
  ['the market', '/list/private', 'driver'],
  ['the admin’s deliveries', '/delivery', 'admin'],
] as const)('%s', (_, path, who) => {
  it('stops counting 50 pages ahead and says the total is a lower bound', async () => {
    // 1 per page: page 1 counts up to 50 of the 52.
    expect(await meta(`${path}?limit=1&page=1`, tokens[who])).toMatchObject({
      totalCount: 50,
      pageCount: 50,
      totalCountIsLowerBound: true,
      nextPage: 2,
    });
  });

  it('counts exactly once the cap reaches past the last item', async () => {
    const m = await meta(`${path}?limit=1&page=3`, tokens[who]);
    expect(m).toMatchObject({ totalCount: POSTED, pageCount: POSTED });
    expect(m.totalCountIsLowerBound).toBeUndefined();
    // Exactly the cap (page 2: 1 + 50 = 51 < 52) is still "more".
    expect(await meta(`${path}?limit=1&page=2`, tokens[who])).toMatchObject({ totalCount: 51, totalCountIsLowerBound: true });
    expect((await meta(`${path}?limit=100`, tokens[who])).totalCount).toBe(POSTED);
  });
});

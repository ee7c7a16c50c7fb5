/**
 * The own lists (my-items, applied-items) answered from memory (decision 073): every write that
 * changes what one of them shows is seen by the next read, whoever wrote it, and a write outside
 * any request (a sweep, an import) as soon as the database has told the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestItem, TRequestItemPage } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { API, approve, bid, type Party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { addCandidate, makeDeliveryRequest } from '../../../test/request-item-fixtures';

let t: TestApp;
let people: Cast;

beforeAll(async () => {
  ({ t, people } = await appWithCast({ LISTS_MEMO_SECONDS: '300', DOWNLOAD_URL_TTL_SECONDS: '3600' }));
});
afterAll(() => t.close());

async function list(who: Party, path: 'my-items' | 'applied-items'): Promise<TRequestItemPage> {
  const res = await t.call('GET', `/api/v1/request-items/${path}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const entry = (page: TRequestItemPage, id: string): TRequestItem | undefined => page.data.find((i) => i.id === id);

describe('own lists answered from memory', () => {
  it('show a request, its applications, its approval and the assigned driver at the next read', async () => {
    const { customer, otherDriver, manager, driver } = people;
    expect((await list(customer, 'my-items')).data).toEqual([]);

    const item = await makeDeliveryRequest(t, customer.token, { price: undefined });
    expect(entry(await list(customer, 'my-items'), item.id)).toMatchObject({ status: 'WAITING_APPROVE', numberOfCandidates: 0 });
    // Read again: the same answer, now from memory.
    expect(entry(await list(customer, 'my-items'), item.id)?.numberOfCandidates).toBe(0);
    expect(entry(await list(manager, 'applied-items'), item.id)).toBeUndefined();

    // Another user's write changes the customer's list.
    const applied = await bid(t, manager, item.id, 38000);
    await bid(t, otherDriver, item.id, 39000);
    expect(entry(await list(customer, 'my-items'), item.id)?.numberOfCandidates).toBe(2);
    expect(entry(await list(manager, 'applied-items'), item.id)?.candidate).toMatchObject({ price: 38000, status: 'APPLIED' });

    await approve(t, customer, applied.candidate.id, item.id);
    expect(entry(await list(customer, 'my-items'), item.id)?.status).toBe('APPROVED');
    expect(entry(await list(manager, 'applied-items'), item.id)).toMatchObject({
      status: 'APPROVED',
      candidate: { status: 'APPROVED' },
    });
    expect(entry(await list(otherDriver, 'applied-items'), item.id)?.candidate?.status).toBe('NOT_CHOSEN');

    // The manager gives the job to a driver, then to another: each sees it come and go.
    expect(entry(await list(driver, 'applied-items'), item.id)).toBeUndefined();
    const assign = (to: Party) =>
      t.call('PATCH', `/api/v1/request-items/assign-carrier/${item.id}`, { token: manager.token, body: { driverId: to.id } });
    expect((await assign(driver)).statusCode).toBe(200);
    expect(entry(await list(driver, 'applied-items'), item.id)?.candidate).toMatchObject({ price: 38000 });
    expect((await assign(otherDriver)).statusCode).toBe(200);
    expect(entry(await list(driver, 'applied-items'), item.id)).toBeUndefined();
    expect(entry(await list(otherDriver, 'applied-items'), item.id)?.candidate).toMatchObject({ price: 38000 });
  });

  it('drop a request the admin deleted, from its customer’s and its applicants’ lists', async () => {
    const { otherCustomer, driver, admin } = people;
    const item = await makeDeliveryRequest(t, otherCustomer.token, { price: undefined });
    await bid(t, driver, item.id, 45000);
    expect(entry(await list(otherCustomer, 'my-items'), item.id)).toBeDefined();
    expect(entry(await list(driver, 'applied-items'), item.id)).toBeDefined();

    const res = await t.call('DELETE', API.adminDelete(item.id), { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(entry(await list(otherCustomer, 'my-items'), item.id)).toBeUndefined();
    expect(entry(await list(driver, 'applied-items'), item.id)).toBeUndefined();
  });

  it('learn of a write made outside any request once the database has announced it', async () => {
    const { otherCustomer, otherDriver } = people;
    const item = await makeDeliveryRequest(t, otherCustomer.token);
    expect(entry(await list(otherCustomer, 'my-items'), item.id)?.numberOfCandidates).toBe(0);
    expect(entry(await list(otherDriver, 'applied-items'), item.id)).toBeUndefined();

    // Written straight to the database, as a background job would. On PostgreSQL the
    // announcement arrives over its own connection a moment after the commit.
    await addCandidate(t, item.id, otherDriver.id, 41000);
    await expect.poll(async () => entry(await list(otherCustomer, 'my-items'), item.id)?.numberOfCandidates).toBe(1);
    await expect.poll(async () => entry(await list(otherDriver, 'applied-items'), item.id)?.candidate?.price).toBe(41000);
  });

  it('are each caller’s own: another customer’s list never shows them', async () => {
    const { customer, otherCustomer } = people;
    const mine = await makeDeliveryRequest(t, customer.token);
    expect(entry(await list(customer, 'my-items'), mine.id)).toBeDefined();
    expect(entry(await list(otherCustomer, 'my-items'), mine.id)).toBeUndefined();
  });
});

/**
 * An open request's detail answered from memory (decision 080): everyone who is none of its
 * parties and has not applied sees the same private detail, anonymous visitors the same public
 * one, and every write that changes it, by whomever and however it is written, is seen at the
 * next read. Its parties, its applicants and the admin get their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_SAMPLES, type TRequestItemDetail } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { API, approve, bid, expectError, type Party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { addCandidate, makeDeliveryRequest } from '../../../test/request-item-fixtures';

let t: TestApp;
let people: Cast;

beforeAll(async () => {
  ({ t, people } = await appWithCast({ LISTS_MEMO_SECONDS: '300', DOWNLOAD_URL_TTL_SECONDS: '3600' }));
});
afterAll(() => t.close());

async function detail(who: Party, id: string): Promise<TRequestItemDetail> {
  const res = await t.call('GET', API.privateDetail(id), { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The public detail as an anonymous visitor gets it. */
async function anonymousDetail(id: string): Promise<TRequestItemDetail> {
  const res = await t.call('GET', `/api/v1/request-items/public/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('an open request’s detail answered from memory', () => {
  it('shows every application, its own to each applicant, and the approval at the next read', async () => {
    const { customer, manager, driver, otherDriver } = people;
    const item = await makeDeliveryRequest(t, customer.token, { price: undefined });
    const first = await detail(driver, item.id);
    expect(first).toMatchObject({ numberOfCandidates: 0, isApplied: false });
    expect(first.candidate).toBeUndefined();
    // Read again: the same answer, now from memory.
    expect((await detail(driver, item.id)).numberOfCandidates).toBe(0);
    expect((await anonymousDetail(item.id)).numberOfCandidates).toBe(0);

    await bid(t, manager, item.id, 38000);
    const outsider = await detail(driver, item.id);
    expect(outsider).toMatchObject({ numberOfCandidates: 1, isApplied: false });
    expect(outsider.candidate).toBeUndefined();
    expect(await detail(manager, item.id)).toMatchObject({ isApplied: true, candidate: { price: 38000, status: 'APPLIED' } });

    const own = await bid(t, otherDriver, item.id, 39000);
    expect(await detail(otherDriver, item.id)).toMatchObject({
      numberOfCandidates: 2,
      isApplied: true,
      candidate: { price: 39000, status: 'APPLIED' },
    });
    expect((await detail(driver, item.id)).numberOfCandidates).toBe(2);
    expect((await anonymousDetail(item.id)).numberOfCandidates).toBe(2);

    // Approved, the request is no longer open: an outsider cannot open it, the applicants see how it ended.
    await approve(t, customer, own.candidate.id, item.id);
    expectError(await t.call('GET', API.privateDetail(item.id), { token: driver.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', `/api/v1/request-items/public/${item.id}`), 404, 'REQUEST_ITEM_NOT_FOUND');
    expect(await detail(otherDriver, item.id)).toMatchObject({ status: 'APPROVED', candidate: { status: 'APPROVED' } });
    expect((await detail(manager, item.id)).candidate?.status).toBe('NOT_CHOSEN');
  });

  it('shows the customer’s contacts to the customer and the admin only, whoever read it first', async () => {
    const { customer, driver, admin } = people;
    const item = await makeDeliveryRequest(t, customer.token);
    const outsider = await detail(driver, item.id);
    expect(outsider.customer).toMatchObject({ companyName: HIDDEN_SAMPLES.companyName, email: HIDDEN_SAMPLES.email });
    // An anonymous visitor is not shown who posted it at all.
    expect((await anonymousDetail(item.id)).customer).toBeUndefined();
    for (const party of [customer, admin]) {
      const seen = await detail(party, item.id);
      expect(seen.customer?.email).toBe(customer.email);
      expect(seen.customer?.companyName).not.toBe(HIDDEN_SAMPLES.companyName);
    }
    expect((await detail(driver, item.id)).customer?.email).toBe(HIDDEN_SAMPLES.email);
  });

  it('is gone at the next read once its customer deletes it', async () => {
    const { otherCustomer, driver } = people;
    const item = await makeDeliveryRequest(t, otherCustomer.token);
    await detail(driver, item.id);
    await anonymousDetail(item.id);
    const res = await t.call('DELETE', API.ownerDelete(item.id), { token: otherCustomer.token });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await t.call('GET', API.privateDetail(item.id), { token: driver.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', `/api/v1/request-items/public/${item.id}`), 404, 'REQUEST_ITEM_NOT_FOUND');
  });

  it('learns of an application written outside any request once the database has announced it', async () => {
    const { otherCustomer, driver, otherDriver } = people;
    const item = await makeDeliveryRequest(t, otherCustomer.token, { price: undefined });
    expect((await detail(driver, item.id)).numberOfCandidates).toBe(0);
    expect((await detail(otherDriver, item.id)).isApplied).toBe(false);

    // Written straight to the database, as a background job would. On PostgreSQL the
    // announcement arrives over its own connection a moment after the commit.
    await addCandidate(t, item.id, otherDriver.id, 41000);
    await expect.poll(async () => (await detail(driver, item.id)).numberOfCandidates).toBe(1);
    await expect.poll(async () => (await detail(otherDriver, item.id)).candidate?.price).toBe(41000);
  });
});

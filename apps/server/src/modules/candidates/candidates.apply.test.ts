/** POST /request-items/request-prices and /apply-fixed-price: who may apply, how, and only once. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, SUCCESS_MESSAGES } from '@logi/contract';
import { candidates, talkrooms } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import { login, makeUser } from '../../../test/fixtures';
import { API, type Party, applyFixed, approve, bid, expectError, notificationTypes } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const estimation = () => makeDeliveryRequest(t, people.customer.token, { price: undefined });
const fixed = () => makeDeliveryRequest(t, people.customer.token, { price: 50000 });

async function rowsOf(requestItemId: string) {
  const db = t.app.deps.db;
  const [c] = await db.select({ n: count() }).from(candidates).where(eq(candidates.requestItemId, requestItemId));
  const [r] = await db.select({ n: count() }).from(talkrooms).where(eq(talkrooms.requestItemId, requestItemId));
  return { candidates: c!.n, talkrooms: r!.n };
}

const callBid = (who: Party | undefined, body: unknown) => t.call('POST', API.requestPrices, { token: who?.token, body });
const callFixed = (who: Party | undefined, body: unknown) => t.call('POST', API.applyFixedPrice, { token: who?.token, body });

describe('POST /request-items/request-prices', () => {
  it('a driver bids on an estimation request: one candidate with its talkroom, the customer is told', async () => {
    const item = await estimation();
    const res = await callBid(people.driver, { requestItemId: item.id, price: 38000 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: SUCCESS_MESSAGES.sentToShipper,
      isNew: true,
      candidate: {
        requestItemId: item.id,
        price: 38000,
        status: 'APPLIED',
        talkroom: { requestItemId: item.id, appliedUserId: people.driver.id, isActive: true },
      },
    });
    expect(body.candidate.talkroom.candidateId).toBe(body.candidate.id);
    expect(await rowsOf(item.id)).toEqual({ candidates: 1, talkrooms: 1 });
    const [row] = await t.app.deps.db.select().from(candidates).where(eq(candidates.id, body.candidate.id));
    // A driver applies for its manager's company.
    expect(row).toMatchObject({ applicantId: people.driver.id, driverManagerId: people.manager.id });
    expect(await notificationTypes(t, people.customer, item.id)).toEqual(['PICKUP_REQUEST_RECEIVED']);
  });

  it('bidding again updates the bid: the same candidate and talkroom, no second notification', async () => {
    const item = await estimation();
    const first = await bid(t, people.manager, item.id, 40000);
    const second = await bid(t, people.manager, item.id, 36000);
    expect(second).toMatchObject({ isNew: false, candidate: { id: first.candidate.id, price: 36000 } });
    expect(second.candidate.talkroom.id).toBe(first.candidate.talkroom.id);
    expect(await rowsOf(item.id)).toEqual({ candidates: 1, talkrooms: 1 });
    expect(await notificationTypes(t, people.customer, item.id)).toEqual(['PICKUP_REQUEST_RECEIVED']);
    const [row] = await t.app.deps.db.select().from(candidates).where(eq(candidates.id, first.candidate.id));
    expect(row).toMatchObject({ price: 36000, driverManagerId: people.manager.id });
  });

  it('a fixed-price delivery or a per-unit warehouse takes no bid: 400', async () => {
    const item = await fixed();
    expectError(await callBid(people.driver, { requestItemId: item.id, price: 1000 }), 400, 'BID_NOT_ALLOWED');
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    expectError(await callBid(people.driver, { requestItemId: warehouse.id, price: 1000 }), 400, 'BID_NOT_ALLOWED');
    expect(await rowsOf(item.id)).toEqual({ candidates: 0, talkrooms: 0 });
    expect(await rowsOf(warehouse.id)).toEqual({ candidates: 0, talkrooms: 0 });
  });

  it('never on one’s own request (an account holding the customer and the manager role)', async () => {
    const both = await makeUser(t, ['CUSTOMER', 'DRIVER_MANAGER']);
    const asCustomer = await login(t, both.email, 'CUSTOMER');
    const asManager = await login(t, both.email, 'DRIVER_MANAGER');
    const item = await makeDeliveryRequest(t, asCustomer, { price: undefined });
    const res = await t.call('POST', API.requestPrices, {
      token: asManager.accessToken,
      body: { requestItemId: item.id, price: 1000 },
    });
    expectError(res, 400, 'CANNOT_APPLY_OWN_REQUEST');
    expect(await rowsOf(item.id)).toEqual({ candidates: 0, talkrooms: 0 });
  });

  it('never after matching ended: 409 for an applicant, 404 for a stranger', async () => {
    const item = await estimation();
    const chosen = await bid(t, people.driver, item.id);
    await bid(t, people.otherDriver, item.id);
    await approve(t, people.customer, chosen.candidate.id, item.id);
    expectError(await callBid(people.otherDriver, { requestItemId: item.id, price: 1000 }), 409, 'APPLICATION_CLOSED');
    expectError(await callBid(people.manager, { requestItemId: item.id, price: 1000 }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expect(await rowsOf(item.id)).toEqual({ candidates: 2, talkrooms: 2 });
  });

  it('drivers and driver managers only; a token is needed', async () => {
    const item = await estimation();
    const body = { requestItemId: item.id, price: 1000 };
    expectError(await callBid(people.customer, body), 401, 'ROLE_NOT_ALLOWED');
    expectError(await callBid(people.admin, body), 401, 'ROLE_NOT_ALLOWED');
    expectError(await callBid(undefined, body), 401, 'UNAUTHENTICATED');
    expect(await rowsOf(item.id)).toEqual({ candidates: 0, talkrooms: 0 });
  });

  it('an unknown request item: 404', async () => {
    expectError(
      await callBid(people.driver, { requestItemId: '01900000-0000-7000-8000-000000000000', price: 1000 }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
  });

  it('bad input: 400 with Japanese field errors, nothing written', async () => {
    const item = await estimation();
    const cases: [unknown, string, string][] = [
      [{ requestItemId: item.id }, 'body.price', FIELD_MESSAGES.required],
      [{ requestItemId: item.id, price: 0 }, 'body.price', FIELD_MESSAGES.tooSmall(1)],
      [{ requestItemId: item.id, price: 10.5 }, 'body.price', FIELD_MESSAGES.integer],
      [{ requestItemId: item.id, price: '1000' }, 'body.price', FIELD_MESSAGES.invalidType],
      [{ requestItemId: item.id, price: 100_000_001 }, 'body.price', FIELD_MESSAGES.tooBig(100_000_000)],
      [{ requestItemId: 'nope', price: 1000 }, 'body.requestItemId', FIELD_MESSAGES.uuid],
    ];
    for (const [body, path, message] of cases) {
      const res = await callBid(people.driver, body);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.json().details, JSON.stringify(body)).toContainEqual({ path, message });
    }
    expect(await rowsOf(item.id)).toEqual({ candidates: 0, talkrooms: 0 });
  });
});

describe('POST /request-items/apply-fixed-price', () => {
  it('applies at the listed price once, however often it is called', async () => {
    const item = await fixed();
    const first = await applyFixed(t, people.driver, item.id);
    const again = await applyFixed(t, people.driver, item.id);
    expect(first).toMatchObject({
      message: SUCCESS_MESSAGES.sentToShipper,
      isNew: true,
      candidate: { price: 50000, status: 'APPLIED' },
    });
    expect(again).toMatchObject({ isNew: false, candidate: { id: first.candidate.id, price: 50000 } });
    expect(again.candidate.talkroom.id).toBe(first.candidate.talkroom.id);
    expect(again.candidate.updatedAt).toBe(first.candidate.updatedAt);
    expect(await rowsOf(item.id)).toEqual({ candidates: 1, talkrooms: 1 });
    expect(await notificationTypes(t, people.customer, item.id)).toEqual(['PICKUP_REQUEST_RECEIVED']);
  });

  it('a per-unit warehouse: the manager applies at the unit price, the customer is told', async () => {
    const warehouse = await makeWarehouseRequest(t, people.customer.token, { price: 8000 });
    const res = await applyFixed(t, people.manager, warehouse.id);
    expect(res.candidate).toMatchObject({ price: 8000, status: 'APPLIED' });
    const [row] = await t.app.deps.db.select().from(candidates).where(eq(candidates.id, res.candidate.id));
    expect(row!.driverManagerId).toBe(people.manager.id);
    expect(await notificationTypes(t, people.customer, warehouse.id)).toEqual(['WAREHOUSE_USE_REQUEST_RECEIVED']);
  });

  it('an estimation request needs a bid: 400', async () => {
    const item = await estimation();
    expectError(await callFixed(people.driver, { requestItemId: item.id }), 400, 'FIXED_PRICE_NOT_AVAILABLE');
    expect(await rowsOf(item.id)).toEqual({ candidates: 0, talkrooms: 0 });
  });

  it('after a cancel: 409 for an applicant, 404 for a stranger; deleted: 404', async () => {
    const item = await fixed();
    await applyFixed(t, people.driver, item.id);
    expect((await t.call('PATCH', API.cancel(item.id), { token: people.customer.token })).statusCode).toBe(200);
    expectError(await callFixed(people.driver, { requestItemId: item.id }), 409, 'APPLICATION_CLOSED');
    expectError(await callFixed(people.otherDriver, { requestItemId: item.id }), 404, 'REQUEST_ITEM_NOT_FOUND');

    const gone = await fixed();
    expect((await t.call('DELETE', API.ownerDelete(gone.id), { token: people.customer.token })).statusCode).toBe(200);
    expectError(await callFixed(people.driver, { requestItemId: gone.id }), 404, 'REQUEST_ITEM_NOT_FOUND');
  });

  it('drivers and driver managers only; bad input is 400', async () => {
    const item = await fixed();
    expectError(await callFixed(people.customer, { requestItemId: item.id }), 401, 'ROLE_NOT_ALLOWED');
    expectError(await callFixed(undefined, { requestItemId: item.id }), 401, 'UNAUTHENTICATED');
    const res = await callFixed(people.driver, {});
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details).toContainEqual({ path: 'body.requestItemId', message: FIELD_MESSAGES.uuid });
    expect(await rowsOf(item.id)).toEqual({ candidates: 0, talkrooms: 0 });
  });
});

/** GET /candidates, GET /candidates/{id}, POST /candidates/{id}/approve. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, SUCCESS_MESSAGES, type TCandidate, type TCandidatePage } from '@logi/contract';
import { candidates } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import {
  API,
  applyFixed,
  approve,
  bid,
  expectError,
  itemRow,
  notificationTypes,
  party,
  talkroomRow,
  UNKNOWN,
} from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

/** A delivery with bids by the driver and the manager. */
async function deliveryWithBids() {
  const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
  const driverBid = await bid(t, people.driver, item.id, 41000);
  const managerBid = await bid(t, people.manager, item.id, 39000);
  return { item, driverBid, managerBid };
}

const statusOf = async (candidateId: string) =>
  (await t.app.deps.db.select({ status: candidates.status }).from(candidates).where(eq(candidates.id, candidateId)))[0]!.status;

describe('GET /candidates', () => {
  it('the owner lists the candidates of the item, newest first, with contact, company, talkroom and last message', async () => {
    const { item, driverBid, managerBid } = await deliveryWithBids();
    const sent = await t.call('POST', API.messages(item.id), {
      token: people.driver.token,
      body: { talkroomId: driverBid.candidate.talkroom.id, content: 'よろしくお願いします。' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const res = await t.call('GET', `${API.candidates}?requestId=${item.id}`, { token: people.customer.token });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TCandidatePage;
    expect(page.meta).toMatchObject({ totalCount: 2, currentPage: 1, isLastPage: true });
    expect(page.data.map((c) => c.id)).toEqual([managerBid.candidate.id, driverBid.candidate.id]);
    expect(page.data[1]).toMatchObject({
      applicantId: people.driver.id,
      name: '山田 太郎',
      phone: '0312345678',
      email: people.driver.email,
      company: { name: 'テスト株式会社' },
      price: 41000,
      status: 'APPLIED',
      driverManagerId: people.manager.id,
      talkroom: { id: driverBid.candidate.talkroom.id, isActive: true },
      lastMessage: { content: 'よろしくお願いします。', senderId: people.driver.id, fileCount: 0 },
    });
    expect(page.data[0]).toMatchObject({ price: 39000, lastMessage: null, driverManagerId: people.manager.id });

    const second = await t.call('GET', `${API.candidates}?requestId=${item.id}&page=2&limit=1`, { token: people.customer.token });
    expect(second.json()).toMatchObject({
      meta: { totalCount: 2, currentPage: 2, pageCount: 2 },
      data: [{ id: driverBid.candidate.id }],
    });
  });

  it('counts the candidates on a page past the last one, and on a request without any (the list reads its total with its rows)', async () => {
    const { item } = await deliveryWithBids();
    for (const sort of ['NEWEST', 'PRICE']) {
      const past = await t.call('GET', `${API.candidates}?requestId=${item.id}&page=3&limit=1&sort=${sort}`, {
        token: people.customer.token,
      });
      expect(past.statusCode, past.body).toBe(200);
      expect(past.json()).toMatchObject({ meta: { totalCount: 2, currentPage: 3, pageCount: 2 }, data: [] });
    }
    const none = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    const empty = await t.call('GET', `${API.candidates}?requestId=${none.id}`, { token: people.customer.token });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ meta: { totalCount: 0 }, data: [] });
  });

  it('the admin may list them too', async () => {
    const { item } = await deliveryWithBids();
    const res = await t.call('GET', `${API.candidates}?requestId=${item.id}`, { token: people.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.totalCount).toBe(2);
  });

  it('another customer: 404; a driver or no token: 401; bad requestId: 400', async () => {
    const { item } = await deliveryWithBids();
    const url = `${API.candidates}?requestId=${item.id}`;
    expectError(await t.call('GET', url, { token: people.otherCustomer.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(
      await t.call('GET', `${API.candidates}?requestId=${UNKNOWN}`, { token: people.customer.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(await t.call('GET', url, { token: people.driver.token }), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('GET', url), 401, 'UNAUTHENTICATED');
    const bad = await t.call('GET', `${API.candidates}?requestId=x`, { token: people.customer.token });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().details).toContainEqual({ path: 'querystring.requestId', message: FIELD_MESSAGES.uuid });
    expectError(await t.call('GET', API.candidates, { token: people.customer.token }), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /candidates/{id}', () => {
  it('the owner and the admin see one candidate of the item', async () => {
    const { item, driverBid } = await deliveryWithBids();
    for (const who of [people.customer, people.admin]) {
      const res = await t.call('GET', API.candidate(driverBid.candidate.id, item.id), { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as TCandidate).toMatchObject({
        id: driverBid.candidate.id,
        price: 41000,
        company: { name: 'テスト株式会社' },
      });
    }
  });

  it('a candidate of another item: 404 not applicable; unknown or not the caller’s: 404 not found', async () => {
    const { item, driverBid } = await deliveryWithBids();
    const other = await makeDeliveryRequest(t, people.customer.token);
    expectError(
      await t.call('GET', API.candidate(driverBid.candidate.id, other.id), { token: people.customer.token }),
      404,
      'CANDIDATE_NOT_APPLICABLE',
    );
    expectError(
      await t.call('GET', API.candidate(UNKNOWN, item.id), { token: people.customer.token }),
      404,
      'CANDIDATE_NOT_FOUND',
    );
    expectError(
      await t.call('GET', API.candidate(driverBid.candidate.id, item.id), { token: people.otherCustomer.token }),
      404,
      'CANDIDATE_NOT_FOUND',
    );
  });

  it('an applicant without company information: 404', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    const loner = await party(t, ['DRIVER']);
    const applied = await applyFixed(t, loner, item.id);
    expectError(
      await t.call('GET', API.candidate(applied.candidate.id, item.id), { token: people.customer.token }),
      404,
      'CANDIDATE_COMPANY_UNAVAILABLE',
    );
    // The list still shows the application, without a company.
    const list = await t.call('GET', `${API.candidates}?requestId=${item.id}`, { token: people.customer.token });
    expect(list.json().data).toMatchObject([{ id: applied.candidate.id, company: null }]);
  });

  it('a driver: 401; without requestItemId: 400', async () => {
    const { item, driverBid } = await deliveryWithBids();
    expectError(
      await t.call('GET', API.candidate(driverBid.candidate.id, item.id), { token: people.driver.token }),
      401,
      'ROLE_NOT_ALLOWED',
    );
    expectError(
      await t.call('GET', `/api/v1/candidates/${driverBid.candidate.id}`, { token: people.customer.token }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await t.call('GET', API.candidate('x', item.id), { token: people.customer.token }), 400, 'VALIDATION_FAILED');
  });
});

describe('POST /candidates/{id}/approve', () => {
  it('a delivery: APPROVED with the chosen talkroom open, the others not chosen and their rooms closed, everyone told', async () => {
    const { item, driverBid, managerBid } = await deliveryWithBids();
    const res = await t.call('POST', API.approve(driverBid.candidate.id), {
      token: people.customer.token,
      body: { requestItemId: item.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SUCCESS_MESSAGES.statusUpdated,
      candidate: { id: driverBid.candidate.id, status: 'APPROVED', talkroom: { isActive: true } },
      requestItem: { id: item.id, status: 'APPROVED', receiverId: people.driver.id },
    });
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'APPROVED', receiverId: people.driver.id });
    expect(await statusOf(managerBid.candidate.id)).toBe('NOT_CHOSEN');
    expect((await talkroomRow(t, item.id, people.driver.id))!.isActive).toBe(true);
    expect((await talkroomRow(t, item.id, people.manager.id))!.isActive).toBe(false);
    expect(await notificationTypes(t, people.driver, item.id)).toEqual(['PICKUP_REQUEST_APPROVED']);
    expect(await notificationTypes(t, people.manager, item.id)).toEqual(['PICKUP_REQUEST_RESULT']);
    expect((await t.lastMail(people.driver.email))?.subject).toContain('配送依頼が承認されました');
    // The approved driver now sees the customer's contact details.
    const detail = await t.call('GET', API.privateDetail(item.id), { token: people.driver.token });
    expect(detail.json()).toMatchObject({ isHidden: false, receiverId: people.driver.id });
  });

  it('a warehouse: matching ends (COMPLETED), every talkroom closes, the others are not chosen', async () => {
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    const chosen = await applyFixed(t, people.manager, warehouse.id);
    const other = await applyFixed(t, people.otherDriver, warehouse.id);
    const body = await approve(t, people.customer, chosen.candidate.id, warehouse.id);
    expect(body.requestItem).toMatchObject({ status: 'COMPLETED', receiverId: people.manager.id });
    expect(await itemRow(t, warehouse.id)).toMatchObject({ status: 'COMPLETED', receiverId: people.manager.id });
    expect(await statusOf(other.candidate.id)).toBe('NOT_CHOSEN');
    expect((await talkroomRow(t, warehouse.id, people.manager.id))!.isActive).toBe(false);
    expect((await talkroomRow(t, warehouse.id, people.otherDriver.id))!.isActive).toBe(false);
    expect(await notificationTypes(t, people.manager, warehouse.id)).toEqual(['WAREHOUSE_USE_REQUEST_APPROVED']);
    expect(await notificationTypes(t, people.otherDriver, warehouse.id)).toEqual(['WAREHOUSE_USE_REQUEST_RESULT']);
  });

  it('a second approval (another candidate or the same again): 400, nothing changes', async () => {
    const { item, driverBid, managerBid } = await deliveryWithBids();
    await approve(t, people.customer, driverBid.candidate.id, item.id);
    for (const id of [managerBid.candidate.id, driverBid.candidate.id]) {
      const res = await t.call('POST', API.approve(id), { token: people.customer.token, body: { requestItemId: item.id } });
      expectError(res, 400, 'CANDIDATE_ALREADY_APPROVED');
    }
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'APPROVED', receiverId: people.driver.id });
    expect(await statusOf(managerBid.candidate.id)).toBe('NOT_CHOSEN');
    expect(await notificationTypes(t, people.driver, item.id)).toEqual(['PICKUP_REQUEST_APPROVED']);
  });

  it('the partial unique index backs the row lock up: a stray approved row makes the approval 400, nothing changes', async () => {
    const { item, driverBid, managerBid } = await deliveryWithBids();
    // A writer that bypassed the lifecycle left an approved candidate on a waiting item.
    await t.app.deps.db.update(candidates).set({ status: 'APPROVED' }).where(eq(candidates.id, managerBid.candidate.id));
    const res = await t.call('POST', API.approve(driverBid.candidate.id), {
      token: people.customer.token,
      body: { requestItemId: item.id },
    });
    expectError(res, 400, 'CANDIDATE_ALREADY_APPROVED');
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'WAITING_APPROVE', receiverId: null });
    expect(await statusOf(driverBid.candidate.id)).toBe('APPLIED');
    expect(await notificationTypes(t, people.driver, item.id)).toEqual([]);
  });

  it('a cancelled request: 409', async () => {
    const { item, driverBid } = await deliveryWithBids();
    expect((await t.call('PATCH', API.cancel(item.id), { token: people.customer.token })).statusCode).toBe(200);
    const res = await t.call('POST', API.approve(driverBid.candidate.id), {
      token: people.customer.token,
      body: { requestItemId: item.id },
    });
    expectError(res, 409, 'REQUEST_STATUS_CONFLICT');
    expect(await statusOf(driverBid.candidate.id)).toBe('APPLIED');
  });

  it('a candidate of another item: 404 not applicable; unknown: 404 not found', async () => {
    const { driverBid } = await deliveryWithBids();
    const other = await makeDeliveryRequest(t, people.customer.token);
    const res = await t.call('POST', API.approve(driverBid.candidate.id), {
      token: people.customer.token,
      body: { requestItemId: other.id },
    });
    expectError(res, 404, 'CANDIDATE_NOT_APPLICABLE');
    const unknown = await t.call('POST', API.approve(UNKNOWN), {
      token: people.customer.token,
      body: { requestItemId: other.id },
    });
    expectError(unknown, 404, 'CANDIDATE_NOT_FOUND');
    expect(await itemRow(t, other.id)).toMatchObject({ status: 'WAITING_APPROVE', receiverId: null });
  });

  it('another customer: 404; a driver or the admin: 401; bad input: 400', async () => {
    const { item, driverBid } = await deliveryWithBids();
    const url = API.approve(driverBid.candidate.id);
    const body = { requestItemId: item.id };
    expectError(await t.call('POST', url, { token: people.otherCustomer.token, body }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('POST', url, { token: people.driver.token, body }), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('POST', url, { token: people.admin.token, body }), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('POST', url, { body }), 401, 'UNAUTHENTICATED');
    const bad = await t.call('POST', url, { token: people.customer.token, body: {} });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().details).toContainEqual({ path: 'body.requestItemId', message: FIELD_MESSAGES.uuid });
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'WAITING_APPROVE', receiverId: null });
  });
});

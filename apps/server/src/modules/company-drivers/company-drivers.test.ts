/**
 * A driver manager runs its drivers: GET /drivers/company, PATCH /drivers/remove/{id},
 * the pending invitations (list, resend, revoke) and who carries an approved job
 * (PATCH /request-items/assign-carrier/{id}) — with what the assigned driver, the
 * manager and the customer then see and may do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUCCESS_MESSAGES,
  type TCandidatePage,
  type TCompanyDriverPage,
  type TDriverInvitationPage,
  type TRequestItemDetail,
  type TRequestItemPage,
} from '@logi/contract';
import { eq } from 'drizzle-orm';
import { candidates, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { login } from '../../../test/fixtures';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { API, type Party, bid, cast, expectError, notificationTypes, UNKNOWN } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, matchedWarehouse, reportInFull, startPickup } from '../../../test/scenario';
import { uploadedPng } from '../files/files.test-support';
import { driverForm, invite } from '../registration/registration.test-support';

let t: TestApp;
let people: Cast;
/** A second carrier company. */
let rival: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  rival = await cast(t);
});
afterAll(() => t.close());

const D = {
  company: '/api/v1/drivers/company',
  remove: (id: string) => `/api/v1/drivers/remove/${id}`,
  invitations: '/api/v1/drivers/company/invitations',
  resend: (id: string) => `/api/v1/drivers/company/invitations/${id}/resend`,
  revoke: (id: string) => `/api/v1/drivers/company/invitations/${id}`,
  assign: (id: string) => `/api/v1/request-items/assign-carrier/${id}`,
  applied: '/api/v1/request-items/applied-items',
  appliedItem: (id: string) => `/api/v1/request-items/applied-items/${id}`,
} as const;
const as = (who: Party) => ({ token: who.token });

async function driversOf(manager: Party): Promise<TCompanyDriverPage> {
  const res = await t.call('GET', `${D.company}?limit=100`, as(manager));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fixed-price delivery the customer gave to the manager's own application. */
const managerWins = () => approvedDelivery(t, people.customer, people.manager);

async function assign(requestItemId: string, driverId: string, manager: Party = people.manager) {
  return t.call('PATCH', D.assign(requestItemId), { ...as(manager), body: { driverId } });
}

/** A fresh driver of the manager's company, invited and registered through the API, signed in. */
async function newDriver(manager: Party = people.manager): Promise<Party> {
  const email = `driver-${Math.random().toString(36).slice(2)}@example.jp`;
  const token = await invite(t, manager.token, email);
  const res = await t.call('POST', '/api/v1/auth/driver-register', { body: driverForm(token) });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  return { id, email, token: (await login(t, email, 'DRIVER', driverForm('').password)).accessToken };
}

describe('GET /drivers/company', () => {
  it("lists the manager's drivers with status and the jobs each carries now", async () => {
    const { item } = await managerWins();
    expect((await assign(item.id, people.driver.id)).statusCode).toBe(200);

    const page = await driversOf(people.manager);
    expect(page.data.map((d) => d.id)).toEqual(expect.arrayContaining([people.driver.id, people.otherDriver.id]));
    const driver = page.data.find((d) => d.id === people.driver.id)!;
    expect(driver).toMatchObject({
      email: people.driver.email,
      status: 'ACTIVE',
      roles: ['DRIVER'],
      company: { name: 'テスト株式会社' },
    });
    expect(driver.currentJobs).toContainEqual(
      expect.objectContaining({ requestItemId: item.id, status: 'APPROVED', type: 'DELIVERY' }),
    );
    expect(page.data.find((d) => d.id === people.otherDriver.id)!.currentJobs).toEqual([]);
    // Another company's drivers are not there.
    expect(page.data.map((d) => d.id)).not.toContain(rival.driver.id);
  });

  it('pages in SQL', async () => {
    const res = await t.call('GET', `${D.company}?page=2&limit=1`, as(people.manager));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      meta: { currentPage: 2, pageCount: 2, totalCount: 2 },
      data: [{ id: people.otherDriver.id }],
    });
  });

  it('is for driver managers only', async () => {
    for (const who of [people.driver, people.customer, people.admin]) {
      expectError(await t.call('GET', D.company, as(who)), 401, 'ROLE_NOT_ALLOWED');
    }
    expectError(await t.call('GET', D.company), 401, 'UNAUTHENTICATED');
  });
});

describe('PATCH /drivers/remove/{driverId}', () => {
  it("another company's driver, an unknown id or a non-manager: 404 / 401, nothing changes", async () => {
    expectError(await t.call('PATCH', D.remove(rival.driver.id), as(people.manager)), 404, 'DRIVER_NOT_FOUND');
    expectError(await t.call('PATCH', D.remove(UNKNOWN), as(people.manager)), 404, 'DRIVER_NOT_FOUND');
    expectError(await t.call('PATCH', D.remove(people.otherDriver.id), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('PATCH', D.remove('not-a-uuid'), as(people.manager)), 400, 'VALIDATION_FAILED');
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, rival.driver.id));
    expect(row!.deletedAt).toBeNull();
  });

  it('is refused with 409 while the driver holds an approved or in-progress job, and works once it is delivered', async () => {
    const driver = await newDriver();
    const { item, talkroomId } = await managerWins();
    expect((await assign(item.id, driver.id)).statusCode).toBe(200);

    expectError(await t.call('PATCH', D.remove(driver.id), as(people.manager)), 409, 'DRIVER_HAS_ACTIVE_JOBS');
    // Pickup work under way: still refused.
    await startPickup(t, { item, talkroomId }, people.customer, driver);
    expectError(await t.call('PATCH', D.remove(driver.id), as(people.manager)), 409, 'DRIVER_HAS_ACTIVE_JOBS');

    // A 冷凍 load: the temperatures at pickup and delivery belong to the report.
    await reportInFull(t, driver, item.id, { pickupTemperature: -18.5, deliveryTemperature: -19 });
    expect((await t.call('PATCH', API.complete(item.id), as(people.customer))).statusCode).toBe(200);

    const removed = await t.call('PATCH', D.remove(driver.id), as(people.manager));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: SUCCESS_MESSAGES.driverRemoved });
    expect((await driversOf(people.manager)).data.map((d) => d.id)).not.toContain(driver.id);

    // Its session ended; signing in again tells it that it was removed.
    expectError(await t.call('GET', '/api/v1/auth/session', as(driver)), 401, 'ACCESS_TOKEN_INVALID');
    const signIn = await t.call('POST', '/api/v1/auth/login', {
      body: { email: driver.email, password: driverForm('').password, role: 'DRIVER' },
    });
    expectError(signIn, 401, 'ACCOUNT_REMOVED');
    // Nothing is lost: the customer still sees who carried the delivery.
    const detail = await t.call('GET', API.privateDetail(item.id), as(people.customer));
    expect((detail.json() as TRequestItemDetail).carrier).toMatchObject({ id: driver.id, name: '高橋 一郎' });
    // Its address cannot be invited again; removing it again is 404.
    expectError(
      await t.call('POST', '/api/v1/auth/driver-invite', { ...as(people.manager), body: { email: driver.email } }),
      401,
      'INVITEE_REMOVED',
    );
    expectError(await t.call('PATCH', D.remove(driver.id), as(people.manager)), 404, 'DRIVER_NOT_FOUND');
  });

  it("withdraws the driver's open applications: the customer cannot approve them", async () => {
    const driver = await newDriver();
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    const applied = await bid(t, driver, item.id, 30000);
    expect((await t.call('PATCH', D.remove(driver.id), as(people.manager))).statusCode).toBe(200);

    const list = await t.call('GET', `${API.candidates}?requestId=${item.id}`, as(people.customer));
    expect((list.json() as TCandidatePage).data[0]).toMatchObject({ id: applied.candidate.id, status: 'WITHDRAWN' });
    expectError(
      await t.call('POST', API.approve(applied.candidate.id), { ...as(people.customer), body: { requestItemId: item.id } }),
      409,
      'CANDIDATE_WITHDRAWN',
    );
    const [row] = await t.app.deps.db.select().from(candidates).where(eq(candidates.id, applied.candidate.id));
    expect(row!.status).toBe('WITHDRAWN');
  });
});

describe('pending invitations', () => {
  it('lists, resends (the old link stops working) and revokes; a registration takes the invitation off the list', async () => {
    const email = `invitee-${Date.now()}@example.jp`;
    const firstToken = await invite(t, people.manager.token, email);
    const list = async () => ((await t.call('GET', D.invitations, as(people.manager))).json() as TDriverInvitationPage).data;
    const [sent] = (await list()).filter((i) => i.email === email);
    expect(sent).toMatchObject({ email, isExpired: false });

    const resent = await t.call('POST', D.resend(sent!.id), as(people.manager));
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ message: SUCCESS_MESSAGES.invitationResent, invitation: { email } });
    const newId = (resent.json() as { invitation: { id: string } }).invitation.id;
    expect(newId).not.toBe(sent!.id);
    expect((await list()).filter((i) => i.email === email).map((i) => i.id)).toEqual([newId]);
    const secondToken = await t.lastMailToken(email);
    expect(secondToken).not.toBe(firstToken);
    expectError(await t.call('POST', '/api/v1/auth/driver-register', { body: driverForm(firstToken) }), 409, 'INVITE_TOKEN_USED');

    // Another company can neither resend nor revoke it.
    expectError(await t.call('POST', D.resend(newId), as(rival.manager)), 404, 'INVITATION_NOT_FOUND');
    expectError(await t.call('DELETE', D.revoke(newId), as(rival.manager)), 404, 'INVITATION_NOT_FOUND');
    expectError(await t.call('DELETE', D.revoke(newId), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');

    const revoked = await t.call('DELETE', D.revoke(newId), as(people.manager));
    expect(revoked.json()).toEqual({ message: SUCCESS_MESSAGES.invitationRevoked });
    expect((await list()).map((i) => i.email)).not.toContain(email);
    expectError(
      await t.call('POST', '/api/v1/auth/driver-register', { body: driverForm(secondToken) }),
      409,
      'INVITE_TOKEN_USED',
    );
    expectError(await t.call('DELETE', D.revoke(newId), as(people.manager)), 404, 'INVITATION_NOT_FOUND');

    // Invited again and registered: it is a driver of the company, no longer a pending invitation.
    const again = await invite(t, people.manager.token, email);
    expect((await t.call('POST', '/api/v1/auth/driver-register', { body: driverForm(again) })).statusCode).toBe(201);
    expect((await list()).map((i) => i.email)).not.toContain(email);
    expect((await driversOf(people.manager)).data.map((d) => d.email)).toContain(email);
  });

  it('an unknown invitation is 404', async () => {
    expectError(await t.call('POST', D.resend(UNKNOWN), as(people.manager)), 404, 'INVITATION_NOT_FOUND');
  });
});

describe('PATCH /request-items/assign-carrier/{id}: who carries the job', () => {
  it('the assigned driver is told, sees the job, talks with the customer, confirms receipt and reports; the customer sees company and driver', async () => {
    const { item, talkroomId, candidateId } = await managerWins();
    const res = await assign(item.id, people.otherDriver.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SUCCESS_MESSAGES.carrierAssigned,
      carrier: { id: people.otherDriver.id, companyName: 'テスト株式会社' },
    });
    expect(await notificationTypes(t, people.otherDriver, item.id)).toEqual(['PICKUP_REQUEST_APPROVED']);

    // The driver's applied items hold the job, with the approved room.
    const applied = (await t.call('GET', `${D.applied}?limit=100`, as(people.otherDriver))).json() as TRequestItemPage;
    expect(applied.data.find((i) => i.id === item.id)).toMatchObject({ carrierId: people.otherDriver.id, isHidden: false });
    const detail = await t.call('GET', D.appliedItem(item.id), as(people.otherDriver));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      talkroom: { id: talkroomId },
      carrierId: people.otherDriver.id,
      candidate: { id: candidateId, status: 'APPROVED' },
    });
    const said = await t.call('POST', API.messages(item.id), {
      ...as(people.otherDriver),
      body: { talkroomId, content: '担当の高橋です。' },
    });
    expect(said.statusCode, said.body).toBe(201);
    expect(said.json()).toMatchObject({ senderInfo: { id: people.otherDriver.id, role: 'DRIVER' } });
    expect(await notificationTypes(t, people.customer, item.id)).toContain('NEW_MESSAGE');
    const rooms = await t.call('GET', API.talkrooms(item.id), as(people.otherDriver));
    expect(rooms.json()).toMatchObject({ data: [{ id: talkroomId }] });

    // The customer sees the company and the driver.
    const candidatesPage = (
      await t.call('GET', `${API.candidates}?requestId=${item.id}`, as(people.customer))
    ).json() as TCandidatePage;
    expect(candidatesPage.data.find((c) => c.id === candidateId)).toMatchObject({
      company: { name: 'テスト株式会社' },
      carrier: { id: people.otherDriver.id },
    });
    const customerView = (await t.call('GET', API.privateDetail(item.id), as(people.customer))).json() as TRequestItemDetail;
    expect(customerView).toMatchObject({
      receiver: { id: people.manager.id, companyName: 'テスト株式会社' },
      carrier: { id: people.otherDriver.id },
    });

    // The driver does the work; its manager may look but not act; another driver learns nothing.
    expect((await t.call('PATCH', API.inactivate(talkroomId), as(people.customer))).statusCode).toBe(200);
    expectError(await t.call('PATCH', API.confirmReceive(item.id), as(people.manager)), 403, 'REQUEST_ACTION_FORBIDDEN');
    expectError(await t.call('PATCH', API.confirmReceive(item.id), as(people.driver)), 404, 'REQUEST_ITEM_NOT_FOUND');
    const confirmed = await t.call('PATCH', API.confirmReceive(item.id), as(people.otherDriver));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ requestItem: { status: 'IN_PROGRESS' } });
    const image = await uploadedPng(t, people.otherDriver.token, '受領書.png');
    const reported = await t.call('POST', API.report(item.id), { ...as(people.otherDriver), body: { receiptImageId: image } });
    expect(reported.statusCode, reported.body).toBe(200);

    // Pickup has happened: the carrier is fixed now.
    expectError(await assign(item.id, people.driver.id), 409, 'CARRIER_NOT_ASSIGNABLE');
  });

  it('can be changed until pickup: the driver taken off loses the job, the manager may carry it itself', async () => {
    const { item } = await managerWins();
    expect((await assign(item.id, people.driver.id)).statusCode).toBe(200);
    expect((await t.call('GET', D.appliedItem(item.id), as(people.driver))).statusCode).toBe(200);
    expect((await assign(item.id, people.manager.id)).statusCode).toBe(200);
    expectError(await t.call('GET', D.appliedItem(item.id), as(people.driver)), 404, 'REQUEST_ITEM_NOT_FOUND');
    const applied = (await t.call('GET', `${D.applied}?limit=100`, as(people.driver))).json() as TRequestItemPage;
    expect(applied.data.map((i) => i.id)).not.toContain(item.id);
    // Carrying itself, the manager confirms receipt.
    const manager = (await t.call('GET', API.privateDetail(item.id), as(people.customer))).json() as TRequestItemDetail;
    expect(manager).toMatchObject({ carrierId: people.manager.id, carrier: null });
    expect((await t.call('PATCH', API.confirmReceive(item.id), as(people.manager))).statusCode).toBe(200);
  });

  it("refuses another company's driver, another's job, a warehouse, a suspended driver and a non-manager", async () => {
    const { item } = await managerWins();
    expectError(await assign(item.id, rival.driver.id), 404, 'DRIVER_NOT_FOUND');
    expectError(await assign(item.id, UNKNOWN), 404, 'DRIVER_NOT_FOUND');
    expectError(await assign(item.id, rival.driver.id, rival.manager), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await assign(UNKNOWN, people.driver.id), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(
      await t.call('PATCH', D.assign(item.id), { ...as(people.driver), body: { driverId: people.driver.id } }),
      401,
      'ROLE_NOT_ALLOWED',
    );
    expectError(
      await t.call('PATCH', D.assign(item.id), { ...as(people.manager), body: { driverId: 'x' } }),
      400,
      'VALIDATION_FAILED',
    );

    const warehouse = await matchedWarehouse(t, people.customer, people.manager);
    expectError(await assign(warehouse.item.id, people.driver.id), 400, 'REQUEST_TYPE_MISMATCH');

    const suspended = await newDriver();
    await t.app.deps.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, suspended.id));
    expectError(await assign(item.id, suspended.id), 409, 'DRIVER_INACTIVE');
  });

  it('a job won by a driver itself is carried by that driver, and its manager cannot reassign it', async () => {
    const { item } = await approvedDelivery(t, people.customer, people.driver);
    const detail = (await t.call('GET', D.appliedItem(item.id), as(people.driver))).json() as TRequestItemDetail;
    expect(detail).toMatchObject({ carrierId: people.driver.id, carrier: null });
    expectError(await assign(item.id, people.otherDriver.id), 404, 'REQUEST_ITEM_NOT_FOUND');
  });
});

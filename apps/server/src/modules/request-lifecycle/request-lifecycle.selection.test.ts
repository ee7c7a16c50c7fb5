/**
 * Open selection (decision 065): how many have applied, the selection deadline (refused when
 * past or after the first pickup), applying and approving closed the moment it comes, the sweep
 * that closes the request and tells everyone, its race with a last-second approval, and the
 * customer's one-click repost.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, type TNotificationType, type TRequestItemDetail, requestReference } from '@logi/contract';
import { requestItems } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { deliveryBody, jst, makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import {
  API,
  type Party,
  applyFixed,
  expectError,
  itemRow,
  notificationTypes,
  talkroomRow,
  UNKNOWN,
} from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { uploadedPng } from '../files/files.test-support';
import { createRequestLifecycleService } from './request-lifecycle.service';

let t: TestApp;
let people: Cast;
let sweep: (now?: Date) => Promise<number>;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  const lifecycle = createRequestLifecycleService(t.app.deps);
  sweep = (now) => lifecycle.closeDueSelections(now);
});
afterAll(() => t.close());

const as = (who: Party | undefined) => ({ token: who?.token });
const repost = (id: string) => `/api/v1/request-items/${id}/repost`;
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/** The caller's notices of a type, as its notification list shows them. */
async function notices(who: Party, type: TNotificationType) {
  const res = await t.call('GET', '/api/v1/notifications?limit=100', as(who));
  expect(res.statusCode, res.body).toBe(200);
  const rows = (res.json() as { data: { notification: { type: string; title: string; message: string; link: string } }[] }).data;
  return rows.map((r) => r.notification).filter((n) => n.type === type);
}

/** Whether a notice names the request: its baggage and its reference number. */
const names = (notice: { title: string; message: string }, requestItemId: string) =>
  `${notice.title} ${notice.message}`.includes('冷凍食品') &&
  `${notice.title} ${notice.message}`.includes(requestReference(requestItemId));

/** Waits for the wall clock to pass an instant (the deadline), however busy the machine is. */
async function until(instant: string) {
  while (Date.now() <= Date.parse(instant)) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the selection deadline on a new request', () => {
  it('is refused in the past or after the first pickup, with the field’s message', async () => {
    for (const [selectionDeadline, message] of [
      [inSeconds(-60), FIELD_MESSAGES.selectionDeadlinePast],
      [jst(30), FIELD_MESSAGES.selectionDeadlineAfterPickup],
    ] as const) {
      const res = await t.call('POST', '/api/v1/request-items/deliveries', {
        ...as(people.customer),
        body: deliveryBody({ selectionDeadline }),
      });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.json().details).toContainEqual({ path: 'body.selectionDeadline', message });
    }
  });

  it('is shown on the detail, where every carrier also sees how many have applied', async () => {
    const deadline = jst(3, 18);
    const item = await makeDeliveryRequest(t, people.customer.token, { selectionDeadline: deadline });
    expect(Date.parse(item.selectionDeadline!)).toBe(Date.parse(deadline));
    const seen = async (who: Party) =>
      ((await t.call('GET', API.privateDetail(item.id), as(who))).json() as TRequestItemDetail).numberOfCandidates;
    expect(await seen(people.otherDriver)).toBe(0);
    await applyFixed(t, people.driver, item.id);
    expect(await seen(people.otherDriver)).toBe(1);
    const anonymous = await t.call('GET', `/api/v1/request-items/public/${item.id}`);
    expect(anonymous.json()).toMatchObject({ numberOfCandidates: 1, selectionDeadline: expect.any(String) });
  });
});

describe('when the deadline comes', () => {
  it('nobody applies or is approved; the sweep closes the request once and tells the customer and each applicant', async () => {
    const deadline = inSeconds(3);
    const item = await makeDeliveryRequest(t, people.customer.token, { selectionDeadline: deadline });
    const applied = await applyFixed(t, people.driver, item.id);
    await applyFixed(t, people.manager, item.id);
    await until(deadline);

    expectError(
      await t.call('POST', API.applyFixedPrice, { ...as(people.otherDriver), body: { requestItemId: item.id } }),
      409,
      'APPLICATION_CLOSED',
    );
    expectError(
      await t.call('POST', API.approve(applied.candidate.id), { ...as(people.customer), body: { requestItemId: item.id } }),
      409,
      'SELECTION_CLOSED',
    );
    expect((await itemRow(t, item.id)).status).toBe('WAITING_APPROVE');

    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const row = await itemRow(t, item.id);
    expect(row.status).toBe('CANCELLED');
    expect(row.selectionClosedAt).not.toBeNull();
    expect((await talkroomRow(t, item.id, people.driver.id))!.isActive).toBe(false);
    const detail = (await t.call('GET', API.privateDetail(item.id), as(people.customer))).json() as TRequestItemDetail;
    expect(detail).toMatchObject({ status: 'CANCELLED', selectionClosedAt: expect.any(String), repostedAsId: null });
    const mine = (await t.call('GET', `/api/v1/request-items/applied-items/${item.id}`, as(people.driver))).json();
    expect(mine.candidate).toMatchObject({ status: 'NOT_CHOSEN' });

    for (const who of [people.customer, people.driver, people.manager]) {
      expect((await notificationTypes(t, who, item.id)).filter((type) => type === 'SELECTION_DEADLINE_PASSED')).toHaveLength(1);
    }
    // Each notice names the request, among the others of the same kind.
    for (const who of [people.customer, people.driver, people.manager]) {
      const about = (await notices(who, 'SELECTION_DEADLINE_PASSED')).filter((n) => n.link.includes(item.id));
      expect(
        about.every((n) => names(n, item.id)),
        JSON.stringify(about),
      ).toBe(true);
    }
    const applications = (await notices(people.customer, 'PICKUP_REQUEST_RECEIVED')).filter((n) => n.link.includes(item.id));
    expect(applications).toHaveLength(2);
    expect(
      applications.every((n) => names(n, item.id)),
      JSON.stringify(applications),
    ).toBe(true);
    // A second sweep finds nothing more to close: nobody is told twice.
    await sweep();
    expect(
      (await notificationTypes(t, people.driver, item.id)).filter((type) => type === 'SELECTION_DEADLINE_PASSED'),
    ).toHaveLength(1);
  });

  it('against a last-second approval, exactly one of the two happens', async () => {
    // One round at a time: a sweep closes every request due by its `now`, other rounds' too.
    const rounds = [];
    for (let round = 0; round < 4; round++) {
      const deadline = jst(3, 18);
      const item = await makeDeliveryRequest(t, people.customer.token, { selectionDeadline: deadline });
      const { candidate } = await applyFixed(t, people.driver, item.id);
      // The sweep acts as if the deadline had come while the customer's approval is in flight.
      const [approval] = await Promise.all([
        t.call('POST', API.approve(candidate.id), { ...as(people.customer), body: { requestItemId: item.id } }),
        sweep(new Date(Date.parse(deadline) + 1)),
      ]);
      const row = await itemRow(t, item.id);
      rounds.push({ approved: approval.statusCode === 200, status: row.status, closedAt: row.selectionClosedAt });
      if (approval.statusCode !== 200) expectError(approval, 409, 'REQUEST_STATUS_CONFLICT');
    }
    for (const r of rounds) {
      if (r.approved) expect(r).toMatchObject({ status: 'APPROVED', closedAt: null });
      else expect(r).toMatchObject({ status: 'CANCELLED', closedAt: expect.any(Date) });
    }
  });
});

describe('POST /request-items/{id}/repost', () => {
  /** A request closed at its deadline (the deadline moved into the past, then swept). */
  async function closed(item: { id: string }) {
    await t.app.deps.db
      .update(requestItems)
      .set({ selectionDeadline: new Date(Date.now() - 1000) })
      .where(eq(requestItems.id, item.id));
    await sweep();
    expect((await itemRow(t, item.id)).status).toBe('CANCELLED');
    return item;
  }

  it('posts the same delivery again, open and without a deadline; its photos move to the copy; once only', async () => {
    const image = await uploadedPng(t, people.customer.token, '荷物.png');
    const item = await closed(
      await makeDeliveryRequest(t, people.customer.token, {
        selectionDeadline: jst(3, 18),
        price: 30000,
        luggageImageIds: [image],
      }),
    );
    const res = await t.call('POST', repost(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as TRequestItemDetail;
    const original = (await t.call('GET', API.privateDetail(item.id), as(people.customer))).json() as TRequestItemDetail;
    expect(copy.id).not.toBe(item.id);
    expect(copy).toMatchObject({
      status: 'WAITING_APPROVE',
      selectionDeadline: null,
      price: original.price,
      message: original.message,
      images: [{ id: image }],
    });
    const contents = (d: TRequestItemDetail) => {
      const { id: _id, status: _status, isAllowCancel: _cancel, transports, ...rest } = d.deliveryItem!;
      return { ...rest, transports: transports.map(({ id: _stop, ...s }) => s) };
    };
    expect(contents(copy)).toEqual(contents(original));
    expect(original).toMatchObject({ repostedAsId: copy.id, images: [] });
    // Carriers find it in the market.
    const market = await t.call(
      'GET',
      `/api/v1/request-items/list/private?keyword=${encodeURIComponent('冷凍食品')}&limit=100`,
      as(people.driver),
    );
    expect(market.json().data.map((i: { id: string }) => i.id)).toContain(copy.id);

    expectError(await t.call('POST', repost(item.id), as(people.customer)), 409, 'ALREADY_REPOSTED');
  });

  it('tells everyone who applied to the closed request where to apply again, naming the new one', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { selectionDeadline: jst(3, 18) });
    await applyFixed(t, people.driver, item.id);
    await applyFixed(t, people.manager, item.id);
    await closed(item);
    const res = await t.call('POST', repost(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as TRequestItemDetail;
    for (const who of [people.driver, people.manager]) {
      const told = (await notices(who, 'REQUEST_REPOSTED')).filter((n) => n.link === `/shipping-requests/detail/${copy.id}`);
      expect(told, who.id).toHaveLength(1);
      expect(names(told[0]!, copy.id), JSON.stringify(told[0])).toBe(true);
    }
    // Nobody else: not the customer, not a carrier who never applied.
    for (const who of [people.customer, people.otherDriver]) {
      expect((await notices(who, 'REQUEST_REPOSTED')).filter((n) => n.link.includes(copy.id))).toEqual([]);
    }
  });

  it('posts a warehouse again too', async () => {
    const item = await closed(await makeWarehouseRequest(t, people.customer.token, { selectionDeadline: jst(3, 18) }));
    const res = await t.call('POST', repost(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'WAREHOUSE', status: 'WAITING_APPROVE', warehouseItem: { acreage: 120.5 } });
  });

  it('refuses what did not close at its deadline, a pickup already begun, and anyone but its customer', async () => {
    const open = await makeDeliveryRequest(t, people.customer.token);
    expectError(await t.call('POST', repost(open.id), as(people.customer)), 409, 'REPOST_NOT_ALLOWED');
    const item = await closed(await makeDeliveryRequest(t, people.customer.token, { selectionDeadline: jst(3, 18) }));
    expectError(await t.call('POST', repost(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('POST', repost(item.id), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('POST', repost(item.id), as(undefined)), 401, 'UNAUTHENTICATED');
    expectError(await t.call('POST', repost(UNKNOWN), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('POST', repost('x'), as(people.customer)), 400, 'VALIDATION_FAILED');

    await t.app.deps.db
      .update(requestItems)
      .set({ firstPickupAt: new Date(Date.now() - 60_000) })
      .where(eq(requestItems.id, item.id));
    expectError(await t.call('POST', repost(item.id), as(people.customer)), 409, 'REPOST_DATES_PASSED');
    expect((await itemRow(t, item.id)).repostedAsId).toBeNull();
  });
});

/**
 * Detail views and the caller-scoped lists: who may open what (404 otherwise) and
 * the masking of the customer's contact details for everyone but the owner, the
 * approved applicant and the admin.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  HIDDEN_SAMPLES,
  type ErrorCode,
  type TRequestItemDetail,
  type TRequestItemPage,
  ZRequestItemDetail,
  ZRequestItemPage,
} from '@logi/contract';
import { requestItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Party, party, UNKNOWN } from '../../../test/marketplace-fixtures';
import {
  addCandidate,
  approveDirectly,
  deleteDirectly,
  jst,
  makeDeliveryRequest,
  makeWarehouseRequest,
  stop,
} from '../../../test/request-item-fixtures';

const BASE = '/api/v1/request-items';

let t: TestApp;
const a = {} as Record<'owner' | 'otherCustomer' | 'approved' | 'applicant' | 'stranger' | 'manager' | 'admin', Party>;
const ids = { open: '', matched: '', warehouse: '', deleted: '' };
const rooms = { matchedApproved: '', matchedApplicant: '', openApplicant: '' };

beforeAll(async () => {
  t = await createTestApp();
  a.owner = await party(t, ['CUSTOMER'], { phone: '0311112222' });
  a.otherCustomer = await party(t, ['CUSTOMER']);
  a.approved = await party(t, ['DRIVER'], { lastName: '鈴木', firstName: '一郎', phone: '09011112222' });
  a.applicant = await party(t, ['DRIVER']);
  a.stranger = await party(t, ['DRIVER']);
  a.manager = await party(t, ['DRIVER_MANAGER']);
  a.admin = await party(t, ['ADMIN']);

  ids.open = (await makeDeliveryRequest(t, a.owner.token)).id;
  ids.matched = (await makeDeliveryRequest(t, a.owner.token, { baggageName: '家電' })).id;
  ids.warehouse = (await makeWarehouseRequest(t, a.owner.token)).id;
  ids.deleted = (await makeDeliveryRequest(t, a.owner.token)).id;
  rooms.openApplicant = (await addCandidate(t, ids.open, a.applicant.id, 40000)).talkroom.id;
  rooms.matchedApproved = (await addCandidate(t, ids.matched, a.approved.id, 48000)).talkroom.id;
  rooms.matchedApplicant = (await addCandidate(t, ids.matched, a.applicant.id, 47000)).talkroom.id;
  await addCandidate(t, ids.warehouse, a.applicant.id, 8000);
  await approveDirectly(t, ids.matched, a.approved.id);
  await deleteDirectly(t, ids.deleted);
}, 180_000);
afterAll(() => t.close());

function expectError(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: ErrorCode,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  // Also from the routes that serialize their own answer (trustedShape): a client checks the type before parsing.
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.json()).toMatchObject({ statusCode: status, code, message: ERROR_MESSAGES[code] });
}

async function detail(path: string, who?: Party) {
  const res = await t.call('GET', `${BASE}${path}`, { token: who?.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TRequestItemDetail;
}

/** The real contact values of the owner's items, none of which a stranger may receive. */
const SECRETS = [
  '荷主からの連絡事項です。',
  '出荷担当 佐藤',
  '受取担当 田中',
  '0312345678',
  '0661234567',
  '1-2-3',
  '銀座ビル5F',
  '0311112222',
];

function expectHidden(item: TRequestItemDetail, raw: string) {
  expect(item.isHidden).toBe(true);
  expect(item.message).toBe(HIDDEN_SAMPLES.message);
  for (const stop of item.deliveryItem?.transports ?? []) {
    expect(stop).toMatchObject({
      name: HIDDEN_SAMPLES.stopName,
      phone: HIDDEN_SAMPLES.phone,
      location: { block: HIDDEN_SAMPLES.block, building: null },
    });
  }
  expect(item.receiver).toBeNull();
  for (const secret of [...SECRETS, a.owner.email]) expect(raw).not.toContain(secret);
}

describe('GET /request-items/public/{id}', () => {
  it('shows an open item to anyone, contact details hidden, without the customer block', async () => {
    const res = await t.call('GET', `${BASE}/public/${ids.open}`);
    expect(res.statusCode).toBe(200);
    const item = res.json() as TRequestItemDetail;
    expectHidden(item, res.body);
    expect(item).not.toHaveProperty('customer');
    expect(item).toMatchObject({
      id: ids.open,
      isNewArrival: true,
      talkroom: null,
      talkrooms: [],
      deliveryItem: { baggageName: '冷凍食品' },
    });
  });

  it('shows the real values to the owner calling with a token', async () => {
    const item = await detail(`/public/${ids.open}`, a.owner);
    expect(item).toMatchObject({ isHidden: false, message: '荷主からの連絡事項です。' });
  });

  it('answers 404 for matched, deleted and unknown items, 400 for a malformed id', async () => {
    for (const id of [ids.matched, ids.deleted, UNKNOWN])
      expectError(await t.call('GET', `${BASE}/public/${id}`), 404, 'REQUEST_ITEM_NOT_FOUND');
    const bad = await t.call('GET', `${BASE}/public/123`);
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().details).toEqual([{ path: 'params.requestItemId', message: FIELD_MESSAGES.uuid }]);
  });
});

describe('GET /request-items/private/{id}', () => {
  it('shows an open item to any signed-in caller, the customer block masked with sample values', async () => {
    const res = await t.call('GET', `${BASE}/private/${ids.open}`, { token: a.stranger.token });
    expect(res.statusCode).toBe(200);
    const item = res.json() as TRequestItemDetail;
    expectHidden(item, res.body);
    expect(item.customer).toEqual({
      id: a.owner.id,
      companyName: HIDDEN_SAMPLES.companyName,
      customerName: HIDDEN_SAMPLES.customerName,
      address: HIDDEN_SAMPLES.address,
      phone: HIDDEN_SAMPLES.phone,
      email: HIDDEN_SAMPLES.email,
      invoice: HIDDEN_SAMPLES.invoice,
    });
    // How many applied is public while the item is open (decision 065); who applied is not.
    expect(item).toMatchObject({ isApplied: false, talkroom: null, talkrooms: [], numberOfCandidates: 1 });
  });

  it('shows everything to the owner: customer, receiver, every talkroom and the candidate count', async () => {
    const item = await detail(`/private/${ids.matched}`, a.owner);
    expect(item).toMatchObject({
      isHidden: false,
      status: 'APPROVED',
      receiverId: a.approved.id,
      message: '荷主からの連絡事項です。',
      numberOfCandidates: 2,
      customer: { email: a.owner.email, phone: '0311112222', companyName: 'テスト株式会社', address: '東京都千代田区千代田1-1' },
      receiver: { id: a.approved.id, name: '鈴木 一郎', phone: '09011112222' },
      talkroom: { id: rooms.matchedApproved, isActive: true },
      deliveryItem: { status: 'APPROVED', isAllowCancel: true },
      // The approved application: the owner sees the agreed price as the carrier does.
      candidate: { price: 48000, status: 'APPROVED' },
      // Posted moments ago, but matched: no longer 新着.
      isNewArrival: false,
    });
    expect(item.talkrooms.map((r) => r.id).sort()).toEqual([rooms.matchedApproved, rooms.matchedApplicant].sort());
    expect(item.deliveryItem!.transports[0]).toMatchObject({
      name: '出荷担当 佐藤',
      phone: '0312345678',
      location: { block: '1-2-3' },
    });
  });

  it('shows everything to the approved applicant, with only its own talkroom', async () => {
    const item = await detail(`/private/${ids.matched}`, a.approved);
    expect(item).toMatchObject({
      isHidden: false,
      isApplied: true,
      customer: { email: a.owner.email, phone: '0311112222' },
      receiver: { id: a.approved.id },
      talkroom: { id: rooms.matchedApproved },
      candidate: { price: 48000, status: 'APPROVED' },
    });
    expect(item.talkrooms.map((r) => r.id)).toEqual([rooms.matchedApproved]);
  });

  it('shows everything to the admin', async () => {
    const item = await detail(`/private/${ids.matched}`, a.admin);
    expect(item).toMatchObject({
      isHidden: false,
      customer: { email: a.owner.email },
      receiver: { id: a.approved.id },
      candidate: { price: 48000, status: 'APPROVED' },
    });
    expect(item.talkrooms).toHaveLength(2);
  });

  it('lets an applicant who was not chosen see the matched item, masked, with its own talkroom', async () => {
    const res = await t.call('GET', `${BASE}/private/${ids.matched}`, { token: a.applicant.token });
    expect(res.statusCode).toBe(200);
    const item = res.json() as TRequestItemDetail;
    expectHidden(item, res.body);
    expect(item).toMatchObject({
      isApplied: true,
      candidate: { price: 47000, status: 'APPLIED' },
      talkroom: { id: rooms.matchedApplicant },
    });
    expect(item.talkrooms.map((r) => r.id)).toEqual([rooms.matchedApplicant]);
  });

  it('answers 404 to anyone else for a matched item, and to everyone for deleted or unknown ones', async () => {
    for (const who of [a.stranger, a.otherCustomer, a.manager]) {
      expectError(await t.call('GET', `${BASE}/private/${ids.matched}`, { token: who.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    }
    for (const id of [ids.deleted, UNKNOWN]) {
      expectError(await t.call('GET', `${BASE}/private/${id}`, { token: a.admin.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    }
  });

  it('needs a token', async () => {
    expectError(await t.call('GET', `${BASE}/private/${ids.open}`), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /request-items/{id}/delivery and /{id}/warehouse', () => {
  it('answers the detail of an item of that type', async () => {
    expect(await detail(`/${ids.matched}/delivery`, a.approved)).toMatchObject({ type: 'DELIVERY', isHidden: false });
    expect(await detail(`/${ids.warehouse}/warehouse`, a.owner)).toMatchObject({
      type: 'WAREHOUSE',
      warehouseItem: { location: { block: '2-2-1', building: '新港倉庫' } },
    });
    const masked = await detail(`/${ids.warehouse}/warehouse`, a.stranger);
    expect(masked.warehouseItem!.location).toMatchObject({ block: HIDDEN_SAMPLES.block, building: null });
  });

  it('answers 404 for the other type, for callers who may not see it, and without a token 401', async () => {
    expectError(
      await t.call('GET', `${BASE}/${ids.warehouse}/delivery`, { token: a.owner.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(await t.call('GET', `${BASE}/${ids.open}/warehouse`, { token: a.owner.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(
      await t.call('GET', `${BASE}/${ids.matched}/delivery`, { token: a.stranger.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(await t.call('GET', `${BASE}/${ids.open}/delivery`), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /request-items/my-items', () => {
  const mine = async (query = '', who = a.owner) => {
    const res = await t.call('GET', `${BASE}/my-items${query}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TRequestItemPage;
  };

  it('lists the caller’s own live items of any status with the candidate count', async () => {
    const page = await mine();
    expect(page.data.map((i) => i.id)).toEqual([ids.warehouse, ids.matched, ids.open]);
    expect(page.data.map((i) => i.numberOfCandidates)).toEqual([1, 2, 1]);
    expect(page.data.every((i) => !i.isHidden)).toBe(true);
    expect(page.meta.totalCount).toBe(3);
    expect((await mine('', a.otherCustomer)).data).toEqual([]);
  });

  it('carries a matched item’s approved application (the agreed price), and no 集荷日が近い once the job is over', async () => {
    const page = await mine();
    const matched = page.data.find((i) => i.id === ids.matched)!;
    expect(matched.candidate).toMatchObject({ price: 48000, status: 'APPROVED' });
    expect(page.data.find((i) => i.id === ids.open)!.candidate).toBeUndefined();

    // A pickup within the window: near while open; not once the request is completed or cancelled.
    const soon = await makeDeliveryRequest(t, a.otherCustomer.token, {
      transports: [
        stop({ timeFrom: jst(1, 9), timeTo: jst(1, 10) }),
        stop({ transportType: 'DELIVERY', timeFrom: jst(1, 15), timeTo: jst(1, 16) }),
      ],
    });
    const near = async () => (await mine('', a.otherCustomer)).data.find((i) => i.id === soon.id)!.isNearDate;
    expect(await near()).toBe(true);
    for (const status of ['COMPLETED', 'CANCELLED'] as const) {
      await t.app.deps.db.update(requestItems).set({ status }).where(eq(requestItems.id, soon.id));
      expect(await near(), status).toBe(false);
    }
    await deleteDirectly(t, soon.id);
  });

  it('filters by request type and statuses', async () => {
    expect((await mine('?requestType=WAREHOUSE')).data.map((i) => i.id)).toEqual([ids.warehouse]);
    expect((await mine('?statuses=APPROVED')).data.map((i) => i.id)).toEqual([ids.matched]);
    expect((await mine('?statuses=APPROVED,WAITING_APPROVE&requestType=DELIVERY')).data.map((i) => i.id)).toEqual([
      ids.matched,
      ids.open,
    ]);
    expect((await mine('?limit=1&page=2')).data.map((i) => i.id)).toEqual([ids.matched]);
    const bad = await t.call('GET', `${BASE}/my-items?statuses=DONE`, { token: a.owner.token });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().details).toContainEqual({ path: 'querystring.statuses.0', message: FIELD_MESSAGES.invalidOption });
  });

  it('is for customers', async () => {
    expectError(await t.call('GET', `${BASE}/my-items`, { token: a.approved.token }), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('GET', `${BASE}/my-items`), 401, 'UNAUTHENTICATED');
  });

  it('detail: the owner’s item with numberOfCandidates; 404 for anyone else’s', async () => {
    expect(await detail(`/my-items/${ids.matched}`, a.owner)).toMatchObject({
      id: ids.matched,
      numberOfCandidates: 2,
      isHidden: false,
    });
    expectError(
      await t.call('GET', `${BASE}/my-items/${ids.matched}`, { token: a.otherCustomer.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(await t.call('GET', `${BASE}/my-items/${ids.deleted}`, { token: a.owner.token }), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', `${BASE}/my-items/${ids.matched}`, { token: a.admin.token }), 401, 'ROLE_NOT_ALLOWED');
  });
});

describe('GET /request-items/applied-items', () => {
  const applied = async (query = '', who = a.applicant) => {
    const res = await t.call('GET', `${BASE}/applied-items${query}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TRequestItemPage;
  };

  it('lists the items the caller applied to, latest application first, with its application', async () => {
    const page = await applied();
    expect(page.data.map((i) => i.id)).toEqual([ids.warehouse, ids.matched, ids.open]);
    expect(page.data.map((i) => i.candidate?.price)).toEqual([8000, 47000, 40000]);
    // Not chosen on the matched item: its contact details stay hidden.
    expect(page.data.find((i) => i.id === ids.matched)!.isHidden).toBe(true);
    const mine = await applied('', a.approved);
    expect(mine.data.map((i) => [i.id, i.isHidden, i.candidate?.status])).toEqual([[ids.matched, false, 'APPROVED']]);
    expect((await applied('', a.stranger)).data).toEqual([]);
  });

  it('filters by request type, delivery status and warehouse status', async () => {
    expect((await applied('?requestType=DELIVERY')).data.map((i) => i.id)).toEqual([ids.matched, ids.open]);
    expect((await applied('?deliveryStatus=APPROVED')).data.map((i) => i.id)).toEqual([ids.warehouse, ids.matched]);
    expect((await applied('?warehouseStatus=COMPLETED')).data.map((i) => i.id)).toEqual([ids.matched, ids.open]);
    expect((await applied('?deliveryStatus=COMPLETED&warehouseStatus=WAITING_APPROVE')).data.map((i) => i.id)).toEqual([
      ids.warehouse,
    ]);
    const bad = await t.call('GET', `${BASE}/applied-items?warehouseStatus=APPROVED`, { token: a.applicant.token });
    expect(bad.json().details).toContainEqual({ path: 'querystring.warehouseStatus.0', message: FIELD_MESSAGES.invalidOption });
  });

  it('is for drivers and driver managers', async () => {
    expect((await applied('', a.manager)).data).toEqual([]);
    expectError(await t.call('GET', `${BASE}/applied-items`, { token: a.owner.token }), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('GET', `${BASE}/applied-items`), 401, 'UNAUTHENTICATED');
  });

  it('detail: only for someone who applied', async () => {
    const item = await detail(`/applied-items/${ids.matched}`, a.applicant);
    expect(item).toMatchObject({ isHidden: true, candidate: { status: 'APPLIED' }, customer: { email: HIDDEN_SAMPLES.email } });
    expect(await detail(`/applied-items/${ids.matched}`, a.approved)).toMatchObject({
      isHidden: false,
      customer: { email: a.owner.email },
    });
    expectError(
      await t.call('GET', `${BASE}/applied-items/${ids.open}`, { token: a.stranger.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(
      await t.call('GET', `${BASE}/applied-items/${UNKNOWN}`, { token: a.applicant.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
  });
});

describe('the signed-in reads, sent without the response schema’s zod pass (decision 022)', () => {
  // What the zod serializer would have sent: the schema's encoding of the body. Equal means
  // no key the contract lacks, none missing, nothing the schema would have changed.
  async function expectContractShape(schema: z.ZodType, path: string, who: Party) {
    const res = await t.call('GET', `${BASE}${path}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(schema.encode(body), `${path} as ${who.email}`).toEqual(body);
  }

  it('answers every detail and list in exactly the contract’s shapes, for each kind of caller', async () => {
    for (const id of [ids.open, ids.matched, ids.warehouse]) {
      for (const who of [a.owner, a.admin, a.applicant]) await expectContractShape(ZRequestItemDetail, `/private/${id}`, who);
      await expectContractShape(ZRequestItemDetail, `/my-items/${id}`, a.owner);
      await expectContractShape(ZRequestItemDetail, `/applied-items/${id}`, a.applicant);
    }
    await expectContractShape(ZRequestItemDetail, `/private/${ids.matched}`, a.approved);
    await expectContractShape(ZRequestItemDetail, `/applied-items/${ids.matched}`, a.approved);
    await expectContractShape(ZRequestItemDetail, `/private/${ids.open}`, a.stranger);
    await expectContractShape(ZRequestItemDetail, `/${ids.matched}/delivery`, a.approved);
    await expectContractShape(ZRequestItemDetail, `/${ids.warehouse}/warehouse`, a.applicant);
    await expectContractShape(ZRequestItemPage, '/my-items', a.owner);
    await expectContractShape(ZRequestItemPage, '/applied-items', a.applicant);
    await expectContractShape(ZRequestItemPage, '/applied-items', a.approved);
  });
});

/**
 * 「同じ内容で依頼」, templates and scheduled requests (定期便, decision 107): each call with its
 * errors and a stranger's 404; the background posting once per occurrence with two runners, the
 * shipper's skip and edit of one occurrence, and the catch-up after downtime that skips stale ones.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCreateDeliveryBody,
  TCreateWarehouseBody,
  TRequestItemDetail,
  TRequestTemplate,
  TRequestTemplateList,
  TScheduleBody,
  TScheduleOccurrence,
  TScheduleView,
} from '@logi/contract';
import { requestItems, scheduleOccurrences } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { makeDeliveryRequest, makeWarehouseRequest, warehouseBody } from '../../../test/request-item-fixtures';
import { API, type Party, expectError, notificationTypes, UNKNOWN } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { postDueOccurrences } from './request-templates.service';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const P = {
  repeat: (id: string) => `/api/v1/request-items/${id}/repeat`,
  repeatWarehouse: (id: string) => `/api/v1/request-items/${id}/warehouse/repeat`,
  templates: '/api/v1/request-templates',
  template: (id: string) => `/api/v1/request-templates/${id}`,
  schedule: (id: string) => `/api/v1/request-templates/${id}/schedule`,
  occurrence: (id: string, date: string) => `/api/v1/request-templates/${id}/occurrences/${date}`,
  skip: (id: string, date: string) => `/api/v1/request-templates/${id}/occurrences/${date}/skip`,
};
const as = (who: Party | undefined, body?: unknown) => ({ token: who?.token, body });

async function templateOf(who: Party, requestItemId: string, name = '毎週の冷凍便'): Promise<TRequestTemplate> {
  const res = await t.call('POST', P.templates, as(who, { name, requestItemId }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TRequestTemplate;
}

/** Mondays, Wednesdays and Fridays from Monday 2027-03-01, pickups at 09:00, posted four days ahead. */
const MWF: TScheduleBody = {
  weekdays: [1, 3, 5],
  everyNWeeks: 1,
  pickupTime: '09:00',
  startDate: '2027-03-01',
  endDate: '2027-06-30',
  holidayPolicy: 'SKIP',
  leadDays: 4,
};
const jstAt = (day: string, time: string) => new Date(`${day}T${time}:00+09:00`);

async function occurrenceRows(templateId: string) {
  return t.app.deps.db
    .select()
    .from(scheduleOccurrences)
    .where(eq(scheduleOccurrences.templateId, templateId))
    .orderBy(scheduleOccurrences.date);
}

async function myItem(id: string): Promise<TRequestItemDetail> {
  const res = await t.call('GET', `/api/v1/request-items/my-items/${id}`, as(people.customer));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TRequestItemDetail;
}

describe('GET /request-items/{id}/repeat: 同じ内容で依頼', () => {
  it('gives the contents of its own delivery, open, cancelled or not; a stranger 404, a warehouse 400', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { message: '裏口から搬入してください。' });
    const res = await t.call('GET', P.repeat(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TCreateDeliveryBody;
    expect(body).toMatchObject({
      baggageName: '冷凍食品',
      totalWeight: 1200.5,
      price: 50000,
      message: '裏口から搬入してください。',
    });
    expect(body.transports.map((s) => [s.transportType, s.prefecture, s.timeFrom])).toEqual(
      item.deliveryItem!.transports.map((s) => [s.transportType, s.location.prefecture, new Date(s.timeFrom).toISOString()]),
    );
    // Posted as it is (the form moves the dates), it makes an identical request.
    const again = await t.call('POST', '/api/v1/request-items/deliveries', as(people.customer, body));
    expect(again.statusCode, again.body).toBe(201);

    expect((await t.call('PATCH', API.cancel(item.id), as(people.customer))).statusCode).toBe(200);
    expect((await t.call('GET', P.repeat(item.id), as(people.customer))).statusCode).toBe(200);

    expectError(await t.call('GET', P.repeat(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', P.repeat(UNKNOWN), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', P.repeat(item.id), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    expectError(await t.call('GET', P.repeat(warehouse.id), as(people.customer)), 400, 'REQUEST_TYPE_MISMATCH');
  });
});

describe('GET /request-items/{id}/warehouse/repeat: 同じ内容で依頼 of a warehouse request', () => {
  it('gives the contents of its own warehouse request without its deadline; a stranger 404, a delivery 400', async () => {
    const deadline = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const item = await makeWarehouseRequest(t, people.customer.token, { selectionDeadline: deadline });
    const res = await t.call('GET', P.repeatWarehouse(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TCreateWarehouseBody;
    // What it was posted with (no deadline: the shipper chooses one again), and no carrier restriction.
    expect(body).toEqual({ ...warehouseBody(), verifiedCarriersOnly: false });
    // Posted as it is, it makes an identical request (with no deadline: the shipper chooses one again).
    const again = await t.call('POST', '/api/v1/request-items/warehouses', as(people.customer, body));
    expect(again.statusCode, again.body).toBe(201);
    const copy = again.json() as TRequestItemDetail;
    expect(copy.warehouseItem).toMatchObject({ acreage: 120.5, requestAmount: 40, location: { town: '新港' } });
    expect(copy.selectionDeadline).toBeNull();

    // A cancelled one is repeated too.
    expect((await t.call('PATCH', API.cancel(item.id), as(people.customer))).statusCode).toBe(200);
    expect((await t.call('GET', P.repeatWarehouse(item.id), as(people.customer))).statusCode).toBe(200);

    expectError(await t.call('GET', P.repeatWarehouse(item.id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', P.repeatWarehouse(UNKNOWN), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', P.repeatWarehouse(item.id), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('GET', P.repeatWarehouse(item.id), as(undefined)), 401, 'UNAUTHENTICATED');
    const delivery = await makeDeliveryRequest(t, people.customer.token);
    expectError(await t.call('GET', P.repeatWarehouse(delivery.id), as(people.customer)), 400, 'REQUEST_TYPE_MISMATCH');
  });
});

describe('templates: save, list, rename, delete', () => {
  it('a request saved under a name; only its owner lists, reads, renames and deletes it', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    const saved = await templateOf(people.customer, item.id, '銀座→梅田 冷凍');
    expect(saved).toMatchObject({ name: '銀座→梅田 冷凍', schedule: null, body: { baggageName: '冷凍食品' } });

    const list = (await t.call('GET', P.templates, as(people.customer))).json() as TRequestTemplateList;
    expect(list.items.map((x) => x.id)).toContain(saved.id);
    expect(((await t.call('GET', P.templates, as(people.otherCustomer))).json() as TRequestTemplateList).items).toEqual([]);

    const renamed = await t.call('PATCH', P.template(saved.id), as(people.customer, { name: '梅田便' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: saved.id, name: '梅田便' });
    expect((await t.call('GET', P.template(saved.id), as(people.customer))).json()).toMatchObject({ name: '梅田便' });

    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      expectError(await t.call(method, P.template(saved.id), as(people.otherCustomer, body)), 404, 'REQUEST_TEMPLATE_NOT_FOUND');
    }
    expectError(await t.call('PATCH', P.template(saved.id), as(people.customer, { name: ' ' })), 400, 'VALIDATION_FAILED');
    expectError(await t.call('GET', P.templates, as(people.driver)), 401, 'ROLE_NOT_ALLOWED');

    // From another shipper's request, or a warehouse: refused.
    const foreign = await makeDeliveryRequest(t, people.otherCustomer.token);
    expectError(
      await t.call('POST', P.templates, as(people.customer, { name: 'x', requestItemId: foreign.id })),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    const warehouse = await makeWarehouseRequest(t, people.customer.token);
    expectError(
      await t.call('POST', P.templates, as(people.customer, { name: 'x', requestItemId: warehouse.id })),
      400,
      'REQUEST_TYPE_MISMATCH',
    );

    const gone = await t.call('DELETE', P.template(saved.id), as(people.customer));
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ message: 'テンプレートを削除しました' });
    expectError(await t.call('GET', P.template(saved.id), as(people.customer)), 404, 'REQUEST_TEMPLATE_NOT_FOUND');
  });
});

describe('schedules (定期便): set, see what is coming, skip or edit one, stop', () => {
  it('the upcoming list, one skip and one edit; errors and a stranger 404', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    const template = await templateOf(people.customer, item.id);
    expectError(await t.call('POST', P.skip(template.id, '2027-03-01'), as(people.customer)), 404, 'SCHEDULE_NOT_FOUND');
    expectError(await t.call('DELETE', P.schedule(template.id), as(people.customer)), 404, 'SCHEDULE_NOT_FOUND');
    expect((await t.call('GET', P.schedule(template.id), as(people.customer))).json()).toEqual({
      schedule: null,
      upcoming: [],
      recent: [],
    });

    const set = await t.call('PUT', P.schedule(template.id), as(people.customer, MWF));
    expect(set.statusCode, set.body).toBe(200);
    const view = set.json() as TScheduleView;
    expect(view.schedule).toMatchObject({ ...MWF, active: true });
    expect(view.upcoming.slice(0, 4)).toEqual([
      expect.objectContaining({
        date: '2027-03-01',
        status: 'PLANNED',
        postOn: '2027-02-25',
        pickupAt: '2027-03-01T00:00:00.000Z',
      }),
      expect.objectContaining({ date: '2027-03-03', status: 'PLANNED' }),
      expect.objectContaining({ date: '2027-03-05', status: 'PLANNED' }),
      expect.objectContaining({ date: '2027-03-08', status: 'PLANNED' }),
    ]);

    const skipped = await t.call('POST', P.skip(template.id, '2027-03-03'), as(people.customer));
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ date: '2027-03-03', status: 'SKIPPED', skipReason: 'BY_SHIPPER' });
    expectError(await t.call('POST', P.skip(template.id, '2027-03-03'), as(people.customer)), 409, 'SCHEDULE_OCCURRENCE_DECIDED');
    expectError(
      await t.call('PATCH', P.occurrence(template.id, '2027-03-03'), as(people.customer, { price: 1 })),
      409,
      'SCHEDULE_OCCURRENCE_DECIDED',
    );
    // A Tuesday is no run day; neither is a day after the end.
    expectError(
      await t.call('POST', P.skip(template.id, '2027-03-02'), as(people.customer)),
      404,
      'SCHEDULE_OCCURRENCE_NOT_FOUND',
    );
    expectError(
      await t.call('POST', P.skip(template.id, '2027-07-02'), as(people.customer)),
      404,
      'SCHEDULE_OCCURRENCE_NOT_FOUND',
    );

    const edited = await t.call(
      'PATCH',
      P.occurrence(template.id, '2027-03-05'),
      as(people.customer, { pickupTime: '13:30', price: 60000 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      date: '2027-03-05',
      status: 'PLANNED',
      pickupAt: '2027-03-05T04:30:00.000Z',
      edit: { pickupTime: '13:30', price: 60000 },
    } satisfies Partial<TScheduleOccurrence>);

    const upcoming = ((await t.call('GET', P.schedule(template.id), as(people.customer))).json() as TScheduleView).upcoming;
    expect(upcoming.find((o) => o.date === '2027-03-03')).toMatchObject({ status: 'SKIPPED', skipReason: 'BY_SHIPPER' });

    // Bad input, a stranger.
    expectError(
      await t.call('PUT', P.schedule(template.id), as(people.customer, { ...MWF, endDate: '2027-02-01' })),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.call('PUT', P.schedule(template.id), as(people.customer, { ...MWF, weekdays: [] })),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.call('PUT', P.schedule(template.id), as(people.customer, { ...MWF, pickupTime: '25:00' })),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await t.call('GET', P.schedule(template.id), as(people.otherCustomer)), 404, 'REQUEST_TEMPLATE_NOT_FOUND');
    expectError(await t.call('PUT', P.schedule(template.id), as(people.otherCustomer, MWF)), 404, 'REQUEST_TEMPLATE_NOT_FOUND');
    expectError(await t.call('DELETE', P.schedule(template.id), as(people.otherCustomer)), 404, 'REQUEST_TEMPLATE_NOT_FOUND');
    expectError(
      await t.call('POST', P.skip(template.id, '2027-03-08'), as(people.otherCustomer)),
      404,
      'REQUEST_TEMPLATE_NOT_FOUND',
    );
    expectError(
      await t.call('PATCH', P.occurrence(template.id, '2027-03-08'), as(people.otherCustomer, { price: 1 })),
      404,
      'REQUEST_TEMPLATE_NOT_FOUND',
    );

    const stopped = await t.call('DELETE', P.schedule(template.id), as(people.customer));
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ schedule: { active: false }, upcoming: [] });
    expectError(await t.call('POST', P.skip(template.id, '2027-03-08'), as(people.customer)), 404, 'SCHEDULE_NOT_FOUND');
  });

  it('a public holiday is shown as off (SKIP) or moved to the next working day', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    const template = await templateOf(people.customer, item.id);
    // Mondays from 2027-07-12; 海の日 2027 is Monday 07-19.
    const mondays = { ...MWF, weekdays: [1], startDate: '2027-07-12', endDate: '2027-07-26' };
    const skip = (await t.call('PUT', P.schedule(template.id), as(people.customer, mondays))).json() as TScheduleView;
    expect(skip.upcoming.map((o) => [o.date, o.status, o.skipReason])).toEqual([
      ['2027-07-12', 'PLANNED', null],
      ['2027-07-19', 'SKIPPED', 'HOLIDAY'],
      ['2027-07-26', 'PLANNED', null],
    ]);
    const move = (
      await t.call('PUT', P.schedule(template.id), as(people.customer, { ...mondays, holidayPolicy: 'NEXT_WORKING_DAY' }))
    ).json() as TScheduleView;
    expect(move.upcoming.map((o) => [o.date, o.movedFrom])).toEqual([
      ['2027-07-12', null],
      ['2027-07-20', '2027-07-19'],
      ['2027-07-26', null],
    ]);
  });
});

describe('the background posting (job schedules.post-due)', () => {
  it('posts each occurrence once with two runners racing, as the form would; skips and edits hold; after downtime the stale ones are skipped and recorded', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    const template = await templateOf(people.customer, item.id, '月水金の冷凍便');
    expect((await t.call('PUT', P.schedule(template.id), as(people.customer, MWF))).statusCode).toBe(200);
    expect((await t.call('POST', P.skip(template.id, '2027-03-17'), as(people.customer))).statusCode).toBe(200);
    expect(
      (await t.call('PATCH', P.occurrence(template.id, '2027-03-19'), as(people.customer, { pickupTime: '13:00', price: 60000 })))
        .statusCode,
    ).toBe(200);

    // Thursday 2027-02-25 10:00: Monday 03-01 is four days ahead. Two instances run at once.
    const first = jstAt('2027-02-25', '10:00');
    const runs = await Promise.all([postDueOccurrences(t.app.deps, first), postDueOccurrences(t.app.deps, first)]);
    expect(runs.reduce((n, r) => n + r.posted, 0)).toBe(1);
    expect(await postDueOccurrences(t.app.deps, first)).toEqual({ posted: 0, skipped: 0 }); // a restart: nothing again

    let rows = await occurrenceRows(template.id);
    const monday = rows.find((r) => r.date === '2027-03-01')!;
    expect(monday).toMatchObject({ status: 'POSTED' });
    const posted = { requestItem: await myItem(monday.requestItemId!) };
    // Exactly the template's request, moved to 03-01 09:00 (the delivery the next day, as in the original).
    expect(posted.requestItem).toMatchObject({ status: 'WAITING_APPROVE', price: { price: 50000 } });
    expect(posted.requestItem.deliveryItem!.transports.map((s) => new Date(s.timeFrom).toISOString())).toEqual([
      '2027-03-01T00:00:00.000Z',
      '2027-03-02T00:00:00.000Z',
    ]);
    expect(posted.requestItem.deliveryItem).toMatchObject({ baggageName: '冷凍食品', totalWeight: 1200.5 });
    expect(await notificationTypes(t, people.customer, monday.requestItemId!)).toEqual(['SCHEDULED_REQUEST_POSTED']);

    // Down from then until Thursday 03-11 22:00: 03-03 … 03-10 are past, Friday 03-12 09:00 is 11 hours
    // away (too soon); Monday 03-15 is four days ahead and posted.
    const late = jstAt('2027-03-11', '22:00');
    expect(await Promise.all([postDueOccurrences(t.app.deps, late), postDueOccurrences(t.app.deps, late)])).toSatisfy(
      (r: { posted: number; skipped: number }[]) => r[0]!.posted + r[1]!.posted === 1 && r[0]!.skipped + r[1]!.skipped === 5,
    );
    rows = await occurrenceRows(template.id);
    expect(rows.map((r) => [r.date, r.status, r.skipReason])).toEqual([
      ['2027-03-01', 'POSTED', null],
      ['2027-03-03', 'SKIPPED', 'TOO_LATE'],
      ['2027-03-05', 'SKIPPED', 'TOO_LATE'],
      ['2027-03-08', 'SKIPPED', 'TOO_LATE'],
      ['2027-03-10', 'SKIPPED', 'TOO_LATE'],
      ['2027-03-12', 'SKIPPED', 'TOO_LATE'],
      ['2027-03-15', 'POSTED', null],
      ['2027-03-17', 'SKIPPED', 'BY_SHIPPER'],
      ['2027-03-19', 'PLANNED', null],
    ]);
    // No stale request was posted: the shipper's requests from the template are the two.
    const fromTemplate = await t.app.deps.db
      .select({ id: requestItems.id, firstPickupAt: requestItems.firstPickupAt })
      .from(requestItems)
      .where(and(eq(requestItems.creatorId, people.customer.id)));
    expect(fromTemplate.filter((r) => r.firstPickupAt && r.firstPickupAt >= new Date('2027-01-01'))).toHaveLength(2);

    // Monday 03-15 10:00: the skipped Wednesday stays skipped; Friday is posted with its own time and price.
    await postDueOccurrences(t.app.deps, jstAt('2027-03-15', '10:00'));
    const friday = (await occurrenceRows(template.id)).find((r) => r.date === '2027-03-19')!;
    expect(friday.status).toBe('POSTED');
    const fridayItem = await myItem(friday.requestItemId!);
    expect(fridayItem.price).toMatchObject({ price: 60000 });
    expect(new Date(fridayItem.deliveryItem!.transports[0]!.timeFrom).toISOString()).toBe('2027-03-19T04:00:00.000Z');
    expect((await occurrenceRows(template.id)).find((r) => r.date === '2027-03-17')).toMatchObject({ status: 'SKIPPED' });

    const view = (await t.call('GET', P.schedule(template.id), as(people.customer))).json() as TScheduleView;
    expect(view.upcoming.find((o) => o.date === '2027-03-19')).toMatchObject({
      status: 'POSTED',
      requestItemId: friday.requestItemId,
    });
    const types = await notificationTypes(t, people.customer);
    expect(types.filter((x) => x === 'SCHEDULED_REQUEST_SKIPPED')).toHaveLength(5);
  });
});

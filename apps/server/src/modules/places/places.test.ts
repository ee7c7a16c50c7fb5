/**
 * Saved places (住所録, issue 49, decision 106): a shipper adds, lists (name order, paged, searched),
 * reads, changes and deletes its places; fields are checked as a stop's are, in Japanese; another
 * shipper's place answers 404 to every call, and carriers and guests cannot call at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES, SUCCESS_MESSAGES, ZPlace, ZPlacePage, type TPlace } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { UNKNOWN, expectError } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';

let t: TestApp;
let people: Cast;

const PLACES = '/api/v1/places';
const placePath = (id: string) => `${PLACES}/${id}`;

const SITE = {
  name: '東京第一倉庫',
  postalCode: '104-0061',
  prefecture: '東京都',
  city: '中央区',
  town: '銀座',
  block: '1-2-3',
  building: '銀座ビル5F',
  contactName: '出荷担当 佐藤',
  phone: '0312345678',
  elevator: 'YES',
  hours: '平日 9:00〜17:00',
  note: '搬入口は裏手',
};

const fieldErrors = (res: { json(): unknown }) =>
  Object.fromEntries((res.json() as { details: { path: string; message: string }[] }).details.map((d) => [d.path, d.message]));

async function add(token: string, body: Record<string, unknown>): Promise<TPlace> {
  const res = await t.call('POST', PLACES, { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return ZPlace.parse(res.json());
}

beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

describe('a shipper saves a place (POST /places) and reads it back', () => {
  it('keeps every field, answers it, and GET /places/:id answers the same', async () => {
    const place = await add(people.customer.token, { ...SITE, name: ' 東京第一倉庫 ' });
    expect(place).toMatchObject({ ...SITE, id: expect.any(String) });
    const read = await t.call('GET', placePath(place.id), { token: people.customer.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(place);
  });

  it('needs only a name and the address a stop needs; the rest is null', async () => {
    const place = await add(people.customer.token, {
      name: '大阪センター',
      prefecture: '大阪府',
      city: '大阪市北区',
      town: '梅田',
      block: '3-1',
      phone: '',
    });
    expect(place).toMatchObject({
      postalCode: null,
      building: null,
      contactName: null,
      phone: null,
      elevator: null,
      hours: null,
      note: null,
    });
  });

  it('answers each wrong field with the stop form’s Japanese message and saves nothing', async () => {
    const before = (await t.call('GET', PLACES, { token: people.customer.token })).json() as { meta: { totalCount: number } };
    const res = await t.call('POST', PLACES, {
      token: people.customer.token,
      body: { ...SITE, name: '', postalCode: '1234', city: '', phone: '03-12', elevator: 'MAYBE', note: 'あ'.repeat(501) },
    });
    expect(res.statusCode, res.body).toBe(400);
    const errors = fieldErrors(res);
    expect(errors).toMatchObject({
      'body.name': FIELD_MESSAGES.required,
      'body.city': FIELD_MESSAGES.required,
      'body.elevator': FIELD_MESSAGES.invalidOption,
      'body.phone': FIELD_MESSAGES.phone,
      'body.note': FIELD_MESSAGES.tooLong(500),
    });
    expect(Object.keys(errors).sort()).toEqual([
      'body.city',
      'body.elevator',
      'body.name',
      'body.note',
      'body.phone',
      'body.postalCode',
    ]);
    const after = (await t.call('GET', PLACES, { token: people.customer.token })).json() as { meta: { totalCount: number } };
    expect(after.meta.totalCount).toBe(before.meta.totalCount);
  });
});

describe('the list (GET /places)', () => {
  it('holds only the caller’s places, in name order, paged in SQL, and finds by name or address', async () => {
    const owner = people.otherCustomer.token;
    for (const name of ['C倉庫', 'A倉庫', 'B倉庫'])
      await add(owner, { ...SITE, name, city: name === 'B倉庫' ? '横浜市西区' : SITE.city });

    const first = await t.call('GET', `${PLACES}?page=1&limit=2`, { token: owner });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = ZPlacePage.parse(first.json());
    expect(page1.data.map((p) => p.name)).toEqual(['A倉庫', 'B倉庫']);
    expect(page1.meta).toMatchObject({ totalCount: 3, pageCount: 2, nextPage: 2 });
    const page2 = ZPlacePage.parse((await t.call('GET', `${PLACES}?page=2&limit=2`, { token: owner })).json());
    expect(page2.data.map((p) => p.name)).toEqual(['C倉庫']);

    const found = ZPlacePage.parse(
      (await t.call('GET', `${PLACES}?keyword=${encodeURIComponent('横浜')}`, { token: owner })).json(),
    );
    expect(found.data.map((p) => p.name)).toEqual(['B倉庫']);
    const literal = ZPlacePage.parse((await t.call('GET', `${PLACES}?keyword=%25`, { token: owner })).json());
    expect(literal.data).toEqual([]);

    // The first shipper's list shows none of these.
    const mine = ZPlacePage.parse((await t.call('GET', `${PLACES}?limit=100`, { token: people.customer.token })).json());
    expect(mine.data.map((p) => p.name)).not.toContain('A倉庫');
  });

  it('refuses a wrong page or limit in Japanese', async () => {
    const res = await t.call('GET', `${PLACES}?page=0&limit=101`, { token: people.customer.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)).toEqual({
      'querystring.page': FIELD_MESSAGES.tooSmall(1),
      'querystring.limit': FIELD_MESSAGES.tooBig(100),
    });
  });
});

describe('changing and deleting (PUT, DELETE /places/:id)', () => {
  it('changes every field; a deleted place is gone', async () => {
    const place = await add(people.customer.token, SITE);
    const changed = await t.call('PUT', placePath(place.id), {
      token: people.customer.token,
      body: { ...SITE, name: '東京第二倉庫', note: '', hours: '24時間' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: place.id, name: '東京第二倉庫', note: null, hours: '24時間' });

    const bad = await t.call('PUT', placePath(place.id), { token: people.customer.token, body: { ...SITE, block: '' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(fieldErrors(bad)).toEqual({ 'body.block': FIELD_MESSAGES.required });

    const deleted = await t.call('DELETE', placePath(place.id), { token: people.customer.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: SUCCESS_MESSAGES.placeDeleted });
    expectError(await t.call('GET', placePath(place.id), { token: people.customer.token }), 404, 'PLACE_NOT_FOUND');
    expectError(await t.call('DELETE', placePath(place.id), { token: people.customer.token }), 404, 'PLACE_NOT_FOUND');
  });
});

describe('who may see a place', () => {
  it('another shipper’s place and an unknown id answer 404 to every call, and stay as they were', async () => {
    const place = await add(people.customer.token, { ...SITE, name: '他社に見せない倉庫' });
    const stranger = people.otherCustomer.token;
    for (const id of [place.id, UNKNOWN]) {
      expectError(await t.call('GET', placePath(id), { token: stranger }), 404, 'PLACE_NOT_FOUND');
      expectError(await t.call('PUT', placePath(id), { token: stranger, body: SITE }), 404, 'PLACE_NOT_FOUND');
      expectError(await t.call('DELETE', placePath(id), { token: stranger }), 404, 'PLACE_NOT_FOUND');
    }
    const still = await t.call('GET', placePath(place.id), { token: people.customer.token });
    expect(still.json()).toEqual(place);
  });

  it('carriers and the admin are refused by role; a guest must sign in; a malformed id is a 400', async () => {
    for (const who of [people.manager, people.driver, people.admin]) {
      expectError(await t.call('GET', PLACES, { token: who.token }), 401, 'ROLE_NOT_ALLOWED');
    }
    const guest = await t.call('GET', PLACES);
    expect(guest.statusCode, guest.body).toBe(401);
    const malformed = await t.call('GET', placePath('not-a-uuid'), { token: people.customer.token });
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(ERROR_MESSAGES.PLACE_NOT_FOUND).toBe('登録地が見つかりませんでした。');
  });
});

/**
 * The CSV import's API (POST /request-items/deliveries/import; issue 49, decision 106): many
 * deliveries posted at once, each exactly as the create form posts it, all in one transaction.
 * A refused row (by the schema, or by a rule in the middle of the writes) leaves nothing posted.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_IMPORT_MAX_ROWS, FIELD_MESSAGES, SUCCESS_MESSAGES, ZRequestItemDetail } from '@logi/contract';
import { requestItems } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { expectError } from '../../../test/marketplace-fixtures';
import { deliveryBody, stop } from '../../../test/request-item-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { uploadedPng } from '../files/files.test-support';

let t: TestApp;
let people: Cast;

const IMPORT = '/api/v1/request-items/deliveries/import';

async function postedBy(userId: string): Promise<number> {
  const [row] = await t.app.deps.db.select({ n: count() }).from(requestItems).where(eq(requestItems.creatorId, userId));
  return row!.n;
}

const fieldErrors = (res: { json(): unknown }) =>
  Object.fromEntries((res.json() as { details: { path: string; message: string }[] }).details.map((d) => [d.path, d.message]));

beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

describe('POST /request-items/deliveries/import', () => {
  it('posts every delivery as the form does, in order, and answers their ids', async () => {
    const bodies = [1, 2, 3].map((n) => deliveryBody({ baggageName: `一括${n}`, price: n === 2 ? undefined : 30000 + n }));
    const res = await t.call('POST', IMPORT, { token: people.customer.token, body: { deliveries: bodies } });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { message: string; ids: string[] };
    expect(answer.message).toBe(SUCCESS_MESSAGES.deliveriesImported(3));
    expect(answer.ids).toHaveLength(3);

    // Each one reads back exactly like the one the form posts.
    const single = await t.call('POST', '/api/v1/request-items/deliveries', { token: people.customer.token, body: bodies[1] });
    const viaForm = ZRequestItemDetail.parse(single.json());
    for (const [i, id] of answer.ids.entries()) {
      const detail = await t.call('GET', `/api/v1/request-items/my-items/${id}`, { token: people.customer.token });
      expect(detail.statusCode, detail.body).toBe(200);
      const item = ZRequestItemDetail.parse(detail.json());
      expect(item.deliveryItem?.baggageName).toBe(`一括${i + 1}`);
      if (i === 1) {
        const strip = (d: typeof item) => ({
          ...d,
          id: '',
          createdAt: '',
          updatedAt: '',
          reference: '',
          deliveryItem: {
            ...d.deliveryItem,
            id: '',
            requestItemId: '',
            transports: d.deliveryItem?.transports.map((s) => ({ ...s, id: '', requestItemId: '' })),
          },
        });
        expect(strip(item)).toEqual(strip(viaForm));
      }
    }
  });

  it('refuses a wrong row by its index and field, in Japanese, and posts none', async () => {
    const before = await postedBy(people.otherCustomer.id);
    const res = await t.call('POST', IMPORT, {
      token: people.otherCustomer.token,
      body: {
        deliveries: [
          deliveryBody(),
          deliveryBody({ transports: [stop(), stop({ transportType: 'DELIVERY', city: '' })] }),
          deliveryBody({ totalWeight: -1 }),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)).toEqual({
      'body.deliveries.1.transports.1.city': FIELD_MESSAGES.required,
      'body.deliveries.2.totalWeight': FIELD_MESSAGES.positive,
    });
    expect(await postedBy(people.otherCustomer.id)).toBe(before);
  });

  it('is all or nothing: a row refused in the middle of the writes (another account’s image) undoes the rows before it', async () => {
    const foreignImage = await uploadedPng(t, people.customer.token);
    const before = await postedBy(people.otherCustomer.id);
    const res = await t.call('POST', IMPORT, {
      token: people.otherCustomer.token,
      body: { deliveries: [deliveryBody(), deliveryBody(), deliveryBody({ luggageImageIds: [foreignImage] })] },
    });
    expectError(res, 404, 'FILE_NOT_FOUND');
    expect(await postedBy(people.otherCustomer.id)).toBe(before);
  });

  it(`takes ${DELIVERY_IMPORT_MAX_ROWS} rows and refuses ${DELIVERY_IMPORT_MAX_ROWS + 1} (none posted), and an empty list`, async () => {
    const before = await postedBy(people.otherCustomer.id);
    const one = deliveryBody();
    const tooMany = await t.call('POST', IMPORT, {
      token: people.otherCustomer.token,
      body: { deliveries: Array.from({ length: DELIVERY_IMPORT_MAX_ROWS + 1 }, () => one) },
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(fieldErrors(tooMany)).toEqual({ 'body.deliveries': FIELD_MESSAGES.tooMany(DELIVERY_IMPORT_MAX_ROWS) });
    const empty = await t.call('POST', IMPORT, { token: people.otherCustomer.token, body: { deliveries: [] } });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(await postedBy(people.otherCustomer.id)).toBe(before);

    const full = await t.call('POST', IMPORT, {
      token: people.otherCustomer.token,
      body: { deliveries: Array.from({ length: DELIVERY_IMPORT_MAX_ROWS }, () => one) },
    });
    expect(full.statusCode, full.body).toBe(201);
    expect(await postedBy(people.otherCustomer.id)).toBe(before + DELIVERY_IMPORT_MAX_ROWS);
  }, 120_000);

  it('only a shipper imports', async () => {
    for (const who of [people.manager, people.driver, people.admin]) {
      expectError(
        await t.call('POST', IMPORT, { token: who.token, body: { deliveries: [deliveryBody()] } }),
        401,
        'ROLE_NOT_ALLOWED',
      );
    }
  });
});

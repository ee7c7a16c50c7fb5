/**
 * The market's keyword postings (decision 110, migration 0040): written by triggers in the
 * transaction that writes the request, they hold exactly the open requests' terms, tags and type,
 * and the terms PostgreSQL derives from search_text are the ones domain/request-search.ts computes.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestItems, warehouseItems } from '../../db/schema';
import { searchIndexOf } from '../../domain/request-search';
import { rowsOf } from '../../platform/db/database';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { makeDeliveryRequest, makeWarehouseRequest } from '../../../test/request-item-fixtures';
import { listMarket } from './request-items.lists.repository';
import { marketFilter } from './request-items.market-filter';

let t: TestApp;
let customerId: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const customer = await makeUser(t, ['CUSTOMER']);
  customerId = customer.id;
  token = (await login(t, customer.email, 'CUSTOMER')).accessToken;
}, 60_000);
afterAll(() => t.close());

/** The postings held for an item, and the ones its current row should have while open. */
async function postingsOf(id: string) {
  const held = await rowsOf<{ term: string; following: string | null }>(
    t.app.deps.db,
    sql`select term, following from request_item_open_terms where request_item_id = ${id} order by term collate "C"`,
  );
  const expected = await rowsOf<{ term: string; following: string | null }>(
    t.app.deps.db,
    sql`select p.term, p.following from request_items r, request_item_postings(r.search_text, r.filter_tags, r.type) p
        where r.id = ${id} order by p.term collate "C"`,
  );
  return { held, expected };
}

const keywordIds = async (keyword: string) =>
  (await listMarket(t.app.deps.db, marketFilter({ keyword }, new Date()), { limit: 50, offset: 0 })).rows.map((r) => r.id);

describe('the keyword postings follow the request in the same transaction', () => {
  it('posting, editing, closing, reopening, deleting', async () => {
    const db = t.app.deps.db;
    const { id } = await makeDeliveryRequest(t, token, { baggageName: '冷凍食品' });
    let p = await postingsOf(id);
    expect(p.held.length).toBeGreaterThan(10);
    expect(p.held).toEqual(p.expected);
    expect(p.held.map((r) => r.term)).toEqual(expect.arrayContaining(['冷凍', 'V:FOUR_T_TRUCK', 'R:DELIVERY']));

    // The searchable text changes: the postings with it.
    const search = searchIndexOf(['精密機器']);
    await db.update(requestItems).set({ searchTerms: search.terms, searchText: search.text }).where(eq(requestItems.id, id));
    p = await postingsOf(id);
    expect(p.held).toEqual(p.expected);
    expect(await keywordIds('精密機器')).toEqual([id]);
    expect(await keywordIds('冷凍食品')).toEqual([]);

    // Closed, then open again (a cancelled approval), then deleted: only while open.
    await db.update(requestItems).set({ status: 'APPROVED' }).where(eq(requestItems.id, id));
    expect((await postingsOf(id)).held).toEqual([]);
    await db.update(requestItems).set({ status: 'WAITING_APPROVE' }).where(eq(requestItems.id, id));
    p = await postingsOf(id);
    expect(p.held).toEqual(p.expected);
    await db.update(requestItems).set({ deletedAt: new Date() }).where(eq(requestItems.id, id));
    expect((await postingsOf(id)).held).toEqual([]);

    const { id: warehouse } = await makeWarehouseRequest(t, token);
    expect((await postingsOf(warehouse)).held.map((r) => r.term)).toContain('R:WAREHOUSE');
    await db.transaction(async (tx) => {
      await tx.delete(warehouseItems).where(eq(warehouseItems.requestItemId, warehouse));
      await tx.delete(requestItems).where(eq(requestItems.id, warehouse));
    });
    expect((await postingsOf(warehouse)).held).toEqual([]);
  });
});

describe('the terms PostgreSQL derives from search_text', () => {
  it('are the search terms domain/request-search.ts computes', async () => {
    const texts = [
      ['冷凍食品', '東京都中央区銀座', 'ＡＢＣ　ｄｅｆ 60サイズ'],
      ['𠮷野家 の 弁当', 'a', '', '  spaced   out  '],
      ['ああああ', '東京都東京都'],
    ];
    for (const fields of texts) {
      const { terms, text } = searchIndexOf(fields);
      const rows = await rowsOf<{ term: string }>(
        t.app.deps.db,
        sql`select term from request_item_postings(${text}, '{}', 'DELIVERY') where term <> 'R:DELIVERY'`,
      );
      expect(rows.map((r) => r.term).sort(), fields.join('|')).toEqual(terms);
    }
  });
});

describe('a request holding one term hundreds of times', () => {
  it('keeps no following texts for it, and its words are confirmed on search_text', async () => {
    // 401 stops in 東京都: the following texts of 東京 would pass a B-tree entry's size.
    const pieces = [...Array.from({ length: 401 }, (_, i) => `東京都${i}`), '大京府', '冷凍食品', 'あいうえおかきくけこさし'];
    const search = searchIndexOf(pieces);
    const insert = (searchText: string) =>
      t.app.deps.db
        .insert(requestItems)
        .values({
          type: 'DELIVERY',
          status: 'WAITING_APPROVE',
          creatorId: customerId,
          priceType: 'ESTIMATION',
          searchTerms: search.terms,
          searchText,
        })
        .returning({ id: requestItems.id });
    const [many] = await insert(search.text);
    const p = await postingsOf(many!.id);
    expect(p.held).toEqual(p.expected);
    expect(p.held.find((r) => r.term === '東京')!.following).toBeNull();
    expect(p.held.find((r) => r.term === '冷凍')!.following).toBe('\n冷凍食品');

    expect(await keywordIds('東京都')).toContain(many!.id);
    expect(await keywordIds('冷凍食品')).toContain(many!.id);
    // A word longer than the following texts keep: confirmed on search_text.
    expect(await keywordIds('いうえおかきくけこさし')).toEqual([many!.id]);
    expect(await keywordIds('あいうえおかきくけこさす')).toEqual([]);
    // 東京 (without following texts) and 京府 both occur, 東京府 nowhere.
    expect(await keywordIds('東京府')).not.toContain(many!.id);
    expect(await keywordIds('大京府')).toContain(many!.id);
  });
});

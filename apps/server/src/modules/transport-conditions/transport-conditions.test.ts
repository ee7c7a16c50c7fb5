/**
 * 運送条件書: issued on a delivery's approval with both parties, the job, the fare and each charge
 * listed separately (the text read back out of the PDF), kept as issued, and downloadable by the
 * parties and the admin only.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, type TRequestItemDetail, requestReference } from '@logi/contract';
import { transportConditionDocuments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { API, type Party, applyFixed, approve, bid, cast, expectError } from '../../../test/marketplace-fixtures';

let t: TestApp;
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  t = await createTestApp();
  people = await cast(t);
});
afterAll(() => t.close());

const as = (who: Party | undefined) => ({ token: who?.token });
const conditionsOf = (id: string) => `/api/v1/request-items/${id}/transport-conditions`;
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** An estimation delivery with written conditions, bid on by the driver (its own fuel surcharge) and approved. */
async function approvedWithConditions() {
  const item = await makeDeliveryRequest(t, people.customer.token, {
    baggageName: '精密機器',
    price: undefined,
    incidentalWork: ['LOADING', 'UNLOADING'],
    incidentalCharge: 5000,
    waitingChargePer30Min: 2000,
    tollsPaidBy: 'SHIPPER',
    fuelSurcharge: 3000,
    paymentTerms: '月末締め翌月末払い',
  });
  const res = await t.call('POST', API.requestPrices, {
    ...as(people.driver),
    body: { requestItemId: item.id, price: 48000, fuelSurcharge: 2500 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { item, candidateId: res.json().candidate.id as string };
}

describe('GET /request-items/{id}/transport-conditions', () => {
  it('is issued on approval: parties, job, fare and each charge separately, in Japanese', async () => {
    const { item, candidateId } = await approvedWithConditions();
    expectError(await t.call('GET', conditionsOf(item.id), as(people.customer)), 404, 'TRANSPORT_CONDITIONS_NOT_FOUND');
    await approve(t, people.customer, candidateId, item.id);

    const detail = (await t.call('GET', API.privateDetail(item.id), as(people.customer))).json() as TRequestItemDetail;
    expect(detail.transportConditions).toEqual({ number: `TC-${requestReference(item.id)}`, issuedAt: expect.any(String) });
    expect(detail.deliveryItem).toMatchObject({ incidentalWork: ['LOADING', 'UNLOADING'], paymentTerms: '月末締め翌月末払い' });

    const res = await t.call('GET', conditionsOf(item.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const text = await pdfText(res.rawPayload);
    for (const part of [
      '運送条件書',
      `第 TC-${requestReference(item.id)} 号`,
      '荷主',
      '運送事業者（元請）',
      '精密機器',
      '1,200.5kg',
      '運賃 48,000円',
      '附帯業務 積込み・荷下ろし（料金 5,000円）',
      '待機料金 30分ごと 2,000円（到着から30分を超えた待機）',
      '高速道路料金 荷主負担（実費）',
      // The bid's own surcharge wins over the request's 3,000円.
      '燃料サーチャージ 2,500円',
      '支払条件 月末締め翌月末払い',
      '東京都中央区銀座1-2-3 銀座ビル5F',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('stays as issued: the same bytes every time, and the database refuses to change or remove it', async () => {
    const { item, candidateId } = await approvedWithConditions();
    await approve(t, people.customer, candidateId, item.id);
    const first = (await t.call('GET', conditionsOf(item.id), as(people.driver))).rawPayload;
    const again = (await t.call('GET', conditionsOf(item.id), as(people.admin))).rawPayload;
    expect(Buffer.compare(first, again)).toBe(0);
    const db = t.app.deps.db;
    await expect(
      db
        .update(transportConditionDocuments)
        .set({ number: 'TC-changed' })
        .where(eq(transportConditionDocuments.requestItemId, item.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(transportConditionDocuments).where(eq(transportConditionDocuments.requestItemId, item.id)),
    ).rejects.toThrow();
  });

  it('a fixed-price delivery without conditions says what applies: none, included, to be agreed', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { price: 30000 });
    const { candidate } = await applyFixed(t, people.driver, item.id);
    await approve(t, people.customer, candidate.id, item.id);
    const text = await pdfText((await t.call('GET', conditionsOf(item.id), as(people.customer))).rawPayload);
    for (const part of ['運賃 30,000円', '附帯業務 なし', '待機料金 定めなし', '燃料サーチャージ なし', '支払条件 別途協議']) {
      expect(text).toContain(part);
    }
  });

  it('is for the parties and the admin only', async () => {
    const { item, candidateId } = await approvedWithConditions();
    await approve(t, people.customer, candidateId, item.id);
    for (const who of [people.otherDriver, people.otherCustomer]) {
      expectError(await t.call('GET', conditionsOf(item.id), as(who)), 404, 'REQUEST_ITEM_NOT_FOUND');
      const seen = await t.call('GET', API.privateDetail(item.id), as(who));
      expect(seen.statusCode).toBe(404);
    }
    expectError(await t.call('GET', conditionsOf(item.id), as(undefined)), 401, 'UNAUTHENTICATED');
    expectError(await t.call('GET', conditionsOf(UNKNOWN), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', conditionsOf('x'), as(people.customer)), 400, 'VALIDATION_FAILED');
  });

  it('refuses a bid whose charges are not whole yen of 0 or more', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    const res = await t.call('POST', API.requestPrices, {
      ...as(people.driver),
      body: { requestItemId: item.id, price: 40000, incidentalCharge: -1, fuelSurcharge: 1.5 },
    });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.incidentalCharge', message: FIELD_MESSAGES.tooSmall(0) },
        { path: 'body.fuelSurcharge', message: FIELD_MESSAGES.integer },
      ]),
    );
    await bid(t, people.driver, item.id, 40000);
  });
});

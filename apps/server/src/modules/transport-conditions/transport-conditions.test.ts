/**
 * 運送条件書: issued on a delivery's approval with both parties (the carrier's address, 許可番号 and
 * 登録番号), who actually carries the load, the consignees, the job, the fare and each charge
 * listed separately with consumption tax and total, the payment terms and their due date (the
 * text read back out of the PDF); kept as issued, and downloadable by the parties and the admin only.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, type TRequestItemDetail, requestReference } from '@logi/contract';
import { companies, transportConditionDocuments, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { jst, makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { API, type Party, approve, bid, expectError, party, UNKNOWN } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  // The carrier company's profile, as its manager registered it; the drivers told apart by name.
  const [manager] = await t.app.deps.db.select().from(users).where(eq(users.id, people.manager.id));
  await t.app.deps.db
    .update(companies)
    .set({ name: '山田運輸株式会社', generalFreightLicenseNumber: '関自貨第1234号', invoiceRegistrationNo: 'T9234567890123' })
    .where(eq(companies.id, manager!.companyId!));
  await t.app.deps.db.update(users).set({ lastName: '佐藤', firstName: '花子' }).where(eq(users.id, people.otherDriver.id));
  await t.app.deps.db.update(users).set({ lastName: '鈴木', firstName: '一郎' }).where(eq(users.id, people.manager.id));
});
afterAll(() => t.close());

const as = (who: Party | undefined) => ({ token: who?.token });
const conditionsOf = (id: string, version?: number) =>
  `/api/v1/request-items/${id}/transport-conditions${version ? `?version=${version}` : ''}`;

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function download(id: string, who: Party, version?: number) {
  const res = await t.call('GET', conditionsOf(id, version), as(who));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const detailOf = async (id: string, who: Party) =>
  (await t.call('GET', API.privateDetail(id), as(who))).json() as TRequestItemDetail;

/** 2026年1月30日: a Japan-time day as the document prints it. */
const longDay = (at: number) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' }).format(at);

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
  it('is issued on approval: parties, carrier, consignee, job, each charge, tax, total and payment, in Japanese', async () => {
    const { item, candidateId } = await approvedWithConditions();
    expectError(await t.call('GET', conditionsOf(item.id), as(people.customer)), 404, 'TRANSPORT_CONDITIONS_NOT_FOUND');
    await approve(t, people.customer, candidateId, item.id);

    const detail = await detailOf(item.id, people.customer);
    const first = { number: `TC-${requestReference(item.id)}`, version: 1, reason: 'APPROVED', issuedAt: expect.any(String) };
    expect(detail.transportConditions).toEqual({ ...first, versions: [first] });
    expect(detail.deliveryItem).toMatchObject({ incidentalWork: ['LOADING', 'UNLOADING'], paymentTerms: '月末締め翌月末払い' });

    const res = await download(item.id, people.customer);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const text = await pdfText(res.rawPayload);
    for (const part of [
      '運送条件書',
      `第 TC-${requestReference(item.id)} 号（第1版）`,
      '荷主',
      '東京都中央区銀座1-2-3 銀座ビル5F',
      // The contracting carrier as its company profile says.
      '運送事業者（元請） 会社名 山田運輸株式会社 担当者 山田 太郎 住所 東京都千代田区千代田1-1',
      '一般貨物自動車運送事業許可番号 関自貨第1234号',
      '登録番号（インボイス） T9234567890123',
      // Who carries it: the driver who bid, of that company.
      '実運送 実運送事業者 山田運輸株式会社 運転者 山田 太郎',
      '荷受人 配達 受取担当 田中 0661234567 大阪府大阪市北区梅田3-1',
      '精密機器',
      '個数 96個',
      '1,200.5kg',
      '運賃・料金（金額は税抜、合計は税込）',
      '運賃 48,000円',
      '附帯業務 積込み・荷下ろし（料金 5,000円）',
      // The bid's own surcharge wins over the request's 3,000円.
      '燃料サーチャージ 2,500円',
      '小計（税抜） 55,500円',
      '消費税（10%） 5,550円',
      '合計（税込） 61,050円',
      '待機料金 30分ごと 2,000円（税抜。到着から30分を超えた待機。発生時に別途）',
      '高速道路料金 荷主負担（実費）',
      '支払条件 月末締め翌月末払い',
      `支払期日 ${longDay(Date.parse(jst(11, 9)) + 59 * 86_400_000)}まで（配達日から60日以内）`,
    ]) {
      expect(text).toContain(part);
    }
  });

  it('carries the job’s standard fare (税込, its table) as a reference line, or why the job has none', async () => {
    const { item, candidateId } = await approvedWithConditions();
    await approve(t, people.customer, candidateId, item.id);
    const fare = (await detailOf(item.id, people.customer)).standardFareBreakdown!.standardFare;
    if (!fare.covered) throw new Error('a 4t delivery has a standard fare');
    const [row] = await t.app.deps.db
      .select({ content: transportConditionDocuments.content })
      .from(transportConditionDocuments)
      .where(eq(transportConditionDocuments.requestItemId, item.id));
    expect((row!.content as { standardFareReference: unknown }).standardFareReference).toEqual({
      covered: true,
      total: fare.total,
      instrument: fare.version.instrument,
      effectiveFrom: '2024-03-22',
      distanceKm: fare.distance.km,
      estimated: true,
    });
    const km = fare.distance.km.toLocaleString('ja-JP', { maximumFractionDigits: 1 });
    // The long line wraps: compared without the spaces the wrapping puts in.
    const unwrapped = (await pdfText((await download(item.id, people.driver)).rawPayload)).replace(/ /g, '');
    expect(unwrapped).toContain(
      `標準的運賃（参考）${fare.total.toLocaleString('ja-JP')}円（税込。${fare.version.instrument}の表（2024年3月22日から適用）、距離${km}km（推定）による。契約の金額ではありません）`.replace(
        / /g,
        '',
      ),
    );

    const light = await approvedDelivery(t, people.customer, people.driver, { vehicleType: 'LIGHT_TRUCK', totalWeight: 150 });
    expect(fare.version.instrument).toMatch(/^令和6年国土交通省告示第209号/);
    expect(await pdfText((await download(light.item.id, people.customer)).rawPayload)).toContain(
      '標準的運賃（参考） 軽車両は標準的運賃の対象外です',
    );
  });

  it('dates the PDF on its issue and prints every heading at the margin', async () => {
    const { item, candidateId } = await approvedWithConditions();
    await approve(t, people.customer, candidateId, item.id);
    const pdf = await getDocumentProxy(new Uint8Array((await download(item.id, people.customer)).rawPayload));
    expect(pdf.numPages).toBe(1);
    const info = (await pdf.getMetadata()).info as { CreationDate: string };
    // pdfkit writes the instant in UTC, as the API gives it: D:YYYYMMDDHHmm…
    const issued = (await detailOf(item.id, people.customer)).transportConditions!.issuedAt.replace(/\D/g, '').slice(0, 12);
    expect(info.CreationDate).toMatch(new RegExp(`^D:${issued}`));
    const items: { str: string; transform: number[] }[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      items.push(...((await (await pdf.getPage(n)).getTextContent()).items as typeof items));
    }
    const headings = [
      '荷主',
      '運送事業者（元請）',
      '実運送',
      '荷受人',
      '運送の内容',
      '運賃・料金（金額は税抜、合計は税込）',
      '支払',
    ];
    const xs = headings.map((h) => items.find((i) => i.str === h)?.transform[4]);
    expect(xs).toEqual(headings.map(() => xs[0]));
    expect(xs[0]).toBeCloseTo(50, 0);
  });

  it('issues a new version naming the driver when the carrier company assigns or changes it, keeping the old one', async () => {
    const { item } = await approvedDelivery(t, people.customer, people.manager, { price: 30000, totalWeight: 2000 });
    const v1 = (await download(item.id, people.customer)).rawPayload;
    expect(await pdfText(v1)).toContain('実運送 実運送事業者 山田運輸株式会社 運転者 鈴木 一郎');

    const assign = (driverId: string) =>
      t.call('PATCH', `/api/v1/request-items/assign-carrier/${item.id}`, { ...as(people.manager), body: { driverId } });
    expect((await assign(people.otherDriver.id)).statusCode).toBe(200);
    const reference = requestReference(item.id);
    const detail = await detailOf(item.id, people.customer);
    expect(detail.transportConditions).toMatchObject({
      number: `TC-${reference}-2`,
      version: 2,
      reason: 'CARRIER_ASSIGNED',
      versions: [
        { version: 1, number: `TC-${reference}` },
        { version: 2, number: `TC-${reference}-2` },
      ],
    });
    const latest = await download(item.id, people.otherDriver);
    expect(String(latest.headers['content-disposition'])).toContain(encodeURIComponent(`運送条件書_TC-${reference}-2.pdf`));
    const text = await pdfText(latest.rawPayload);
    expect(text).toContain(`第 TC-${reference}-2 号（第2版）`);
    expect(text).toContain('実運送 実運送事業者 山田運輸株式会社 運転者 佐藤 花子');
    expect(text).toContain(`運転者の指定により、第 TC-${reference} 号に代わって発行しました。`);
    // The first version is still there, as it was issued.
    expect(Buffer.compare((await download(item.id, people.customer, 1)).rawPayload, v1)).toBe(0);

    // The same driver again changes nothing; another change is a third version.
    expect((await assign(people.otherDriver.id)).statusCode).toBe(200);
    expect((await detailOf(item.id, people.customer)).transportConditions!.versions).toHaveLength(2);
    expect((await assign(people.manager.id)).statusCode).toBe(200);
    expect((await detailOf(item.id, people.customer)).transportConditions).toMatchObject({ version: 3 });
    expect(await pdfText((await download(item.id, people.customer)).rawPayload)).toContain('運転者 鈴木 一郎');
    expectError(await t.call('GET', conditionsOf(item.id, 4), as(people.customer)), 404, 'TRANSPORT_CONDITIONS_NOT_FOUND');
  });

  it('stays as issued: the same bytes every time, and the database refuses to change or remove it', async () => {
    const { item, candidateId } = await approvedWithConditions();
    await approve(t, people.customer, candidateId, item.id);
    const first = (await download(item.id, people.driver)).rawPayload;
    const again = (await download(item.id, people.admin)).rawPayload;
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

  it('a fixed-price delivery without conditions says what applies: none, included, nothing agreed, a due date', async () => {
    const { item } = await approvedDelivery(t, people.customer, people.driver, { price: 30000, totalAmount: undefined });
    const text = await pdfText((await download(item.id, people.customer)).rawPayload);
    for (const part of [
      '個数 記載なし',
      '運賃 30,000円',
      '附帯業務 なし',
      '燃料サーチャージ なし',
      '小計（税抜） 30,000円 消費税（10%） 3,000円 合計（税込） 33,000円',
      '待機料金 定めなし',
      // The call left the tolls out: nothing was agreed, so nothing is claimed.
      '高速道路料金 定めなし（別途協議）',
      '支払条件 別途協議',
      `支払期日 ${longDay(Date.parse(jst(11, 9)) + 59 * 86_400_000)}まで`,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('荷主負担');
  });

  it('is for the parties, the carrier company of the driver who took it, and the admin only', async () => {
    const { item, candidateId } = await approvedWithConditions();
    await approve(t, people.customer, candidateId, item.id);
    // The driver took the job itself: its manager keeps the company's documents.
    await download(item.id, people.manager);
    const outsiderManager = await party(t, ['DRIVER_MANAGER']);
    for (const who of [people.otherDriver, people.otherCustomer, outsiderManager]) {
      expectError(await t.call('GET', conditionsOf(item.id), as(who)), 404, 'REQUEST_ITEM_NOT_FOUND');
      const seen = await t.call('GET', API.privateDetail(item.id), as(who));
      expect(seen.statusCode).toBe(404);
    }
    expectError(await t.call('GET', conditionsOf(item.id), as(undefined)), 401, 'UNAUTHENTICATED');
    expectError(await t.call('GET', conditionsOf(UNKNOWN), as(people.customer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', conditionsOf('x'), as(people.customer)), 400, 'VALIDATION_FAILED');
    expectError(await t.call('GET', `${conditionsOf(item.id)}?version=0`, as(people.customer)), 400, 'VALIDATION_FAILED');
  });

  it('gives the parties the agreed charges, the ones the document prints, not the request’s', async () => {
    const { item, candidateId } = await approvedWithConditions();
    expect((await detailOf(item.id, people.customer)).agreedCharges).toBeNull();
    await approve(t, people.customer, candidateId, item.id);
    const agreed = {
      fare: 48000,
      incidentalCharge: 5000,
      fuelSurcharge: 2500,
      taxRate: '10%',
      subtotal: 55500,
      consumptionTax: 5550,
      total: 61050,
    };
    expect((await detailOf(item.id, people.customer)).agreedCharges).toEqual(agreed);
    expect((await detailOf(item.id, people.driver)).agreedCharges).toEqual(agreed);
    expect((await t.call('GET', API.privateDetail(item.id), as(people.otherDriver))).statusCode).toBe(404);
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

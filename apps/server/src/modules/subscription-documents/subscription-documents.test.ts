/**
 * The subscription's 適格請求書 and 領収書 with the sandbox provider (decision 098): one pair per paid
 * invoice (the first charge, each renewal), the content read back out of each PDF (issuer and
 * 登録番号, date, description and period, amount per rate, rate, tax, total, recipient, number),
 * kept as recorded whatever changes later, the payment mail linking to them, and the manager's
 * own documents only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema';
import { DEMO_ISSUER } from '../../config';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { expectError } from '../../../test/marketplace-fixtures';
import { API, advanceClock, paidManager } from '../payments/payments.test-support';
import { documentsOf, longDay, pdfOf, pdfText } from './subscription-documents.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Settles the sandbox's queued webhooks (its own invoice.paid among them). */
const deliveries = () => t.app.deps.payments.sandbox!.flush();

describe('a paid month of the plan', () => {
  it('yields a qualified invoice whose text names issuer, 登録番号, date, plan and period, the 10% amount, its tax, the total and the company', async () => {
    const manager = await paidManager(t);
    await deliveries();
    const [doc, ...others] = await documentsOf(t, manager.access);
    expect(others).toEqual([]);
    expect(doc).toMatchObject({ number: expect.stringMatching(/^SUB-\d{6}$/), total: 5500, tax: 500 });

    const res = await pdfOf(t, manager.access, doc!.id, 'invoice');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`適格請求書_${doc!.number}.pdf`));
    const text = await pdfText(res.rawPayload);
    for (const part of [
      '適格請求書',
      `書類番号 ${doc!.number}`,
      `発行日 ${longDay(doc!.paidAt)}`,
      '会社名 テスト株式会社 御中',
      `名称 ${DEMO_ISSUER.name}`,
      `所在地 ${DEMO_ISSUER.address}`,
      '登録番号 T9234567890123',
      '品目 ドライバー管理者 月額プラン 月額利用料',
      `対象期間 ${longDay(doc!.periodStart)}〜${longDay(doc!.periodEnd)}`,
      '10%対象（税込） 5,500円',
      '消費税（10%） 500円',
      '合計（税込） 5,500円',
      'お支払い方法 クレジットカード',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('yields a receipt with the amount received, its tax at 10%, what it was for, the issuer and its 登録番号', async () => {
    const manager = await paidManager(t);
    const [doc] = await documentsOf(t, manager.access);
    const res = await pdfOf(t, manager.access, doc!.id, 'receipt');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`領収書_${doc!.number}.pdf`));
    const text = await pdfText(res.rawPayload);
    for (const part of [
      '領収書',
      `書類番号 ${doc!.number}`,
      `発行日 ${longDay(doc!.paidAt)}`,
      'テスト株式会社 御中',
      '領収金額（税込） 5,500円',
      '10%対象（税込） 5,500円',
      '消費税（10%） 500円',
      '但し ドライバー管理者 月額プラン 月額利用料として',
      `対象期間 ${longDay(doc!.periodStart)}〜${longDay(doc!.periodEnd)}`,
      `名称 ${DEMO_ISSUER.name}`,
      '登録番号 T9234567890123',
      '上記の金額を正に領収いたしました。',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('taxes what was charged after a coupon, rounding the included tax down once: 2,750円 holds 250円', async () => {
    const manager = await paidManager(t, 'DEMO50');
    const [doc] = await documentsOf(t, manager.access);
    expect(doc).toMatchObject({ total: 2750, tax: 250 });
    const text = await pdfText((await pdfOf(t, manager.access, doc!.id, 'invoice')).rawPayload);
    expect(text).toContain('10%対象（税込） 2,750円');
    expect(text).toContain('消費税（10%） 250円');
  });

  it("is recorded once although the call and the provider's invoice.paid event both report it, and the mail links to the page", async () => {
    const manager = await paidManager(t);
    await deliveries();
    expect(await documentsOf(t, manager.access)).toHaveLength(1);
    const mail = await t.lastMail(manager.email);
    expect(mail?.subject).toBe('【物流マーケット】月額利用料のお支払いを受け付けました');
    expect(mail?.text).toContain('お支払い金額（税込）: 5,500円');
    expect(mail?.text).toContain('http://app.test/my-page/credit-card');
  });

  it('adds a pair for each renewal, newest first, each with its own period', async () => {
    const manager = await paidManager(t);
    await advanceClock(t, 32);
    const docs = await documentsOf(t, manager.access);
    expect(docs.length).toBeGreaterThanOrEqual(2);
    const [renewal, first] = docs;
    expect(renewal!.periodStart).toBe(first!.periodEnd);
    expect(renewal!.number).not.toBe(first!.number);
    const text = await pdfText((await pdfOf(t, manager.access, renewal!.id, 'receipt')).rawPayload);
    expect(text).toContain(`対象期間 ${longDay(renewal!.periodStart)}〜${longDay(renewal!.periodEnd)}`);
  });
});

describe('an issued document', () => {
  it('stays as recorded when the company is renamed later: the same bytes on every download', async () => {
    const manager = await paidManager(t);
    const [doc] = await documentsOf(t, manager.access);
    const before = (await pdfOf(t, manager.access, doc!.id, 'invoice')).rawPayload;
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, manager.id));
    await t.app.deps.db.update(companies).set({ name: '改名後運輸株式会社' }).where(eq(companies.id, user!.companyId!));
    const after = (await pdfOf(t, manager.access, doc!.id, 'invoice')).rawPayload;
    expect(Buffer.compare(before, after)).toBe(0);
    expect(await pdfText(after)).toContain('テスト株式会社 御中');
  });
});

describe('who may read them', () => {
  it("answers another manager's document as missing, and lists only the caller's own", async () => {
    const owner = await paidManager(t);
    const other = await paidManager(t);
    const [doc] = await documentsOf(t, owner.access);
    for (const kind of ['invoice', 'receipt']) {
      expectError(
        await t.call('GET', `${API}/payments/documents/${doc!.id}/${kind}`, { token: other.access }),
        404,
        'SUBSCRIPTION_DOCUMENT_NOT_FOUND',
      );
    }
    expect((await documentsOf(t, other.access)).map((d) => d.id)).not.toContain(doc!.id);
  });

  it('answers a document that does not exist with 404, and an unknown kind as invalid input', async () => {
    const manager = await paidManager(t);
    expectError(
      await t.call('GET', `${API}/payments/documents/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/invoice`, { token: manager.access }),
      404,
      'SUBSCRIPTION_DOCUMENT_NOT_FOUND',
    );
    const [doc] = await documentsOf(t, manager.access);
    const res = await t.call('GET', `${API}/payments/documents/${doc!.id}/estimate`, { token: manager.access });
    expect(res.statusCode).toBe(400);
  });

  it('is a manager only: customers, drivers and anonymous callers are refused', async () => {
    const manager = await paidManager(t);
    const [doc] = await documentsOf(t, manager.access);
    const customer = await makeUser(t, ['CUSTOMER']);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, manager.id));
    const driver = await makeUser(t, ['DRIVER'], { parentId: manager.id, companyId: row!.companyId! });
    for (const [who, role] of [
      [customer, 'CUSTOMER'],
      [driver, 'DRIVER'],
    ] as const) {
      const token = (await login(t, who.email, role)).accessToken;
      for (const url of [`${API}/payments/documents`, `${API}/payments/documents/${doc!.id}/receipt`]) {
        expectError(await t.call('GET', url, { token }), 401, 'ROLE_NOT_ALLOWED');
      }
    }
    expect((await t.call('GET', `${API}/payments/documents`)).statusCode).toBe(401);
  });
});

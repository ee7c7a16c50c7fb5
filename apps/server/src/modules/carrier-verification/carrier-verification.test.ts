/**
 * A verified carrier (issue 48 part 1, decision 104): the driver manager submits its company's
 * documents (申請中), the admin answers (確認済 / 差戻し with a reason), each step in the audit log;
 * the badge on bids; a request for verified carriers only refuses the others; the daily job
 * reminds 30 days before the insurance ends and lapses the badge after, once each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  type TAuditLog,
  type TCandidatePage,
  type TCarrierVerification,
  type TCarrierVerificationList,
  addDays,
  japanDay,
} from '@logi/contract';
import { users } from '../../db/schema';
import { uploadedPng } from '../files/files.test-support';
import type { TestApp } from '../../../test/helpers';
import { API, type Party, UNKNOWN, approve, bid, expectError, party } from '../../../test/marketplace-fixtures';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { tellInsuranceExpiry } from './carrier-verification.service';

let t: TestApp;
let people: Cast;
let otherManager: Party;
const company = { manager: '', otherManager: '' };

const P = {
  one: (companyId: string) => `/api/v1/companies/${companyId}/verification`,
  list: (q = '') => `/api/v1/admin/carrier-verifications${q}`,
  review: (companyId: string) => `/api/v1/admin/carrier-verifications/${companyId}/review`,
  verifiedOnly: (id: string) => `/api/v1/request-items/${id}/verified-carriers-only`,
};
const as = (who: Party) => ({ token: who.token });
const today = () => japanDay(new Date());

async function companyOf(who: Party): Promise<string> {
  const [row] = await t.app.deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, who.id));
  return row!.companyId!;
}

/** A complete submission; the certificate uploaded by `who`. */
async function documents(who: Party, overrides: Record<string, unknown> = {}) {
  return {
    permitKind: 'GENERAL_FREIGHT',
    permitNumber: '関自貨第123号',
    insurer: '東京海上日動火災保険',
    coverageYen: 10_000_000,
    insuranceExpiresOn: addDays(today(), 200),
    certificateFileId: await uploadedPng(t, who.token, '保険証券.png'),
    invoiceRegistrationNumber: 'T9234567890123',
    ...overrides,
  };
}

async function submit(who: Party, companyId: string, overrides: Record<string, unknown> = {}) {
  const res = await t.call('PUT', P.one(companyId), { ...as(who), body: await documents(who, overrides) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCarrierVerification;
}

async function review(companyId: string, body: Record<string, unknown>) {
  const res = await t.call('POST', P.review(companyId), { ...as(people.admin), body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCarrierVerification;
}

async function auditOf(companyId: string) {
  const res = await t.call('GET', `/api/v1/admin/audit-log?targetId=${companyId}&limit=50`, as(people.admin));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TAuditLog).data;
}

async function noticesOf(who: Party) {
  const res = await t.call('GET', '/api/v1/notifications?limit=100', as(who));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { notification: { type: string; title: string; message: string; link: string | null } }[] }).data
    .map((n) => n.notification)
    .filter((n) => n.type === 'CARRIER_VERIFICATION');
}

beforeAll(async () => {
  ({ t, people } = await appWithCast());
  otherManager = await party(t, ['DRIVER_MANAGER']);
  company.manager = await companyOf(people.manager);
  company.otherManager = await companyOf(otherManager);
});
afterAll(() => t.close());

describe('submitting and reviewing (申請中 → 確認済 / 差戻し)', () => {
  it('starts as 未申請 with the profile’s numbers; the manager submits (申請中), the admin sees the certificate', async () => {
    const initial = await t.call('GET', P.one(company.manager), as(people.manager));
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toMatchObject({ status: 'NONE', isVerified: false, certificate: null, submittedAt: null });

    const sent = await submit(people.manager, company.manager);
    expect(sent).toMatchObject({
      status: 'PENDING',
      isVerified: false,
      permitKind: 'GENERAL_FREIGHT',
      permitNumber: '関自貨第123号',
      insurer: '東京海上日動火災保険',
      coverageYen: 10_000_000,
      invoiceRegistrationNumber: 'T9234567890123',
      certificate: { fileName: '保険証券.png', isUploaded: true },
    });
    const byAdmin = await t.call('GET', P.one(company.manager), as(people.admin));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((byAdmin.json() as TCarrierVerification).certificate?.fileUrl).toEqual(expect.any(String));
    // The admin may open the certificate file itself.
    const file = await t.call('GET', `/api/v1/files/${sent.certificate!.id}`, as(people.admin));
    expect(file.statusCode, file.body).toBe(200);

    const queue = await t.call('GET', P.list('?status=PENDING'), as(people.admin));
    expect(queue.statusCode, queue.body).toBe(200);
    expect((queue.json() as TCarrierVerificationList).data).toContainEqual(
      expect.objectContaining({ companyId: company.manager, status: 'PENDING', managerEmail: people.manager.email }),
    );
    expect((await auditOf(company.manager)).map((e) => [e.action, e.actor?.id])).toEqual([
      ['CARRIER_VERIFICATION_SUBMITTED', people.manager.id],
    ]);
  });

  it('answers each wrong field in Japanese: a past expiry, a 法人’s wrong 登録番号, a missing certificate', async () => {
    const past = await t.call('PUT', P.one(company.otherManager), {
      ...as(otherManager),
      body: await documents(otherManager, { insuranceExpiresOn: addDays(today(), -1), coverageYen: 0 }),
    });
    expectError(past, 400, 'VALIDATION_FAILED');
    const details = (past.json() as { details: { path: string; message: string }[] }).details;
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'body.insuranceExpiresOn', message: FIELD_MESSAGES.insuranceExpiryPast },
        { path: 'body.coverageYen', message: FIELD_MESSAGES.coverageAmount },
      ]),
    );
    // テスト株式会社 is a 法人: the 13 digits must pass the 法人番号 check (decision 090).
    const wrongNumber = await t.call('PUT', P.one(company.otherManager), {
      ...as(otherManager),
      body: await documents(otherManager, { invoiceRegistrationNumber: 'T1234567890123' }),
    });
    expectError(wrongNumber, 400, 'VALIDATION_FAILED');
    expect(wrongNumber.json().details).toEqual([
      { path: 'body.invoiceRegistrationNumber', message: FIELD_MESSAGES.invoiceNumberCheckDigit },
    ]);
    // Someone else's file is none of this company's certificate.
    const foreignFile = await uploadedPng(t, people.customer.token);
    const notMine = await t.call('PUT', P.one(company.otherManager), {
      ...as(otherManager),
      body: await documents(otherManager, { certificateFileId: foreignFile }),
    });
    expectError(notMine, 404, 'FILE_NOT_FOUND');
    expect((await t.call('GET', P.one(company.otherManager), as(otherManager))).json().status).toBe('NONE');
  });

  it('is the company’s own: another manager gets 404, a driver, a shipper and the admin cannot submit, only the admin reviews', async () => {
    expectError(await t.call('GET', P.one(company.manager), as(otherManager)), 404, 'COMPANY_NOT_FOUND');
    expectError(
      await t.call('PUT', P.one(company.manager), { ...as(otherManager), body: await documents(otherManager) }),
      404,
      'COMPANY_NOT_FOUND',
    );
    expectError(await t.call('GET', P.one(UNKNOWN), as(people.admin)), 404, 'COMPANY_NOT_FOUND');
    expectError(await t.call('GET', P.one(company.manager), as(people.driver)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await t.call('GET', P.one(company.manager), as(people.customer)), 401, 'ROLE_NOT_ALLOWED');
    expectError(
      await t.call('PUT', P.one(company.manager), { ...as(people.admin), body: await documents(people.admin) }),
      401,
      'ROLE_NOT_ALLOWED',
    );
    expectError(await t.call('GET', P.list(), as(people.manager)), 401, 'ADMIN_REQUIRED');
    expectError(
      await t.call('POST', P.review(company.manager), { ...as(people.manager), body: { outcome: 'VERIFIED' } }),
      401,
      'ADMIN_REQUIRED',
    );
    expectError(
      await t.call('POST', P.review(UNKNOWN), { ...as(people.admin), body: { outcome: 'VERIFIED' } }),
      404,
      'CARRIER_VERIFICATION_NOT_FOUND',
    );
  });

  it('差戻し needs a reason and tells the manager why (notification and mail); only a pending one is answered', async () => {
    const noReason = await t.call('POST', P.review(company.manager), { ...as(people.admin), body: { outcome: 'RETURNED' } });
    expectError(noReason, 400, 'VALIDATION_FAILED');
    expect(noReason.json().details).toEqual([{ path: 'body.reason', message: FIELD_MESSAGES.required }]);

    const returned = await review(company.manager, { outcome: 'RETURNED', reason: '証券の画像が読み取れません。' });
    expect(returned).toMatchObject({ status: 'RETURNED', isVerified: false, returnReason: '証券の画像が読み取れません。' });
    const [told] = await noticesOf(people.manager);
    expect(told).toMatchObject({ title: '運送会社の認証申請が差し戻されました', link: '/my-page/verification' });
    expect(told!.message).toContain('証券の画像が読み取れません。');
    expect((await t.lastMail(people.manager.email))?.subject).toContain('運送会社の認証申請が差し戻されました');

    expectError(
      await t.call('POST', P.review(company.manager), { ...as(people.admin), body: { outcome: 'VERIFIED' } }),
      409,
      'CARRIER_VERIFICATION_NOT_PENDING',
    );

    // Submitted again: pending again, then verified.
    expect((await submit(people.manager, company.manager)).status).toBe('PENDING');
    const verified = await review(company.manager, { outcome: 'VERIFIED' });
    expect(verified).toMatchObject({ status: 'VERIFIED', isVerified: true, returnReason: null });
    expect((await noticesOf(people.manager))[0]).toMatchObject({ title: '運送会社の認証が完了しました' });
    expect((await auditOf(company.manager)).map((e) => [e.action, e.before?.status, e.after?.status])).toEqual([
      ['CARRIER_VERIFIED', 'PENDING', 'VERIFIED'],
      ['CARRIER_VERIFICATION_SUBMITTED', 'RETURNED', 'PENDING'],
      ['CARRIER_VERIFICATION_RETURNED', 'PENDING', 'RETURNED'],
      ['CARRIER_VERIFICATION_SUBMITTED', 'NONE', 'PENDING'],
    ]);

    const byName = await t.call('GET', P.list('?status=VERIFIED&keyword=テスト'), as(people.admin));
    expect((byName.json() as TCarrierVerificationList).data.map((r) => r.companyId)).toContain(company.manager);
    const none = await t.call('GET', P.list('?status=VERIFIED&keyword=存在しない会社'), as(people.admin));
    expect((none.json() as TCarrierVerificationList).data).toEqual([]);
  });
});

describe('a request for verified carriers only', () => {
  it('refuses an unverified company’s bid with what to submit; a verified company’s driver bids with the badge', async () => {
    // The manager's company was verified above; the other manager's never was.
    const item = await makeDeliveryRequest(t, people.customer.token, { price: undefined, verifiedCarriersOnly: true });
    expect(item.verifiedCarriersOnly).toBe(true);
    const market = await t.call('GET', `/api/v1/request-items/private/${item.id}`, as(otherManager));
    expect(market.json().verifiedCarriersOnly).toBe(true);

    const refused = await t.call('POST', API.requestPrices, {
      ...as(otherManager),
      body: { requestItemId: item.id, price: 40000 },
    });
    expectError(refused, 403, 'VERIFIED_CARRIER_REQUIRED');
    expect(refused.json().message).toContain('許可番号');

    await bid(t, people.driver, item.id, 41000);
    const list = await t.call('GET', `${API.candidates}?requestId=${item.id}`, as(people.customer));
    expect((list.json() as TCandidatePage).data).toEqual([
      expect.objectContaining({ applicantId: people.driver.id, carrierVerified: true }),
    ]);
  });

  it('refuses an unverified company taking the fixed price too; on an ordinary request both bid, the badge tells them apart', async () => {
    const fixed = await makeDeliveryRequest(t, people.customer.token, { verifiedCarriersOnly: true });
    expectError(
      await t.call('POST', API.applyFixedPrice, { ...as(otherManager), body: { requestItemId: fixed.id } }),
      403,
      'VERIFIED_CARRIER_REQUIRED',
    );
    const open = await makeDeliveryRequest(t, people.customer.token, { price: undefined });
    expect(open.verifiedCarriersOnly).toBe(false);
    await bid(t, otherManager, open.id, 39000);
    await bid(t, people.manager, open.id, 40000);
    const list = (await t.call('GET', `${API.candidates}?requestId=${open.id}`, as(people.customer))).json() as TCandidatePage;
    expect(Object.fromEntries(list.data.map((c) => [c.applicantId, c.carrierVerified]))).toEqual({
      [otherManager.id]: false,
      [people.manager.id]: true,
    });
  });

  it('is switched by the request’s owner while it is open (404 for another shipper, 409 once approved)', async () => {
    const item = await makeDeliveryRequest(t, people.customer.token);
    expectError(
      await t.call('PATCH', P.verifiedOnly(item.id), { ...as(people.otherCustomer), body: { verifiedCarriersOnly: true } }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(
      await t.call('PATCH', P.verifiedOnly(item.id), { ...as(otherManager), body: { verifiedCarriersOnly: true } }),
      401,
      'ROLE_NOT_ALLOWED',
    );
    const on = await t.call('PATCH', P.verifiedOnly(item.id), { ...as(people.customer), body: { verifiedCarriersOnly: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ requestItemId: item.id, verifiedCarriersOnly: true });
    expectError(
      await t.call('POST', API.applyFixedPrice, { ...as(otherManager), body: { requestItemId: item.id } }),
      403,
      'VERIFIED_CARRIER_REQUIRED',
    );
    const applied = await t.call('POST', API.applyFixedPrice, { ...as(people.manager), body: { requestItemId: item.id } });
    expect(applied.statusCode, applied.body).toBe(200);
    await approve(t, people.customer, applied.json().candidate.id, item.id);
    expectError(
      await t.call('PATCH', P.verifiedOnly(item.id), { ...as(people.customer), body: { verifiedCarriersOnly: false } }),
      409,
      'VERIFIED_ONLY_NOT_CHANGEABLE',
    );
  });
});

describe('the daily insurance job', () => {
  it('reminds once 30 days ahead, lapses once after the last day (badge gone, audit by the system), and says so', async () => {
    const expiresOn = addDays(today(), 45);
    await submit(otherManager, company.otherManager, { insuranceExpiresOn: expiresOn });
    await review(company.otherManager, { outcome: 'VERIFIED' });
    const atNoon = (day: string) => new Date(`${day}T12:00:00+09:00`);
    const mine = async () => (await noticesOf(otherManager)).map((n) => n.title);
    const before = await mine();

    // 31 days ahead: too early.
    await tellInsuranceExpiry(t.app.deps, atNoon(addDays(expiresOn, -31)));
    expect(await mine()).toEqual(before);
    // 30 days ahead, and the next morning (or another instance): told once.
    await tellInsuranceExpiry(t.app.deps, atNoon(addDays(expiresOn, -30)));
    await tellInsuranceExpiry(t.app.deps, atNoon(addDays(expiresOn, -29)));
    const reminded = await mine();
    expect(reminded).toEqual(['貨物保険の有効期限が近づいています', ...before]);
    expect((await t.lastMail(otherManager.email))?.subject).toContain('貨物保険の有効期限が近づいています');
    // The last day is still covered.
    await tellInsuranceExpiry(t.app.deps, atNoon(expiresOn));
    expect(await mine()).toEqual(reminded);

    // The day after: lapsed, once.
    const lapsed = await tellInsuranceExpiry(t.app.deps, atNoon(addDays(expiresOn, 1)));
    expect(lapsed.lapsed).toBeGreaterThanOrEqual(1);
    expect((await tellInsuranceExpiry(t.app.deps, atNoon(addDays(expiresOn, 2)))).lapsed).toBe(0);
    expect(await mine()).toEqual(['貨物保険の有効期限が切れたため、認証が失効しました', ...reminded]);
    const after = (await t.call('GET', P.one(company.otherManager), as(otherManager))).json() as TCarrierVerification;
    expect(after).toMatchObject({ status: 'LAPSED', isVerified: false, lapsedAt: expect.any(String) });
    const [last] = await auditOf(company.otherManager);
    expect(last).toMatchObject({ action: 'CARRIER_VERIFICATION_LAPSED', actor: null });
    expect(last!.before?.status).toBe('VERIFIED');
    expect(last!.after?.status).toBe('LAPSED');

    // Lapsed: a verified-only request refuses it again.
    const item = await makeDeliveryRequest(t, people.customer.token, { verifiedCarriersOnly: true });
    const refused = await t.call('POST', API.applyFixedPrice, { ...as(otherManager), body: { requestItemId: item.id } });
    expectError(refused, 403, 'VERIFIED_CARRIER_REQUIRED');
    expect(refused.json().message).toBe(ERROR_MESSAGES.VERIFIED_CARRIER_REQUIRED);
  });
});

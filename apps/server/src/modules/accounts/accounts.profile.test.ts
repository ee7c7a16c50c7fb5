import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@logi/contract';
import { companies, locations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeManagerWithDrivers, makeUser } from '../../../test/fixtures';
import { createAccountsService } from './accounts.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PROFILE = '/api/v1/auth/profile';

/** The user, company and location rows as stored. */
async function stored(userId: string) {
  const [row] = await t.app.deps.db
    .select({ user: users, company: companies, location: locations })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, eq(locations.id, companies.locationId))
    .where(eq(users.id, userId));
  return row!;
}

describe('PATCH /auth/profile', () => {
  it('updates the owner’s personal, company and address fields and answers the session user', async () => {
    const manager = await makeUser(t, ['DRIVER_MANAGER'], {
      note: '旧メモ',
      company: { name: '旧運送', nameKana: 'キュウウンソウ', website: 'https://old.example.jp' },
      location: {
        postalCode: '100-0001',
        prefecture: '東京都',
        city: '千代田区',
        town: '千代田',
        block: '1-1',
        building: '旧ビル',
      },
    });
    const { accessToken } = await login(t, manager.email, 'DRIVER_MANAGER');
    const res = await t.call('PATCH', PROFILE, {
      token: accessToken,
      body: {
        lastName: '佐藤',
        firstNameKana: 'ハナコ',
        phone: '09012345678',
        note: '',
        companyName: '新運送株式会社',
        companyNameKana: 'シンウンソウカブシキガイシャ',
        website: '',
        invoiceRegistrationNumber: 'T9234567890123',
        generalFreightLicenseNumber: '関自貨第123号',
        postalCode: '530-0001',
        prefecture: '大阪府',
        city: '大阪市北区',
        town: '梅田',
        block: '2-2',
        building: null,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: manager.id,
      activeRole: 'DRIVER_MANAGER',
      lastName: '佐藤',
      firstName: '太郎',
      firstNameKana: 'ハナコ',
      name: '佐藤 太郎',
      phone: '09012345678',
      note: null,
      company: {
        name: '新運送株式会社',
        nameKana: 'シンウンソウカブシキガイシャ',
        website: null,
        invoiceRegistrationNo: 'T9234567890123',
        generalFreightLicenseNumber: '関自貨第123号',
        lightFreightLicenseNumber: null,
        location: {
          postalCode: '530-0001',
          prefecture: '大阪府',
          city: '大阪市北区',
          town: '梅田',
          block: '2-2',
          building: null,
        },
      },
    });
    const row = await stored(manager.id);
    expect(row.user).toMatchObject({ lastName: '佐藤', firstName: '太郎', phone: '09012345678', note: null });
    expect(row.company).toMatchObject({ name: '新運送株式会社', website: null, invoiceRegistrationNo: 'T9234567890123' });
    expect(row.location).toMatchObject({ postalCode: '530-0001', prefecture: '大阪府', building: null });
    // The session call sees the same.
    const session = await t.call('GET', '/api/v1/auth/session', { token: accessToken });
    expect(session.json().company.name).toBe('新運送株式会社');
  });

  it("shows a change at once to sessions read before it: the owner its own, the company's drivers the company", async () => {
    const { manager, drivers } = await makeManagerWithDrivers(t, 1);
    const owner = (await login(t, manager.email, 'DRIVER_MANAGER')).accessToken;
    const driver = (await login(t, drivers[0]!.email, 'DRIVER')).accessToken;
    const session = async (token: string) => (await t.call('GET', '/api/v1/auth/session', { token })).json();
    expect((await session(owner)).company.name).not.toBe('改名運送株式会社');
    expect((await session(driver)).company.name).not.toBe('改名運送株式会社');

    const res = await t.call('PATCH', PROFILE, { token: owner, body: { companyName: '改名運送株式会社', firstName: '改名' } });
    expect(res.statusCode).toBe(200);
    expect(await session(owner)).toMatchObject({ firstName: '改名', company: { name: '改名運送株式会社' } });
    expect((await session(driver)).company.name).toBe('改名運送株式会社');
  });

  it('leaves absent fields as they are; an empty body changes nothing', async () => {
    const customer = await makeUser(t, ['CUSTOMER'], { note: 'メモ' });
    const { accessToken } = await login(t, customer.email, 'CUSTOMER');
    const before = await stored(customer.id);
    const empty = await t.call('PATCH', PROFILE, { token: accessToken, body: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ id: customer.id, note: 'メモ', company: { name: 'テスト株式会社' } });
    const res = await t.call('PATCH', PROFILE, { token: accessToken, body: { companyName: '荷主商事', city: '港区' } });
    expect(res.statusCode).toBe(200);
    const after = await stored(customer.id);
    expect(after.user).toMatchObject({ lastName: '山田', firstName: '太郎', phone: '0312345678', note: 'メモ' });
    expect(after.company).toMatchObject({ name: '荷主商事', nameKana: before.company!.nameKana });
    expect(after.location).toMatchObject({ city: '港区', prefecture: '東京都', town: '千代田', block: '1-1' });
  });

  it('lets a driver change personal fields, but company fields answer 400 per field and nothing is written', async () => {
    const { manager, drivers } = await makeManagerWithDrivers(t, 1);
    const driver = drivers[0]!;
    const { accessToken } = await login(t, driver.email, 'DRIVER');

    const own = await t.call('PATCH', PROFILE, { token: accessToken, body: { firstName: '次郎', note: '夜間可' } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      firstName: '次郎',
      note: '夜間可',
      activeRole: 'DRIVER',
      company: { id: manager.companyId },
    });

    const before = await stored(driver.id);
    const res = await t.call('PATCH', PROFILE, {
      token: accessToken,
      body: { firstName: '三郎', companyName: '乗っ取り運送', postalCode: '530-0001', website: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'COMPANY_OWNER_ONLY',
      message: '会社情報を変更する権限がありません。',
      details: [
        { path: 'body.companyName', message: '会社情報はドライバー管理者のみ変更できます。' },
        { path: 'body.website', message: '会社情報はドライバー管理者のみ変更できます。' },
        { path: 'body.postalCode', message: '会社情報はドライバー管理者のみ変更できます。' },
      ],
    });
    expect(await stored(driver.id)).toEqual(before);
    expect((await stored(manager.id)).company!.name).toBe('テスト株式会社');
  });

  it('refuses company fields from an account that owns no company (an admin)', async () => {
    const admin = await makeUser(t, ['ADMIN']);
    const { accessToken } = await login(t, admin.email, 'ADMIN');
    const res = await t.call('PATCH', PROFILE, { token: accessToken, body: { companyName: '管理会社' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('COMPANY_OWNER_ONLY');
    const ok = await t.call('PATCH', PROFILE, { token: accessToken, body: { name: '運営担当' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: '運営担当', company: null });
  });

  it('answers 400 with Japanese field errors for malformed fields or emptied required ones, and writes nothing', async () => {
    const manager = await makeUser(t, ['DRIVER_MANAGER']);
    const { accessToken } = await login(t, manager.email, 'DRIVER_MANAGER');
    const before = await stored(manager.id);
    const res = await t.call('PATCH', PROFILE, {
      token: accessToken,
      body: {
        firstName: '花子',
        firstNameKana: 'はなこ',
        phone: '12345',
        companyName: '',
        postalCode: '1000001',
        invoiceRegistrationNumber: 'T123',
        website: 'not a url',
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const messages = Object.fromEntries(body.details.map((d: { path: string; message: string }) => [d.path, d.message]));
    expect(messages).toEqual({
      'body.firstNameKana': '全角カタカナで入力してください。',
      'body.phone': '電話番号は0から始まる10〜12桁の数字で入力してください（ハイフンなし）。',
      'body.companyName': '必須項目です。',
      'body.postalCode': '郵便番号の形式が正しくありません。',
      'body.invoiceRegistrationNumber': '登録番号は「T」に続けて13桁の数字で入力してください。',
      'body.website': 'URLの形式が正しくありません。',
    });
    expect(await stored(manager.id)).toEqual(before);
  });

  it('checks the 登録番号 against the company name, sent or stored (decision 090)', async () => {
    const manager = await makeUser(t, ['DRIVER_MANAGER']);
    const { accessToken: token } = await login(t, manager.email, 'DRIVER_MANAGER');
    const patch = (body: Record<string, unknown>) => t.call('PATCH', PROFILE, { token, body });
    const checkDigit = { 'body.invoiceRegistrationNumber': FIELD_MESSAGES.invoiceNumberCheckDigit };
    const fieldErrors = (res: { json(): { details: { path: string; message: string }[] } }) =>
      Object.fromEntries(res.json().details.map((d) => [d.path, d.message]));

    // The stored name (テスト株式会社) is a 法人's: its number is its 法人番号.
    const byStoredName = await patch({ invoiceRegistrationNumber: 'T1234567890123' });
    expect(byStoredName.statusCode, byStoredName.body).toBe(400);
    expect(fieldErrors(byStoredName)).toEqual(checkDigit);
    const sent = await patch({ companyName: '合同会社ヤマダ', invoiceRegistrationNumber: 'T9876543210987' });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(fieldErrors(sent)).toEqual(checkDigit);
    expect((await stored(manager.id)).company?.invoiceRegistrationNo).toBeNull();

    const valid = await patch({ invoiceRegistrationNumber: 'T2876543210987' });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json().company.invoiceRegistrationNo).toBe('T2876543210987');
    // A 屋号 shows no 法人: the number may be an individual's, taken on its format.
    const shop = await patch({ companyName: 'ヤマダ運送店', invoiceRegistrationNumber: 'T1234567890123' });
    expect(shop.statusCode, shop.body).toBe(200);
    expect(shop.json().company.invoiceRegistrationNo).toBe('T1234567890123');
    // Renamed to a 株式会社, the number it keeps must be a 法人番号.
    const renamed = await patch({ companyName: '株式会社ヤマダ運送' });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(fieldErrors(renamed)).toEqual(checkDigit);
    expect((await stored(manager.id)).company?.name).toBe('ヤマダ運送店');
  });

  it('answers 401 without a token', async () => {
    const res = await t.call('PATCH', PROFILE, { body: { firstName: '誰か' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 USER_NOT_FOUND when the account is gone', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    const session = await t.app.deps.accessTokens.verify(accessToken);
    await t.app.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    // Over HTTP the authenticator already refuses the token of a deleted account …
    expect((await t.call('PATCH', PROFILE, { token: accessToken, body: { firstName: '花子' } })).statusCode).toBe(401);
    // … so the 404 answers an account deleted while its call is under way.
    const accounts = createAccountsService(t.app.deps);
    await expect(accounts.updateProfile(session, { firstName: '花子' })).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
      statusCode: 404,
    });
    expect((await stored(user.id)).user.firstName).toBe('太郎');
  });
});

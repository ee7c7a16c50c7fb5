import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, SUCCESS_MESSAGES } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { PASSWORD, login, makeManagerWithDrivers, makeUser } from '../../../test/fixtures';
import {
  API,
  NEW_PASSWORD,
  customerForm,
  expectError,
  expireLinks,
  managerForm,
  newEmail,
  rowCounts,
  signUp,
} from './registration.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registerCustomer = (body: unknown) => t.call('POST', API.customerRegister, { body });
const registerManager = (body: unknown) => t.call('POST', API.managerRegister, { body });
const verify = (token: string, bearer?: string) =>
  t.call('GET', `${API.verify}?token=${encodeURIComponent(token)}`, { token: bearer });
const session = async (accessToken: string) => (await t.call('GET', API.session, { token: accessToken })).json();

/** Both self-registrations share their rules; each case runs for both. */
const flows = [
  { role: 'CUSTOMER', register: registerCustomer, form: customerForm, alreadyHeld: 'EMAIL_ALREADY_VERIFIED' },
  { role: 'DRIVER_MANAGER', register: registerManager, form: managerForm, alreadyHeld: 'EMAIL_ALREADY_REGISTERED' },
] as const;

describe('POST /auth/customer-register', () => {
  it('completes the journey: sign-up mail → link → verify → register → login', async () => {
    const email = newEmail('customer');
    const token = await signUp(t, email);
    expect((await verify(token)).statusCode).toBe(200);

    const res = await registerCustomer(customerForm(email, token));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), message: SUCCESS_MESSAGES.customerRegistered });

    const signedIn = await login(t, email.toLowerCase(), 'CUSTOMER', NEW_PASSWORD);
    expect(signedIn.user.id).toBe(body.id);
    const user = await session(signedIn.accessToken);
    expect(user).toMatchObject({
      id: body.id,
      email: email.toLowerCase(),
      lastName: '佐藤',
      firstName: '花子',
      lastNameKana: 'サトウ',
      firstNameKana: 'ハナコ',
      phone: '09012345678',
      note: '平日のみ対応',
      parentId: null,
      intentCode: null,
      activeRole: 'CUSTOMER',
      roles: [{ role: 'CUSTOMER', emailVerified: true }],
      company: {
        name: '佐藤商事株式会社',
        nameKana: 'サトウショウジカブシキガイシャ',
        website: 'https://sato.example.jp',
        invoiceRegistrationNo: 'T9234567890123',
        generalFreightLicenseNumber: null,
        lightFreightLicenseNumber: null,
        location: {
          postalCode: '150-0001',
          prefecture: '東京都',
          city: '渋谷区',
          town: '神宮前',
          block: '1-2-3',
          building: '神宮前ビル5F',
        },
      },
    });
    expect(user.companyId).toBe(user.company.id);
    // The account holds no other role: signing in as a driver manager is refused.
    const asManager = await t.call('POST', API.login, { body: { email, password: NEW_PASSWORD, role: 'DRIVER_MANAGER' } });
    expectError(asManager, 401, 'INVALID_CREDENTIALS');
  });

  it('creates the account with only the required fields', async () => {
    const email = newEmail('minimal');
    const token = await signUp(t, email);
    const form = customerForm(email, token, {
      lastName: '',
      firstName: undefined,
      lastNameKana: undefined,
      firstNameKana: undefined,
      building: '',
      website: '',
      invoiceRegistrationNumber: '',
      note: undefined,
    });
    const res = await registerCustomer(form);
    expect(res.statusCode).toBe(201);
    const user = await session((await login(t, email.toLowerCase(), 'CUSTOMER', NEW_PASSWORD)).accessToken);
    // Nameless: named by the company, never by the e-mail (decision 040).
    expect(user).toMatchObject({ lastName: null, firstName: null, note: null, name: form.companyName });
    expect(user.company).toMatchObject({ website: null, invoiceRegistrationNo: null, location: { building: null } });
  });
});

describe('POST /auth/driver-manager-register', () => {
  it('completes the journey and answers the pending payment intentCode, visible in the session', async () => {
    const email = newEmail('manager');
    const token = await signUp(t, email);
    const res = await registerManager(managerForm(email, token));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      message: SUCCESS_MESSAGES.driverManagerRegistered,
      intentCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });

    const signedIn = await login(t, email.toLowerCase(), 'DRIVER_MANAGER', NEW_PASSWORD);
    const user = await session(signedIn.accessToken);
    expect(user).toMatchObject({
      id: body.id,
      intentCode: body.intentCode,
      activeRole: 'DRIVER_MANAGER',
      roles: [{ role: 'DRIVER_MANAGER', emailVerified: true }],
      company: {
        name: '鈴木運輸株式会社',
        generalFreightLicenseNumber: '関自貨第123号',
        lightFreightLicenseNumber: '関自軽第456号',
      },
    });
  });

  it('gives every registration its own intentCode', async () => {
    const codes = [];
    for (let i = 0; i < 2; i++) {
      const email = newEmail('manager');
      codes.push((await registerManager(managerForm(email, await signUp(t, email)))).json().intentCode);
    }
    expect(codes[0]).not.toBe(codes[1]);
  });
});

describe.each(flows)('$role registration refusals', ({ role, register, form, alreadyHeld }) => {
  it('answers 404 for an unknown token and writes nothing', async () => {
    const before = await rowCounts(t);
    expectError(await register(form(newEmail(), 'x'.repeat(43))), 404, 'VERIFICATION_TOKEN_INVALID');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 409 for an expired link and writes nothing', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    await expireLinks(t, email);
    const before = await rowCounts(t);
    expectError(await register(form(email, token)), 409, 'VERIFICATION_TOKEN_EXPIRED');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 409 for a link already used, and for a link replaced by a newer one', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    expect((await register(form(email, token))).statusCode).toBe(201);
    const before = await rowCounts(t);
    expectError(await register(form(email, token)), 409, 'VERIFICATION_TOKEN_EXPIRED');

    const other = newEmail();
    const replaced = await signUp(t, other);
    const fresh = await signUp(t, other);
    expectError(await register(form(other, replaced)), 409, 'VERIFICATION_TOKEN_EXPIRED');
    expect((await rowCounts(t)).users).toBe(before.users);
    expect((await register(form(other, fresh))).statusCode).toBe(201);
  });

  it('registers once when the same link is submitted twice at the same time', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    const before = await rowCounts(t);
    const answers = await Promise.all([register(form(email, token)), register(form(email, token))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await rowCounts(t)).users).toBe(before.users + 1);
  });

  it('answers 401 when the e-mail is not the one the link was sent to, writing nothing', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    const before = await rowCounts(t);
    expectError(await register(form(newEmail('other'), token)), 401, 'EMAIL_MISMATCH');
    expect(await rowCounts(t)).toEqual(before);
    // The link still works for its own address (nothing was consumed).
    expect((await register(form(email, token))).statusCode).toBe(201);
  });

  it(`answers 409 ${alreadyHeld} when the account already holds the role`, async () => {
    const holder = await makeUser(t, [role]);
    const token = await signUp(t, holder.email);
    const before = await rowCounts(t);
    expectError(await register(form(holder.email, token, { password: PASSWORD, confirmPassword: PASSWORD })), 409, alreadyHeld);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 409 when the address became a driver after signing up, writing nothing', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    const { manager } = await makeManagerWithDrivers(t, 0);
    await makeUser(t, ['DRIVER'], { email: email.toLowerCase(), parentId: manager.id, companyId: manager.companyId! });
    const before = await rowCounts(t);
    expectError(await register(form(email, token)), 409, 'EMAIL_ALREADY_REGISTERED');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 400 with Japanese field errors for mismatched passwords and bad formats, writing nothing', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    const before = await rowCounts(t);
    const mismatch = await register(form(email, token, { confirmPassword: 'Other0pass!' }));
    expectError(mismatch, 400, 'VALIDATION_FAILED');
    expect(mismatch.json().details).toEqual([{ path: 'body.confirmPassword', message: 'パスワードが一致しません。' }]);

    const bad = await register(
      form(email, token, {
        password: 'short',
        confirmPassword: 'short',
        phone: '123',
        companyNameKana: 'かな',
        postalCode: '1500001',
        invoiceRegistrationNumber: 'X1',
        companyName: undefined,
      }),
    );
    expectError(bad, 400, 'VALIDATION_FAILED');
    const messages = Object.fromEntries(bad.json().details.map((d: { path: string; message: string }) => [d.path, d.message]));
    expect(messages).toMatchObject({
      'body.password': expect.stringContaining('パスワードは8文字以上'),
      'body.phone': expect.stringContaining('電話番号'),
      'body.companyNameKana': '全角カタカナで入力してください。',
      'body.postalCode': '郵便番号の形式が正しくありません。',
      'body.invoiceRegistrationNumber': expect.stringContaining('登録番号'),
      'body.companyName': '必須項目です。',
    });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses a 株式会社 whose 登録番号 fails the 法人番号 check digit, and takes a shop’s on its format (decision 090)', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    const before = await rowCounts(t);
    const wrong = await register(form(email, token, { invoiceRegistrationNumber: 'T1234567890123' }));
    expectError(wrong, 400, 'VALIDATION_FAILED');
    expect(wrong.json().details).toEqual([
      { path: 'body.invoiceRegistrationNumber', message: FIELD_MESSAGES.invoiceNumberCheckDigit },
    ]);
    expect(await rowCounts(t)).toEqual(before);
    // A name that shows no 法人 may be an individual's: no check digit is published for those.
    const shop = await register(form(email, token, { companyName: '佐藤商店', invoiceRegistrationNumber: 'T1234567890123' }));
    expect(shop.statusCode, shop.body).toBe(201);
  });
});

describe('one account holding both self-registrable roles', () => {
  it('a customer adds the DRIVER_MANAGER role with its own password and keeps its company', async () => {
    const email = newEmail('both');
    const customerToken = await signUp(t, email);
    const customerId = (await registerCustomer(customerForm(email, customerToken))).json().id;
    const asCustomer = await login(t, email.toLowerCase(), 'CUSTOMER', NEW_PASSWORD);

    // Signing up again (the customer now wants to be a manager) mails a new link.
    const token = await signUp(t, email);
    const seen = await verify(token, asCustomer.accessToken);
    expect(seen.json().rolesVerified).toEqual([
      { role: 'CUSTOMER', emailVerified: true, isCurrentUser: true },
      { role: 'DRIVER_MANAGER', emailVerified: false, isCurrentUser: true },
    ]);

    const rolesOf = async (accessToken: string) =>
      (await session(accessToken)).roles.map((r: { role: string; emailVerified: boolean }) => [r.role, r.emailVerified]);
    expect(await rolesOf(asCustomer.accessToken)).toEqual([['CUSTOMER', true]]);

    const before = await rowCounts(t);
    const wrong = await registerManager(managerForm(email, token, { password: 'Wrong0pass!', confirmPassword: 'Wrong0pass!' }));
    expectError(wrong, 401, 'EXISTING_PASSWORD_REQUIRED');
    expect(await rowCounts(t)).toEqual(before);

    const res = await registerManager(managerForm(email, token));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: customerId, intentCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    // The role was added to the same account: no new user, company or location.
    expect(await rowCounts(t)).toMatchObject({
      users: before.users,
      companies: before.companies,
      locations: before.locations,
      userRoles: before.userRoles + 1,
    });
    // The customer's session, read before, shows the new role at once.
    expect(await rolesOf(asCustomer.accessToken)).toEqual([
      ['CUSTOMER', true],
      ['DRIVER_MANAGER', true],
    ]);

    for (const role of ['CUSTOMER', 'DRIVER_MANAGER'] as const) {
      const signedIn = await login(t, email.toLowerCase(), role, NEW_PASSWORD);
      const user = await session(signedIn.accessToken);
      expect(user).toMatchObject({
        id: customerId,
        activeRole: role,
        intentCode: res.json().intentCode,
        company: { name: '佐藤商事株式会社', generalFreightLicenseNumber: null },
      });
      expect(await rolesOf(signedIn.accessToken)).toEqual([
        ['CUSTOMER', true],
        ['DRIVER_MANAGER', true],
      ]);
    }
    // Nothing is left to sign up for.
    expectError(await t.call('POST', API.signup, { body: { email } }), 409, 'EMAIL_ALREADY_REGISTERED');
  });

  it('a driver manager adds the CUSTOMER role; its intentCode is left as it was', async () => {
    const manager = await makeUser(t, ['DRIVER_MANAGER'], { intentCode: null });
    const token = await signUp(t, manager.email);
    expect((await verify(token)).json().rolesVerified).toEqual([
      { role: 'CUSTOMER', emailVerified: false, isCurrentUser: false },
      { role: 'DRIVER_MANAGER', emailVerified: true, isCurrentUser: false },
    ]);
    const wrong = await registerCustomer(customerForm(manager.email, token));
    expectError(wrong, 401, 'EXISTING_PASSWORD_REQUIRED');

    const res = await registerCustomer(customerForm(manager.email, token, { password: PASSWORD, confirmPassword: PASSWORD }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: manager.id, message: SUCCESS_MESSAGES.customerRegistered });
    const user = await session((await login(t, manager.email, 'CUSTOMER')).accessToken);
    expect(user).toMatchObject({ id: manager.id, companyId: manager.companyId, intentCode: null, lastName: '山田' });
    expect((await login(t, manager.email, 'DRIVER_MANAGER')).user.id).toBe(manager.id);
  });
});

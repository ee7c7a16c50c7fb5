import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGES } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeManagerWithDrivers, makeUser } from '../../../test/fixtures';
import {
  API,
  NEW_PASSWORD,
  driverForm,
  expectError,
  expireLinks,
  invite,
  newEmail,
  rowCounts,
  setAccount,
  signUp,
} from './registration.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registerDriver = (body: unknown) => t.call('POST', API.driverRegister, { body });

/** A driver manager (with company テスト株式会社) signed in. */
async function signedInManager() {
  const manager = await makeUser(t, ['DRIVER_MANAGER']);
  return { manager, token: (await login(t, manager.email, 'DRIVER_MANAGER')).accessToken };
}

describe('POST /auth/driver-invite', () => {
  it("mails an invite link naming the manager's company", async () => {
    const { token } = await signedInManager();
    const email = newEmail('driver');
    const before = await rowCounts(t);
    const res = await t.call('POST', API.invite, { body: { email }, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.driverInvited });
    const mail = await t.lastMail(email.toLowerCase());
    expect(mail).toMatchObject({
      template: 'driver-invite',
      subject: '【物流マーケット】テスト株式会社からドライバー登録のご招待',
    });
    expect(mail!.text).toContain('http://app.test/sign-up/driver?token=');
    expect(await rowCounts(t)).toEqual({
      ...before,
      oneTimeTokens: before.oneTimeTokens + 1,
      mailOutbox: before.mailOutbox + 1,
    });
  });

  it('answers 400 for an invalid address with the message of spec §5', async () => {
    const { token } = await signedInManager();
    const res = await t.call('POST', API.invite, { body: { email: 'driver@' }, token });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details).toEqual([{ path: 'body.email', message: '有効なメールアドレスを入力してください' }]);
  });

  it('answers 401 without a token and for every role but the driver manager, writing nothing', async () => {
    const customer = await makeUser(t, ['CUSTOMER']);
    const { drivers } = await makeManagerWithDrivers(t, 1);
    const admin = await makeUser(t, ['ADMIN']);
    const before = await rowCounts(t);
    const body = { email: newEmail('driver') };
    expectError(await t.call('POST', API.invite, { body }), 401, 'UNAUTHENTICATED');
    for (const [who, role] of [
      [customer, 'CUSTOMER'],
      [drivers[0]!, 'DRIVER'],
      [admin, 'ADMIN'],
    ] as const) {
      const token = (await login(t, who.email, role)).accessToken;
      expectError(await t.call('POST', API.invite, { body, token }), 401, 'ROLE_NOT_ALLOWED');
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 401 ALREADY_A_DRIVER for a driver of any company, writing nothing', async () => {
    const { token } = await signedInManager();
    const { drivers } = await makeManagerWithDrivers(t, 1);
    const before = await rowCounts(t);
    expectError(await t.call('POST', API.invite, { body: { email: drivers[0]!.email }, token }), 401, 'ALREADY_A_DRIVER');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 401 INVITEE_HAS_ACCOUNT for any other account, the manager included, writing nothing', async () => {
    const { manager, token } = await signedInManager();
    const customer = await makeUser(t, ['CUSTOMER']);
    const otherManager = await makeUser(t, ['DRIVER_MANAGER']);
    const before = await rowCounts(t);
    for (const email of [customer.email, otherManager.email, manager.email]) {
      const res = await t.call('POST', API.invite, { body: { email }, token });
      expectError(res, 401, 'INVITEE_HAS_ACCOUNT');
      expect(res.json().message).toBe('このメールアドレスは既に別の種別で登録されているため、ドライバーとして招待できません。');
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 404 for a manager without a company, writing nothing', async () => {
    const manager = await makeUser(t, ['DRIVER_MANAGER'], { company: undefined, location: undefined });
    const token = (await login(t, manager.email, 'DRIVER_MANAGER')).accessToken;
    const before = await rowCounts(t);
    expectError(await t.call('POST', API.invite, { body: { email: newEmail('driver') }, token }), 404, 'USER_NOT_FOUND');
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe('POST /auth/driver-register', () => {
  it("completes the journey: invite → link → register → login as a driver of the manager's company", async () => {
    const { manager, token } = await signedInManager();
    const email = newEmail('driver');
    const inviteToken = await invite(t, token, email);

    const res = await registerDriver(driverForm(inviteToken));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), message: SUCCESS_MESSAGES.driverRegistered, intentCode: null });

    const signedIn = await login(t, email.toLowerCase(), 'DRIVER', NEW_PASSWORD);
    const user = (await t.call('GET', API.session, { token: signedIn.accessToken })).json();
    expect(user).toMatchObject({
      id: body.id,
      email: email.toLowerCase(),
      parentId: manager.id,
      companyId: manager.companyId,
      lastName: '高橋',
      firstName: '一郎',
      phone: '08011112222',
      note: '大型免許あり',
      activeRole: 'DRIVER',
      company: { id: manager.companyId, name: 'テスト株式会社' },
    });
    expect(user.roles.map((r: { role: string; emailVerified: boolean }) => [r.role, r.emailVerified])).toEqual([
      ['DRIVER', true],
    ]);
    // A driver holds no other role and cannot sign up for one.
    expectError(
      await t.call('POST', API.login, { body: { email, password: NEW_PASSWORD, role: 'CUSTOMER' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectError(await t.call('POST', API.signup, { body: { email } }), 409, 'EMAIL_ALREADY_REGISTERED');
  });

  it('registers with only the required fields', async () => {
    const { token } = await signedInManager();
    const email = newEmail('driver');
    const inviteToken = await invite(t, token, email);
    const res = await registerDriver({
      token: inviteToken,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      phone: '0312345678',
    });
    expect(res.statusCode).toBe(201);
    const user = (await login(t, email.toLowerCase(), 'DRIVER', NEW_PASSWORD)).user;
    expect(user).toMatchObject({ firstName: null, lastName: null, note: null, phone: '0312345678' });
  });

  it('answers 404 for an unknown or expired invite, and for a sign-up link, writing nothing', async () => {
    const { token } = await signedInManager();
    const email = newEmail('driver');
    const inviteToken = await invite(t, token, email);
    await expireLinks(t, email);
    const signUpEmail = newEmail();
    const signUpToken = await signUp(t, signUpEmail);
    const before = await rowCounts(t);
    for (const presented of ['x'.repeat(43), inviteToken, signUpToken]) {
      expectError(await registerDriver(driverForm(presented)), 404, 'INVITE_TOKEN_INVALID');
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 409 for an invite already used, writing nothing', async () => {
    const { token } = await signedInManager();
    const inviteToken = await invite(t, token, newEmail('driver'));
    expect((await registerDriver(driverForm(inviteToken))).statusCode).toBe(201);
    const before = await rowCounts(t);
    expectError(await registerDriver(driverForm(inviteToken)), 409, 'INVITE_TOKEN_USED');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('registers once when the same invite is submitted twice at the same time', async () => {
    const { token } = await signedInManager();
    const inviteToken = await invite(t, token, newEmail('driver'));
    const before = await rowCounts(t);
    const answers = await Promise.all([registerDriver(driverForm(inviteToken)), registerDriver(driverForm(inviteToken))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await rowCounts(t)).users).toBe(before.users + 1);
  });

  it('re-inviting an address sends a new link and the old one stops working', async () => {
    const { token } = await signedInManager();
    const email = newEmail('driver');
    const old = await invite(t, token, email);
    const fresh = await invite(t, token, email);
    expect(fresh).not.toBe(old);
    expectError(await registerDriver(driverForm(old)), 409, 'INVITE_TOKEN_USED');
    expect((await registerDriver(driverForm(fresh))).statusCode).toBe(201);
  });

  it('answers 404 when the address became a driver since the invite, writing nothing', async () => {
    const { token } = await signedInManager();
    const email = newEmail('driver');
    const inviteToken = await invite(t, token, email);
    const { manager: other } = await makeManagerWithDrivers(t, 0);
    await makeUser(t, ['DRIVER'], { email: email.toLowerCase(), parentId: other.id, companyId: other.companyId! });
    const before = await rowCounts(t);
    expectError(await registerDriver(driverForm(inviteToken)), 404, 'INVITE_TOKEN_INVALID');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 409 when the address got another kind of account since the invite, writing nothing', async () => {
    const { token } = await signedInManager();
    const email = newEmail('driver');
    const inviteToken = await invite(t, token, email);
    await makeUser(t, ['CUSTOMER'], { email: email.toLowerCase() });
    const before = await rowCounts(t);
    expectError(await registerDriver(driverForm(inviteToken)), 409, 'EMAIL_ALREADY_REGISTERED');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 404 when the inviting manager was suspended or deleted, writing nothing', async () => {
    for (const change of [{ status: 'INACTIVE' as const }, { deletedAt: new Date() }]) {
      const { manager, token } = await signedInManager();
      const inviteToken = await invite(t, token, newEmail('driver'));
      await setAccount(t, manager.id, change);
      const before = await rowCounts(t);
      expectError(await registerDriver(driverForm(inviteToken)), 404, 'USER_NOT_FOUND');
      expect(await rowCounts(t)).toEqual(before);
    }
  });

  it('answers 400 with Japanese field errors for mismatched passwords and bad formats, writing nothing', async () => {
    const { token } = await signedInManager();
    const inviteToken = await invite(t, token, newEmail('driver'));
    const before = await rowCounts(t);
    const mismatch = await registerDriver(driverForm(inviteToken, { confirmPassword: 'Other0pass!' }));
    expectError(mismatch, 400, 'VALIDATION_FAILED');
    expect(mismatch.json().details).toEqual([{ path: 'body.confirmPassword', message: 'パスワードが一致しません。' }]);
    const bad = await registerDriver({
      token: inviteToken,
      password: 'weakpass',
      confirmPassword: 'weakpass',
      lastNameKana: 'たかはし',
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.lastNameKana', 'body.password', 'body.phone']);
    expect(await rowCounts(t)).toEqual(before);
    // The refused calls did not use the invite up.
    expect((await registerDriver(driverForm(inviteToken))).statusCode).toBe(201);
  });
});

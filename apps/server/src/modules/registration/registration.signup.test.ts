import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGES } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeManagerWithDrivers, makeUser } from '../../../test/fixtures';
import {
  API,
  customerForm,
  expectError,
  expireLinks,
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

const verify = (token: string, bearer?: string) =>
  t.call('GET', `${API.verify}?token=${encodeURIComponent(token)}`, { token: bearer });
const resend = (email: string) => t.call('GET', `${API.resend}?email=${encodeURIComponent(email)}`);

describe('POST /auth/signup', () => {
  it('mails a verification link to a new address and writes no account', async () => {
    const email = newEmail();
    const before = await rowCounts(t);
    const res = await t.call('POST', API.signup, { body: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.registrationMailSent });

    const mail = await t.lastMail(email.toLowerCase());
    expect(mail).toMatchObject({
      template: 'verify-email',
      subject: '【物流マーケット】メールアドレスの確認',
      status: expect.any(String),
    });
    expect(mail!.text).toContain('http://app.test/sign-up/verify-email?token=');
    const after = await rowCounts(t);
    expect(after).toEqual({ ...before, oneTimeTokens: before.oneTimeTokens + 1, mailOutbox: before.mailOutbox + 1 });

    const token = await t.lastMailToken(email.toLowerCase());
    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: SUCCESS_MESSAGES.emailVerified,
      email: email.toLowerCase(),
      rolesVerified: [
        { role: 'CUSTOMER', emailVerified: false, isCurrentUser: false },
        { role: 'DRIVER_MANAGER', emailVerified: false, isCurrentUser: false },
      ],
    });
  });

  it('answers 400 with a Japanese field error for an invalid address and writes nothing', async () => {
    const before = await rowCounts(t);
    for (const body of [{ email: 'not-an-email' }, {}]) {
      const res = await t.call('POST', API.signup, { body });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.json().details[0].path).toBe('body.email');
    }
    const res = await t.call('POST', API.signup, { body: { email: 'not-an-email' } });
    expect(res.json().details).toEqual([{ path: 'body.email', message: '有効なメールアドレスを入力してください' }]);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 409 for an account that holds both roles, a driver, an admin or a deleted account, writing nothing', async () => {
    const both = await makeUser(t, ['CUSTOMER', 'DRIVER_MANAGER']);
    const { drivers } = await makeManagerWithDrivers(t, 1);
    const admin = await makeUser(t, ['ADMIN']);
    const deleted = await makeUser(t, ['CUSTOMER']);
    await setAccount(t, deleted.id, { deletedAt: new Date() });
    const before = await rowCounts(t);
    for (const email of [both.email, both.email.toUpperCase(), drivers[0]!.email, admin.email, deleted.email]) {
      expectError(await t.call('POST', API.signup, { body: { email } }), 409, 'EMAIL_ALREADY_REGISTERED');
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('mails a link to an account that holds one self-registrable role, so it can add the other', async () => {
    const customer = await makeUser(t, ['CUSTOMER']);
    const token = await signUp(t, customer.email);
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().rolesVerified).toEqual([
      { role: 'CUSTOMER', emailVerified: true, isCurrentUser: false },
      { role: 'DRIVER_MANAGER', emailVerified: false, isCurrentUser: false },
    ]);
  });

  it('signing up again sends a new link and the old one stops working', async () => {
    const email = newEmail();
    const first = await signUp(t, email);
    const second = await signUp(t, email);
    expect(second).not.toBe(first);
    expectError(await verify(first), 404, 'VERIFICATION_TOKEN_INVALID');
    expect((await verify(second)).statusCode).toBe(200);
  });
});

describe('GET /auth/resend-verify', () => {
  it('answers 404 for an address with neither an account nor a pending sign-up, writing nothing', async () => {
    const before = await rowCounts(t);
    expectError(await resend(newEmail('nobody')), 404, 'USER_NOT_FOUND');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('sends a new link for a pending sign-up; the new link replaces the old one', async () => {
    const email = newEmail();
    const old = await signUp(t, email);
    const before = await rowCounts(t);
    const res = await resend(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.registrationMailSent });
    expect((await rowCounts(t)).mailOutbox).toBe(before.mailOutbox + 1);
    const fresh = await t.lastMailToken(email.toLowerCase());
    expect(fresh).not.toBe(old);
    expectError(await verify(old), 404, 'VERIFICATION_TOKEN_INVALID');
    expect((await verify(fresh)).json().email).toBe(email.toLowerCase());
  });

  it('sends a working link when the pending link has expired', async () => {
    const email = newEmail();
    const old = await signUp(t, email);
    await expireLinks(t, email);
    expectError(await verify(old), 404, 'VERIFICATION_TOKEN_INVALID');
    expect((await resend(email)).statusCode).toBe(200);
    expect((await verify(await t.lastMailToken(email.toLowerCase()))).statusCode).toBe(200);
  });

  it('sends a link to an account holding one role even without a pending sign-up', async () => {
    const manager = await makeUser(t, ['DRIVER_MANAGER']);
    expect((await resend(manager.email)).statusCode).toBe(200);
    const res = await verify(await t.lastMailToken(manager.email));
    expect(res.json().rolesVerified).toEqual([
      { role: 'CUSTOMER', emailVerified: false, isCurrentUser: false },
      { role: 'DRIVER_MANAGER', emailVerified: true, isCurrentUser: false },
    ]);
  });

  it('answers 401 when the account holds every self-registrable role or is a driver, writing nothing', async () => {
    const both = await makeUser(t, ['CUSTOMER', 'DRIVER_MANAGER']);
    const { drivers } = await makeManagerWithDrivers(t, 1);
    const before = await rowCounts(t);
    for (const email of [both.email, drivers[0]!.email]) {
      const res = await resend(email);
      expectError(res, 401, 'RESEND_ALREADY_VERIFIED');
      expect(res.json().message).toBe('このメールアドレスは既に認証済みです。');
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 400 for a missing or invalid address', async () => {
    expectError(await t.call('GET', API.resend), 400, 'VALIDATION_FAILED');
    expectError(await resend('nope'), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /auth/verify-email-token', () => {
  it('answers 404 for an unknown token, an expired one and one already used', async () => {
    expectError(await verify('x'.repeat(43)), 404, 'VERIFICATION_TOKEN_INVALID');
    expectError(await verify('garbage'), 404, 'VERIFICATION_TOKEN_INVALID');

    const expiredEmail = newEmail();
    const expired = await signUp(t, expiredEmail);
    await expireLinks(t, expiredEmail);
    expectError(await verify(expired), 404, 'VERIFICATION_TOKEN_INVALID');

    const usedEmail = newEmail();
    const used = await signUp(t, usedEmail);
    expect((await t.call('POST', API.customerRegister, { body: customerForm(usedEmail, used) })).statusCode).toBe(201);
    expectError(await verify(used), 404, 'VERIFICATION_TOKEN_INVALID');
  });

  it('answers 400 without a token', async () => {
    expectError(await t.call('GET', API.verify), 400, 'VALIDATION_FAILED');
  });

  it('does not consume the link: it can be read again and still registers', async () => {
    const email = newEmail();
    const token = await signUp(t, email);
    expect((await verify(token)).statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(200);
    expect((await t.call('POST', API.customerRegister, { body: customerForm(email, token) })).statusCode).toBe(201);
  });

  it('marks the roles as the current user only for a caller signed in to that account', async () => {
    const customer = await makeUser(t, ['CUSTOMER']);
    const other = await makeUser(t, ['CUSTOMER']);
    const token = await signUp(t, customer.email);
    const own = await login(t, customer.email, 'CUSTOMER');
    const stranger = await login(t, other.email, 'CUSTOMER');

    const asOwner = await verify(token, own.accessToken);
    expect(asOwner.json().rolesVerified).toEqual([
      { role: 'CUSTOMER', emailVerified: true, isCurrentUser: true },
      { role: 'DRIVER_MANAGER', emailVerified: false, isCurrentUser: true },
    ]);
    for (const bearer of [stranger.accessToken, 'not-a-jwt', undefined]) {
      const res = await verify(token, bearer);
      expect(res.statusCode).toBe(200);
      expect(res.json().rolesVerified.map((r: { isCurrentUser: boolean }) => r.isCurrentUser)).toEqual([false, false]);
    }
  });
});

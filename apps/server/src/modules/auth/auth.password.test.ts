import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, oneTimeTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { PASSWORD, login, makeUser } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHANGE = '/api/v1/auth/change-password';
const FORGOT = '/api/v1/auth/forgot-password';
const VERIFY = '/api/v1/auth/verify-reset-token';
const RESET = '/api/v1/auth/reset-password';
const NEW_PASSWORD = 'N3w-Passw0rd';

const mailCount = async (to: string) =>
  (await t.app.deps.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!.n;

describe('PATCH /auth/change-password', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const here = await login(t, user.email, 'CUSTOMER');
    const elsewhere = await login(t, user.email, 'CUSTOMER');
    const res = await t.call('PATCH', CHANGE, {
      token: here.accessToken,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'パスワードを変更しました。' });
    expect((await t.call('GET', '/api/v1/auth/session', { token: here.accessToken })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/session', { token: elsewhere.accessToken })).statusCode).toBe(401);
    await expect(login(t, user.email, 'CUSTOMER')).rejects.toThrow(/401/);
    await login(t, user.email, 'CUSTOMER', NEW_PASSWORD);
  });

  it('answers 401 for a wrong current password and changes nothing', async () => {
    const user = await makeUser(t, ['DRIVER_MANAGER']);
    const { accessToken } = await login(t, user.email, 'DRIVER_MANAGER');
    const res = await t.call('PATCH', CHANGE, {
      token: accessToken,
      body: { currentPassword: 'Wr0ng-pass', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT', message: '現在のパスワードが正しくありません。' });
    await login(t, user.email, 'DRIVER_MANAGER');
  });

  it('answers 400 for a weak password or a mismatched confirmation', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    const weak = await t.call('PATCH', CHANGE, {
      token: accessToken,
      body: { currentPassword: PASSWORD, newPassword: 'weakpass', confirmNewPassword: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0]).toMatchObject({ path: 'body.newPassword' });
    const mismatch = await t.call('PATCH', CHANGE, {
      token: accessToken,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD + 'x' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([{ path: 'body.confirmNewPassword', message: 'パスワードが一致しません。' }]);
    await login(t, user.email, 'CUSTOMER');
  });

  it('needs a signed-in caller', async () => {
    const res = await t.call('PATCH', CHANGE, {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset by e-mail', () => {
  it('mails a link for the role, verifies it, resets the password once and signs out every session', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const session = await login(t, user.email, 'CUSTOMER');
    const res = await t.call('POST', FORGOT, { body: { email: user.email, role: 'CUSTOMER' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'パスワード再設定用のメールを送信しました。' });
    const mail = await t.lastMail(user.email);
    expect(mail!.subject).toBe('【物流マーケット】パスワード再設定のご案内');
    expect(mail!.text).toContain('http://app.test/forgot-password/reset-password?token=');
    expect(mail!.text).toContain('role=CUSTOMER');
    const token = await t.lastMailToken(user.email);

    const verified = await t.call('GET', `${VERIFY}?token=${token}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ valid: true });

    const reset = await t.call('POST', RESET, { body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/session', { token: session.accessToken })).statusCode).toBe(401);
    await login(t, user.email, 'CUSTOMER', NEW_PASSWORD);

    // The link works once.
    const again = await t.call('POST', RESET, { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await t.call('GET', `${VERIFY}?token=${token}`)).statusCode).toBe(404);
  });

  it('answers 404 when no account holds that e-mail with that role, and sends nothing', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const res = await t.call('POST', FORGOT, { body: { email: user.email, role: 'DRIVER' } });
    expect(res.statusCode).toBe(404);
    expect((await t.call('POST', FORGOT, { body: { email: 'ghost@example.jp', role: 'CUSTOMER' } })).statusCode).toBe(404);
    expect(await mailCount(user.email)).toBe(0);
  });

  it('answers 400 for an invalid e-mail or a missing role', async () => {
    expect((await t.call('POST', FORGOT, { body: { email: 'nope', role: 'CUSTOMER' } })).statusCode).toBe(400);
    const res = await t.call('POST', FORGOT, { body: { email: 'a@example.jp' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'body.role', message: expect.any(String) }]);
  });

  it('verify-reset-token: 400 for a malformed token, 404 for an unknown or expired one', async () => {
    expect((await t.call('GET', `${VERIFY}?token=abc`)).statusCode).toBe(400);
    expect((await t.call('GET', `${VERIFY}?token=${'a'.repeat(43)}`)).statusCode).toBe(404);
    const user = await makeUser(t, ['CUSTOMER']);
    await t.call('POST', FORGOT, { body: { email: user.email, role: 'CUSTOMER' } });
    const token = await t.lastMailToken(user.email);
    await t.app.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.email, user.email));
    const res = await t.call('GET', `${VERIFY}?token=${token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('パスワード再設定リンクが無効か、有効期限が切れています。');
    const reset = await t.call('POST', RESET, { body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(404);
    await login(t, user.email, 'CUSTOMER');
  });

  it('a newer link replaces the older one', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    await t.call('POST', FORGOT, { body: { email: user.email, role: 'CUSTOMER' } });
    const older = await t.lastMailToken(user.email);
    await new Promise((r) => setTimeout(r, 5));
    await t.call('POST', FORGOT, { body: { email: user.email, role: 'CUSTOMER' } });
    const newer = await t.lastMailToken(user.email);
    expect(newer).not.toBe(older);
    expect((await t.call('GET', `${VERIFY}?token=${older}`)).statusCode).toBe(404);
    expect((await t.call('GET', `${VERIFY}?token=${newer}`)).statusCode).toBe(200);
  });

  it('reset-password: 400 for a weak password, and the token stays usable', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    await t.call('POST', FORGOT, { body: { email: user.email, role: 'CUSTOMER' } });
    const token = await t.lastMailToken(user.email);
    const weak = await t.call('POST', RESET, { body: { token, password: 'short', confirmPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect((await t.call('GET', `${VERIFY}?token=${token}`)).statusCode).toBe(200);
  });
});

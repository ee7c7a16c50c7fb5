import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, oneTimeTokens, tokenFamilies, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { PASSWORD, login, makeUser } from '../../../test/fixtures';
import { createAccountsService } from './accounts.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REQUEST = '/api/v1/auth/request-email-update';
const VERIFY = '/api/v1/auth/verify-email-update';
const SESSION = '/api/v1/auth/session';
const REFRESH = '/api/v1/auth/refresh-token';
const LOGIN = '/api/v1/auth/login';

let counter = 0;
const newAddress = () => `new-${Date.now()}-${++counter}@example.jp`;

const mailCount = async (to: string) =>
  (await t.app.deps.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!.n;

const emailOf = async (userId: string) =>
  (await t.app.deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

const openFamilies = async (userId: string) =>
  (
    await t.app.deps.db
      .select({ n: count() })
      .from(tokenFamilies)
      .where(and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt)))
  )[0]!.n;

/** A signed-in customer who asked to move to a new address, and the link mailed there. */
async function requested() {
  const user = await makeUser(t, ['CUSTOMER']);
  const session = await login(t, user.email, 'CUSTOMER');
  const email = newAddress();
  const res = await t.call('POST', REQUEST, { token: session.accessToken, body: { email } });
  expect(res.statusCode).toBe(200);
  return { user, session, email, token: await t.lastMailToken(email) };
}

describe('POST /auth/request-email-update → POST /auth/verify-email-update', () => {
  it('mails a link to the new address; opening it changes the address and signs every session out', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const session = await login(t, user.email, 'CUSTOMER');
    const other = await login(t, user.email, 'CUSTOMER');
    const email = newAddress();

    const res = await t.call('POST', REQUEST, { token: session.accessToken, body: { email: email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '確認用メールを新しいメールアドレスに送信しました。' });
    const mail = await t.lastMail(email);
    expect(mail).toMatchObject({ template: 'verify-email-update', subject: '【物流マーケット】メールアドレス変更の確認' });
    expect(mail!.text).toContain('http://app.test/verify-email-update?token=');
    expect(await mailCount(user.email)).toBe(0);
    // Nothing changes until the link is opened.
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await t.call('GET', SESSION, { token: session.accessToken })).statusCode).toBe(200);

    // The link is public: it may be opened on another device, without a token.
    const token = await t.lastMailToken(email);
    const verified = await t.call('POST', VERIFY, { body: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'メールアドレスを変更しました。' });
    expect(await emailOf(user.id)).toBe(email);

    // Every session signs in again, with the new address.
    expect(await openFamilies(user.id)).toBe(0);
    for (const s of [session, other]) {
      expect((await t.call('GET', SESSION, { token: s.accessToken })).statusCode).toBe(401);
      expect((await t.call('POST', REFRESH, { token: s.refreshToken })).statusCode).toBe(401);
    }
    const old = await t.call('POST', LOGIN, { body: { email: user.email, password: PASSWORD, role: 'CUSTOMER' } });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('INVALID_CREDENTIALS');
    const fresh = await login(t, email, 'CUSTOMER');
    expect(fresh.user).toMatchObject({ id: user.id, email });

    // The link works once.
    const again = await t.call('POST', VERIFY, { body: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_TOKEN_INVALID', message: '認証リンクが無効です。' });
  });

  it('a newer request replaces the older link, even to another address', async () => {
    const { session, email: first, token: older, user } = await requested();
    const second = newAddress();
    await t.call('POST', REQUEST, { token: session.accessToken, body: { email: second } });
    const newer = await t.lastMailToken(second);
    expect((await t.call('POST', VERIFY, { body: { token: older } })).statusCode).toBe(404);
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await t.call('POST', VERIFY, { body: { token: newer } })).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(second);
    expect(second).not.toBe(first);
  });
});

describe('POST /auth/request-email-update', () => {
  it('answers 400 for an invalid e-mail and sends nothing', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    for (const body of [{ email: 'not-an-email' }, {}]) {
      const res = await t.call('POST', REQUEST, { token: accessToken, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.email' }] });
    }
    expect(await mailCount('not-an-email')).toBe(0);
  });

  it('answers 409 EMAIL_SAME_AS_CURRENT for the current address, in any case', async () => {
    const user = await makeUser(t, ['DRIVER_MANAGER']);
    const { accessToken } = await login(t, user.email, 'DRIVER_MANAGER');
    const res = await t.call('POST', REQUEST, { token: accessToken, body: { email: user.email.toUpperCase() } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_SAME_AS_CURRENT', message: '現在のメールアドレスと同じです。' });
    expect(await mailCount(user.email)).toBe(0);
  });

  it('answers 409 EMAIL_ALREADY_REGISTERED when another account, even a deleted one, holds the address', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const taken = await makeUser(t, ['DRIVER']);
    const deleted = await makeUser(t, ['CUSTOMER']);
    await t.app.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    for (const email of [taken.email, deleted.email]) {
      const res = await t.call('POST', REQUEST, { token: accessToken, body: { email } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'EMAIL_ALREADY_REGISTERED',
        message: 'このメールアドレスは既に登録されています。',
      });
      expect(await mailCount(email)).toBe(0);
    }
    const tokens = await t.app.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(tokens).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const email = newAddress();
    const res = await t.call('POST', REQUEST, { body: { email } });
    expect(res.statusCode).toBe(401);
    expect(await mailCount(email)).toBe(0);
  });

  it('answers 404 USER_NOT_FOUND when the account is gone', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    const session = await t.app.deps.accessTokens.verify(accessToken);
    await t.app.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const email = newAddress();
    // Over HTTP the token of a deleted account is refused first; the 404 answers a deletion mid-call.
    expect((await t.call('POST', REQUEST, { token: accessToken, body: { email } })).statusCode).toBe(401);
    await expect(createAccountsService(t.app.deps).requestEmailUpdate(session, email)).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
      statusCode: 404,
    });
    expect(await mailCount(email)).toBe(0);
  });
});

describe('POST /auth/verify-email-update', () => {
  it('answers 404 VERIFICATION_TOKEN_INVALID for an unknown or expired link; 400 without a token', async () => {
    expect((await t.call('POST', VERIFY, { body: { token: 'a'.repeat(43) } })).json().code).toBe('VERIFICATION_TOKEN_INVALID');
    const { user, token } = await requested();
    await t.app.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await t.call('POST', VERIFY, { body: { token } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('VERIFICATION_TOKEN_INVALID');
    expect(await emailOf(user.id)).toBe(user.email);
    const missing = await t.call('POST', VERIFY, { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'body.token', message: '必須項目です。' }]);
  });

  it('answers 404 USER_NOT_FOUND when the account was deleted after asking', async () => {
    const { user, token } = await requested();
    await t.app.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const res = await t.call('POST', VERIFY, { body: { token } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('answers 409 when another account took the address meanwhile, and changes nothing', async () => {
    const { user, session, email, token } = await requested();
    await makeUser(t, ['CUSTOMER'], { email });
    const res = await t.call('POST', VERIFY, { body: { token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_ALREADY_REGISTERED');
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await t.call('GET', SESSION, { token: session.accessToken })).statusCode).toBe(200);
    const [row] = await t.app.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(row!.consumedAt).toBeNull();
  });
});

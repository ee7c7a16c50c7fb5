import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, tokenFamilies } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { PASSWORD, login, makeManagerWithDrivers, makeUser } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/api/v1/auth/login';
const SESSION = '/api/v1/auth/session';
const REFRESH = '/api/v1/auth/refresh-token';
const LOGOUT = '/api/v1/auth/logout';

describe('POST /auth/login', () => {
  it('signs in with e-mail, password and role and answers tokens and the session user', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const res = await t.call('POST', LOGIN, { body: { email: user.email.toUpperCase(), password: PASSWORD, role: 'CUSTOMER' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken).toMatch(/^ey/);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      activeRole: 'CUSTOMER',
      status: 'ACTIVE',
      roles: [{ role: 'CUSTOMER', emailVerified: true, description: '荷主' }],
      company: { name: 'テスト株式会社', location: { postalCode: '100-0001', prefecture: '東京都' } },
    });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('refuses a wrong password, an unknown e-mail and a role the account does not hold alike', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    for (const body of [
      { email: user.email, password: 'Wrong0pass!', role: 'CUSTOMER' },
      { email: 'nobody@example.jp', password: PASSWORD, role: 'CUSTOMER' },
      { email: user.email, password: PASSWORD, role: 'DRIVER_MANAGER' },
      { email: user.email, password: PASSWORD, role: 'GUEST' },
    ]) {
      const res = await t.call('POST', LOGIN, { body });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        code: 'INVALID_CREDENTIALS',
        message: 'メールアドレスまたはパスワードが正しくありません。',
      });
    }
  });

  it('tells a suspended account with the right password that it is suspended', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    await t.app.database.db.execute(`update users set status = 'INACTIVE' where id = '${user.id}'`);
    const res = await t.call('POST', LOGIN, { body: { email: user.email, password: PASSWORD, role: 'CUSTOMER' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    const wrong = await t.call('POST', LOGIN, { body: { email: user.email, password: 'Wrong0pass!', role: 'CUSTOMER' } });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('answers 400 with Japanese field errors for malformed input', async () => {
    const res = await t.call('POST', LOGIN, { body: { email: 'not-an-email', role: 'PILOT' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.password', 'body.role']));
    expect(body.details.find((d: { path: string }) => d.path === 'body.email').message).toBe(
      '有効なメールアドレスを入力してください',
    );
  });
});

describe('GET /auth/session', () => {
  it('answers the user with company and location for the role signed in with', async () => {
    const { manager, drivers } = await makeManagerWithDrivers(t, 1);
    const { accessToken } = await login(t, drivers[0]!.email, 'DRIVER');
    const res = await t.call('GET', SESSION, { token: accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: drivers[0]!.id,
      activeRole: 'DRIVER',
      parentId: manager.id,
      companyId: manager.companyId,
    });
    expect(res.json().company.id).toBe(manager.companyId);
  });

  it('refuses no token, a forged token and an expired token with 401', async () => {
    expect((await t.call('GET', SESSION)).json().code).toBe('UNAUTHENTICATED');
    const user = await makeUser(t, ['CUSTOMER']);
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    const forged = accessToken.slice(0, -4) + (accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await t.call('GET', SESSION, { token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ACCESS_TOKEN_INVALID');

    const [family] = await t.app.deps.db.select().from(tokenFamilies).where(eq(tokenFamilies.userId, user.id));
    const expired = await new SignJWT({ role: 'CUSTOMER', fid: family!.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('logistics-marketplace')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const old = await t.call('GET', SESSION, { token: expired });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('ACCESS_TOKEN_EXPIRED');
  });

  it('answers 404 when the account no longer exists', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const { refreshToken, accessToken } = await login(t, user.email, 'CUSTOMER');
    await t.app.database.db.execute(`update users set deleted_at = now() where id = '${user.id}'`);
    // The access token no longer resolves to an account …
    expect((await t.call('GET', SESSION, { token: accessToken })).statusCode).toBe(401);
    // … and the refresh token finds no user.
    const res = await t.call('POST', REFRESH, { token: refreshToken });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
  });
});

describe('POST /auth/refresh-token', () => {
  it('rotates both tokens; the old refresh token then revokes the whole family', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const first = await login(t, user.email, 'CUSTOMER');
    const res = await t.call('POST', REFRESH, { token: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).toMatch(/^ey/);
    expect(second.user).toMatchObject({ id: user.id, activeRole: 'CUSTOMER' });
    expect((await t.call('GET', SESSION, { token: second.accessToken })).statusCode).toBe(200);

    // Someone replays the first refresh token: reuse detected, the family is revoked.
    const replay = await t.call('POST', REFRESH, { token: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_INVALID');
    expect((await t.call('POST', REFRESH, { token: second.refreshToken })).statusCode).toBe(401);
    expect((await t.call('GET', SESSION, { token: second.accessToken })).statusCode).toBe(401);
    const [family] = await t.app.deps.db.select().from(tokenFamilies).where(eq(tokenFamilies.userId, user.id));
    expect(family!.revokedReason).toBe('REUSE_DETECTED');
  });

  it('gives exactly one winner when the same refresh token is presented twice at once', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const { refreshToken } = await login(t, user.email, 'CUSTOMER');
    const results = await Promise.all([
      t.call('POST', REFRESH, { token: refreshToken }),
      t.call('POST', REFRESH, { token: refreshToken }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a missing, malformed, unknown or expired refresh token', async () => {
    expect((await t.call('POST', REFRESH)).statusCode).toBe(401);
    expect((await t.call('POST', REFRESH, { token: 'short' })).statusCode).toBe(401);
    expect((await t.call('POST', REFRESH, { token: 'x'.repeat(43) })).statusCode).toBe(401);
    const user = await makeUser(t, ['CUSTOMER']);
    const { refreshToken } = await login(t, user.email, 'CUSTOMER');
    const [family] = await t.app.deps.db.select().from(tokenFamilies).where(eq(tokenFamilies.userId, user.id));
    await t.app.deps.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, family!.id));
    const res = await t.call('POST', REFRESH, { token: refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('refuses an access token presented as a refresh token', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    expect((await t.call('POST', REFRESH, { token: accessToken })).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('ends the session: its access and refresh tokens stop working, other sessions go on', async () => {
    const user = await makeUser(t, ['CUSTOMER', 'DRIVER_MANAGER']);
    const phone = await login(t, user.email, 'CUSTOMER');
    const desktop = await login(t, user.email, 'DRIVER_MANAGER');
    const res = await t.call('POST', LOGOUT, { token: phone.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'ログアウトしました。' });
    expect((await t.call('GET', SESSION, { token: phone.accessToken })).statusCode).toBe(401);
    expect((await t.call('POST', REFRESH, { token: phone.refreshToken })).statusCode).toBe(401);
    const other = await t.call('GET', SESSION, { token: desktop.accessToken });
    expect(other.statusCode).toBe(200);
    expect(other.json().activeRole).toBe('DRIVER_MANAGER');
  });

  it('needs a token', async () => {
    const res = await t.call('POST', LOGOUT);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

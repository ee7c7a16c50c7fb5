/**
 * Credential stuffing (issue 13): besides the per-address rate limit, failed logins are
 * limited per account. An unknown e-mail behaves exactly as a known one, so the limit does
 * not tell an attacker which addresses have accounts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { makeUser } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_LOCK_MINUTES: '15' });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.call('POST', '/api/v1/auth/login', { body: { email, password, role: 'CUSTOMER' }, headers: { 'x-forwarded-for': ip } });

describe('failed logins per account', () => {
  it('after the limit the account refuses even the right password, from any address, with a Japanese message', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'Wrong-pass1!', `10.0.1.${i}`)).statusCode).toBe(401);
    const locked = await login(user.email, user.password, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'LOGIN_LOCKED',
      message: ERROR_MESSAGES.LOGIN_LOCKED,
    });
    // Another account is not affected.
    const other = await makeUser(t, ['CUSTOMER']);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('an unknown e-mail is limited the same way: no account enumeration', async () => {
    const unknown = `nobody-${Date.now()}@example.jp`;
    const known = await makeUser(t, ['CUSTOMER']);
    const answers = async (email: string) => {
      const out: [number, string][] = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(email, 'Wrong-pass1!');
        out.push([res.statusCode, res.json().code as string]);
      }
      return out;
    };
    const forUnknown = await answers(unknown);
    expect(forUnknown).toEqual(await answers(known.email));
    expect(forUnknown.at(-1)).toEqual([429, 'LOGIN_LOCKED']);
  });

  it('a successful login clears the count; the lock ends after its time', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    for (let i = 0; i < 2; i++) await login(user.email, 'Wrong-pass1!');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(user.email, 'Wrong-pass1!')).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) await login(user.email, 'Wrong-pass1!');
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    // Time passes: the lock and its window are moved 16 minutes into the past.
    await t.app.database.db.execute(
      sql`UPDATE login_throttles SET locked_until = locked_until - interval '16 minutes', window_started_at = window_started_at - interval '16 minutes'`,
    );
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

/**
 * The admin's second factor (decision 053), through the API: enrolment with a QR code and a
 * secret, confirmation by a first code, recovery codes shown once; the login's second step
 * with a code, a wrong, a replayed and an expired one, a recovery code once; the failures
 * counted by the per-account lock and the per-client rate limit; disabling; non-admins refused.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES, RECOVERY_CODE_PATTERN, SUCCESS_MESSAGES, type TAuditLog } from '@logi/contract';
import { totpFactors } from '../../db/schema';
import { createTotpChallenges } from '../../platform/tokens/totp-challenges';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';

const API = '/api/v1';
/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function expectError(res: { statusCode: number; json(): unknown }, status: number, code: keyof typeof ERROR_MESSAGES) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code, message: ERROR_MESSAGES[code] });
}

/** An admin with its second factor on: its secret, recovery codes and the code used to confirm. */
async function enrolledAdmin(t: TestApp) {
  const admin = await makeUser(t, ['ADMIN']);
  const { accessToken: token } = await login(t, admin.email, 'ADMIN');
  const started = await t.call('POST', `${API}/auth/totp/enrolment`, { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmCode = codeAt(secret);
  const confirmed = await t.call('POST', `${API}/auth/totp/enrolment/confirm`, { token, body: { code: confirmCode } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { admin, token, secret, confirmCode, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

const passwordStep = (t: TestApp, email: string, password: string) =>
  t.call('POST', `${API}/auth/login`, { body: { email, password, role: 'ADMIN' } });
const codeStep = (t: TestApp, challengeToken: string, code: string) =>
  t.call('POST', `${API}/auth/login/totp`, { body: { challengeToken, code } });
async function challengeOf(t: TestApp, email: string, password: string): Promise<string> {
  const res = await passwordStep(t, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { challengeToken: string }).challengeToken;
}

describe('the admin second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('enrols: a secret with its QR code, stored encrypted, on only after a right first code; ten recovery codes once', async () => {
    const admin = await makeUser(t, ['ADMIN']);
    const { accessToken: token } = await login(t, admin.email, 'ADMIN');
    const status = () => t.call('GET', `${API}/auth/totp`, { token });
    expect((await status()).json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });
    await expectError(
      await t.call('POST', `${API}/auth/totp/enrolment/confirm`, { token, body: { code: '123456' } }),
      409,
      'TOTP_ENROLMENT_NOT_STARTED',
    );

    const started = await t.call('POST', `${API}/auth/totp/enrolment`, { token });
    expect(started.statusCode).toBe(200);
    const enrolment = started.json() as { secret: string; otpauthUri: string; qrCodeDataUrl: string };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(uri.searchParams.get('issuer')).toBe('物流マーケット');
    expect(decodeURIComponent(uri.pathname)).toContain(admin.email);
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // At rest the secret is ciphertext only.
    const [row] = await t.app.deps.db.select().from(totpFactors).where(eq(totpFactors.userId, admin.id));
    expect(row!.secretCiphertext).not.toContain(enrolment.secret);
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect((await status()).json()).toMatchObject({ enabled: false });
    // Still off: the login gives tokens.
    expect((await passwordStep(t, admin.email, admin.password)).json()).toHaveProperty('accessToken');

    const wrong = String((Number(codeAt(enrolment.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await t.call('POST', `${API}/auth/totp/enrolment/confirm`, { token, body: { code: wrong } });
    await expectError(refused, 401, 'TOTP_CODE_INVALID');
    const badFormat = await t.call('POST', `${API}/auth/totp/enrolment/confirm`, { token, body: { code: '12ab' } });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().details).toEqual([{ path: 'body.code', message: FIELD_MESSAGES.totpCode }]);

    const confirmed = await t.call('POST', `${API}/auth/totp/enrolment/confirm`, {
      token,
      body: { code: codeAt(enrolment.secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { message, recoveryCodes } = confirmed.json() as { message: string; recoveryCodes: string[] };
    expect(message).toBe(SUCCESS_MESSAGES.totpEnabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect((await status()).json()).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    // Never answered again: a new enrolment is refused while it is on.
    await expectError(await t.call('POST', `${API}/auth/totp/enrolment`, { token }), 409, 'TOTP_ALREADY_ENABLED');
    expect(JSON.stringify((await status()).json())).not.toContain(enrolment.secret);

    const audit = await t.call('GET', `${API}/admin/audit-log?targetId=${admin.id}`, { token });
    expect((audit.json() as TAuditLog).data).toMatchObject([
      { action: 'TOTP_ENABLED', targetType: 'USER', actor: { id: admin.id }, before: { totp: false }, after: { totp: true } },
    ]);
  });

  it('signs in with a current code only: the password step answers a challenge, not tokens', async () => {
    const { admin, secret } = await enrolledAdmin(t);
    const first = await passwordStep(t, admin.email, admin.password);
    expect(first.statusCode).toBe(200);
    const challenge = first.json() as Record<string, unknown>;
    expect(challenge).toEqual({ totpRequired: true, challengeToken: expect.any(String), expiresAt: expect.any(String) });
    expect(new Date(challenge.expiresAt as string).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    // A wrong password still says so, without a challenge.
    await expectError(await passwordStep(t, admin.email, 'Wrong-pass1!'), 401, 'INVALID_CREDENTIALS');
    // The challenge is no access token.
    await expectError(
      await t.call('GET', `${API}/auth/session`, { token: challenge.challengeToken as string }),
      401,
      'ACCESS_TOKEN_INVALID',
    );

    const signedIn = await codeStep(t, challenge.challengeToken as string, codeAt(secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { accessToken, user } = signedIn.json() as { accessToken: string; user: { id: string; activeRole: string } };
    expect(user).toMatchObject({ id: admin.id, activeRole: 'ADMIN' });
    expect((await t.call('GET', `${API}/auth/session`, { token: accessToken })).statusCode).toBe(200);
  });

  it('refuses a wrong code, a replayed code (its time step already used) and an expired or altered challenge', async () => {
    const { admin, secret, confirmCode } = await enrolledAdmin(t);
    const challenge = await challengeOf(t, admin.email, admin.password);
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    await expectError(await codeStep(t, challenge, wrong), 401, 'TOTP_CODE_INVALID');
    // The code that confirmed the enrolment has had its step.
    await expectError(await codeStep(t, challenge, confirmCode), 401, 'TOTP_CODE_REUSED');

    const next = codeAt(secret, 1);
    expect((await codeStep(t, challenge, next)).statusCode).toBe(200);
    // The same code a second time, with a fresh challenge: refused.
    await expectError(await codeStep(t, await challengeOf(t, admin.email, admin.password), next), 401, 'TOTP_CODE_REUSED');

    const expired = await createTotpChallenges(t.config.jwtSecret, -60).issue({ userId: admin.id, role: 'ADMIN' });
    await expectError(await codeStep(t, expired.challengeToken, codeAt(secret, 1)), 401, 'TOTP_CHALLENGE_EXPIRED');
    const altered = `${challenge.slice(0, -2)}${challenge.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectError(await codeStep(t, altered, codeAt(secret, 1)), 401, 'TOTP_CHALLENGE_EXPIRED');
    // Signed with another key (an access token): not a challenge.
    const { accessToken } = await login(t, (await makeUser(t, ['CUSTOMER'])).email, 'CUSTOMER');
    await expectError(await codeStep(t, accessToken, codeAt(secret, 1)), 401, 'TOTP_CHALLENGE_EXPIRED');
  });

  it('spends a code once when two sign-ins send it at the same moment', async () => {
    const { admin, secret } = await enrolledAdmin(t);
    const [first, second] = [
      await challengeOf(t, admin.email, admin.password),
      await challengeOf(t, admin.email, admin.password),
    ];
    const code = codeAt(secret, 1);
    const answers = await Promise.all([codeStep(t, first, code), codeStep(t, second, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.statusCode === 401)!.json()).toMatchObject({ code: 'TOTP_CODE_REUSED' });
  });

  it('opens one session per challenge: a challenge that signed in is spent, with a code or a recovery code', async () => {
    const { admin, token, secret, recoveryCodes } = await enrolledAdmin(t);
    const challenge = await challengeOf(t, admin.email, admin.password);
    expect((await codeStep(t, challenge, codeAt(secret, 1))).statusCode).toBe(200);
    // Within its 5 minutes, with another valid code: refused, and the code is not spent.
    await expectError(await codeStep(t, challenge, recoveryCodes[0]!), 401, 'TOTP_CHALLENGE_EXPIRED');
    expect((await t.call('GET', `${API}/auth/totp`, { token })).json()).toMatchObject({ recoveryCodesRemaining: 10 });
    // A new password step gives a new challenge, which takes that code.
    expect((await codeStep(t, await challengeOf(t, admin.email, admin.password), recoveryCodes[0]!)).statusCode).toBe(200);

    // Two sign-ins with one challenge at the same moment: one session.
    const shared = await challengeOf(t, admin.email, admin.password);
    const answers = await Promise.all([codeStep(t, shared, recoveryCodes[1]!), codeStep(t, shared, recoveryCodes[2]!)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.statusCode === 401)!.json()).toMatchObject({ code: 'TOTP_CHALLENGE_EXPIRED' });
    expect((await t.call('GET', `${API}/auth/totp`, { token })).json()).toMatchObject({ recoveryCodesRemaining: 8 });
  });

  it("turning the factor on or off ends the account's other sessions; the one that did it stays", async () => {
    const admin = await makeUser(t, ['ADMIN']);
    const here = await login(t, admin.email, 'ADMIN');
    const elsewhere = await login(t, admin.email, 'ADMIN');
    const session = (token: string) => t.call('GET', `${API}/auth/session`, { token });
    const refresh = (token: string) => t.call('POST', `${API}/auth/refresh-token`, { token });
    const { secret } = (await t.call('POST', `${API}/auth/totp/enrolment`, { token: here.accessToken })).json() as {
      secret: string;
    };
    const confirmed = await t.call('POST', `${API}/auth/totp/enrolment/confirm`, {
      token: here.accessToken,
      body: { code: codeAt(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await session(here.accessToken)).statusCode).toBe(200);
    await expectError(await session(elsewhere.accessToken), 401, 'ACCESS_TOKEN_INVALID');
    await expectError(await refresh(elsewhere.refreshToken), 401, 'REFRESH_TOKEN_INVALID');

    // Signed in elsewhere again (with a recovery code), then turned off here: that session ends too.
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    const again = (await codeStep(t, await challengeOf(t, admin.email, admin.password), recoveryCodes[0]!)).json() as {
      accessToken: string;
      refreshToken: string;
    };
    expect((await session(again.accessToken)).statusCode).toBe(200);
    const disabled = await t.call('POST', `${API}/auth/totp/disable`, {
      token: here.accessToken,
      body: { password: admin.password, code: codeAt(secret, 1) },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await session(here.accessToken)).statusCode).toBe(200);
    await expectError(await session(again.accessToken), 401, 'ACCESS_TOKEN_INVALID');
    await expectError(await refresh(again.refreshToken), 401, 'REFRESH_TOKEN_INVALID');
  });

  it('takes a recovery code once, in any case and with or without hyphens', async () => {
    const { admin, token, recoveryCodes } = await enrolledAdmin(t);
    const code = recoveryCodes[3]!;
    const typed = code.replace(/-/g, '').toUpperCase();
    expect((await codeStep(t, await challengeOf(t, admin.email, admin.password), typed)).statusCode).toBe(200);
    await expectError(await codeStep(t, await challengeOf(t, admin.email, admin.password), code), 401, 'TOTP_CODE_INVALID');
    // Another admin's recovery code is no code of this one.
    const other = await enrolledAdmin(t);
    await expectError(
      await codeStep(t, await challengeOf(t, admin.email, admin.password), other.recoveryCodes[0]!),
      401,
      'TOTP_CODE_INVALID',
    );
    expect((await t.call('GET', `${API}/auth/totp`, { token })).json()).toMatchObject({ recoveryCodesRemaining: 9 });
  });

  it('disables with the password and a current code; then the login gives tokens again', async () => {
    const { admin, token, secret } = await enrolledAdmin(t);
    const disable = (body: { password: string; code: string }) => t.call('POST', `${API}/auth/totp/disable`, { token, body });
    await expectError(await disable({ password: 'Wrong-pass1!', code: codeAt(secret, 1) }), 401, 'CURRENT_PASSWORD_INCORRECT');
    const wrong = String((Number(codeAt(secret)) + 7) % 1_000_000).padStart(6, '0');
    await expectError(await disable({ password: admin.password, code: wrong }), 401, 'TOTP_CODE_INVALID');
    const res = await disable({ password: admin.password, code: codeAt(secret, 1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.totpDisabled });
    expect((await t.call('GET', `${API}/auth/totp`, { token })).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesRemaining: 0,
    });
    await expectError(await disable({ password: admin.password, code: codeAt(secret, 1) }), 409, 'TOTP_NOT_ENABLED');
    expect((await passwordStep(t, admin.email, admin.password)).json()).toHaveProperty('accessToken');
    const audit = (await t.call('GET', `${API}/admin/audit-log?targetId=${admin.id}`, { token })).json() as TAuditLog;
    expect(audit.data.map((e) => e.action)).toEqual(['TOTP_DISABLED', 'TOTP_ENABLED']);
  });

  it('a challenge issued before the factor was disabled no longer signs in', async () => {
    const { admin, token, secret } = await enrolledAdmin(t);
    const challenge = await challengeOf(t, admin.email, admin.password);
    expect(
      (await t.call('POST', `${API}/auth/totp/disable`, { token, body: { password: admin.password, code: codeAt(secret, 1) } }))
        .statusCode,
    ).toBe(200);
    await expectError(await codeStep(t, challenge, codeAt(secret, 1)), 401, 'TOTP_CHALLENGE_EXPIRED');
  });

  it('refuses every role but the admin, and callers without a session', async () => {
    for (const role of ['CUSTOMER', 'DRIVER_MANAGER', 'DRIVER'] as const) {
      const user = await makeUser(t, [role]);
      const { accessToken: token } = await login(t, user.email, role);
      await expectError(await t.call('GET', `${API}/auth/totp`, { token }), 401, 'ADMIN_REQUIRED');
      await expectError(await t.call('POST', `${API}/auth/totp/enrolment`, { token }), 401, 'ADMIN_REQUIRED');
      await expectError(
        await t.call('POST', `${API}/auth/totp/enrolment/confirm`, { token, body: { code: '123456' } }),
        401,
        'ADMIN_REQUIRED',
      );
      await expectError(
        await t.call('POST', `${API}/auth/totp/disable`, { token, body: { password: user.password, code: '123456' } }),
        401,
        'ADMIN_REQUIRED',
      );
    }
    await expectError(await t.call('POST', `${API}/auth/totp/enrolment`), 401, 'UNAUTHENTICATED');
  });
});

describe('failed codes are counted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('by the per-account lock (a right password does not reset them) and by the per-client rate limit', async () => {
    const { admin, secret } = await enrolledAdmin(t);
    const wrong = () => String((Number(codeAt(secret)) + 3) % 1_000_000).padStart(6, '0');
    let challenge = await challengeOf(t, admin.email, admin.password);
    await expectError(await codeStep(t, challenge, wrong()), 401, 'TOTP_CODE_INVALID');
    await expectError(await codeStep(t, challenge, wrong()), 401, 'TOTP_CODE_INVALID');
    challenge = await challengeOf(t, admin.email, admin.password);
    await expectError(await codeStep(t, challenge, wrong()), 401, 'TOTP_CODE_INVALID');
    // Three failures: the right code, and the password step, now wait.
    await expectError(await codeStep(t, challenge, codeAt(secret, 1)), 429, 'LOGIN_LOCKED');
    await expectError(await passwordStep(t, admin.email, admin.password), 429, 'LOGIN_LOCKED');
    // The sixth call of this client to the code step within the minute: the rate limit.
    await expectError(await codeStep(t, challenge, codeAt(secret, 1)), 429, 'LOGIN_LOCKED');
    await expectError(await codeStep(t, challenge, codeAt(secret, 1)), 429, 'RATE_LIMITED');
  });
});

describe('failed tries at disabling the factor are counted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(() => t.close());

  it("by the account's lock, which then refuses the disabling and the sign-in alike", async () => {
    const { admin, token, secret } = await enrolledAdmin(t);
    const disable = (body: { password: string; code: string }) => t.call('POST', `${API}/auth/totp/disable`, { token, body });
    const wrong = String((Number(codeAt(secret)) + 11) % 1_000_000).padStart(6, '0');
    await expectError(await disable({ password: 'Wrong-pass1!', code: codeAt(secret, 1) }), 401, 'CURRENT_PASSWORD_INCORRECT');
    await expectError(await disable({ password: admin.password, code: wrong }), 401, 'TOTP_CODE_INVALID');
    await expectError(await disable({ password: 'Wrong-pass2!', code: codeAt(secret, 1) }), 401, 'CURRENT_PASSWORD_INCORRECT');
    // Three failures: the right password and code now wait, here and at the sign-in.
    await expectError(await disable({ password: admin.password, code: codeAt(secret, 1) }), 429, 'LOGIN_LOCKED');
    await expectError(await passwordStep(t, admin.email, admin.password), 429, 'LOGIN_LOCKED');
    expect((await t.call('GET', `${API}/auth/totp`, { token })).json()).toMatchObject({ enabled: true });
  });

  it('a successful disabling clears the count, as a sign-in does', async () => {
    const { admin, token, secret } = await enrolledAdmin(t);
    const disable = (body: { password: string; code: string }) => t.call('POST', `${API}/auth/totp/disable`, { token, body });
    await expectError(await disable({ password: 'Wrong-pass1!', code: codeAt(secret, 1) }), 401, 'CURRENT_PASSWORD_INCORRECT');
    await expectError(await disable({ password: 'Wrong-pass2!', code: codeAt(secret, 1) }), 401, 'CURRENT_PASSWORD_INCORRECT');
    expect((await disable({ password: admin.password, code: codeAt(secret, 1) })).statusCode).toBe(200);
    await expectError(await passwordStep(t, admin.email, 'Wrong-pass3!'), 401, 'INVALID_CREDENTIALS');
    expect((await passwordStep(t, admin.email, admin.password)).json()).toHaveProperty('accessToken');
  });
});

/** The server core as a client sees it: errors, CSRF, headers, limits, health, docs, shutdown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, locationRoutes } from '@logi/contract';
import { createTestApp, type TestApp } from './helpers';
import { makeUser } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/api/v1/auth/login';

describe('errors', () => {
  it('answers malformed JSON with 400 and a Japanese message', async () => {
    const res = await t.call('POST', LOGIN, { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_JSON',
      message: 'リクエストの形式が正しくありません。',
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.call('GET', '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: '指定されたAPIは存在しません。' });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.call('POST', LOGIN, {
      body: { email: 'a@example.jp', password: 'x'.repeat(2_000_000), role: 'CUSTOMER' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never shows a stack trace: a failing database is a plain 500 and /readyz says 503', async () => {
    const broken = await createTestApp();
    await broken.app.database.close();
    const res = await broken.call('POST', LOGIN, { body: { email: 'a@example.jp', password: 'Passw0rd!', role: 'CUSTOMER' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'エラーが発生しました',
    });
    expect(res.body).not.toMatch(/at .+\.ts|stack|pglite/i);
    expect((await broken.call('GET', '/readyz')).statusCode).toBe(503);
    broken.app.database.close = async () => {}; // already closed above
    await broken.close();
  });
});

describe('CSRF double submit', () => {
  it('refuses a state-changing call without the header matching the cookie, and issues the cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'a@example.jp', password: 'x', role: 'CUSTOMER' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
    const cookie = res.cookies.find((c) => c.name === 'csrf-token');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });

    const mismatch = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      cookies: { 'csrf-token': cookie!.value },
      headers: { 'x-csrf-token': 'other' },
      payload: { email: 'a@example.jp', password: 'x', role: 'CUSTOMER' },
    });
    expect(mismatch.statusCode).toBe(403);

    const ok = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      cookies: { 'csrf-token': cookie!.value },
      headers: { 'x-csrf-token': cookie!.value },
      payload: { email: 'a@example.jp', password: 'x', role: 'CUSTOMER' },
    });
    expect(ok.statusCode).toBe(401);
  });

  it('does not ask for it on reads', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/verify-reset-token?token=abc' })).statusCode).toBe(400);
  });
});

describe('headers', () => {
  it('sends security headers, a content security policy of its own origin, a request id and Content-Language ja', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-language']).toBe('ja');
  });

  it('keeps an incoming request id', async () => {
    const res = await t.call('GET', '/healthz', { headers: { 'x-request-id': 'lb-1234' } });
    expect(res.headers['x-request-id']).toBe('lb-1234');
  });
});

describe('rate limits', () => {
  it('limits each auth endpoint per client and answers 429 in Japanese', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const body = { email: 'a@example.jp', password: 'x', role: 'CUSTOMER' };
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.call('POST', LOGIN, { body })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const res = await limited.call('POST', LOGIN, { body });
      expect(res.json()).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
      });
      expect(res.headers['retry-after']).toBeDefined();
      // Another endpoint keeps its own budget; an unlimited one is not limited.
      expect(
        (await limited.call('POST', '/api/v1/auth/forgot-password', { body: { email: 'a@example.jp', role: 'CUSTOMER' } }))
          .statusCode,
      ).toBe(404);
      const rateLimited = Object.values(authRoutes)
        .filter((r) => 'rateLimited' in r && r.rateLimited)
        .map((r) => r.path);
      expect(rateLimited.sort()).toEqual(
        [
          '/auth/forgot-password',
          '/auth/login',
          // the admin's second factor: the code step (decision 053)
          '/auth/login/totp',
          '/auth/request-email-update',
          '/auth/resend-verify',
          '/auth/reset-password',
          '/auth/signup',
        ].sort(),
      );
    } finally {
      await limited.close();
    }
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database kind', async () => {
    // Outside production the web app may link the development mailbox.
    expect((await t.call('GET', '/healthz')).json()).toEqual({ status: 'ok', devMailbox: true });
    const ready = await t.call('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('OpenAPI', () => {
  it('documents every route of the contract at /api/docs', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const route of [...Object.values(authRoutes), ...Object.values(locationRoutes)]) {
      const path = '/api/v1' + route.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'role']),
    );
    expect((await t.call('GET', '/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing, then refuses new connections', async () => {
    // A slow password hash keeps the login in flight while the server closes.
    const app = await createTestApp({ ARGON2_MEMORY_KIB: '65536', ARGON2_TIME_COST: '4' });
    const user = await makeUser(app, ['CUSTOMER']);
    const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
    // Close only once the server has the request, rather than after a guessed delay.
    const received = new Promise((r) => app.app.server.once('request', r));
    const inFlight = fetch(`${address}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'csrf-token=c', 'x-csrf-token': 'c' },
      body: JSON.stringify({ email: user.email, password: 'Passw0rd!', role: 'CUSTOMER' }),
    });
    await received;
    const closing = app.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { accessToken: string }).accessToken).toMatch(/^ey/);
    await closing;
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });
});

/**
 * Defects found by outside testing (issue 13), as a client observes them: control
 * characters, CSRF on an absolute-form request line, framework-level errors.
 */
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES, type TErrorResponse } from '@logi/contract';
import { createTestApp, type TestApp } from './helpers';
import { login, makeUser } from './fixtures';

let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  const user = await makeUser(t, ['CUSTOMER']);
  token = (await login(t, user.email, 'CUSTOMER')).accessToken;
});
afterAll(() => t.close());

/** Sends a raw HTTP/1.1 request and returns status, headers and body. */
async function raw(requestLine: string, headers: Record<string, string> = {}, body = '') {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  const lines = [requestLine, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  // Not end(): a half-closed client would abort a request still in flight. `Connection: close` ends it.
  socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  await closed;
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [status = '', ...headerLines] = head.split('\r\n');
  const parsed = Object.fromEntries(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { statusCode: Number(status.split(' ')[1]), headers: parsed as Record<string, string>, body: rest.join('\r\n\r\n') };
}

function expectSameHeaders(headers: Record<string, string | string[] | number | undefined>) {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-language']).toBe('ja');
}

describe('control characters (defect 2)', () => {
  it('a NUL in the public list’s keyword: 400 with a Japanese message, not 500', async () => {
    const res = await t.call('GET', '/api/v1/request-items/list/public?keyword=%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      details: [{ path: 'querystring.keyword', message: FIELD_MESSAGES.controlCharacter }],
    });
  });

  it('a control character in stored text is refused; line breaks and tabs in multi-line text are kept', async () => {
    for (const note of ['a\u0000b', 'bell\u0007', 'del\u007f', 'c1\u0085']) {
      const res = await t.call('PATCH', '/api/v1/auth/profile', { token, body: { note } });
      expect(res.statusCode, JSON.stringify(note)).toBe(400);
      expect((res.json() as TErrorResponse).details).toEqual([{ path: 'body.note', message: FIELD_MESSAGES.controlCharacter }]);
    }
    const ok = await t.call('PATCH', '/api/v1/auth/profile', { token, body: { note: '一行目\r\n\t二行目' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().note).toBe('一行目\r\n\t二行目');
  });

  it('in nested input and in keys too', async () => {
    const res = await t.call('POST', '/api/v1/request-items/deliveries', {
      token,
      body: { transports: [{ name: 'x\u0000' }], ['k\u0000']: 1 },
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json() as TErrorResponse).details!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.transports.0.name', 'body.k\u0000']));
  });
});

describe('lone surrogates (issue 43, item 9)', () => {
  // Half a UTF-16 pair: JSON carries it as an escape, but it is no character.
  const lone = ['\ud800', '\udfff', 'a\ud83d', '\ude9a b'];

  it("in a broadcast's title or message: 400 with a Japanese message, not 500; whole pairs (emoji) are kept", async () => {
    const admin = await makeUser(t, ['ADMIN']);
    const adminToken = (await login(t, admin.email, 'ADMIN')).accessToken;
    const broadcast = (title: string, message = '本文') =>
      t.call('POST', '/api/v1/notifications/broadcast', {
        token: adminToken,
        body: { targetRoles: ['CUSTOMER'], title, message },
      });
    for (const bad of lone) {
      const res = await broadcast(`お知らせ${bad}`);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'body.title', message: FIELD_MESSAGES.loneSurrogate }],
      });
    }
    const inMessage = await broadcast('お知らせ', '本文\ud800');
    expect((inMessage.json() as TErrorResponse).details).toEqual([
      { path: 'body.message', message: FIELD_MESSAGES.loneSurrogate },
    ]);
    const ok = await broadcast('配送のお知らせ 🚚', '本文 🚚');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ title: '配送のお知らせ 🚚' });
  });

  it('in any other stored text too', async () => {
    const profile = await t.call('PATCH', '/api/v1/auth/profile', { token, body: { note: 'x\udc00' } });
    expect(profile.statusCode).toBe(400);
    expect((profile.json() as TErrorResponse).details).toEqual([{ path: 'body.note', message: FIELD_MESSAGES.loneSurrogate }]);
  });
});

describe('CSRF by the matched route (defect 3)', () => {
  it('an absolute-form request line is checked like any other', async () => {
    const res = await raw(
      `PATCH http://127.0.0.1:${port}/api/v1/auth/profile HTTP/1.1`,
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      JSON.stringify({ note: 'csrf' }),
    );
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'CSRF_INVALID' });
  });
});

describe('framework-level errors (defect 4)', () => {
  it('an over-long path parameter: the one error shape, Japanese, no echo, the same headers', async () => {
    const long = 'a'.repeat(5000);
    const res = await t.call('GET', `/api/v1/request-items/public/${long}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      code: 'URI_TOO_LONG',
      message: ERROR_MESSAGES.URI_TOO_LONG,
    });
    expectSameHeaders(res.headers);
  });

  it('a malformed URL (bad percent-encoding) goes through the same path', async () => {
    const res = await t.call('GET', '/api/v1/request-items/public/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_REQUEST',
      message: ERROR_MESSAGES.INVALID_REQUEST,
    });
    expectSameHeaders(res.headers);
  });

  it('a malformed HTTP request is answered in the same shape with the same headers', async () => {
    const res = await raw('GET /api/v1/request-items/list/public HTTP/1.1', { 'bad header': 'x' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_REQUEST',
      message: ERROR_MESSAGES.INVALID_REQUEST,
    });
    expectSameHeaders(res.headers);
  });

  it('app errors, body-parser errors and 404s carry the same headers', async () => {
    expectSameHeaders((await t.call('GET', '/api/v1/nothing')).headers);
    expectSameHeaders(
      (await t.call('POST', '/api/v1/auth/login', { body: '{', headers: { 'content-type': 'application/json' } })).headers,
    );
    expectSameHeaders((await t.call('GET', '/api/v1/auth/session')).headers);
  });
});

describe('headers', () => {
  const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

  it('by default: no outside host but the card provider, no HSTS or upgrade over plain HTTP', async () => {
    const res = await t.call('GET', '/healthz');
    const hosts = csp(res).match(/[a-z]+:\/\/[^\s;]+/g) ?? [];
    expect(new Set(hosts)).toEqual(new Set(['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com']));
    expect(csp(res)).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('configured origins are allowed; behind HTTPS, HSTS and upgrade-insecure-requests are sent', async () => {
    const https = await createTestApp({
      APP_URL: 'https://logistics.example.jp',
      CSP_API_ORIGIN: 'https://api.logistics.example.jp',
      CSP_FILE_STORAGE_ORIGIN: 'https://files.logistics.example.jp/',
      CSP_CHAT_WS_ORIGIN: 'wss://chat.logistics.example.jp',
    });
    try {
      const res = await https.call('GET', '/healthz');
      expect(csp(res)).toContain("connect-src 'self' https://api.logistics.example.jp https://files.logistics.example.jp");
      expect(csp(res)).toContain('wss://chat.logistics.example.jp');
      expect(csp(res)).toContain("img-src 'self' data: blob: https://files.logistics.example.jp;");
      expect(csp(res)).toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect((await https.call('GET', '/api/v1/auth/session')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });

  it('an API answer: a policy that allows nothing, the headers that act on JSON, not the documents’ own', async () => {
    for (const url of ['/api/v1/auth/session', '/api/v1/nothing']) {
      const res = await t.call('GET', url);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'content-language': 'ja',
        'cache-control': 'no-store',
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[documentOnly], documentOnly).toBeUndefined();
      }
    }
    // Pages keep the whole set: the API's own documentation page too.
    for (const url of ['/healthz', '/api/docs/']) {
      const page = await t.call('GET', url);
      expect(csp(page), url).toContain("default-src 'self'");
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('the S3 bucket’s origin is derived when files live there', async () => {
    const s3 = await createTestApp({ S3_BUCKET: 'logi-uploads', S3_REGION: 'ap-northeast-1' });
    try {
      expect(csp(await s3.call('GET', '/healthz'))).toContain('https://logi-uploads.s3.ap-northeast-1.amazonaws.com');
    } finally {
      await s3.close();
    }
  });

  it('auth, session and every other API answer: Cache-Control no-store; routes that cache say so', async () => {
    const user = await makeUser(t, ['CUSTOMER']);
    const login = await t.call('POST', '/api/v1/auth/login', {
      body: { email: user.email, password: user.password, role: 'CUSTOMER' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/api/v1/auth/session', { token })).headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/api/v1/auth/session')).headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/api/v1/locations?postalCode=100-0001')).headers['cache-control']).toBe('public, max-age=86400');
  });
});

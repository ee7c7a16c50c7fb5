/**
 * The API client against a real HTTP server that answers like the API
 * (status codes, `{ code, message }` errors, CSRF double submit, token rotation).
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLIENT_MESSAGES, ERROR_MESSAGES, type ErrorCode, authRoutes, locationRoutes } from '@logi/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionUser } from '../test/session-user';
import { ApiError, type SessionExpiredTarget, createApiClient } from './api-client';
import { type AuthStore, createAuthStore } from './auth-store';

const STATUS: Partial<Record<ErrorCode, number>> = {
  ACCESS_TOKEN_EXPIRED: 401,
  ACCESS_TOKEN_INVALID: 401,
  REFRESH_TOKEN_INVALID: 401,
  CURRENT_PASSWORD_INCORRECT: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_INVALID: 403,
  INTERNAL_ERROR: 500,
};

/** The fake API's state: which tokens are valid now, and what it was asked. */
const api = {
  validAccess: new Set<string>(),
  expiredAccess: new Set<string>(),
  validRefresh: new Map<string, number>(),
  refreshCalls: 0,
  requests: [] as { method: string; url: string; headers: IncomingMessage['headers']; body: string }[],
  csrf: 'csrf-abc',
  serverUnder: null as null | ((req: IncomingMessage, res: ServerResponse) => boolean),
};

function fail(res: ServerResponse, code: ErrorCode) {
  const statusCode = STATUS[code] ?? 400;
  res.writeHead(statusCode, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ statusCode, error: 'Error', code, message: ERROR_MESSAGES[code] }));
}

function json(res: ServerResponse, body: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const bearer = (req: IncomingMessage) => /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];

function authenticate(req: IncomingMessage, res: ServerResponse): boolean {
  const token = bearer(req);
  if (token && api.validAccess.has(token)) return true;
  fail(res, token && api.expiredAccess.has(token) ? 'ACCESS_TOKEN_EXPIRED' : 'ACCESS_TOKEN_INVALID');
  return false;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  for await (const chunk of req) body += chunk;
  api.requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
  if (api.serverUnder?.(req, res)) return;
  if (req.method !== 'GET' && req.headers['x-csrf-token'] !== api.csrf) return fail(res, 'CSRF_INVALID');
  const url = new URL(req.url!, 'http://api.test');
  switch (`${req.method} ${url.pathname}`) {
    case 'POST /api/v1/auth/refresh-token': {
      api.refreshCalls++;
      const presented = bearer(req) ?? '';
      const generation = api.validRefresh.get(presented);
      // Answer slowly, so that calls failing meanwhile have to wait for this one refresh.
      await new Promise((r) => setTimeout(r, 50));
      if (generation === undefined) return fail(res, 'REFRESH_TOKEN_INVALID');
      api.validRefresh.delete(presented); // rotation: a refresh token works once
      const next = generation + 1;
      api.validAccess.add(`access-${next}`);
      api.validRefresh.set(`refresh-${next}`, next);
      return json(res, { accessToken: `access-${next}`, refreshToken: `refresh-${next}`, user: sessionUser() });
    }
    case 'GET /api/v1/auth/session':
      if (!authenticate(req, res)) return;
      return json(res, sessionUser());
    case 'PATCH /api/v1/auth/change-password':
      if (!authenticate(req, res)) return;
      return fail(res, 'CURRENT_PASSWORD_INCORRECT');
    case 'POST /api/v1/auth/login':
      return fail(res, 'INVALID_CREDENTIALS');
    case 'GET /api/v1/locations':
      // Not the contract's shape: prefecture must be a string.
      return json(res, { prefecture: 13, city: '千代田区', town: '千代田' });
    default:
      return json(
        res,
        { statusCode: 404, error: 'Not Found', code: 'ROUTE_NOT_FOUND', message: ERROR_MESSAGES.ROUTE_NOT_FOUND },
        404,
      );
  }
}

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let auth: AuthStore;
let redirects: SessionExpiredTarget[];
let client: ReturnType<typeof createApiClient>;

beforeEach(() => {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.cookie = `csrf-token=${api.csrf}; path=/`;
  Object.assign(api, { refreshCalls: 0, requests: [], serverUnder: null });
  api.validAccess = new Set();
  api.expiredAccess = new Set(['access-1']);
  api.validRefresh = new Map([['refresh-1', 1]]);
  auth = createAuthStore();
  auth.restore();
  auth.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser() });
  redirects = [];
  client = createApiClient({ auth, baseUrl, onSessionExpired: (target) => redirects.push(target) });
});
afterEach(() => expect(api.requests.every((r) => r.headers['accept-language'] === 'ja')).toBe(true));

describe('api client', () => {
  it('sends the bearer token, Accept-Language: ja and the CSRF header, and returns the parsed body', async () => {
    api.validAccess.add('access-1');
    api.expiredAccess.clear();
    const user = await client.call(authRoutes.session);
    expect(user.email).toBe('hanako@example.jp');
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
    await expect(
      client.call(authRoutes.changePassword, {
        body: { currentPassword: 'x', newPassword: 'Abcdef1!', confirmNewPassword: 'Abcdef1!' },
      }),
    ).rejects.toThrow();
    expect(api.requests[1]!.headers['x-csrf-token']).toBe('csrf-abc');
    expect(JSON.parse(api.requests[1]!.body)).toMatchObject({ currentPassword: 'x' });
  });

  it('refreshes once for concurrent calls whose token expired, then replays each of them', async () => {
    const results = await Promise.all([
      client.call(authRoutes.session),
      client.call(authRoutes.session),
      client.call(authRoutes.session),
      client.call(authRoutes.session),
    ]);
    expect(results.map((u) => u.email)).toEqual(Array(4).fill('hanako@example.jp'));
    expect(api.refreshCalls).toBe(1);
    const refresh = api.requests.find((r) => r.url.endsWith('/auth/refresh-token'))!;
    expect(refresh.headers.authorization).toBe('Bearer refresh-1');
    const replays = api.requests.filter((r) => r.url.endsWith('/auth/session') && r.headers.authorization === 'Bearer access-2');
    expect(replays).toHaveLength(4);
    expect(auth.getState()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', isSignedIn: true });
    expect(redirects).toEqual([]);
  });

  it('clears the credentials and redirects to /sign-in with the message when the refresh token has expired', async () => {
    api.validRefresh.clear();
    const calls = [client.call(authRoutes.session), client.call(authRoutes.session)];
    for (const call of calls) {
      await expect(call).rejects.toMatchObject({ code: 'SESSION_EXPIRED', message: CLIENT_MESSAGES.sessionExpired });
    }
    expect(api.refreshCalls).toBe(1);
    expect(auth.getState()).toMatchObject({ accessToken: null, refreshToken: null, isSignedIn: false, role: 'GUEST' });
    expect(createAuthStore().restore().isSignedIn).toBe(false); // the cookie is cleared too
    expect(redirects[0]).toEqual({
      pathname: '/sign-in',
      message: 'エラーが発生しました。もう一度ログインしてください。',
    });
  });

  it('does not refresh when the access token has not expired but is refused: it signs out', async () => {
    auth.signIn({ accessToken: 'revoked', refreshToken: 'refresh-1', user: sessionUser() });
    await expect(client.call(authRoutes.session)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(api.refreshCalls).toBe(0);
    expect(auth.getState().isSignedIn).toBe(false);
    expect(redirects.map((r) => r.pathname)).toEqual(['/sign-in']);
  });

  it('a refusal that arrives after the session already ended (signed out meanwhile) neither redirects nor warns again', async () => {
    auth.signIn({ accessToken: 'revoked', refreshToken: 'refresh-1', user: sessionUser() });
    // A page signs out while the call is on its way (the e-mail change ends every session).
    api.serverUnder = (req, res) => {
      if (!req.url?.endsWith('/auth/session')) return false;
      auth.signOut();
      fail(res, 'ACCESS_TOKEN_INVALID');
      return true;
    };
    await expect(client.call(authRoutes.session)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(redirects).toEqual([]);
    expect(api.refreshCalls).toBe(0);
  });

  it('replays only once: a second 401 after a refresh ends the session', async () => {
    // The server refreshes but the new token is refused too.
    api.serverUnder = (req, res) => {
      if (req.url?.endsWith('/auth/session') && bearer(req) === 'access-2') {
        fail(res, 'ACCESS_TOKEN_EXPIRED');
        return true;
      }
      return false;
    };
    await expect(client.call(authRoutes.session)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(api.refreshCalls).toBe(1);
    expect(api.requests.filter((r) => r.url.endsWith('/auth/session'))).toHaveLength(2);
    expect(auth.getState().isSignedIn).toBe(false);
  });

  it('leaves a business 401 (wrong current password) to the caller, signed in', async () => {
    api.validAccess.add('access-1');
    api.expiredAccess.clear();
    const error = await client
      .call(authRoutes.changePassword, {
        body: { currentPassword: 'x', newPassword: 'Abcdef1!', confirmNewPassword: 'Abcdef1!' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: ERROR_MESSAGES.CURRENT_PASSWORD_INCORRECT,
    });
    expect(auth.getState().isSignedIn).toBe(true);
    expect(redirects).toEqual([]);
  });

  it('never refreshes for a failed login', async () => {
    await expect(
      client.call(authRoutes.login, { body: { email: 'a@example.jp', password: 'x', role: 'CUSTOMER' } }),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', message: ERROR_MESSAGES.INVALID_CREDENTIALS });
    expect(api.refreshCalls).toBe(0);
    expect(redirects).toEqual([]);
  });

  it('rejects a response that does not match the route’s schema', async () => {
    await expect(client.call(locationRoutes.lookup, { query: { postalCode: '1000001' } })).rejects.toMatchObject({
      code: 'RESPONSE_INVALID',
      message: CLIENT_MESSAGES.genericError,
    });
    expect(api.requests[0]!.url).toBe('/api/v1/locations?postalCode=1000001');
  });

  it('replays once after a CSRF refusal that set a fresh cookie', async () => {
    api.validAccess.add('access-1');
    api.expiredAccess.clear();
    document.cookie = 'csrf-token=stale; path=/';
    api.serverUnder = (req, res) => {
      if (req.headers['x-csrf-token'] === 'stale') {
        document.cookie = `csrf-token=${api.csrf}; path=/`; // what Set-Cookie does in a browser
        fail(res, 'CSRF_INVALID');
        return true;
      }
      return false;
    };
    await expect(
      client.call(authRoutes.changePassword, {
        body: { currentPassword: 'x', newPassword: 'Abcdef1!', confirmNewPassword: 'Abcdef1!' },
      }),
    ).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });
    expect(api.requests.map((r) => r.headers['x-csrf-token'])).toEqual(['stale', 'csrf-abc']);
  });

  it('gives the generic message when the server answers without an error body or not at all', async () => {
    api.serverUnder = (_req, res) => {
      res.writeHead(502);
      res.end('Bad Gateway');
      return true;
    };
    await expect(client.call(locationRoutes.lookup, { query: { postalCode: '1000001' } })).rejects.toMatchObject({
      status: 502,
      message: 'エラーが発生しました',
    });
    const offline = createApiClient({ auth, baseUrl: 'http://127.0.0.1:9/api/v1' });
    await expect(offline.call(locationRoutes.lookup, { query: { postalCode: '1000001' } })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'エラーが発生しました',
    });
  });
});

/**
 * The API client: calls are typed by the contract's route table and every answer
 * is parsed by the route's response schema (a mismatch is an error, spec §7).
 * Base /api/v1, bearer token, Accept-Language: ja, CSRF header from the
 * `csrf-token` cookie. The 401 rule of spec §8: an expired access token is
 * refreshed once — one refresh shared by every call that hit it — and the call
 * replayed once; when that is impossible the credentials are cleared and the
 * user is sent to /sign-in with the Japanese message.
 */
import {
  API_PREFIX,
  CLIENT_MESSAGES,
  CSRF_COOKIE,
  CSRF_HEADER,
  type RouteDef,
  type TLoginResult,
  ZErrorResponse,
  authRoutes,
} from '@logi/contract';
import type { z } from 'zod';
import type { AuthStore } from './auth-store';
import { readCookie } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 401 codes that mean the session itself is gone (not a business refusal such as a wrong password). */
const SESSION_ENDED_CODES = new Set(['UNAUTHENTICATED', 'ACCESS_TOKEN_INVALID', 'REFRESH_TOKEN_INVALID', 'ACCOUNT_SUSPENDED']);

/** Codes the client gives to failures that have no server answer. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'RESPONSE_INVALID' | 'SESSION_EXPIRED';

export interface FieldErrorDetail {
  path: string;
  message: string;
}

/** A failed call: the server's status, code and Japanese message, or a client-side failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message to show for any error: the server's message, else エラーが発生しました (spec §8). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return CLIENT_MESSAGES.genericError;
}

type Field<D, K extends string> = D extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** params / query / body of a route, each required when the route declares it (query fields may default). */
export type CallInput<D extends RouteDef> = (Field<D, 'params'> extends z.ZodType
  ? { params: z.input<Field<D, 'params'>> }
  : { params?: undefined }) &
  (Field<D, 'query'> extends z.ZodType ? { query: z.input<Field<D, 'query'>> } : { query?: undefined }) &
  (Field<D, 'body'> extends z.ZodType ? { body: z.input<Field<D, 'body'>> } : { body?: undefined });

export type CallResult<D extends RouteDef> = z.output<D['response']>;

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * false: an unrecoverable 401 throws without signing out and redirecting
   * (logout uses it: it signs out anyway).
   */
  redirectOnSessionEnd?: boolean;
}

/** Where the user is sent after an unrecoverable authentication failure. */
export interface SessionExpiredTarget {
  pathname: string;
  message: string;
}

export interface ApiClientOptions {
  auth: AuthStore;
  /** Default /api/v1 on the page's origin; tests point it at their own server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called after the credentials were cleared; navigates to the target. */
  onSessionExpired?: (target: SessionExpiredTarget) => void;
}

export const SESSION_EXPIRED_TARGET: SessionExpiredTarget = {
  pathname: '/sign-in',
  message: CLIENT_MESSAGES.sessionExpired,
};

function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions) {
  const { auth } = options;
  const baseUrl = options.baseUrl ?? API_PREFIX;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  /** The one refresh in flight; every call whose token expired waits for it. */
  let refreshing: Promise<boolean> | null = null;

  async function send(
    route: RouteDef,
    input: { params?: unknown; query?: unknown; body?: unknown },
    bearer: string | null,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'ja' };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (!SAFE_METHODS.has(route.method)) {
      const csrf = readCookie(CSRF_COOKIE);
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const path =
      baseUrl +
      buildPath(route.path, input.params as Record<string, unknown> | undefined) +
      buildQuery(input.query as Record<string, unknown> | undefined);
    // Relative to the page, as a browser resolves it; outside a page (a render on the server,
    // whose transport reads only the path) against a stand-in origin.
    const url = new URL(path, globalThis.location?.href ?? 'http://localhost/');
    try {
      return await doFetch(url, { method: route.method, headers, body, signal, credentials: 'same-origin' });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK_ERROR', CLIENT_MESSAGES.genericError);
    }
  }

  async function failure(response: Response): Promise<ApiError> {
    const parsed = ZErrorResponse.safeParse(await readJson(response));
    if (!parsed.success) return new ApiError(response.status, `HTTP_${response.status}`, CLIENT_MESSAGES.genericError);
    const { code, message, details } = parsed.data;
    return new ApiError(response.status, code, message || CLIENT_MESSAGES.genericError, details ?? []);
  }

  async function success<D extends RouteDef>(route: D, response: Response): Promise<CallResult<D>> {
    const parsed = route.response.safeParse(await readJson(response));
    if (!parsed.success) {
      // The server answered something the contract does not describe: never let it through.
      console.error(`Response of ${route.method} ${route.path} does not match the contract`, parsed.error.issues);
      throw new ApiError(response.status, 'RESPONSE_INVALID', CLIENT_MESSAGES.genericError);
    }
    return parsed.data as CallResult<D>;
  }

  /** Clears the credentials and sends the user to /sign-in with the message (spec §2, §8). */
  function endSession(): ApiError {
    // Already over (ended by another call, a sign-out, or a page that knows the server ended
    // it): nothing to clear, and no second redirect or error toast.
    if (auth.getState().accessToken !== null) {
      auth.signOut();
      options.onSessionExpired?.(SESSION_EXPIRED_TARGET);
    }
    return new ApiError(401, 'SESSION_EXPIRED', SESSION_EXPIRED_TARGET.message);
  }

  async function refreshNow(): Promise<boolean> {
    const refreshToken = auth.getState().refreshToken;
    if (!refreshToken) return false;
    const response = await send(authRoutes.refreshToken, {}, refreshToken, undefined).catch(() => null);
    if (!response?.ok) return false;
    try {
      const result: TLoginResult = await success(authRoutes.refreshToken, response);
      auth.signIn(result);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One refresh for everyone: calls that fail with an expired token while a
   * refresh runs wait for it. `staleToken` is the token the call was sent with:
   * when another call (or another tab, through the cookie) already replaced it,
   * there is nothing to refresh.
   */
  function refreshOnce(staleToken: string | null): Promise<boolean> {
    auth.adoptNewerSession();
    if (auth.getState().accessToken !== staleToken && auth.getState().accessToken !== null) return Promise.resolve(true);
    refreshing ??= withTabLock(refreshNow).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Serialises refreshes across tabs where the browser can (Web Locks), so two tabs never spend one refresh token. */
  function withTabLock(run: () => Promise<boolean>): Promise<boolean> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return run();
    // Another tab may have refreshed while this one waited for the lock.
    return locks.request('logi-auth-refresh', () => (auth.adoptNewerSession() ? true : run()));
  }

  function call<D extends RouteDef>(route: D, input?: CallInput<D>, callOptions: CallOptions = {}): Promise<CallResult<D>> {
    return exchange(route, input, callOptions, (response) => success(route, response));
  }

  /** A call whose answer is a file (a PDF): its bytes, with the same session handling as `call`. */
  function download<D extends RouteDef>(route: D, input?: CallInput<D>, callOptions: CallOptions = {}): Promise<Blob> {
    return exchange(route, input, callOptions, (response) => response.blob());
  }

  async function exchange<D extends RouteDef, T>(
    route: D,
    input: CallInput<D> | undefined,
    callOptions: CallOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const redirect = callOptions.redirectOnSessionEnd ?? true;
    const args = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
    const isLogin = route.path === authRoutes.login.path && route.method === authRoutes.login.method;
    let replayed = false;
    let csrfRetried = false;
    for (;;) {
      const token = auth.getState().accessToken;
      const response = await send(route, args, token, callOptions.signal);
      if (response.ok) return read(response);
      const error = await failure(response);

      // The server sets the csrf-token cookie on the refusal itself: one replay picks it up.
      if (response.status === 403 && error.code === 'CSRF_INVALID' && !csrfRetried && readCookie(CSRF_COOKIE)) {
        csrfRetried = true;
        continue;
      }
      if (response.status !== 401 || isLogin) throw error;
      if (error.code === 'ACCESS_TOKEN_EXPIRED' && !replayed) {
        replayed = true;
        if (await refreshOnce(token)) continue;
      } else if (!SESSION_ENDED_CODES.has(error.code) && error.code !== 'ACCESS_TOKEN_EXPIRED') {
        // A business 401 (wrong current password, role not allowed …): the session is fine.
        throw error;
      }
      if (!redirect) throw error;
      throw endSession();
    }
  }

  /**
   * The 401 rule for a request the client did not send itself (the event stream):
   * an expired token is refreshed through the one shared refresh (true: send again);
   * any other session failure, or a failed refresh, ends the session (false).
   */
  async function recoverSession(code: string, staleToken: string | null): Promise<boolean> {
    if (code === 'ACCESS_TOKEN_EXPIRED' && (await refreshOnce(staleToken))) return true;
    endSession();
    return false;
  }

  return { call, download, recoverSession };
}

export type ApiClient = ReturnType<typeof createApiClient>;

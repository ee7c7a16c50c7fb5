/**
 * For the page tests of the shipping-requests screens: a local HTTP server answering like the
 * API (the page is served from its origin, as production is, and talks to it over real HTTP
 * through lib/api and lib/event-stream), and the real app — router, routes, guard, dialogs,
 * query client — opened on a path in a memory router.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES, type ErrorCode, type TSessionUser, paginationMeta } from '@logi/contract';
import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Providers } from '../app/providers';
import { createAppRouter } from '../app/router';
import { authStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';

declare const jsdom: { reconfigure(options: { url: string }): void };

// Lazy route chunks are compiled on first use: on a busy machine that takes seconds.

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
}

/** One call as a handler sees it: `route` is "METHOD /path". */
export interface ApiCall {
  method: string;
  url: URL;
  route: string;
  body: unknown;
}

/** Answers the call on `res`; a call it leaves unanswered gets a 404 ROUTE_NOT_FOUND. */
export type Handler = (call: ApiCall, res: ServerResponse) => unknown;

export const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The API's error answer for `code`, with the contract's message. */
export const fail = (res: ServerResponse, status: number, code: ErrorCode | 'INTERNAL_ERROR') =>
  json(res, { statusCode: status, error: 'Error', code, message: ERROR_MESSAGES[code] }, status);

/** The `{ meta, data }` page of `rows` that the call's `page` and `limit` ask for. */
export function pageOf<T>(rows: T[], url: URL) {
  const current = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  return { meta: paginationMeta(current, limit, rows.length), data: rows.slice((current - 1) * limit, current * limit) };
}

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      // Uploads to the storage endpoint are multipart: only JSON bodies are parsed.
      resolve(text && req.headers['content-type']?.includes('json') ? JSON.parse(text) : text || undefined);
    });
  });

/** The user `signIn` signed in: what GET /auth/session answers. */
let sessionUser: TSessionUser | null = null;

export interface ApiServer {
  /** Every call the app made, in order. */
  requests: Recorded[];
  /** The realtime streams the app holds open. */
  streams: ServerResponse[];
  /** Pushes one server-sent event to every open stream. */
  push(event: string, id: number, data: unknown): void;
}

function recorder(): ApiServer {
  const streams: ServerResponse[] = [];
  return {
    requests: [],
    streams,
    push(event, id, data) {
      for (const stream of streams) stream.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
  };
}

/**
 * Starts the server on a free port and points jsdom's origin at it. It answers the session, the
 * unread-notifications flag and the realtime stream itself; everything else goes to `handle`.
 */
export async function startApiServer(handle: Handler, api = recorder()) {
  const server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const url = new URL(req.url!, 'http://api.test');
      const route = `${req.method} ${url.pathname}`;
      api.requests.push({ method: req.method!, url: req.url!, body });
      if (route === 'GET /api/v1/auth/session' && sessionUser) return json(res, sessionUser);
      if (route === 'GET /api/v1/notifications/has-unread') return json(res, { hasUnreadNotifications: false });
      if (route === 'GET /api/v1/notifications/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
        res.write('id: 1\nevent: ready\ndata: {"at":"2026-11-20T09:00:00.000+09:00"}\n\n');
        api.streams.push(res);
        return;
      }
      await handle({ method: req.method!, url, route, body }, res);
      if (!res.headersSent) fail(res, 404, 'ROUTE_NOT_FOUND');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  return {
    ...api,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The server for a whole test file (call at its top level): started before the tests, closed
 * after them; after each test the session ends and nothing recorded or cached leaks into the next.
 */
export function serveApi(handle: Handler): ApiServer {
  const api = recorder();
  let close = () => Promise.resolve();
  beforeAll(async () => {
    ({ close } = await startApiServer(handle, api));
  });
  afterAll(() => close());
  afterEach(() => {
    // Signing out also stops the app's stream.
    act(() => authStore.signOut());
    sessionUser = null;
    queryClient.clear();
    api.requests.length = 0;
    api.streams.length = 0;
  });
  return api;
}

/** Signs `user` in as the app would have after logging in (tokens, CSRF cookie, session). */
export function signIn(user: TSessionUser) {
  sessionUser = user;
  document.cookie = 'csrf-token=csrf-xyz; path=/';
  authStore.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user });
}

/** Renders the whole app on `path`; returns its router (to read the location). */
export function openApp(path: string) {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

import { until } from './wait';

export { until };

/** Waits for a toast saying `text`. */
export const toastShown = (text: string) =>
  until(() => screen.queryAllByText(text).some((el) => el.closest('[data-sonner-toast]') !== null));

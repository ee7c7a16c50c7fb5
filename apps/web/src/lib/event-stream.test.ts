/**
 * The stream reader against a real local HTTP server that speaks server-sent events
 * the way GET /notifications/stream does (bearer token, Last-Event-ID, JSON 401s),
 * with the real API client's refresh path.
 */
import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES, type ErrorCode, STREAM_TIMEOUT_MS } from '@logi/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../test/wait';
import { sessionUser } from '../test/session-user';
import { type SessionExpiredTarget, createApiClient } from './api-client';
import { type AuthStore, createAuthStore } from './auth-store';
import { type EventStream, createEventStream, followSignedInUser } from './event-stream';

// ───────────────────────── a server that speaks the stream ─────────────────────────

interface Connection {
  headers: IncomingHttpHeaders;
  url: string;
  res: ServerResponse;
  closed: Promise<void>;
}

const state = {
  connections: [] as Connection[],
  waiting: [] as ((c: Connection) => void)[],
  refreshCalls: 0,
  answer401: null as ErrorCode | null,
  answer500: 0,
};

function fail(res: ServerResponse, code: ErrorCode, statusCode = 401) {
  res.writeHead(statusCode, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ statusCode, error: 'Error', code, message: ERROR_MESSAGES[code] }));
}

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://stream.test');
    if (req.method === 'POST' && url.pathname === '/api/v1/auth/refresh-token') {
      state.refreshCalls++;
      if (req.headers.authorization !== 'Bearer refresh-1') return fail(res, 'REFRESH_TOKEN_INVALID');
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ accessToken: 'access-2', refreshToken: 'refresh-2', user: sessionUser() }));
    }
    if (url.pathname !== '/api/v1/notifications/stream') return fail(res, 'ROUTE_NOT_FOUND', 404);
    if (state.answer500 > 0) {
      state.answer500--;
      res.writeHead(503);
      return res.end();
    }
    if (state.answer401) {
      const code = state.answer401;
      if (code === 'ACCESS_TOKEN_EXPIRED' && req.headers.authorization === 'Bearer access-2') state.answer401 = null;
      else return fail(res, code);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
    res.flushHeaders();
    const connection: Connection = {
      headers: req.headers,
      url: req.url!,
      res,
      closed: new Promise((resolve) => res.on('close', () => resolve())),
    };
    state.connections.push(connection);
    state.waiting.shift()?.(connection);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The next stream the client opens (or the one it already opened and the test has not taken). */
let taken = 0;
function nextConnection(): Promise<Connection> {
  const index = taken++;
  const ready = state.connections[index];
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => state.waiting.push(resolve));
}

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const at = '2026-11-23T10:00:00.000Z';
const notification = (title: string) => ({
  id: '0190a1b2-0000-7000-8000-00000000aaa1',
  kind: 'EVENT_NOTIFICATION',
  type: 'PICKUP_REQUEST_APPROVED',
  title,
  message: '本文',
  link: '/shipping-requests/applied-items',
  fileIds: [],
  createdAt: at,
});

let auth: AuthStore;
let redirects: SessionExpiredTarget[];
let stream: EventStream;
let received: { title: string; id?: string }[];
let states: string[];

function makeStream(deadAfterMs?: number) {
  const client = createApiClient({ auth, baseUrl: base, onSessionExpired: (t) => redirects.push(t) });
  stream = createEventStream({
    auth,
    url: `${base}/notifications/stream`,
    recoverSession: client.recoverSession,
    backoffMs: () => 20,
    ...(deadAfterMs !== undefined && { deadAfterMs }),
  });
  stream.on('notification', (data, id) => received.push({ title: data.title, id }));
  stream.subscribe(() => states.push(stream.getState()));
  return stream;
}

beforeEach(() => {
  Object.assign(state, { connections: [], waiting: [], refreshCalls: 0, answer401: null, answer500: 0 });
  taken = 0;
  auth = createAuthStore();
  auth.restore();
  auth.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('DRIVER') });
  redirects = [];
  received = [];
  states = [];
});
afterEach(() => {
  vi.useRealTimers();
  stream?.stop();
  for (const c of state.connections) c.res.destroy();
});

describe('event stream', () => {
  it('opens with the bearer token in a header (never in the URL) and delivers parsed events', async () => {
    makeStream().start();
    expect(stream.getState()).toBe('connecting');
    const c = await nextConnection();
    expect(c.headers.authorization).toBe('Bearer access-1');
    expect(c.headers.accept).toBe('text/event-stream');
    expect(c.headers['last-event-id']).toBeUndefined();
    expect(c.url).toBe('/api/v1/notifications/stream');

    const contractErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
    c.res.write(frame('ready', { at }, 10));
    await until(() => stream.getState() === 'connected');
    // a frame split across writes, and one the contract does not describe (dropped)
    const text = frame('notification', notification('承認されました'), 11);
    c.res.write(text.slice(0, 25));
    c.res.write(text.slice(25) + frame('notification', { title: 1 }, 12));
    await until(() => received.length === 1);
    await until(() => stream.getLastEventId() === 12);
    expect(received).toEqual([{ title: '承認されました', id: '11' }]);
    expect(contractErrors).toHaveBeenCalledOnce();
    contractErrors.mockRestore();
  });

  it('reads frames split anywhere, with CRLF or CR line ends, multi-line data and comments', async () => {
    makeStream().start();
    const c = await nextConnection();
    // The JSON over two data lines (joined with a newline, still the same JSON), CRLF line ends.
    const [head, tail] = JSON.stringify(notification('改行コードCRLF')).split(',"message"');
    const crlf = `: comment\r\nid: 21\r\nevent: notification\r\ndata: ${head}\r\ndata: ,"message"${tail}\r\n\r\n`;
    const cr = frame('notification', notification('改行コードCR'), 22).replaceAll('\n', '\r');
    // One character per write: every split point, \r and \n of a CRLF included.
    for (const char of crlf + cr) c.res.write(char);
    await until(() => received.length === 2);
    expect(received).toEqual([
      { title: '改行コードCRLF', id: '21' },
      { title: '改行コードCR', id: '22' },
    ]);
    expect(stream.getLastEventId()).toBe(22);
  });

  it('reconnects after a dropped connection with Last-Event-ID = the highest id, and ignores an id seen before', async () => {
    makeStream().start();
    const first = await nextConnection();
    first.res.write(frame('ready', { at }, 4));
    first.res.write(frame('notification', notification('A'), 5));
    first.res.write(frame('notification', notification('C'), 7));
    first.res.write(frame('notification', notification('B'), 6)); // published out of id order
    await until(() => received.length === 3);
    first.res.destroy();

    const second = await nextConnection();
    expect(second.headers['last-event-id']).toBe('7');
    expect(second.headers.authorization).toBe('Bearer access-1');
    await until(() => stream.getState() === 'reconnecting');
    second.res.write(frame('ready', { at }));
    second.res.write(frame('notification', notification('C'), 7)); // already seen
    second.res.write(frame('notification', notification('D'), 8));
    await until(() => received.length === 4);
    expect(received.map((r) => r.title)).toEqual(['A', 'C', 'B', 'D']);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('counts a stream dead after STREAM_TIMEOUT_MS (30 s) without an event and reconnects; heartbeats keep it alive', async () => {
    expect(STREAM_TIMEOUT_MS).toBe(30_000);
    makeStream().start();
    const first = await nextConnection();
    first.res.write(frame('ready', { at }, 3));
    await until(() => stream.getState() === 'connected');

    // Only the client's timers are faked from here: the socket stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await vi.advanceTimersByTimeAsync(20_000);
    first.res.write(frame('heartbeat', { at }));
    await until(() => states.length === 2); // no change: still connected
    await vi.advanceTimersByTimeAsync(20_000); // 20 s after the heartbeat: alive
    expect(state.connections).toHaveLength(1);
    expect(stream.getState()).toBe('connected');

    await vi.advanceTimersByTimeAsync(10_000); // 30 s of silence
    vi.useRealTimers();
    const second = await nextConnection();
    expect(second.headers['last-event-id']).toBe('3');
    await first.closed; // the dead connection was dropped by the client
    expect(states.at(-1)).toBe('reconnecting');
  });

  it('refreshes an expired access token through the shared refresh and reopens with the new one', async () => {
    state.answer401 = 'ACCESS_TOKEN_EXPIRED';
    makeStream().start();
    const c = await nextConnection();
    expect(c.headers.authorization).toBe('Bearer access-2');
    expect(state.refreshCalls).toBe(1);
    expect(auth.getState().accessToken).toBe('access-2');
    expect(redirects).toEqual([]);
  });

  it('ends the session on a refused token: signed out, sent to sign-in, no more attempts', async () => {
    state.answer401 = 'ACCESS_TOKEN_INVALID';
    makeStream().start();
    await until(() => stream.getState() === 'stopped');
    expect(auth.getState().isSignedIn).toBe(false);
    expect(redirects.map((r) => r.pathname)).toEqual(['/sign-in']);
    expect(state.refreshCalls).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(state.connections).toHaveLength(0);
  });

  it('backs off and retries while the server cannot open the stream, or drops it at once', async () => {
    state.answer500 = 2;
    const waits: number[] = [];
    const client = createApiClient({ auth, baseUrl: base });
    stream = createEventStream({
      auth,
      url: `${base}/notifications/stream`,
      recoverSession: client.recoverSession,
      backoffMs: (attempt) => {
        waits.push(attempt);
        return 10;
      },
    });
    stream.start();
    const c = await nextConnection();
    c.res.write(frame('ready', { at }, 1));
    await until(() => stream.getState() === 'connected');
    expect(waits).toEqual([1, 2]);

    // A stream that drops right after opening is a failed attempt too: a flapping server is not hammered.
    c.res.destroy();
    const again = await nextConnection();
    expect(waits).toEqual([1, 2, 3]);
    expect(again.headers['last-event-id']).toBe('1');
  });

  it('follows the signed-in user: starts on sign-in and stops (closing the connection) on sign-out', async () => {
    auth.signOut();
    makeStream();
    const unfollow = followSignedInUser(stream, auth);
    expect(stream.getState()).toBe('stopped');

    auth.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('CUSTOMER') });
    const c = await nextConnection();
    c.res.write(frame('ready', { at }, 9));
    await until(() => stream.getState() === 'connected');
    // a token refresh keeps the stream
    auth.signIn({ accessToken: 'access-2', refreshToken: 'refresh-2', user: sessionUser('CUSTOMER') });
    expect(stream.getState()).toBe('connected');

    auth.signOut();
    expect(stream.getState()).toBe('stopped');
    expect(stream.getLastEventId()).toBeNull();
    await c.closed;
    unfollow();
  });
});

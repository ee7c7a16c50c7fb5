/**
 * The realtime stream GET /notifications/stream (docs/decisions/009-notifications.md),
 * read with fetch: EventSource cannot send the Authorization header, and no token may
 * go into a URL. The reader parses server-sent events (eventsource-parser), resumes with Last-Event-ID,
 * reconnects with backoff, counts the stream dead after STREAM_TIMEOUT_MS without an
 * event (the server sends a heartbeat every STREAM_HEARTBEAT_MS) and refreshes an
 * expired access token through the API client's shared refresh.
 */
import {
  API_PREFIX,
  STREAM_EVENT_SCHEMAS,
  STREAM_TIMEOUT_MS,
  ZErrorResponse,
  notificationRoutes,
  type TNotification,
  type TStreamTalkroomMessageEvent,
} from '@logi/contract';
import { type EventSourceMessage, createParser } from 'eventsource-parser';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { api } from './api';
import { type AuthStore, authStore } from './auth-store';

// ───────────────────────── connection ─────────────────────────

/** stopped: signed out; connecting: the first attempt; reconnecting: after a failure or a dead stream. */
export type StreamState = 'stopped' | 'connecting' | 'connected' | 'reconnecting';

/** The data of each event, as the contract's schemas parse it. */
export interface StreamEventData {
  ready: { at: string };
  notification: TNotification;
  'talkroom-message': TStreamTalkroomMessageEvent;
  heartbeat: { at: string };
  resync: Record<string, never>;
}
export type StreamEventName = keyof StreamEventData;

export interface EventStreamOptions {
  auth: AuthStore;
  /** The stream's URL; default /api/v1/notifications/stream on the page's origin. */
  url?: string;
  /** The API client's 401 rule: true when the token was refreshed and the stream may open again. */
  recoverSession: (code: string, staleToken: string | null) => Promise<boolean>;
  /** Silence after which the stream counts as dead (default STREAM_TIMEOUT_MS). */
  deadAfterMs?: number;
  /** The wait before reconnect attempt n (1, 2, …). */
  backoffMs?: (attempt: number) => number;
  fetch?: typeof fetch;
}

/** 1 s, 2 s, 4 s … up to 30 s, with jitter so that many tabs do not reconnect in step. */
export const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);

/** A stream that ends sooner after opening counts as a failed attempt (backs off), so a flapping server is not hammered. */
const HEALTHY_AFTER_MS = 1000;
/** Ids already handled, kept to drop an event replayed after a reconnect (bounded). */
const SEEN_IDS_KEPT = 500;

type Handler<E extends StreamEventName> = (data: StreamEventData[E], id?: string) => void;

export function createEventStream(options: EventStreamOptions) {
  const { auth } = options;
  const deadAfterMs = options.deadAfterMs ?? STREAM_TIMEOUT_MS;
  const backoffMs = options.backoffMs ?? defaultBackoff;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  let state: StreamState = 'stopped';
  const stateListeners = new Set<() => void>();
  const handlers = new Map<string, Set<(data: unknown, id?: string) => void>>();
  /** The highest id received: sent as Last-Event-ID on reconnect. */
  let lastEventId: number | null = null;
  let seenIds: number[] = [];
  /** Bumped by stop(): a running loop of an older generation quits. */
  let generation = 0;
  let controller: AbortController | null = null;

  function setState(next: StreamState) {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener();
  }

  function deliver(message: EventSourceMessage) {
    const event = message.event ?? 'message';
    const schema = STREAM_EVENT_SCHEMAS[event as StreamEventName];
    if (!schema) return;
    if (message.id !== undefined && /^\d+$/.test(message.id)) {
      const id = Number(message.id);
      // The server sends ids in order (decision 045); an id seen before is dropped all the same.
      if (seenIds.includes(id)) return;
      seenIds = [...seenIds.slice(-(SEEN_IDS_KEPT - 1)), id];
      lastEventId = Math.max(lastEventId ?? id, id);
    }
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      console.error(`Stream event ${event} does not match the contract`, parsed.error.issues);
      return;
    }
    for (const handler of handlers.get(event) ?? []) handler(parsed.data, message.id);
  }

  /**
   * One connection: resolves when it ends (closed by the server, dead, aborted), with
   * what to do next. Every received event re-arms the dead-stream timer.
   */
  async function connect(): Promise<'again' | 'failed' | 'stop'> {
    const token = auth.getState().accessToken;
    if (!token) return 'stop';
    controller = new AbortController();
    const current = controller;
    let dead: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(dead);
      dead = setTimeout(() => current.abort(), deadAfterMs);
    };
    arm();
    let openedAt: number | null = null;
    /** It had opened and lived long enough: reconnect at once. */
    const worked = () => openedAt !== null && Date.now() - openedAt >= HEALTHY_AFTER_MS;
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        'Accept-Language': 'ja',
        Authorization: `Bearer ${token}`,
      };
      if (lastEventId !== null) headers['Last-Event-ID'] = String(lastEventId);
      const url = new URL(options.url ?? API_PREFIX + notificationRoutes.stream.path, globalThis.location?.href);
      // Low priority: the stream stays open for the whole visit. At a fetch's default (High) it
      // would compete with the page's own requests, and the page would never finish loading.
      const response = await doFetch(url, {
        headers,
        signal: current.signal,
        credentials: 'same-origin',
        cache: 'no-store',
        priority: 'low',
      });
      if (response.status === 401) {
        clearTimeout(dead);
        const body = ZErrorResponse.safeParse(await response.json().catch(() => null));
        const recovered = await options.recoverSession(body.success ? body.data.code : 'UNAUTHENTICATED', token);
        return recovered ? 'again' : 'stop';
      }
      if (!response.ok || !response.body) return 'failed';
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const messages: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (message) => messages.push(message) });
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
        for (const message of messages.splice(0)) {
          arm();
          if (openedAt === null) {
            openedAt = Date.now();
            setState('connected');
          }
          deliver(message);
        }
      }
      // The server ended a stream that worked (restart, a slow reader cut off): resume at once.
      return worked() ? 'again' : 'failed';
    } catch {
      // A stream that worked and then fell silent (dead) or dropped resumes at once; a failed open backs off.
      return worked() ? 'again' : 'failed';
    } finally {
      clearTimeout(dead);
      if (controller === current) controller = null;
    }
  }

  async function run(own: number) {
    let failures = 0;
    while (own === generation) {
      const outcome = await connect();
      if (own !== generation) return;
      if (outcome === 'stop') {
        stop();
        return;
      }
      setState('reconnecting');
      failures = outcome === 'failed' ? failures + 1 : 0;
      if (failures > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs(failures)));
    }
  }

  function start() {
    if (state !== 'stopped') return;
    setState('connecting');
    void run(++generation);
  }

  function stop() {
    generation++;
    controller?.abort();
    controller = null;
    lastEventId = null;
    seenIds = [];
    setState('stopped');
  }

  return {
    start,
    stop,
    getState: (): StreamState => state,
    /** The highest event id received (what a reconnect sends as Last-Event-ID). */
    getLastEventId: () => lastEventId,
    subscribe(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    on<E extends StreamEventName>(event: E, handler: Handler<E>): () => void {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      const wrapped = handler as (data: unknown, id?: string) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}

export type EventStream = ReturnType<typeof createEventStream>;

// ───────────────────────── the app's stream ─────────────────────────

/** The app's one stream, bound to the app's auth store and API client. */
export const eventStream = createEventStream({ auth: authStore, recoverSession: api.recoverSession });

let following: (() => void) | null = null;

/**
 * Runs the app's stream while a user is signed in: started on sign-in, stopped on
 * sign-out, restarted when another user signs in. A token refresh keeps the stream.
 * Idempotent; called by the signed-in chrome (the header bell) and by screens that listen.
 */
export function followSignedInUser(stream: EventStream = eventStream, auth: AuthStore = authStore): () => void {
  if (stream === eventStream && following) return following;
  let userId: string | null = null;
  const sync = () => {
    const s = auth.getState();
    const next = s.isSignedIn && s.role !== 'ADMIN' ? s.user.id : null;
    if (next === userId) return;
    userId = next;
    stream.stop();
    if (next) stream.start();
  };
  const unsubscribe = auth.subscribe(sync);
  sync();
  const end = () => {
    unsubscribe();
    stream.stop();
    if (following === end) following = null;
  };
  if (stream === eventStream) following = end;
  return end;
}

/** The connection state of the app's stream; re-renders when it changes. */
export function useStreamState(stream: EventStream = eventStream): StreamState {
  return useSyncExternalStore(stream.subscribe, stream.getState, stream.getState);
}

/**
 * Calls `handler` for each `event` pushed on the app's stream while the component is
 * mounted (the talkroom shows `talkroom-message` live with it). The latest handler
 * is used, so it need not be memoised.
 */
export function useStreamEvent<E extends StreamEventName>(event: E, handler: Handler<E>, stream: EventStream = eventStream) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (stream === eventStream) followSignedInUser();
    return stream.on(event, (data, id) => latest.current(data, id));
  }, [event, stream]);
}

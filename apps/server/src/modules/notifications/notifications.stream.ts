/**
 * GET /api/v1/notifications/stream: server-sent events for the signed-in user.
 *
 * - Authenticated by the bearer token in the Authorization header, like every call
 *   (the web reads the stream with fetch; no token ever goes into a URL). Refused
 *   with the usual JSON 401 before the stream starts.
 * - Every replayable event has an `id:`. A client reconnecting with `Last-Event-ID`
 *   first gets what it missed from the stream log, then the live events; a fresh
 *   stream starts with `ready`, whose id is the current end of the log.
 * - A heartbeat event every `config.stream.heartbeatMs` (15 s).
 * - Ends when the user's session is revoked (logout, suspension, password or e-mail
 *   change: a `session-check` on the bus makes each instance re-check its streams of
 *   that user), when the client goes away, and when the app closes.
 * - Too slow a reader (its unsent frames pile up) is cut off; it resumes by id.
 */
import { API_PREFIX, STREAM_EVENTS, notificationRoutes } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Deps } from '../../platform/deps';
import type { AuthContext, Authenticator } from '../../platform/http/auth-context';
import { createStreamHub, sseFrame, type StreamClient } from '../../platform/realtime/stream-hub';
import { recipientsAmong, replayAfter, sessionStands, streamLog, streamPosition } from './notifications.service';

/** Unsent bytes a client may hold before it counts as stalled and is cut off. */
const MAX_BUFFERED_BYTES = 512 * 1024;
const LAST_EVENT_ID = /^\d{1,15}$/;

const nowFrame = (event: string, id?: number) => sseFrame(event, { at: new Date().toISOString() }, id);

/**
 * One open stream. Until its replay is written, live frames wait in `pending`. Its ids
 * only grow: a live frame whose id was already passed (replayed, or older than a fresh
 * stream's start, or behind what the log read showed) is dropped.
 */
class SseClient implements StreamClient {
  private pending: { frame: string; id?: number }[] | null = [];
  private lastId = 0;
  closed = false;

  constructor(
    private readonly res: ServerResponse,
    readonly auth: AuthContext,
  ) {}

  get userId() {
    return this.auth.userId;
  }

  deliver(frame: string, id?: number) {
    if (this.pending) this.pending.push({ frame, id });
    else this.send(frame, id);
  }

  /** Writes a frame now (the replay, then live frames), unless its id is not newer than the last sent. */
  send(frame: string, id?: number) {
    if (id !== undefined) {
      if (id <= this.lastId) return;
      this.lastId = id;
    }
    if (this.closed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(frame);
  }

  /** The replay is written up to `afterId`: the waiting live frames follow. */
  goLive(afterId: number) {
    this.lastId = Math.max(this.lastId, afterId);
    const waiting = this.pending ?? [];
    this.pending = null;
    for (const { frame, id } of waiting) this.send(frame, id);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }
}

export function registerNotificationStream(app: FastifyInstance, authenticate: Authenticator, deps: Deps) {
  const { db, config } = deps;

  async function checkSessions(clients: SseClient[]) {
    const verdicts = new Map<string, Promise<boolean>>();
    for (const client of clients) {
      const key = `${client.auth.userId}:${client.auth.familyId}`;
      if (!verdicts.has(key)) verdicts.set(key, sessionStands(db, client.auth));
      if (!(await verdicts.get(key))) client.close();
    }
  }

  const hub = createStreamHub<SseClient>(deps.realtime, {
    heartbeatMs: config.stream.heartbeatMs,
    heartbeatEvent: STREAM_EVENTS.heartbeat,
    onSessionCheck: (clients) => {
      checkSessions(clients).catch((err: unknown) => app.log.error({ err }, 'stream session check failed'));
    },
    recipientsAmong: (notificationId, userIds) => recipientsAmong(db, notificationId, userIds),
    readLog: (afterId, upTo, limit) => streamLog(db, afterId, upTo, limit),
    onError: (err) => app.log.error({ err }, 'stream log read failed'),
  });
  deps.metrics.gauge({
    name: 'logi_sse_streams_open',
    help: 'Notification streams (server-sent events) open on this instance.',
    read: () => hub.size,
  });
  app.addHook('onReady', async () => hub.start(await streamPosition(db)));
  // Open streams would keep close() waiting for their connections: end them first.
  app.addHook('preClose', async () => {
    hub.close();
  });

  const def = notificationRoutes.stream;
  app.get(API_PREFIX + def.path, { schema: { summary: def.summary, tags: ['notifications'] } }, async (request, reply) => {
    const auth = await authenticate(request);
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && LAST_EVENT_ID.test(header.trim()) ? Number(header.trim()) : undefined;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'content-language': 'ja',
      'x-request-id': request.id,
      // A stream is the connection's last response: once it ends, the socket closes (no idle keep-alive).
      connection: 'close',
    });
    request.raw.socket.setNoDelay(true);
    const client = new SseClient(res, auth);
    const remove = hub.add(client);
    res.on('close', () => {
      client.closed = true;
      remove();
    });
    try {
      let afterId: number;
      if (lastEventId === undefined) {
        afterId = await streamPosition(db);
        client.send(nowFrame(STREAM_EVENTS.ready, afterId));
      } else {
        client.send(nowFrame(STREAM_EVENTS.ready));
        const replay = await replayAfter(db, lastEventId, auth.userId);
        if (replay.kind === 'resync') {
          afterId = replay.position;
          client.send(sseFrame(STREAM_EVENTS.resync, {}, afterId));
        } else {
          afterId = lastEventId;
          for (const e of replay.events) {
            client.send(sseFrame(e.event, e.data, e.id), e.id);
            afterId = e.id;
          }
        }
      }
      client.goLive(afterId);
    } catch (err) {
      request.log.error({ err }, 'stream start failed');
      client.close();
    }
  });

  return {
    get connections() {
      return hub.size;
    },
  };
}

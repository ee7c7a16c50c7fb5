/**
 * The realtime bus: what one API instance publishes, every instance receives, and
 * each delivers to the stream connections it holds. In-process by default; Redis
 * pub/sub when REDIS_URL is set (many instances).
 *
 * A message names its audience (user ids, or roles for a broadcast) instead of being
 * sent once per recipient: a broadcast to every driver is one Redis message, and
 * each instance matches it against its own connections.
 */
import { EventEmitter } from 'node:events';
import type { TRole } from '@logi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type BusTarget = { userIds: string[] } | { roles: TRole[] };

export interface BusMessage {
  target: BusTarget;
  /** SSE event name: notification, talkroom-message, or the control event session-check. */
  event: string;
  /** The SSE id (stream_events.id); absent for control events, which are not replayed. */
  id?: number;
  data: unknown;
}

export type BusHandler = (message: BusMessage) => void;

export interface RealtimeBus {
  readonly kind: 'in-process' | 'redis';
  publish(message: BusMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** The control event that makes each instance re-check the sessions of the named users. */
export const SESSION_CHECK_EVENT = 'session-check';

/**
 * Tells every instance that sessions of these users were revoked (logout, suspension,
 * password or e-mail change): their open streams are checked and ended. Call after commit.
 */
export function publishSessionsChanged(bus: RealtimeBus, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return bus.publish({ target: { userIds }, event: SESSION_CHECK_EVENT, data: null });
}

/** Handlers run on a later tick, as they would after a round trip through Redis. */
export function createInProcessBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    async publish(message) {
      setImmediate(() => emitter.emit('message', message));
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Two connections: a Redis connection in subscriber mode cannot publish. */
export async function createRedisBus(url: string, channel: string, log: FastifyBaseLogger): Promise<RealtimeBus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (err: Error) => log.warn({ err, client: name }, 'redis realtime bus error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Set<BusHandler>();
  subscriber.on('message', (_channel: string, raw: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch (err) {
      log.warn({ err }, 'malformed realtime message');
      return;
    }
    for (const handler of handlers) handler(message);
  });
  // Resolves once Redis confirmed the subscription: nothing published after this is missed.
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    // Never rejects: the event is committed already, and a client that missed it live
    // gets it on reconnect (Last-Event-ID); the caller's request must not fail for it.
    async publish(message) {
      try {
        await publisher.publish(channel, JSON.stringify(message));
      } catch (err) {
        log.error({ err, event: message.event }, 'realtime publish failed');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

export function createRealtimeBus(
  config: { redisUrl: string | undefined; realtimeChannel: string },
  log: FastifyBaseLogger,
): Promise<RealtimeBus> {
  return config.redisUrl ? createRedisBus(config.redisUrl, config.realtimeChannel, log) : Promise.resolve(createInProcessBus());
}

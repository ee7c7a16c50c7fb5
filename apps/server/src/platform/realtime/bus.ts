/**
 * The realtime bus: what one API instance publishes, every instance receives, and
 * each delivers to the stream connections it holds. In-process by default; Redis
 * pub/sub when REDIS_URL is set (many instances).
 *
 * A message names its audience (user ids, or the recipients of a notification for a
 * broadcast) instead of being sent once per recipient: a broadcast to every driver is
 * one Redis message, and each instance looks up which of its connections received it.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/** `notificationId`: the accounts that notification was written for (a broadcast's user_notifications). */
export type BusTarget = { userIds: string[] } | { notificationId: string };

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
  /** False while Redis is unreachable: messages of other instances may be lost meanwhile. */
  readonly connected: boolean;
  publish(message: BusMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** The control event that makes each instance re-check the sessions of the named users. */
export const SESSION_CHECK_EVENT = 'session-check';

type AccountsListener = (userIds: readonly string[]) => void;
const accountsListeners = new WeakMap<RealtimeBus, Set<AccountsListener>>();

/**
 * Tells every instance that these accounts changed: their sessions (logout, suspension, removal,
 * password or e-mail change, token reuse), status, roles, profile, company or payment state.
 * Their open streams are checked (and ended where the session is no longer live), and what each
 * instance remembers of them (`platform/cache/user-memo.ts`) is forgotten. Call after commit.
 * This instance's listeners (`onAccountsChanged`) run before it returns, not a tick later.
 */
export function publishAccountsChanged(bus: RealtimeBus, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  for (const listener of accountsListeners.get(bus) ?? []) listener(userIds);
  return bus.publish({ target: { userIds }, event: SESSION_CHECK_EVENT, data: null });
}

/** Runs `listener` on every accounts-changed event: this instance's at once, other instances' as they arrive. */
export function onAccountsChanged(bus: RealtimeBus, listener: AccountsListener): () => void {
  const listeners = accountsListeners.get(bus) ?? new Set<AccountsListener>();
  accountsListeners.set(bus, listeners.add(listener));
  const unsubscribe = bus.subscribe((message) => {
    if (message.event === SESSION_CHECK_EVENT && 'userIds' in message.target) listener(message.target.userIds);
  });
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

/** Handlers run on a later tick, as they would after a round trip through Redis. */
export function createInProcessBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    connected: true,
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

/**
 * Two connections: a Redis connection in subscriber mode cannot publish. This instance's
 * own messages are handed to its handlers directly (and their echo from Redis ignored),
 * so its own streams keep working while Redis is away.
 */
export async function createRedisBus(url: string, channel: string, log: FastifyBaseLogger): Promise<RealtimeBus> {
  // Loaded only when configured: the embedded default starts without Redis's client (decision 060).
  const { Redis } = await import('ioredis');
  const origin = randomUUID();
  // No offline queue on the publisher: while Redis is away a publish fails at once instead of waiting.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: false });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (err: Error) => log.warn({ err, client: name }, 'redis realtime bus error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createInProcessBus();
  subscriber.on('message', (_channel: string, raw: string) => {
    let envelope: { origin: string; message: BusMessage };
    try {
      envelope = JSON.parse(raw) as typeof envelope;
    } catch (err) {
      log.warn({ err }, 'malformed realtime message');
      return;
    }
    if (envelope.origin !== origin) void local.publish(envelope.message);
  });
  // Resolves once Redis confirmed the subscription: nothing published after this is missed.
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    get connected() {
      return subscriber.status === 'ready';
    },
    // Never rejects: the event is committed already, and an instance that missed it reads
    // it from the stream log (ordered-feed.ts); the caller's request must not fail for it.
    async publish(message) {
      await local.publish(message);
      try {
        await publisher.publish(channel, JSON.stringify({ origin, message }));
      } catch (err) {
        log.error({ err, event: message.event }, 'realtime publish failed');
      }
    },
    subscribe: (handler) => local.subscribe(handler),
    async close() {
      await local.close();
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

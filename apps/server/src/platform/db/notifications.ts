/**
 * PostgreSQL's LISTEN/NOTIFY, as the server hears it: a trigger's `pg_notify` reaches every
 * instance once its transaction commits, in commit order (decision 073). PGlite calls back before
 * the commit returns; PostgreSQL sends it over a connection of its own, which is opened again when
 * lost. Between losing it and listening again notifications may be missed: `heard` is false then,
 * and `gap` tells the listener that whatever it remembers may be out of date.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export interface NotificationHandlers {
  payload(payload: string): void;
  /** Notifications may have been missed (the connection was lost). */
  gap(): void;
}

export interface Listening {
  /** True while every notification is heard. */
  readonly heard: boolean;
  /**
   * Resolves once this instance has heard every notification committed before the call: a write's
   * answer waits for it, so that the writer's next read here sees what it wrote.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export async function listenPglite(client: PGlite, channel: string, handlers: NotificationHandlers): Promise<Listening> {
  // PGlite delivers a transaction's notifications before its commit returns: always caught up.
  const unlisten = await client.listen(channel, handlers.payload);
  return { heard: true, caughtUp: async () => {}, close: () => unlisten() };
}

/** A catch-up token's payload; other instances' tokens are not anyone's user id. */
const TOKEN_PREFIX = 'caught-up:';
/** A token that does not come back within this is given up on: the write's answer is not held forever. */
const CATCH_UP_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;

export async function listenPostgres(
  driver: typeof pg,
  url: string,
  pool: pg.Pool,
  channel: string,
  handlers: NotificationHandlers,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Listening> {
  const waiting = new Map<string, () => void>();
  let client: pg.Client | undefined;
  let heard = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  function lost(err?: unknown) {
    if (client === undefined) return;
    log?.warn({ err }, 'database notifications lost; listening again');
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    client = undefined;
    heard = false;
    handlers.gap();
    for (const release of waiting.values()) release();
    waiting.clear();
    if (!closed) retry = setTimeout(() => void connect().catch(lost), RECONNECT_MS);
  }

  async function connect() {
    const c = new driver.Client({ connectionString: url });
    client = c;
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', ({ payload = '' }) => {
      if (!payload.startsWith(TOKEN_PREFIX)) return handlers.payload(payload);
      waiting.get(payload)?.();
      waiting.delete(payload);
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (client !== c) return;
    heard = true;
    // Anything remembered while nobody listened may be out of date.
    handlers.gap();
  }

  await connect().catch((err: unknown) => {
    // The server does not start: no connection is tried again behind it.
    closed = true;
    clearTimeout(retry);
    throw err;
  });
  return {
    get heard() {
      return heard;
    },
    async caughtUp() {
      if (!heard) return;
      const token = TOKEN_PREFIX + randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve) => {
        waiting.set(token, resolve);
        timer = setTimeout(resolve, CATCH_UP_TIMEOUT_MS);
      });
      try {
        await pool.query('select pg_notify($1, $2)', [channel, token]);
        await arrived;
      } finally {
        clearTimeout(timer);
        waiting.delete(token);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      heard = false;
      c?.removeAllListeners();
      c?.on('error', () => {});
      await c?.end().catch(() => {});
    },
  };
}

/**
 * The database: PGlite embedded under the data dir by default, PostgreSQL
 * through `pg` when a URL is given. Both speak the same SQL and share one
 * Drizzle schema and one migration folder, applied on start.
 */
import { mkdirSync, openAsBlob } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Query, type SQL, sql } from 'drizzle-orm';
import * as drizzleOrm from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from '../../db/schema';
import { serverRoot } from '../server-root';
import { type Listening, type NotificationHandlers, listenPglite, listenPostgres } from './notifications';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw statement: both drivers (pg, PGlite) answer `{ rows }` and parse json columns. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();
/** Drizzle's own (exported, though not in its typings): a select's fields in the order its rows are mapped by. */
const { orderSelectedFields } = drizzleOrm as unknown as { orderSelectedFields(fields: object): SelectedFieldsOrdered };
/**
 * At most this many texts built per call (preparedRowsOf: a filter's shape, a page) run prepared,
 * so that neither side's statement cache grows without bound; past it they run unnamed, planned
 * each time. The fixed texts of preparedStatement are few, bounded by the code, and always named,
 * so deep pages read first cannot take their place.
 */
const MAX_PREPARED_STATEMENTS = 50;
const preparedNames = new Map<string, string>();
let builtPerCall = 0;

/**
 * `rowsOf` as a named (prepared) statement: PostgreSQL plans it once per connection and then
 * reuses the plan, where planning was most of a hot read's cost (a request's detail on
 * 1,000,000 items: 1.7 ms → 0.35 ms). For statements whose text is fixed by their shape,
 * every value a parameter. PGlite, one process and one connection, runs it as `rowsOf` does.
 */
export async function preparedRowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return runPrepared<T>(db, dialect.sqlToQuery(query), undefined, 'built per call');
}

/**
 * A prepared statement of one fixed text, built on its first run: its values are Drizzle
 * placeholders (`sql.placeholder('id')`), filled on each call. For a hot read whose text is
 * long, building it and finding its name took ~30 µs of every call (a request's detail: 7 KB).
 */
export function preparedStatement<T>(query: SQL): (db: Database, values: Record<string, unknown>) => Promise<T[]> {
  let built: Query | undefined;
  return (db, values) => runPrepared<T>(db, (built ??= dialect.sqlToQuery(query)), values, 'fixed');
}

/** A Drizzle select, as `selectOnce` takes it: its SQL, its fields and its rows once awaited. */
type FixedSelect = PromiseLike<unknown[]> & { getSQL(): SQL; readonly _: { readonly config: { fields: object } } };

/**
 * A Drizzle select of one fixed text, its values placeholders (`sql.placeholder('id')`), run as the
 * named statement `once_<name>` on whichever database or transaction is given, with Drizzle's own
 * mapping of its rows. PostgreSQL plans it once per connection (decision 118: planning was most of
 * what the writes' short selects cost it), and Drizzle builds it once, on the first call: building
 * it on every call was a third of what a write cost the server (decision 119). `name` is the text's
 * own: pg refuses one name for two texts.
 */
export function selectOnce<S extends FixedSelect>(
  name: string,
  build: (db: Database) => S,
): (db: Database, values: Record<string, unknown>) => Promise<Awaited<S>> {
  let built: { query: Query; fields: SelectedFieldsOrdered; joinsNotNullableMap: unknown } | undefined;
  return (db, values) => {
    if (!built) {
      const select = build(db);
      built = {
        query: dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields(select._.config.fields),
        // Which joined tables may be all null (a left join's): Drizzle's select hands it to the query it prepares.
        joinsNotNullableMap: (select as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap,
      };
    }
    const prepared = db._.session.prepareQuery(built.query, built.fields, `once_${name}`, true);
    Object.assign(prepared, { joinsNotNullableMap: built.joinsNotNullableMap });
    return prepared.execute(values) as Promise<Awaited<S>>;
  };
}

/** Runs `built` under its name, naming it on its first run while the bound allows. */
async function runPrepared<T>(
  db: Database,
  built: Query,
  values: Record<string, unknown> | undefined,
  text: 'fixed' | 'built per call',
): Promise<T[]> {
  let name = preparedNames.get(built.sql);
  if (name === undefined && (text === 'fixed' || builtPerCall < MAX_PREPARED_STATEMENTS)) {
    name = `prepared_${preparedNames.size + 1}`;
    preparedNames.set(built.sql, name);
    if (text === 'built per call') builtPerCall++;
  }
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute(values);
  return (result as unknown as { rows: T[] }).rows;
}

/** PostgreSQL's connection pools now, together: `inUse` checked out by a query or transaction, `waiting` for one. */
export interface PoolStats {
  max: number;
  inUse: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** What the job queue (platform/jobs) connects through: the embedded client, or the server's URL. */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  ping(): Promise<void>;
  /** The pool's figures; undefined on PGlite, one embedded session that runs one statement at a time and has no pool. */
  pool(): PoolStats | undefined;
  /** Hears the notifications of `channel` (platform/db/notifications.ts); closed by `close`. */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  close(): Promise<void>;
}

/** Closes what `listen` opened, then the database. */
function withListeners(handle: Omit<DatabaseHandle, 'listen'>, open: DatabaseHandle['listen']): DatabaseHandle {
  const listening: Listening[] = [];
  return {
    ...handle,
    async listen(channel, handlers) {
      const l = await open(channel, handlers);
      listening.push(l);
      return l;
    },
    async close() {
      await Promise.all(listening.map((l) => l.close()));
      await handle.close();
    },
  };
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * PGlite's own start parameters plus a smaller shared memory: its defaults size it for a hundred
 * connections and 128 MB of buffers, which one embedded session never uses. Allocating them took
 * a tenth of a second of every start and 120 MB of resident memory (decision 060); 32 MB holds
 * the embedded database's working set many times over.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'max_connections=10'];

/**
 * Opens the database and applies pending migrations.
 * `url` undefined → PGlite files under `dataDir/pglite`; `memory://` → in-memory PGlite;
 * `memory:///path/dump.tar` → in-memory PGlite started from that data-dir dump (the tests' one
 * migrated template, test/global-setup.ts); anything else → a PostgreSQL connection string.
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  poolSize = 10,
): Promise<DatabaseHandle> {
  if (url === undefined || url.startsWith('memory://')) {
    let target: string | undefined;
    if (url === undefined) {
      target = path.join(dataDir, 'pglite');
      mkdirSync(target, { recursive: true });
    }
    const dump = url?.slice('memory://'.length);
    const client = new PGlite(target, {
      startParams: PGLITE_START_PARAMS,
      ...(dump ? { loadDataDir: await openAsBlob(dump) } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return withListeners(
      {
        db,
        kind: 'pglite',
        connection: { kind: 'pglite', client },
        ping: async () => void (await db.execute(sql`select 1`)),
        pool: () => undefined,
        close: () => client.close(),
      },
      (channel, handlers) => listenPglite(client, channel, handlers),
    );
  }
  // PostgreSQL's client is loaded only when configured: the embedded default starts without it (decision 060).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const openPool = () => {
    // A connection that cannot be made within 5 s fails the request (503) instead of queueing it
    // forever. More connections than the database has cores to run them only queue inside it: on
    // 2 cores shared with PostgreSQL, 4 connections answer a detail faster than 10 (p99 63 → 39 ms).
    // Connections once opened are kept (`min`; pg-pool closes those above it after 10 s idle): a
    // new one has nothing prepared, and PostgreSQL plans each named statement on it afresh, five
    // times before it settles on a generic plan. After 12 quiet seconds a carrier's four applied
    // pages took 93–99 ms on new connections, 28–29 ms on kept ones (decision 120).
    const pool = new pg.Pool({ connectionString: url, max: poolSize, min: poolSize, connectionTimeoutMillis: 5000 });
    // When PostgreSQL ends a connection (stop, restart, failover: 57P01), its client emits
    // 'error', idle in the pool or checked out; unheard, that ends the process. Heard, the
    // query in progress fails (503) and the pool opens a new connection for the next one.
    pool.on('connect', (client) => client.on('error', (err) => log?.warn({ err }, 'database connection lost')));
    pool.on('error', () => {}); // an idle client's error, already logged by its own listener
    return pool;
  };
  // Statements and transactions each have their own pool (decision 113). A transaction holds its
  // connection idle between its statements while this process works; sharing one pool, the
  // writes under load held every connection, and each single-statement read waited for one.
  const statements = openPool();
  const transactions = openPool();
  const pools = [statements, transactions];
  const db = drizzlePg(statements, { schema });
  const transactionDb = drizzlePg(transactions, { schema });
  db.transaction = transactionDb.transaction.bind(transactionDb);
  await migratePg(db, { migrationsFolder });
  const sum = (figure: (pool: Pool) => number) => pools.reduce((n, pool) => n + figure(pool), 0);
  return withListeners(
    {
      db: db as unknown as Database,
      kind: 'postgres',
      connection: { kind: 'postgres', url },
      ping: async () => void (await db.execute(sql`select 1`)),
      pool: () => ({
        max: 2 * poolSize,
        inUse: sum((pool) => pool.totalCount - pool.idleCount),
        idle: sum((pool) => pool.idleCount),
        waiting: sum((pool) => pool.waitingCount),
      }),
      close: () => Promise.all(pools.map(endPool)).then(() => undefined),
    },
    (channel, handlers) => listenPostgres(pg, url, statements, channel, handlers, log),
  );
}

/**
 * pool.end() resolves once its clients are told to end, not once their connections are closed:
 * wait for each, so that nothing (a test dropping the database) races them.
 */
async function endPool(pool: Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (++removed >= open) resolve();
    });
  });
  await pool.end();
  await closed;
}

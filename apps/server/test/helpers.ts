/**
 * Test harness: builds the real app on a fresh database — in-memory PGlite by
 * default, or a new database on the server named by TEST_DATABASE_URL — and
 * gives a small client that speaks like the web app (JSON, bearer, CSRF pair).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { mailOutbox } from '../src/db/schema';
import { openDatabase, type Database, type DatabaseHandle } from '../src/platform/db/database';
import { checkAnswersAgainstDocument } from './openapi-check';

const CSRF = 'test-csrf-token';

/** What production needs besides the usual settings: the issuer of the subscription's qualified invoices. */
export const PRODUCTION_ISSUER_ENV = {
  PLATFORM_ISSUER_NAME: '物流マーケット運営株式会社',
  PLATFORM_ISSUER_ADDRESS: '東京都千代田区丸の内一丁目1番1号',
  PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T2876543210987',
};

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Calls the API like the web client: JSON body, bearer token, CSRF cookie + header. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** The newest mail sent to an address (from the outbox). */
  lastMail(to: string): Promise<typeof mailOutbox.$inferSelect | undefined>;
  /** The `token` query parameter of the newest mail's link to an address. */
  lastMailToken(to: string): Promise<string>;
  close(): Promise<void>;
}

/** A new database on the server; `template`: a migrated database to copy (test/global-setup.ts). */
export async function freshServerDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The run's migrated template (test/global-setup.ts); none where no setup ran (the fault tests). */
const databaseTemplate = (): string | undefined => inject('databaseTemplate');

/** On TEST_DATABASE_URL's server, a new database copied from the template; else none (PGlite). */
async function newServerDatabase(): Promise<Awaited<ReturnType<typeof freshServerDatabase>> | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? freshServerDatabase(serverUrl, databaseTemplate()) : undefined;
}

/** In-memory PGlite, started from the template's dump when there is one. */
const embeddedDatabaseUrl = (): string => {
  const template = databaseTemplate();
  return template?.startsWith('memory://') ? template : 'memory://';
};

export interface TestDatabase {
  db: Database;
  /** The first connection's handle: what the job queue connects through. */
  handle: DatabaseHandle;
  /** A second connection pool to the same database (on PGlite, the one connection there is). */
  connectAgain(): Promise<Database>;
  close(): Promise<void>;
}

/** A fresh migrated database without the app, as createTestApp makes it, for platform parts. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = await newServerDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-test-'));
  const handles: DatabaseHandle[] = [await openDatabase(server?.url ?? embeddedDatabaseUrl(), dataDir)];
  return {
    db: handles[0]!.db,
    handle: handles[0]!,
    async connectAgain() {
      if (!server) return handles[0]!.db;
      const handle = await openDatabase(server.url, dataDir);
      handles.push(handle);
      return handle.db;
    },
    async close() {
      for (const handle of handles) await handle.close();
      await server?.drop();
    },
  };
}

/** `prepare` may add to the app before it is ready (a test's own route). */
export async function createTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const server = await newServerDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'logi-test-')),
    DATABASE_URL: server?.url ?? embeddedDatabaseUrl(),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Cheap hashes keep the suite fast; the bench reports the production cost.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    MAIL_POLL_MS: '50',
    APP_URL: 'http://app.test',
    ...env,
  });
  const app = await buildApp(config);
  prepare?.(app);
  await app.ready();
  // Every answer a test gets is held to the OpenAPI document (decision 088).
  await checkAnswersAgainstDocument(app);
  const db = app.deps.db;

  const lastMail = async (to: string) => {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return row;
  };

  return {
    app,
    config,
    call: (method, url, opts = {}) =>
      app.inject({
        method,
        url,
        headers: {
          'accept-language': 'ja',
          'x-csrf-token': CSRF,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        cookies: { 'csrf-token': CSRF },
        ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
      }),
    lastMail,
    async lastMailToken(to) {
      const mail = await lastMail(to);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      const token = link ? new URL(link).searchParams.get('token') : null;
      if (!token) throw new Error(`no link with a token in the last mail to ${to}`);
      return token;
    },
    async close() {
      await app.close();
      await server?.drop();
    },
  };
}

/** How many market reads the open requests in memory answered so far, from GET /metrics (decision 112). */
export async function openMarketReads(t: TestApp): Promise<number> {
  const text = (await t.call('GET', '/metrics')).body;
  return Number(/^logi_memo_hits_total\{memo="open-market"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

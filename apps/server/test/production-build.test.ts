/**
 * The production build (decision 060) as an operator runs it: `node apps/server/dist/main.js`
 * in a process of its own. It starts with its runtime files found from the bundle (migrations,
 * the postal data) — on the embedded database, or on PostgreSQL and Redis when the suite runs
 * there (TEST_DATABASE_URL, TEST_REDIS_URL: the drivers the bundle loads only when configured)
 * — and a setting it cannot use stops it with one line naming the variable and exit status 78,
 * not a stack trace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServerDatabase } from './helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = path.join(serverDir, 'dist/main.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-production-build-'));

/** Only what is given here: the test runner's own NODE_ENV=test and secrets must not leak in. */
function productionEnv(settings: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...settings };
}
const usable = {
  JWT_SECRET: 'production-secret-production-secret-0123',
  PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
  PLATFORM_ISSUER_NAME: '物流マーケット運営株式会社',
  PLATFORM_ISSUER_ADDRESS: '東京都千代田区丸の内一丁目1番1号',
  PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T9234567890123',
};

/** Runs the compiled server to its end: what it printed and how it exited. */
function runToExit(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [mainJs], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(() => {
  // The build the operator runs (only when the output is missing or older than its sources).
  const build = spawnSync(process.execPath, [path.resolve(serverDir, '../../scripts/build.mjs'), '--if-stale', 'server'], {
    stdio: 'inherit',
  });
  expect(build.status).toBe(0);
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a setting the production server cannot use', () => {
  it('stops it with one line naming JWT_SECRET when it is missing', async () => {
    const { code, stdout, stderr } = await runToExit(productionEnv({ PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' }));
    expect(code).toBe(78);
    expect(stdout).toBe('');
    expect(stderr).toBe('Configuration error: JWT_SECRET is required in production (32 characters or more)\n');
  });

  it('names JWT_SECRET without printing it when it is too short', async () => {
    const { code, stderr } = await runToExit(productionEnv({ ...usable, JWT_SECRET: 'short-secret' }));
    expect(code).toBe(78);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^Configuration error: JWT_SECRET: .*32/)]);
    expect(stderr).not.toContain('short-secret');
  });

  it('names every unusable variable on the one line', async () => {
    const { code, stderr } = await runToExit(productionEnv({ ...usable, PORT: 'eighty', LOG_LEVEL: 'loud' }));
    expect(code).toBe(78);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^Configuration error: PORT: .*; LOG_LEVEL: /)]);
  });

  it('names the card payments setting that production requires', async () => {
    const { code, stderr } = await runToExit(productionEnv({ JWT_SECRET: usable.JWT_SECRET }));
    expect(code).toBe(78);
    expect(stderr).toMatch(/^Configuration error: STRIPE_SECRET_KEY is required in production[^\n]*\n$/);
  });
});

describe('the compiled server', () => {
  it('names the issuer of the qualified invoices that production requires, and refuses a number whose check digit fails', async () => {
    const { PLATFORM_INVOICE_REGISTRATION_NUMBER: _number, ...withoutNumber } = usable;
    const missing = await runToExit(productionEnv(withoutNumber));
    expect(missing.code).toBe(78);
    expect(missing.stderr).toBe(
      "Configuration error: PLATFORM_INVOICE_REGISTRATION_NUMBER is required in production (the issuer of the subscription's qualified invoices)\n",
    );
    const wrong = await runToExit(productionEnv({ ...usable, PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T1234567890123' }));
    expect(wrong.code).toBe(78);
    expect(wrong.stderr).toBe(
      'Configuration error: PLATFORM_INVOICE_REGISTRATION_NUMBER: the check digit of the 法人番号 does not hold\n',
    );
  });

  it('starts on the configured database and answers from its migrated tables and the postal data', async () => {
    const server = process.env.TEST_DATABASE_URL ? await freshServerDatabase(process.env.TEST_DATABASE_URL) : undefined;
    const redisUrl = process.env.TEST_REDIS_URL;
    const env = productionEnv({
      ...usable,
      ...(server ? { DATABASE_URL: server.url } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl, REALTIME_CHANNEL: `production-build-${process.pid}` } : {}),
    });
    const child = spawn(process.execPath, [mainJs], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      // Fastify's log line says where it listens (PORT=0: a free port).
      let origin: string | undefined;
      for await (const line of readline.createInterface({ input: child.stdout })) {
        origin = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(line)?.[1];
        if (origin) break;
      }
      expect(origin).toBeDefined();
      const ready = await fetch(`${origin}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', database: server ? 'postgres' : 'pglite' });
      const postal = await fetch(`${origin}/api/v1/locations?postalCode=100-0001`);
      expect(await postal.json()).toMatchObject({ prefecture: '東京都', city: '千代田区', town: '千代田' });
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await server?.drop();
    }
  });
});

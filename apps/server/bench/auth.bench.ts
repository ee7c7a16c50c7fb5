/**
 * `npm run bench`: the cost of signing in and of an authenticated call, against
 * a bare route, on the real app with the production argon2id parameters.
 *
 * The app runs in this process on a random loopback port; autocannon fires 50
 * connections per scenario for BENCH_SECONDS (default 10). The run is bounded and
 * stops by itself. BENCH_DATABASE_URL picks a PostgreSQL server instead of the
 * in-memory PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createAccount } from '../src/modules/accounts/accounts.service';
import { CONNECTIONS, type Row, SECONDS, exitAfter, printTable, rowOf } from './bench-kit';
const EMAIL = 'bench-customer@example.jp';
const PASSWORD = 'Bench-Passw0rd!';
/** OWASP Password Storage Cheat Sheet: argon2id minimum. */
const OWASP_MINIMUM = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

exitAfter(SECONDS * 3 + 120);

const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'memory://',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  // Far above what the bench sends, so that the limiter never answers 429.
  AUTH_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
  SEED_DEMO: 'false',
  // ARGON2_* are left out on purpose: the defaults are the production cost.
});

const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const base = `http://127.0.0.1:${address.port}`;

try {
  await createAccount(app.deps, {
    email: EMAIL,
    password: PASSWORD,
    roles: ['CUSTOMER'],
    lastName: '負荷',
    firstName: '太郎',
    phone: '0312345678',
    company: { name: 'ベンチ株式会社', nameKana: 'ベンチカブシキガイシャ' },
    location: { postalCode: '100-0001', prefecture: '東京都', city: '千代田区', town: '千代田', block: '1-1', building: null },
  });

  // Every response sets the CSRF cookie when absent; state-changing calls echo it in the header.
  const first = await fetch(`${base}/healthz`);
  const csrf = first.headers
    .getSetCookie()
    .map((c) => /^csrf-token=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!csrf) throw new Error('no csrf-token cookie');
  const csrfHeaders = { cookie: `csrf-token=${csrf}`, 'x-csrf-token': csrf };

  const loginBody = JSON.stringify({ email: EMAIL, password: PASSWORD, role: 'CUSTOMER' });
  const jsonPost = { ...csrfHeaders, 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: jsonPost, body: loginBody });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };

  const scenarios: Scenario[] = [
    { name: 'baseline GET /healthz', method: 'GET', path: '/healthz' },
    { name: 'POST /api/v1/auth/login', method: 'POST', path: '/api/v1/auth/login', headers: jsonPost, body: loginBody },
    {
      name: 'GET /api/v1/auth/session',
      method: 'GET',
      path: '/api/v1/auth/session',
      headers: { authorization: `Bearer ${accessToken}` },
    },
  ];

  console.log(`bench: ${CONNECTIONS} connections, ${SECONDS} s per scenario, database ${app.database.kind}\n`);
  const rows: Row[] = [];
  for (const s of scenarios) {
    // Each scenario must succeed once before it is measured, or its numbers mean nothing.
    const probe = await fetch(base + s.path, { method: s.method, headers: s.headers, body: s.body });
    if (!probe.ok) throw new Error(`${s.name}: ${probe.status} ${await probe.text()}`);
    process.stdout.write(`running ${s.name} …\n`);
    const result = await autocannon({
      url: base + s.path,
      method: s.method,
      headers: s.headers,
      body: s.body,
      connections: CONNECTIONS,
      duration: SECONDS,
      workers: 1,
    });
    rows.push(rowOf(s.name, result));
  }

  printAuthTable(rows);
  printArgon2(config.argon2);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function printAuthTable(rows: Row[]) {
  const [baseline] = rows;
  if (!baseline) return;
  const ratio = (v: number, b: number) => (b > 0 ? `${(v / b).toFixed(2)}×` : '-');
  const header = ['scenario', 'req/s', 'vs base', 'p50 ms', 'vs base', 'p99 ms', 'vs base', 'non-2xx', 'errors'];
  const lines = rows.map((r) => [
    r.name,
    r.rps.toFixed(1),
    ratio(r.rps, baseline.rps),
    r.p50.toFixed(1),
    ratio(r.p50, baseline.p50),
    r.p99.toFixed(1),
    ratio(r.p99, baseline.p99),
    String(r.non2xx),
    String(r.errors),
  ]);
  printTable(header, lines);
}

function printArgon2(params: { memoryCost: number; timeCost: number; parallelism: number }) {
  const show = (p: typeof params) =>
    `m=${p.memoryCost} KiB (${(p.memoryCost / 1024).toFixed(0)} MiB), t=${p.timeCost}, p=${p.parallelism}`;
  const meets =
    params.memoryCost >= OWASP_MINIMUM.memoryCost &&
    params.timeCost >= OWASP_MINIMUM.timeCost &&
    params.parallelism >= OWASP_MINIMUM.parallelism;
  console.log(`\nargon2id in force: ${show(params)}`);
  console.log(`OWASP minimum:     ${show(OWASP_MINIMUM)}  → ${meets ? 'meets it' : 'BELOW the minimum'}`);
}

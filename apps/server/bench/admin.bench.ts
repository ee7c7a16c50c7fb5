/**
 * `npm run bench:admin` (also the last part of `npm run bench`): the back office's lists and
 * overview on the 1,000,000-request, 50,000-user PostgreSQL database of `npm run bench:data`,
 * signed in as its admin (issue 12). The bars: every list p99 under 100 ms, the overview's
 * call under 200 ms, at 50 connections, with no failed request.
 *
 * The server under test runs as its own process (NODE_ENV=production, tsx), so this process
 * is only the load generator: the two never share an event loop. Without generated data
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench) it says so and skips.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, DEFAULT_BENCH_DATABASE_URL } from './bench-data';
import { CONNECTIONS, type Row, SECONDS, exitAfter, printTable, rowOf } from './bench-kit';
import { freePort } from '../test/free-port';

const URL_ = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Scenario {
  name: string;
  path: string;
  /** p99 bar in ms. */
  bar: number;
}

const q = (p: string, params: Record<string, string>) => `/api/v1${p}?${new URLSearchParams(params)}`;
const SCENARIOS: Scenario[] = [
  { name: 'customers', path: q('/customers', { limit: '20' }), bar: 100 },
  { name: 'customers keyword=美咲 (2 chars)', path: q('/customers', { limit: '20', keyword: '美咲' }), bar: 100 },
  { name: 'customers keyword=田 (1 char)', path: q('/customers', { limit: '20', keyword: '田' }), bar: 100 },
  { name: 'customers keyword=物流 page=50', path: q('/customers', { limit: '20', keyword: '物流', page: '50' }), bar: 100 },
  { name: 'drivers keyword=運輸', path: q('/drivers', { limit: '20', keyword: '運輸' }), bar: 100 },
  { name: 'drivers roleType=DRIVER_MANAGER', path: q('/drivers', { limit: '20', roleType: 'DRIVER_MANAGER' }), bar: 100 },
  { name: 'deliveries', path: q('/request-items/delivery', { limit: '20' }), bar: 100 },
  {
    name: 'deliveries status=COMPLETED + dates',
    path: q('/request-items/delivery', { limit: '20', status: 'COMPLETED', startDate: '2026-01-01', endDate: '2026-06-30' }),
    bar: 100,
  },
  { name: 'deliveries keyword=冷凍', path: q('/request-items/delivery', { limit: '20', keyword: '冷凍' }), bar: 100 },
  { name: 'warehouses', path: q('/request-items/warehouse', { limit: '20' }), bar: 100 },
  { name: 'overview', path: '/api/v1/admin/overview', bar: 200 },
];

exitAfter(SECONDS * SCENARIOS.length + 300);

async function hasData(): Promise<boolean> {
  const client = new pg.Client({ connectionString: URL_ });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('select count(*) as n from users where email = $1', [BENCH_ADMIN_EMAIL]);
    return rows[0]!.n === '1';
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The API as production runs it, in a process of its own; resolves once it answers /readyz. */
async function startServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: URL_,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited: ${code}`))));
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return child;
}

async function signInAsAdmin(base: string) {
  const first = await fetch(`${base}/healthz`);
  const csrf = first.headers
    .getSetCookie()
    .map((c) => /^csrf-token=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!csrf) throw new Error('no csrf-token cookie');
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { cookie: `csrf-token=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD, role: 'ADMIN' }),
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

if (!(await hasData())) {
  console.log(
    `\nadmin bench: skipped, no generated data with its admin in ${URL_.replace(/\/\/[^@/]*@/, '//…@')} (run npm run bench:data)`,
  );
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-bench-admin-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(port, dataDir);
try {
  const headers = { authorization: `Bearer ${await signInAsAdmin(base)}` };
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `\nadmin bench: ${CONNECTIONS} connections, ${SECONDS} s per scenario, server in its own process; load average ${load()}\n`,
  );
  const rows: (Row & { bar: number })[] = [];
  for (const s of SCENARIOS) {
    const probe = await fetch(base + s.path, { headers });
    if (!probe.ok) throw new Error(`${s.name}: ${probe.status} ${await probe.text()}`);
    process.stdout.write(`running ${s.name} …\n`);
    const result = await autocannon({ url: base + s.path, connections: CONNECTIONS, duration: SECONDS, headers });
    rows.push({ ...rowOf(s.name, result), bar: s.bar });
  }
  const missed: string[] = [];
  printTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'p99 bar', ''],
    rows.map((r) => {
      const ok = r.p99 < r.bar && r.non2xx === 0 && r.errors === 0;
      if (!ok) missed.push(r.name);
      return [
        r.name,
        r.rps.toFixed(1),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        String(r.non2xx),
        String(r.errors),
        `< ${r.bar}`,
        ok ? 'ok' : 'MISSED',
      ];
    }),
  );
  console.log(`\nload average at the end ${load()}`);
  console.log(missed.length ? `bar MISSED by: ${missed.join(', ')}` : 'bar met by every admin scenario');
} finally {
  server.kill('SIGTERM');
}

/** Each call alone, as one admin clicking through the screens: a server whose overview counts on every call. */
const SERIAL_CALLS = 20;
const port2 = await freePort();
const base2 = `http://127.0.0.1:${port2}`;
const uncached = await startServer(port2, dataDir, { ADMIN_OVERVIEW_CACHE_SECONDS: '0' });
try {
  const headers = { authorization: `Bearer ${await signInAsAdmin(base2)}` };
  const rows: string[][] = [];
  for (const s of SCENARIOS) {
    const ms: number[] = [];
    for (let i = 0; i < SERIAL_CALLS; i++) {
      const started = performance.now();
      const res = await fetch(base2 + s.path, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${s.name}: ${res.status}`);
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    rows.push([s.name, ms[Math.floor(ms.length / 2)]!.toFixed(1), ms.at(-1)!.toFixed(1)]);
  }
  console.log(
    `\none call at a time (${SERIAL_CALLS} each, overview counted on every call); load average ${loadavg()[0]!.toFixed(2)}\n`,
  );
  printTable(['scenario', 'p50 ms', 'max ms'], rows);
} finally {
  uncached.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

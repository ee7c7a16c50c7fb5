/**
 * `npm run bench` (after the auth scenarios): the market lists, a detail and a bid on
 * the 1,000,000-request PostgreSQL database of `npm run bench:data`, against a
 * baseline route that answers the same JSON as the unfiltered list from memory.
 *
 * The app runs in this process on a random loopback port; the baseline is registered
 * here, on that app instance, never in production code. autocannon fires 50 connections
 * per scenario for BENCH_SECONDS (default 10). The bar for every list scenario: p99 under
 * 50 ms and at least 30 % of the baseline's throughput. Without generated data
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench) it says so and
 * skips.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { BENCH_DRIVER_EMAIL, BENCH_PASSWORD, DEFAULT_BENCH_DATABASE_URL } from './bench-data';
import { CONNECTIONS, type Row, SECONDS, exitAfter, printTable, rowOf } from './bench-kit';
const URL_ = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const BAR = { p99: 50, ratio: 0.3 };

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  /** Fixed path, or one per request (rotating over items). */
  path: string | (() => string);
  headers?: Record<string, string>;
  body?: () => string;
  /** Held to the bar (the list scenarios). */
  list?: boolean;
}

exitAfter(SECONDS * 3 * 8 + 120);

/** Open items to rotate over, or null when the database holds no generated data. */
async function openItems(): Promise<{ any: string[]; estimation: string[] } | null> {
  const client = new pg.Client({ connectionString: URL_ });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const { rows } = await client.query<{ id: string; price_type: string }>(
      `select id, price_type from request_items where status = 'WAITING_APPROVE' and deleted_at is null
       order by created_at desc limit 5000`,
    );
    return {
      any: rows.slice(0, 1000).map((r) => r.id),
      estimation: rows.filter((r) => r.price_type === 'ESTIMATION').map((r) => r.id),
    };
  } catch {
    return null; // no tables yet
  } finally {
    await client.end();
  }
}

const items = await openItems();
if (!items || items.estimation.length === 0) {
  console.log(
    `\nmarketplace bench: skipped, no generated data in ${URL_.replace(/\/\/[^@/]*@/, '//…@')} (run npm run bench:data)`,
  );
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: URL_,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  AUTH_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
  SEED_DEMO: 'false',
  // As in production (2 s) unless told: MARKET_CACHE_SECONDS=0 measures every request on the database.
  MARKET_CACHE_SECONDS: process.env.MARKET_CACHE_SECONDS ?? '2',
});

const app = await buildApp(config);
// The baseline: the unfiltered list's JSON, held in memory, through the same server.
let baselinePayload: unknown = null;
app.get('/bench/baseline', async () => baselinePayload);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const base = `http://127.0.0.1:${address.port}`;
const LIST = '/api/v1/request-items/list/public';

try {
  baselinePayload = await (await fetch(base + LIST)).json();

  const first = await fetch(`${base}/healthz`);
  const csrf = first.headers
    .getSetCookie()
    .map((c) => /^csrf-token=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!csrf) throw new Error('no csrf-token cookie');
  const jsonPost = { cookie: `csrf-token=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: jsonPost,
    body: JSON.stringify({ email: BENCH_DRIVER_EMAIL, password: BENCH_PASSWORD, role: 'DRIVER' }),
  });
  if (login.status !== 200) throw new Error(`driver login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };

  const rotate = (list: string[]) => {
    let i = 0;
    return () => list[i++ % list.length]!;
  };
  const nextOpen = rotate(items.any);
  const nextEstimation = rotate(items.estimation);
  const q = (params: Record<string, string>) => `${LIST}?${new URLSearchParams(params)}`;

  const scenarios: Scenario[] = [
    { name: 'baseline (list JSON from memory)', method: 'GET', path: '/bench/baseline' },
    { name: 'list/public', method: 'GET', path: LIST, list: true },
    {
      name: 'list/public vehicleType+pickupLocation',
      method: 'GET',
      path: q({ vehicleType: 'FOUR_T_TRUCK', pickupLocation: '東京都' }),
      list: true,
    },
    { name: 'list/public keyword=冷凍', method: 'GET', path: q({ keyword: '冷凍' }), list: true },
    { name: 'list/public page=500', method: 'GET', path: q({ page: '500' }), list: true },
    { name: 'public/{id}', method: 'GET', path: () => `/api/v1/request-items/public/${nextOpen()}` },
    {
      name: 'POST request-prices (bid)',
      method: 'POST',
      path: '/api/v1/request-items/request-prices',
      headers: { ...jsonPost, authorization: `Bearer ${accessToken}` },
      body: () => JSON.stringify({ requestItemId: nextEstimation(), price: 10_000 + Math.floor(Math.random() * 90) * 1000 }),
    },
  ];

  console.log(
    `\nmarketplace bench: ${CONNECTIONS} connections, ${SECONDS} s per scenario, database ${app.database.kind}, ` +
      `${items.any.length}+ open items, anonymous public market cached ${config.marketCacheSeconds} s\n`,
  );
  const rows: (Row & { scenario: Scenario })[] = [];
  for (const s of scenarios) {
    const pathOf = () => (typeof s.path === 'string' ? s.path : s.path());
    // Each scenario must succeed once before it is measured, or its numbers mean nothing.
    const probe = await fetch(base + pathOf(), { method: s.method, headers: s.headers, body: s.body?.() });
    if (!probe.ok) throw new Error(`${s.name}: ${probe.status} ${await probe.text()}`);
    process.stdout.write(`running ${s.name} …\n`);
    const rotating = typeof s.path !== 'string' || s.body !== undefined;
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      // A worker thread keeps the load generator off the server's event loop; the rotating
      // scenarios need a function per request, which cannot cross into a worker.
      workers: rotating ? undefined : 1,
      requests: [
        {
          method: s.method,
          headers: s.headers,
          ...(rotating ? { setupRequest: (req) => ({ ...req, path: pathOf(), body: s.body?.() }) } : { path: pathOf() }),
        },
      ],
    });
    rows.push({ ...rowOf(s.name, result), scenario: s });
  }
  const missed = printMarketTable(rows);
  console.log(
    missed.length
      ? `\nbar MISSED by: ${missed.join(', ')}`
      : `\nbar met: every list scenario p99 < ${BAR.p99} ms and ≥ ${BAR.ratio * 100} % of the baseline's throughput`,
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Prints the table; answers the list scenarios that miss the bar. */
function printMarketTable(rows: (Row & { scenario: Scenario })[]): string[] {
  const baseline = rows[0]!;
  const missed: string[] = [];
  const header = ['scenario', 'req/s', 'vs base', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'bar'];
  const lines = rows.map((r) => {
    const ratio = r.rps / baseline.rps;
    const ok = r.p99 < BAR.p99 && ratio >= BAR.ratio && r.non2xx === 0 && r.errors === 0;
    if (r.scenario.list && !ok) missed.push(r.scenario.name);
    return [
      r.scenario.name,
      r.rps.toFixed(1),
      `${(ratio * 100).toFixed(0)} %`,
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      String(r.non2xx),
      String(r.errors),
      r.scenario.list ? (ok ? 'ok' : 'MISSED') : '-',
    ];
  });
  printTable(header, lines);
  return missed;
}

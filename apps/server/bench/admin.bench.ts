/**
 * `npm run bench:admin` (also the last part of `npm run bench`): the back office's lists and
 * overview on the 1,000,000-request, 50,000-user PostgreSQL database of `npm run bench:data`,
 * signed in as its admin (issue 12). The bars: every list p99 under 100 ms, the overview's
 * call under 200 ms, at 50 connections, with no failed request.
 *
 * The server under test is the compiled API (dist-bench/) in its own process with
 * NODE_ENV=production, and wrk the load generator in another (bench/processes.ts). Without generated data
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench) it says so and skips.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { DeliveryStatus } from '@logi/contract';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, COMPANY_WORDS, DEFAULT_BENCH_DATABASE_URL, GIVEN, SURNAMES } from './bench-data';
import { CONNECTIONS, type Row, SECONDS, exitAfter, printTable } from './bench-kit';
import { buildBenchServers, signIn, startServer, wrk } from './processes';

const URL_ = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;

interface Scenario {
  name: string;
  /** One URL, or many that the connections take in turn. */
  path: string | string[];
  /** p99 bar in ms. */
  bar: number;
}

const q = (p: string, params: Record<string, string>) => `/api/v1${p}?${new URLSearchParams(params)}`;
/**
 * Many operators at once: every list with the words the accounts are made of, each status and
 * pages 1–10: 500 URLs taken in turn, so a URL comes back only after all the others, and the
 * single-URL scenarios above cannot flatter a cache that only a repeated URL hits.
 */
function operatorsAtOnce(): string[] {
  const paths: string[] = [];
  const pages = Array.from({ length: 10 }, (_, i) => String(i + 1));
  for (const page of pages) {
    for (const keyword of [...SURNAMES, ...GIVEN]) paths.push(q('/customers', { limit: '20', keyword, page }));
    for (const keyword of COMPANY_WORDS) paths.push(q('/drivers', { limit: '20', keyword, page }));
    for (const status of DeliveryStatus.values) {
      paths.push(q('/request-items/delivery', { limit: '20', status, page }));
      paths.push(q('/request-items/delivery', { limit: '20', status, keyword: '冷凍', page }));
    }
    for (const roleType of ['DRIVER', 'DRIVER_MANAGER']) paths.push(q('/drivers', { limit: '20', roleType, page }));
    paths.push(q('/request-items/warehouse', { limit: '20', page }));
  }
  // Interleaved, so that neighbours in time are different lists.
  return paths
    .map((p, i) => ({ p, k: (i * 7919) % paths.length }))
    .sort((a, b) => a.k - b.k)
    .map(({ p }) => p);
}

const OPERATOR_PATHS = operatorsAtOnce();
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
  { name: `operators at once: ${OPERATOR_PATHS.length} list URLs`, path: OPERATOR_PATHS, bar: 100 },
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

const signInAsAdmin = (base: string) => signIn(base, BENCH_ADMIN_EMAIL, BENCH_PASSWORD, 'ADMIN');

if (!(await hasData())) {
  console.log(
    `\nadmin bench: skipped, no generated data with its admin in ${URL_.replace(/\/\/[^@/]*@/, '//…@')} (run npm run bench:data)`,
  );
  process.exit(0);
}

buildBenchServers();
const server = await startServer('app-server', { DATABASE_URL: URL_ });
const base = server.base;
try {
  const headers = await signInAsAdmin(base);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `\nadmin bench: ${CONNECTIONS} connections, ${SECONDS} s per scenario, server in its own process; load average ${load()}\n`,
  );
  const rows: (Row & { bar: number })[] = [];
  for (const s of SCENARIOS) {
    const probe = await fetch(base + [s.path].flat()[0], { headers });
    if (!probe.ok) throw new Error(`${s.name}: ${probe.status} ${await probe.text()}`);
    process.stdout.write(`running ${s.name} …\n`);
    rows.push({ ...wrk(s.name, base, { path: s.path, headers }), bar: s.bar });
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
  await server.stop();
}

/** Each call alone, as one admin clicking through the screens: a server whose overview counts and whose searches search on every call. */
const SERIAL_CALLS = 20;
const uncached = await startServer('app-server', {
  DATABASE_URL: URL_,
  ADMIN_OVERVIEW_CACHE_SECONDS: '0',
  ADMIN_SEARCH_CACHE_SECONDS: '0',
});
const base2 = uncached.base;
try {
  const headers = await signInAsAdmin(base2);
  const rows: string[][] = [];
  for (const s of SCENARIOS) {
    const ms: number[] = [];
    for (let i = 0; i < SERIAL_CALLS; i++) {
      const started = performance.now();
      const paths = [s.path].flat();
      const res = await fetch(base2 + paths[i % paths.length], { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${s.name}: ${res.status}`);
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    rows.push([s.name, ms[Math.floor(ms.length / 2)]!.toFixed(1), ms.at(-1)!.toFixed(1)]);
  }
  console.log(
    `\none call at a time (${SERIAL_CALLS} each, overview counted and searches run on every call); load average ${loadavg()[0]!.toFixed(2)}\n`,
  );
  printTable(['scenario', 'p50 ms', 'max ms'], rows);
} finally {
  await uncached.stop();
}

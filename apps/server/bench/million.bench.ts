/**
 * One feature's calls alone on the generated 1,000,000 items (each set is also a part of
 * `npm run bench`), the compiled API in its own process (NODE_ENV=production), wrk in another:
 * - `npm run bench:fare` (issue 45, fare-scenarios.ts): the quote, the lane prices, and the
 *   market lists with their standard-fare column;
 * - `npm run bench:trust` (issue 48, trust-scenarios.ts): the candidates with facts and ratings
 *   in each sort, a request's site waiting, the market's short-wait filter.
 * Bar: p99 < 50 ms at 50 connections.
 */
import pg from 'pg';
import { BENCH_CUSTOMER_EMAIL, BENCH_DRIVER_EMAIL, BENCH_PASSWORD, DEFAULT_BENCH_DATABASE_URL } from './bench-data';
import { exitAfter, printTable } from './bench-kit';
import { fareScenarios } from './fare-scenarios';
import { requestsWithBids, trustScenarios } from './trust-scenarios';
import { buildBenchServers, csrfHeaders, hasWrk, loadAverage, probe, signIn, startServer, wrk } from './processes';

const URL_ = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const SET = process.argv[2] === 'trust' ? 'trust' : 'fare';
exitAfter(10 * 60);

/** Open deliveries of the generated data (their lane prices); empty without data. */
async function openDeliveries(): Promise<string[]> {
  const client = new pg.Client({ connectionString: URL_ });
  try {
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `select id from request_items where status = 'WAITING_APPROVE' and type = 'DELIVERY' and deleted_at is null
        order by created_at desc limit 1000`,
    );
    return rows.map((r) => r.id);
  } catch {
    return [];
  } finally {
    await client.end().catch(() => {});
  }
}

const deliveries = await openDeliveries();
if (!hasWrk() || deliveries.length === 0) {
  console.log(`bench:${SET}: skipped, needs wrk and the generated data (npm run bench:data)`);
  process.exit(0);
}
buildBenchServers();
const server = await startServer('app-server', { DATABASE_URL: URL_ });
try {
  const customer = await signIn(server.base, BENCH_CUSTOMER_EMAIL, BENCH_PASSWORD, 'CUSTOMER');
  const driver = await signIn(server.base, BENCH_DRIVER_EMAIL, BENCH_PASSWORD, 'DRIVER');
  const scenarios =
    SET === 'trust'
      ? trustScenarios(customer, driver, await requestsWithBids(URL_), deliveries)
      : fareScenarios(customer, driver, await csrfHeaders(server.base), deliveries);
  console.log(`\n${SET} bench on 1,000,000 items; load average ${loadAverage()}`);
  const lines: string[][] = [];
  for (const s of scenarios) {
    await probe(server.base, s);
    const r = wrk(s.name, server.base, s);
    const ok = r.p99 < s.bar.p99 && r.non2xx === 0 && r.errors === 0;
    lines.push([
      r.name,
      r.rps.toFixed(1),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      String(r.non2xx + r.errors),
      `< ${s.bar.p99}`,
      ok ? 'ok' : 'MISSED',
    ]);
  }
  printTable(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'p99 bar', ''], lines);
  console.log(`\nload average at the end ${loadAverage()}`);
} finally {
  await server.stop();
}

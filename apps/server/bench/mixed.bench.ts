/**
 * `npm run bench:mixed` (issue 47; also a part of `npm run bench`): many users at once on the
 * generated 1,000,000 items, as they really arrive — not one URL repeated.
 *
 * Hundreds of signed-in carriers and shippers, each call from a random one of them: market pages
 * 1–200 with random filter combinations and keywords, details of random open requests, their own
 * lists, and a share of writes (bids on requests taking estimates, messages in their talkrooms,
 * drivers' taps at the stops of their jobs).
 * Every kind runs at the same time in its own wrk process with its share of the 50 connections,
 * so each kind has its own p50/p99 while all of them compete for the server. Before the mix, the
 * one hot URL (list/private, page 1, one carrier) in the same server.
 *
 * The bars: the mixed reads' throughput at least 30 % of the hot URL's, and every kind of read
 * p99 < 100 ms at 50 connections, with no failed call.
 *
 * The server under test is the compiled API (dist-bench/) in its own process with
 * NODE_ENV=production; wrk in others. Without generated data (BENCH_DATABASE_URL) it says so.
 *
 * `BENCH_MIX=reads` or `BENCH_MIX=writes` runs only that part of the mix, on the same
 * connections, to see what the other part costs it (decision 118); such a run is no measure of the bar.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { API_PREFIX, StopTimeEvent, VehicleType } from '@logi/contract';
import { BAGGAGE_NAMES, BENCH_PASSWORD, DEFAULT_BENCH_DATABASE_URL } from './bench-data';
import { CONNECTIONS, SECONDS, exitAfter, printTable, type Row } from './bench-kit';
import {
  buildBenchServers,
  commandTicks,
  cpuTicks,
  csrfHeaders,
  hasWrk,
  loadAverage,
  settled,
  signIn,
  startServer,
  wrk,
  wrkTogether,
} from './processes';

const URL_ = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const CARRIERS = 200;
const SHIPPERS = 100;
const MARKET_URLS = 4_000;
const BAR = { ratio: 0.3, p99: 100 };
const PART = process.env.BENCH_MIX ?? 'all';
if (!['all', 'reads', 'writes'].includes(PART)) throw new Error(`BENCH_MIX is reads, writes or all, not ${PART}`);
/**
 * The mix's warm-up, until the memos hold what a server in service holds (decision 120): each
 * user's own lists and most open requests' details read once. After 2 s the measured run was
 * still mostly their first reads (own lists 88 % answered from memory, details 70 %): a restart's
 * cold start, not the service. `BENCH_WARM_UP_SECONDS=2` measures that cold start.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 8);
/**
 * The writes of each kind the warm-up spends (a stop's four taps twelve times, what one connection
 * taps in the warm-up); the measured run takes the next ones. Past them a warm-up connection
 * writes its list again (a bid updated, a tap answered from the record, a message posted again).
 */
const WARM_WRITES = 48;
/** The server's /metrics wants it in production; the bench reads the memos' counts there. */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

exitAfter(15 * 60);

/** A deterministic generator, so that two runs send the same mix. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
const rand = random(47);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const maybe = (p: number) => rand() < p;

interface Sample {
  carriers: string[];
  shippers: string[];
  prefectures: string[];
  openIds: string[];
  /** Requests taking estimates, with the carriers that have not bid on them yet. */
  bids: { requestItemId: string; email: string }[];
  /** Open talkrooms of the sampled carriers. */
  talkrooms: { requestItemId: string; talkroomId: string; email: string }[];
  /** Pickup and delivery stops not reached yet of the jobs under way that the sampled carriers drive. */
  stops: { requestItemId: string; stopId: string; email: string }[];
}

/** Who the users are and what they open, read from the generated data; null without it. */
async function sample(): Promise<Sample | null> {
  const client = new pg.Client({ connectionString: URL_ });
  try {
    await client.connect();
    const emails = async (sql: string, limit: number) =>
      (await client.query<{ email: string }>(sql, [limit])).rows.map((r) => r.email);
    const carriers = await emails(
      `select email from users where (email like 'driver-%@bench.example.jp' or email like 'manager-%@bench.example.jp')
         and email not in ('driver-1@bench.example.jp', 'driver-2@bench.example.jp') order by md5(email) limit $1`,
      CARRIERS,
    );
    if (carriers.length === 0) return null;
    const shippers = await emails(
      `select email from users where email like 'customer-%@bench.example.jp' order by md5(email) limit $1`,
      SHIPPERS,
    );
    const prefectures = (
      await client.query<{ p: string }>(`select distinct prefecture as p from transport_stops where position = 0`)
    ).rows.map((r) => r.p);
    const open = (
      await client.query<{ id: string; price_type: string }>(
        `select id, price_type from request_items where status = 'WAITING_APPROVE' and deleted_at is null order by md5(id::text) limit 5000`,
      )
    ).rows;
    const estimation = open.filter((r) => r.price_type === 'ESTIMATION').map((r) => r.id);
    // Each pair once: a carrier bids on a request only once (a second bid is refused).
    const taken = await client.query<{ request_item_id: string; email: string }>(
      `select c.request_item_id, u.email from candidates c join users u on u.id = c.applicant_id
        where c.request_item_id = any($1::uuid[]) and u.email = any($2)`,
      [estimation, carriers],
    );
    const takenKeys = new Set(taken.rows.map((r) => `${r.request_item_id} ${r.email}`));
    const bids = estimation
      .flatMap((requestItemId, i) =>
        [0, 1, 2].map((k) => ({ requestItemId, email: carriers[(i * 7 + k * 61) % carriers.length]! })),
      )
      .filter((b) => !takenKeys.has(`${b.requestItemId} ${b.email}`));
    const talkrooms = (
      await client.query<{ request_item_id: string; id: string; email: string }>(
        `select t.request_item_id, t.id, u.email from talkrooms t join users u on u.id = t.applied_user_id
          join request_items r on r.id = t.request_item_id
          where t.is_active and t.driver_meeting_completed_at is null and r.deleted_at is null and u.email = any($1)`,
        [carriers],
      )
    ).rows.map((r) => ({ requestItemId: r.request_item_id, talkroomId: r.id, email: r.email }));
    // A stop with any time recorded was reached in an earlier run: each stop's taps are made once.
    const stops = (
      await client.query<{ request_item_id: string; id: string; email: string }>(
        `select s.request_item_id, s.id, u.email from transport_stops s join request_items r on r.id = s.request_item_id
          join users u on u.id = r.receiver_id
          where r.status in ('APPROVED', 'IN_PROGRESS') and r.type = 'DELIVERY' and r.deleted_at is null and u.email = any($1)
            and s.transport_type in ('PICKUP', 'DELIVERY')
            and not exists (select 1 from stop_time_records t where t.stop_id = s.id)
          order by md5(s.id::text)`,
        [carriers],
      )
    ).rows.map((r) => ({ requestItemId: r.request_item_id, stopId: r.id, email: r.email }));
    return { carriers, shippers, prefectures, openIds: open.map((r) => r.id), bids, talkrooms, stops };
  } catch (error) {
    console.log(`bench:mixed: cannot read ${URL_.replace(/\/\/[^@/]*@/, '//…@')}: ${(error as Error).message}`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const API = `${API_PREFIX}/request-items`;
const query = (path: string, params: Record<string, string>) => `${API}${path}?${new URLSearchParams(params)}`;

/** A carrier browsing the market: a random page 1–200 with a random combination of filters. */
function marketUrl(prefectures: string[]): string {
  const params: Record<string, string> = { page: String(1 + Math.floor(rand() * 200)) };
  if (maybe(0.4)) params.vehicleType = pick(VehicleType.values);
  if (maybe(0.4)) params.pickupLocation = pick(prefectures);
  if (maybe(0.2)) params.sendLocation = pick(prefectures);
  if (maybe(0.3)) params.keyword = pick(BAGGAGE_NAMES);
  if (maybe(0.2)) params.requestType = pick(['DELIVERY', 'WAREHOUSE']);
  return query('/list/private', params);
}

const lua = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** Index into the tokens. */
  user: number;
  body?: string;
}

/**
 * How a wrk script takes its calls: at random (reads); each once in turn (writes that may be made
 * only once); or each once after the one before it was answered, for one connection whose calls
 * must arrive in their order (a stop's taps: wrk may ask for a request it does not send, which
 * `in turn` would skip).
 */
type Order = 'random' | 'in turn' | 'answered in turn';

/** A wrk script sending `calls` in `order`, each with its user's token. */
function scriptOf(calls: Call[], tokens: string[], csrf: Record<string, string>, order: Order): string {
  const header = (t: string) =>
    `{ ["authorization"] = ${lua(t)}, ["cookie"] = ${lua(csrf.cookie!)}, ["x-csrf-token"] = ${lua(csrf['x-csrf-token']!)}, ["content-type"] = 'application/json' }`;
  return [
    `local headers = { ${tokens.map(header).join(',\n')} }`,
    `local calls = { ${calls.map((c) => `{ ${lua(c.method)}, ${lua(c.path)}, ${c.user + 1}, ${c.body ? lua(c.body) : 'nil'} }`).join(',\n')} }`,
    'local i = 0',
    // Each wrk connection's Lua state is one per thread; a seed per process keeps runs repeatable.
    'math.randomseed(47)',
    'request = function()',
    { random: '  i = math.random(#calls)', 'in turn': '  i = (i % #calls) + 1', 'answered in turn': '' }[order],
    `  local c = calls[${order === 'answered in turn' ? '(i % #calls) + 1' : 'i'}]`,
    '  return wrk.format(c[1], c[2], headers[c[3]], c[4])',
    'end',
    ...(order === 'answered in turn' ? ['response = function()', '  i = i + 1', 'end'] : []),
  ].join('\n');
}

if (!hasWrk()) {
  console.log('bench:mixed: skipped, wrk is not installed (Debian package wrk)');
  process.exit(0);
}
const data = await sample();
if (!data) {
  console.log(`bench:mixed: skipped, no generated data (run npm run bench:data)`);
  process.exit(0);
}
// A carrier bids on a request once and a driver taps at a stop once, so each run spends its own:
// after about ten runs none are left.
if (data.bids.length <= WARM_WRITES || data.stops.length * StopTimeEvent.values.length <= WARM_WRITES) {
  console.log(
    `bench:mixed: skipped, the generated data has ${data.bids.length} bids and ${data.stops.length} stops' taps left to make, each run spends its own (run npm run bench:data again)`,
  );
  process.exit(0);
}

buildBenchServers();
const server = await startServer('app-server', { DATABASE_URL: URL_, METRICS_TOKEN });

/** The server's /metrics. Reading it starts the event-loop delay's figures afresh (prom-client). */
const scrape = async () =>
  (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

/** Each memo's hit and miss counts so far, from the server's /metrics. */
async function memoCounts(text?: string): Promise<Map<string, { hits: number; misses: number }>> {
  text ??= await scrape();
  const counts = new Map<string, { hits: number; misses: number }>();
  for (const [, kind, memo, value] of text.matchAll(/^logi_memo_(hits|misses)_total\{memo="([^"]+)"\} (\d+)/gm)) {
    const c = counts.get(memo!) ?? { hits: 0, misses: 0 };
    c[kind as 'hits' | 'misses'] = Number(value);
    counts.set(memo!, c);
  }
  return counts;
}
/**
 * Reads the market until it answers from memory (its first read starts loading the open requests),
 * so that neither the hot URL nor the mix is measured while the load runs.
 */
async function openMarketLoaded(headers: Record<string, string>) {
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    const before = (await memoCounts()).get('open-market')?.hits ?? 0;
    await fetch(`${server.base}${API}/list/private?page=2`, { headers });
    if (((await memoCounts()).get('open-market')?.hits ?? 0) > before) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log('bench:mixed: the open market did not load within 2 minutes; the database serves the market');
}
try {
  const csrf = await csrfHeaders(server.base);
  // Signing in costs an argon2id hash each: a few at a time.
  const emails = [...data.carriers, ...data.shippers];
  const tokens: string[] = [];
  for (let i = 0; i < emails.length; i += 8) {
    const batch = emails.slice(i, i + 8);
    const signed = await Promise.all(
      batch.map((email) =>
        signIn(
          server.base,
          email,
          BENCH_PASSWORD,
          email.startsWith('customer-') ? 'CUSTOMER' : email.startsWith('manager-') ? 'DRIVER_MANAGER' : 'DRIVER',
        ),
      ),
    );
    tokens.push(...signed.map((h) => h.authorization!));
  }
  const userOf = new Map(emails.map((email, i) => [email, i]));
  const carrier = () => Math.floor(rand() * data.carriers.length);
  const shipper = () => data.carriers.length + Math.floor(rand() * data.shippers.length);

  const market: Call[] = Array.from({ length: MARKET_URLS }, () => ({
    method: 'GET',
    path: marketUrl(data.prefectures),
    user: carrier(),
  }));
  const details: Call[] = data.openIds.map((id) => ({ method: 'GET', path: `${API}/private/${id}`, user: carrier() }));
  const ownLists: Call[] = Array.from({ length: 1_000 }, (_, i) =>
    i % 2 === 0
      ? { method: 'GET' as const, path: query('/applied-items', { page: String(1 + (i % 3)) }), user: carrier() }
      : { method: 'GET' as const, path: query('/my-items', { page: String(1 + (i % 3)) }), user: shipper() },
  );
  const bids: Call[] = data.bids.map((b) => ({
    method: 'POST',
    path: `${API}/request-prices`,
    user: userOf.get(b.email)!,
    body: JSON.stringify({ requestItemId: b.requestItemId, price: 30_000 + Math.floor(rand() * 50) * 1_000 }),
  }));
  const messages: Call[] = data.talkrooms.map((t, i) => ({
    method: 'POST',
    path: `${API}/${t.requestItemId}/messages`,
    user: userOf.get(t.email)!,
    body: JSON.stringify({ talkroomId: t.talkroomId, content: `到着予定は${9 + (i % 8)}時頃です。`, fileIds: [] }),
  }));
  // A driver at a stop: 到着, 荷役開始, 荷役終了 and 出発 a minute apart, before the run began. One
  // connection sends them in turn, so each stop's taps arrive in their order.
  const tapsFrom = Date.now() - 10 * 60_000;
  const taps: Call[] = data.stops.flatMap((s, i) =>
    StopTimeEvent.values.map((event, k) => ({
      method: 'POST' as const,
      path: `${API}/${s.requestItemId}/stop-times`,
      user: userOf.get(s.email)!,
      body: JSON.stringify({
        clientId: randomUUID(),
        stopId: s.stopId,
        event,
        occurredAt: new Date(tapsFrom + ((i % 5) + k) * 60_000).toISOString(),
      }),
    })),
  );

  const hotHeaders = { authorization: tokens[0]!, cookie: csrf.cookie! };
  // A running server has its open market in memory (decision 112): the first market read loads it.
  await openMarketLoaded(hotHeaders);
  // What it does after loading in the background (the loaded requests' standard fares) is done
  // before either run is measured.
  const settling = performance.now();
  await settled(server.child.pid!);
  console.log(`the server settled ${((performance.now() - settling) / 1000).toFixed(1)} s after its open market loaded`);
  console.log(
    `\nmixed bench: ${emails.length} users (${data.carriers.length} carriers, ${data.shippers.length} shippers), ${CONNECTIONS} connections, ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; ${data.bids.length} bids left to make; load average ${loadAverage()}`,
  );
  const hot = wrk('hot URL: list/private page 1, one carrier', server.base, { path: `${API}/list/private`, headers: hotHeaders });

  const all: { name: string; calls: Call[]; connections: number; order: Order }[] = [
    { name: 'market pages 1–200, random filters', calls: market, connections: 22, order: 'random' },
    { name: 'details of open requests', calls: details, connections: 12, order: 'random' },
    { name: 'own lists (applied-items, my-items)', calls: ownLists, connections: 8, order: 'random' },
    { name: 'bids', calls: bids, connections: messages.length > WARM_WRITES ? 4 : 7, order: 'in turn' },
    ...(messages.length > WARM_WRITES
      ? [{ name: 'talkroom messages', calls: messages, connections: 3, order: 'in turn' as const }]
      : []),
    { name: 'taps at stops', calls: taps, connections: 1, order: 'answered in turn' },
  ];
  const kinds = all
    .map((k) => ({ ...k, write: k.order !== 'random' }))
    .filter((k) => k.calls.length > 0 && (PART === 'all' || k.write === (PART === 'writes')));
  // The warm-up: the same mix (its writes are spent; the measured run takes the next ones).
  const warm = kinds.map((k) => ({ ...k, calls: k.write ? k.calls.slice(0, WARM_WRITES) : k.calls }));
  await wrkTogether(
    server.base,
    warm.map((k) => ({ name: k.name, connections: k.connections, script: scriptOf(k.calls, tokens, csrf, k.order) })),
    WARM_UP_SECONDS,
  );
  const measured = kinds.map((k) => ({ ...k, calls: k.write ? k.calls.slice(WARM_WRITES) : k.calls }));
  const loadBefore = loadAverage();
  // Also where the event-loop delay's figures start.
  const memosBefore = await memoCounts();
  const ticksBefore = cpuTicks(server.child.pid!);
  const databaseTicksBefore = commandTicks('postgres');
  const rows = await wrkTogether(
    server.base,
    measured.map((k) => ({ name: k.name, connections: k.connections, script: scriptOf(k.calls, tokens, csrf, k.order) })),
    SECONDS,
  );

  const serverCores = (cpuTicks(server.child.pid!) - ticksBefore) / 100 / SECONDS;
  const databaseCores = (commandTicks('postgres') - databaseTicksBefore) / 100 / SECONDS;
  const metricsAfter = await scrape();
  const memosAfter = await memoCounts(metricsAfter);
  // How long the server's event loop kept callbacks waiting during the mix: what every answer's time includes.
  const loopDelay = (figure: string) =>
    (1000 * Number(new RegExp(`^nodejs_eventloop_lag_${figure}_seconds (\\S+)`, 'm').exec(metricsAfter)?.[1])).toFixed(1);
  const reads = rows.filter((_, i) => !measured[i]!.write);
  const readRps = reads.reduce((n, r) => n + r.rps, 0);
  const ratio = readRps / hot.rps;
  const missed: string[] = [];
  const line = (r: Row, isRead: boolean) => {
    const ok = r.non2xx === 0 && r.errors === 0 && (!isRead || r.p99 < BAR.p99);
    if (!ok) missed.push(r.name);
    return [
      r.name,
      r.rps.toFixed(1),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      String(r.non2xx),
      String(r.errors),
      isRead ? `< ${BAR.p99}` : '',
      ok ? 'ok' : 'MISSED',
    ];
  };
  printTable(
    ['kind', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'p99 bar', ''],
    [line(hot, false), ...rows.map((r, i) => line(r, !measured[i]!.write))],
  );
  // What each memo answered during the measured mix: a memo that only a repeated URL hits shows
  // here as misses (issue 47: one that does not earn its keep under the mix goes).
  printTable(
    ['memo', 'hits', 'misses', 'hit rate'],
    [...memosAfter].map(([memo, after]) => {
      const before = memosBefore.get(memo) ?? { hits: 0, misses: 0 };
      const hits = after.hits - before.hits;
      const misses = after.misses - before.misses;
      return [memo, String(hits), String(misses), hits + misses ? `${((100 * hits) / (hits + misses)).toFixed(0)} %` : '—'];
    }),
  );
  if (ratio < BAR.ratio) missed.push(`mixed reads at ${(ratio * 100).toFixed(0)} % of the hot URL`);
  console.log(
    `\nmixed reads ${readRps.toFixed(1)} req/s = ${(ratio * 100).toFixed(0)} % of the hot URL's ${hot.rps.toFixed(1)} (bar ≥ ${BAR.ratio * 100} %)`,
  );
  console.log(
    `the server's event-loop delay during the mix: p50 ${loopDelay('p50')} ms, p99 ${loopDelay('p99')} ms, max ${loopDelay('max')} ms`,
  );
  // The server's share of the machine, and PostgreSQL's: on two cores its work beside the server's
  // slows the server's own (decision 115). The rest is wrk's. A database on another machine reads 0 here.
  console.log(`the server's CPU during the mix: ${(serverCores * 100).toFixed(0)} % of a core`);
  console.log(
    databaseCores > 0
      ? `PostgreSQL's CPU during the mix: ${(databaseCores * 100).toFixed(0)} % of a core`
      : `PostgreSQL's CPU during the mix: not on this machine`,
  );
  console.log(`load average at the mix's start ${loadBefore}, at its end ${loadAverage()}`);
  // Past the end of its list a connection bids (taps) again as it did before: an update or an
  // answer from the record, notifying nobody, so cheaper than the writes measured before it.
  for (const [name, listed] of [
    ['bids', data.bids.length],
    ['taps at stops', taps.length],
  ] as const) {
    // A kind left out of the run (BENCH_MIX=reads) made none.
    const made = Math.round((rows[measured.findIndex((k) => k.name === name)]?.rps ?? 0) * SECONDS);
    if (made > listed - WARM_WRITES) {
      console.log(
        `the ${name} ran out: about ${made - (listed - WARM_WRITES)} of ${made} repeated an earlier one (run npm run bench:data again)`,
      );
    }
  }
  if (PART === 'writes') {
    // Alone, what a write costs each process (a write's share of the mix costs the reads more: decision 118).
    const writeRps = rows.reduce((n, r) => n + r.rps, 0);
    const perWrite = (cores: number) => ((cores * 1000) / writeRps).toFixed(2);
    console.log(`a write: ${perWrite(serverCores)} ms of the server's CPU, ${perWrite(databaseCores)} ms of PostgreSQL's`);
  }
  if (PART !== 'all') console.log(`BENCH_MIX=${PART}: only that part of the mix ran, no measure of the bar`);
  else console.log(missed.length ? `bar MISSED by: ${missed.join(', ')}` : 'bar met by every kind of call');
} finally {
  await server.stop();
}

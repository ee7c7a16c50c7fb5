/**
 * The open requests as the in-memory market keeps them (open-market.ts): read in market order,
 * a batch at a time, or by id when the database names them.
 */
import { sql } from 'drizzle-orm';
import type { TPriceType, TRequestType } from '@logi/contract';
import { requestItems } from '../../db/schema';
import { type Database, preparedStatement } from '../../platform/db/database';
import type { OpenEntry } from './open-market';
import { type ListedItemRow, type PartsJson, addParts, emptyParts, itemJson, partsJson } from './request-items.parts.repository';

interface OpenEntryRow {
  id: string;
  /** created_at as PostgreSQL writes it: the next batch starts after it, to the microsecond. */
  created: string;
  created_micros: string;
  type: TRequestType;
  price_type: TPriceType;
  first_pickup_micros: string | null;
  filter_tags: string[];
  search_text: string;
  item: Record<string, unknown>;
  parts: PartsJson;
  candidate_count: number;
}

const OPEN = sql`r.status = 'WAITING_APPROVE' and r.deleted_at is null`;
const micros = (column: string) => sql.raw(`(extract(epoch from r.${column}) * 1000000)::bigint::text`);
const COLUMNS = sql`r.id, r.created_at::text as created, ${micros('created_at')} as created_micros, r.type, r.price_type,
  ${micros('first_pickup_at')} as first_pickup_micros, r.filter_tags, r.search_text,
  ${itemJson.build('r')} as item, ${partsJson('r')} as parts,
  (select count(*) from candidates c where c.request_item_id = r.id)::int as candidate_count`;

const BATCH = 1_000;
const firstBatch = preparedStatement<OpenEntryRow>(
  sql`select ${COLUMNS} from ${requestItems} r where ${OPEN} order by r.created_at desc, r.id desc limit ${sql.raw(String(BATCH))}`,
);
const nextBatch = preparedStatement<OpenEntryRow>(
  sql`select ${COLUMNS} from ${requestItems} r where ${OPEN}
    and (r.created_at, r.id) < (${sql.placeholder('created')}::timestamptz, ${sql.placeholder('id')}::uuid)
    order by r.created_at desc, r.id desc limit ${sql.raw(String(BATCH))}`,
);
/*
 * A round's ids as that many parameters, one text per count up to ROUND_IDS: PostgreSQL keeps
 * each text's generic plan. `id = any($1)` was planned again on every call (0.3 ms of PostgreSQL's
 * time, the most of any statement of the writes, decision 118), as its generic plan guesses ten
 * ids and so never costs less than a custom plan for one or two.
 */
const ROUND_IDS = 8;
const byIds = Array.from({ length: ROUND_IDS }, (_, n) => {
  const ids = Array.from({ length: n + 1 }, (_, i) => sql`${sql.placeholder(`id${i}`)}::uuid`);
  return preparedStatement<OpenEntryRow>(
    sql`select ${COLUMNS} from ${requestItems} r where r.id in (${sql.join(ids, sql`, `)}) and ${OPEN}`,
  );
});

function entryOf(r: OpenEntryRow): OpenEntry {
  const parts = emptyParts();
  addParts(parts, r.id, r.parts);
  return {
    id: r.id,
    createdMicros: Number(r.created_micros),
    type: r.type,
    priceType: r.price_type,
    firstPickupMicros: r.first_pickup_micros === null ? null : Number(r.first_pickup_micros),
    tags: r.filter_tags,
    searchText: r.search_text,
    row: itemJson.revive<ListedItemRow>(r.item),
    parts: {
      delivery: parts.deliveries.get(r.id),
      stops: parts.stops.get(r.id),
      warehouse: parts.warehouses.get(r.id),
      images: parts.images.get(r.id),
    },
    candidateCount: r.candidate_count,
  };
}

/**
 * Every open request, newest first, a batch at a time while `each` wants more: a batch is one
 * indexed walk of the market index from where the last one ended.
 */
export async function eachOpenBatch(db: Database, each: (entries: OpenEntry[]) => boolean): Promise<void> {
  let rows = await firstBatch(db, {});
  while (rows.length > 0) {
    if (!each(rows.map(entryOf)) || rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    rows = await nextBatch(db, { created: last.created, id: last.id });
  }
}

/** Those of `ids` that are open requests (the others are closed, deleted, or not requests at all). */
export async function findOpenEntries(db: Database, ids: readonly string[]): Promise<OpenEntry[]> {
  const entries: OpenEntry[] = [];
  for (let from = 0; from < ids.length; from += ROUND_IDS) {
    const chunk = ids.slice(from, from + ROUND_IDS);
    const rows = await byIds[chunk.length - 1]!(db, Object.fromEntries(chunk.map((id, i) => [`id${i}`, id])));
    entries.push(...rows.map(entryOf));
  }
  return entries;
}

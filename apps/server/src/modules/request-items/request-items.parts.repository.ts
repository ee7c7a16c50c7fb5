/**
 * An item's parts (delivery, stops, warehouse, images) and the rows as JSON that every statement
 * of the module builds: PostgreSQL aggregates a page's or a detail's rows as JSON, read back here
 * exactly as Drizzle rows (docs/decisions/022-market-list-speed.md). The list and detail
 * statements (request-items.lists.repository.ts, request-items.detail.repository.ts) build on it.
 */
import { type Column, type SQL, Table, getTableColumns, is, sql } from 'drizzle-orm';
import { PgTimestamp, type PgTable } from 'drizzle-orm/pg-core';
import { candidates, deliveryItems, requestItems, transportStops, warehouseItems } from '../../db/schema';
import { type Database, rowsOf } from '../../platform/db/database';
import type { DeliveryItemRow, RequestItemRow, TransportStopRow, WarehouseItemRow } from './request-items.repository';

// ───────────────────────── the parts of a page ─────────────────────────

/** What the views read of a part: not its own timestamps nor the item's id (the map's key). */
type PartOf<Row> = Omit<Row, 'requestItemId' | 'createdAt' | 'updatedAt'>;
export type DeliveryPart = PartOf<DeliveryItemRow>;
export type TransportStopPart = PartOf<TransportStopRow>;
export type WarehousePart = PartOf<WarehouseItemRow>;

export interface ItemParts {
  deliveries: Map<string, DeliveryPart>;
  stops: Map<string, TransportStopPart[]>;
  warehouses: Map<string, WarehousePart>;
  /** File ids in order, by request item. */
  images: Map<string, string[]>;
}

// ───────────────────────── rows as JSON (built by PostgreSQL) ─────────────────────────

/**
 * A table's row as `json_build_object` under the Drizzle (TypeScript) names, and the
 * columns to turn back into Dates: so a JSON row reads exactly like a Drizzle row.
 * Built once from the schema (identifiers only, no values).
 */
export interface JsonRow {
  build(alias: string): SQL;
  text(alias: string): string;
  revive<T>(row: Record<string, unknown>): T;
}

export function jsonRow(table: PgTable | Record<string, Column>, omit: readonly string[] = []): JsonRow {
  const all = is(table, Table) ? getTableColumns(table) : table;
  const columns = Object.entries(all).filter(([key]) => !omit.includes(key));
  const dates = columns.filter(([, c]) => c instanceof PgTimestamp).map(([key]) => key);
  const text = (alias: string) => `json_build_object(${columns.map(([key, c]) => `'${key}', ${alias}."${c.name}"`).join(', ')})`;
  const built = new Map<string, SQL>();
  return {
    text,
    build(alias) {
      let raw = built.get(alias);
      if (!raw) {
        raw = sql.raw(text(alias));
        built.set(alias, raw);
      }
      return raw;
    },
    revive<T>(row: Record<string, unknown>): T {
      for (const key of dates) if (row[key] !== null) row[key] = new Date(row[key] as string);
      return row as T;
    },
  };
}

/**
 * What a list shows of an item: the index columns (tags, search terms) and the deletion
 * stamp (a listed item is live) stay in the database. Fewer keys: less JSON to build,
 * send, parse and revive on every page.
 */
export type ListedItemRow = Omit<RequestItemRow, 'filterTags' | 'searchTerms' | 'searchText' | 'deletedAt' | 'deletedBy'>;

export const itemJson = jsonRow(requestItems, ['filterTags', 'searchTerms', 'searchText', 'deletedAt', 'deletedBy']);
const PART_OMITS = ['requestItemId', 'createdAt', 'updatedAt'];
const deliveryJson = jsonRow(deliveryItems, PART_OMITS);
const stopJson = jsonRow(transportStops, PART_OMITS);
const warehouseJson = jsonRow(warehouseItems, PART_OMITS);
export const candidateJson = jsonRow(candidates);

/** The parts of the item whose id is `${alias}.id`, as one JSON object (correlated subqueries on unique indexes). */
export const partsJsonText = (alias: string) => `json_build_object(
    'delivery', (select ${deliveryJson.text('d')} from delivery_items d where d.request_item_id = ${alias}.id),
    'stops', (select json_agg(${stopJson.text('s')} order by s.position) from transport_stops s where s.request_item_id = ${alias}.id),
    'warehouse', (select ${warehouseJson.text('w')} from warehouse_items w where w.request_item_id = ${alias}.id),
    'images', (select json_agg(i.file_id order by i.position) from request_item_images i where i.request_item_id = ${alias}.id))`;

const partsBuilt = new Map<string, SQL>();

/** `partsJsonText` as SQL, built once per alias (identifiers only, no values). */
export function partsJson(alias: string): SQL {
  let built = partsBuilt.get(alias);
  if (!built) {
    built = sql.raw(partsJsonText(alias));
    partsBuilt.set(alias, built);
  }
  return built;
}

export interface PartsJson {
  delivery: Record<string, unknown> | null;
  stops: Record<string, unknown>[] | null;
  warehouse: Record<string, unknown> | null;
  images: string[] | null;
}

export function addParts(parts: ItemParts, itemId: string, json: PartsJson) {
  if (json.delivery) parts.deliveries.set(itemId, deliveryJson.revive(json.delivery));
  if (json.stops)
    parts.stops.set(
      itemId,
      json.stops.map((s) => stopJson.revive<TransportStopPart>(s)),
    );
  if (json.warehouse) parts.warehouses.set(itemId, warehouseJson.revive(json.warehouse));
  if (json.images) parts.images.set(itemId, json.images);
}

export const emptyParts = (): ItemParts => ({
  deliveries: new Map(),
  stops: new Map(),
  warehouses: new Map(),
  images: new Map(),
});

/** Delivery items, stops, warehouse items and images of the given items: one query in all. */
export async function loadParts(db: Database, items: readonly Pick<RequestItemRow, 'id'>[]): Promise<ItemParts> {
  const parts = emptyParts();
  if (items.length === 0) return parts;
  const ids = sql.join(
    items.map((i) => sql`${i.id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string; parts: PartsJson }>(
    db,
    sql`select r.id, ${partsJson('r')} as parts from unnest(array[${ids}]::uuid[]) as r(id)`,
  );
  for (const row of rows) addParts(parts, row.id, row.parts);
  return parts;
}

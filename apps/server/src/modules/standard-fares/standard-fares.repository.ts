/** The fair-price meter's SQL: the fuel prices, a delivery's lane facts and the lanes' statistics. */
import { desc, eq, sql } from 'drizzle-orm';
import type { TRequestStatus } from '@logi/contract';
import { completedJobLanes, fuelPrices, users } from '../../db/schema';
import { type Database, preparedStatement, rowsOf } from '../../platform/db/database';

// ───────────────────────── fuel prices ─────────────────────────

export async function listFuelPrices(db: Database) {
  return db
    .select({
      id: fuelPrices.id,
      effectiveFrom: fuelPrices.effectiveFrom,
      yenPerLitre: fuelPrices.yenPerLitre,
      createdAt: fuelPrices.createdAt,
      setBy: { id: users.id, name: users.name, lastName: users.lastName, firstName: users.firstName },
    })
    .from(fuelPrices)
    .innerJoin(users, eq(users.id, fuelPrices.setBy))
    .orderBy(desc(fuelPrices.effectiveFrom), desc(fuelPrices.createdAt), desc(fuelPrices.id));
}
export type FuelPriceRow = Awaited<ReturnType<typeof listFuelPrices>>[number];

export async function insertFuelPrice(db: Database, row: typeof fuelPrices.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(fuelPrices).values(row).returning({ id: fuelPrices.id });
  return inserted!.id;
}

// ───────────────────────── a delivery's facts ─────────────────────────

/** What a delivery's lane and agreed price are made of: its goods, its stops in order, its approved bid. */
export interface DeliveryFacts {
  id: string;
  type: string;
  status: string;
  completedAt: Date | null;
  updatedAt: Date;
  vehicleType: string | null;
  temperatureRange: string | null;
  totalWeight: number | null;
  incidentalWork: string[] | null;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
  stops: { transportType: string; prefecture: string; city: string; timeFrom: string }[];
  bid: { price: number; incidentalCharge: number | null; fuelSurcharge: number | null } | null;
}

/** One statement for one item or a batch: the facts of live request items, by id or after an id. */
const factsQuery = (where: ReturnType<typeof sql>, limit: number) => sql`
  select r.id, r.type, r.status, r.completed_at as "completedAt", r.updated_at as "updatedAt",
         d.vehicle_type as "vehicleType", d.vehicle_temperature_range as "temperatureRange",
         d.total_weight::float8 as "totalWeight", d.incidental_work as "incidentalWork",
         d.incidental_charge as "incidentalCharge", d.fuel_surcharge as "fuelSurcharge",
         coalesce((select json_agg(json_build_object('transportType', s.transport_type, 'prefecture', s.prefecture,
                    'city', s.city, 'timeFrom', s.time_from) order by s.position)
                   from transport_stops s where s.request_item_id = r.id), '[]'::json) as stops,
         (select json_build_object('price', c.price, 'incidentalCharge', c.incidental_charge, 'fuelSurcharge', c.fuel_surcharge)
            from candidates c where c.request_item_id = r.id and c.status = 'APPROVED') as bid
  from request_items r left join delivery_items d on d.request_item_id = r.id
  where r.deleted_at is null and ${where}
  order by r.id
  limit ${limit}`;

export async function deliveryFacts(db: Database, requestItemId: string): Promise<DeliveryFacts | undefined> {
  const [row] = await rowsOf<DeliveryFacts>(db, factsQuery(sql`r.id = ${requestItemId}`, 1));
  return row && { ...row, completedAt: row.completedAt && new Date(row.completedAt), updatedAt: new Date(row.updatedAt) };
}

/** A request's parties and status, and whether the viewer applied to it: what its read rule needs. */
export interface RequestAccessFacts {
  creatorId: string;
  receiverId: string | null;
  carrierId: string | null;
  status: TRequestStatus;
  /** The viewer has an application on the request (any status). */
  applied: boolean;
}

/**
 * A live request's lane facts with what deciding who may read it needs, in one statement (decision
 * 103): the facts query's columns, the parties and status, and whether `viewerId` applied to it (one
 * probe of candidates' (item, applicant) unique index). Prepared: its text is fixed.
 */
const requestLaneFactsStatement = preparedStatement<DeliveryFacts & RequestAccessFacts>(sql`
  select r.id, r.type, r.status, r.completed_at as "completedAt", r.updated_at as "updatedAt",
         r.creator_id as "creatorId", r.receiver_id as "receiverId", r.carrier_id as "carrierId",
         exists (select 1 from candidates a
                 where a.request_item_id = r.id and a.applicant_id = ${sql.placeholder('viewerId')}::uuid) as applied,
         d.vehicle_type as "vehicleType", d.vehicle_temperature_range as "temperatureRange",
         d.total_weight::float8 as "totalWeight", d.incidental_work as "incidentalWork",
         d.incidental_charge as "incidentalCharge", d.fuel_surcharge as "fuelSurcharge",
         coalesce((select json_agg(json_build_object('transportType', s.transport_type, 'prefecture', s.prefecture,
                    'city', s.city, 'timeFrom', s.time_from) order by s.position)
                   from transport_stops s where s.request_item_id = r.id), '[]'::json) as stops,
         null::json as bid
  from request_items r left join delivery_items d on d.request_item_id = r.id
  where r.id = ${sql.placeholder('id')}::uuid and r.deleted_at is null`);

/** The request's lane facts and read facts for `viewerId`; undefined when unknown or deleted. */
export async function requestLaneFacts(
  db: Database,
  requestItemId: string,
  viewerId: string,
): Promise<(DeliveryFacts & RequestAccessFacts) | undefined> {
  const [row] = await requestLaneFactsStatement(db, { id: requestItemId, viewerId });
  return row && { ...row, completedAt: row.completedAt && new Date(row.completedAt), updatedAt: new Date(row.updatedAt) };
}

/** Completed deliveries after `afterId` (by id) that have no lane facts yet, `limit` of them. */
export async function completedWithoutFacts(db: Database, afterId: string, limit: number): Promise<DeliveryFacts[]> {
  const rows = await rowsOf<DeliveryFacts>(
    db,
    factsQuery(
      sql`r.type = 'DELIVERY' and r.status = 'COMPLETED' and r.id > ${afterId}::uuid
          and not exists (select 1 from completed_job_lanes l where l.request_item_id = r.id)`,
      limit,
    ),
  );
  return rows.map((row) => ({
    ...row,
    completedAt: row.completedAt && new Date(row.completedAt),
    updatedAt: new Date(row.updatedAt),
  }));
}

export type LaneFactsRow = typeof completedJobLanes.$inferInsert;

/** Writes a job's facts; a job recorded again (a retried completion, the backfill) keeps one row, the newer. */
export async function upsertLaneFacts(db: Database, rows: LaneFactsRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(completedJobLanes)
    .values(rows)
    .onConflictDoUpdate({
      target: completedJobLanes.requestItemId,
      set: {
        pickupPrefecture: sql`excluded.pickup_prefecture`,
        deliveryPrefecture: sql`excluded.delivery_prefecture`,
        vehicleClass: sql`excluded.vehicle_class`,
        distanceKm: sql`excluded.distance_km`,
        priceYen: sql`excluded.price_yen`,
        completedAt: sql`excluded.completed_at`,
      },
    });
}

// ───────────────────────── the lanes' statistics ─────────────────────────

export interface LaneStatistics {
  count: number;
  p10: number | null;
  median: number | null;
  p90: number | null;
}

/**
 * Count and percentiles of one lane's agreed prices within a distance range and since a time:
 * one range scan of completed_job_lanes_lane_idx (index-only: every column read is in its key).
 */
const laneStatistics = preparedStatement<{ count: number; p: number[] | null }>(sql`
  select count(*)::int as count,
         percentile_cont(array[0.1, 0.5, 0.9]) within group (order by ${completedJobLanes.priceYen}) as p
  from ${completedJobLanes}
  where ${completedJobLanes.pickupPrefecture} = ${sql.placeholder('pickup')}
    and ${completedJobLanes.deliveryPrefecture} = ${sql.placeholder('delivery')}
    and ${completedJobLanes.vehicleClass} = ${sql.placeholder('vehicleClass')}
    and ${completedJobLanes.distanceKm} between ${sql.placeholder('fromKm')} and ${sql.placeholder('toKm')}
    and ${completedJobLanes.completedAt} >= ${sql.placeholder('since')}`);

export async function lanePrices(
  db: Database,
  lane: { pickup: string; delivery: string; vehicleClass: string; fromKm: number; toKm: number; since: Date },
): Promise<LaneStatistics> {
  const [row] = await laneStatistics(db, { ...lane, since: lane.since.toISOString() });
  const [p10 = null, median = null, p90 = null] = row?.p ?? [];
  return { count: row?.count ?? 0, p10, median, p90 };
}

/** How many jobs have lane facts (the backfill's log). */
export async function laneFactsCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(completedJobLanes);
  return row!.n;
}

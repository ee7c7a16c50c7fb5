/**
 * The market's own prices (issue 45 item 4, decision 092). A completed delivery's lane facts are
 * written once, when it completes (`recordCompletedJob`, called in the completion's transaction)
 * or by the backfill for jobs completed before; the statistics of a lane are then one index range
 * scan over those facts, whatever the number of request items.
 */
import {
  FAIR_PRICE_TEXT,
  LANE_PRICE_RULES,
  type TLaneClass,
  type TLanePrices,
  type TTemperatureRange,
  type TVehicleType,
  japanDay,
} from '@logi/contract';
import { STANDARD_FARE_VERSIONS, fareClassName } from '@logi/contract/standard-fare';
import { type Lane, distanceRange, laneFactsOf, periodStart, roundedYen } from '../../domain/market-lanes';
import type { Database } from '../../platform/db/database';
import * as repo from './standard-fares.repository';

/** The facts row of a delivery completed at `completedAt`, or null when it has no lane (no approved bid, no class, an unknown place). */
function factsRowOf(facts: repo.DeliveryFacts, completedAt: Date): repo.LaneFactsRow | null {
  if (facts.type !== 'DELIVERY' || !facts.bid || !facts.vehicleType) return null;
  const lane = laneFactsOf({
    vehicleType: facts.vehicleType as TVehicleType,
    temperatureRange: facts.temperatureRange as TTemperatureRange,
    totalWeightKg: facts.totalWeight ?? 0,
    incidentalWork: facts.incidentalWork ?? [],
    incidentalCharge: facts.incidentalCharge,
    fuelSurcharge: facts.fuelSurcharge,
    stops: facts.stops,
    bid: facts.bid,
  });
  return lane && { requestItemId: facts.id, ...lane, completedAt };
}

/**
 * Records a delivery's lane facts as it completes: call it inside the completion's transaction
 * (before or after the status is written), so the facts and the completion commit together. The
 * completion time is the row's when already set, else now. A job without a lane writes nothing.
 */
export async function recordCompletedJob(tx: Database, requestItemId: string): Promise<void> {
  const facts = await repo.deliveryFacts(tx, requestItemId);
  const row = facts && factsRowOf(facts, facts.completedAt ?? new Date());
  if (row) await repo.upsertLaneFacts(tx, [row]);
}

/**
 * Writes the facts of every completed delivery that has none, in batches of `batch` (each its own
 * statement pair); safe to run again and beside live completions. Answers how many were written.
 */
export async function backfillLaneFacts(db: Database, batch = 2_000): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let written = 0;
  for (;;) {
    const rows = await repo.completedWithoutFacts(db, after, batch);
    if (rows.length === 0) return written;
    const facts = rows.map((r) => factsRowOf(r, r.completedAt ?? r.updatedAt)).filter((r): r is repo.LaneFactsRow => r !== null);
    await repo.upsertLaneFacts(db, facts);
    written += facts.length;
    after = rows.at(-1)!.id;
  }
}

const TABLE = STANDARD_FARE_VERSIONS.at(-1)!.table;
const className = (id: TLaneClass) => (id === 'light' ? FAIR_PRICE_TEXT.lanePrices.lightVehicle : fareClassName(TABLE, id));

/**
 * A lane's prices as shown: withheld below the minimum count, rounded, never naming a job or a
 * party. A request without a lane (over the largest class, a place the data does not know) has none.
 */
export async function lanePricesOf(db: Database, lane: Lane | null, now = new Date()): Promise<TLanePrices> {
  const basis = FAIR_PRICE_TEXT.lanePrices.basis(LANE_PRICE_RULES.periodDays, LANE_PRICE_RULES.distanceShare * 100);
  const minimumCount = LANE_PRICE_RULES.minimumCount;
  if (!lane) return { lane: null, minimumCount, prices: null, basis, message: FAIR_PRICE_TEXT.lanePrices.noLane };
  const { fromKm, toKm } = distanceRange(lane.distanceKm);
  const since = periodStart(now);
  const stats = await repo.lanePrices(db, {
    pickup: lane.pickupPrefecture,
    delivery: lane.deliveryPrefecture,
    vehicleClass: lane.vehicleClass,
    fromKm,
    toKm,
    since,
  });
  const enough = stats.count >= minimumCount;
  return {
    lane: {
      pickupPrefecture: lane.pickupPrefecture,
      deliveryPrefecture: lane.deliveryPrefecture,
      vehicleClass: { id: lane.vehicleClass, name: className(lane.vehicleClass) },
      distanceKm: { from: fromKm, to: toKm, estimated: true },
      completedFrom: japanDay(since),
    },
    minimumCount,
    prices: enough
      ? { count: stats.count, median: roundedYen(stats.median!), p10: roundedYen(stats.p10!), p90: roundedYen(stats.p90!) }
      : null,
    basis,
    message: enough ? null : FAIR_PRICE_TEXT.lanePrices.tooFew(LANE_PRICE_RULES.minimumCount),
  };
}

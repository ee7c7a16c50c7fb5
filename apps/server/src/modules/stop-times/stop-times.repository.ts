/** The SQL of the stop time records (decision 061). */
import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { TStopTimeEvent } from '@logi/contract';
import { deliveryItems, requestItems, stopTimeRecords, transportStops } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type StopRow = typeof transportStops.$inferSelect;
export type WaitingRate = number | null;
export type StopTimeRow = typeof stopTimeRecords.$inferSelect;

/** The pickup and delivery stops of an item, in route order (transits have no loading). */
export async function timedStops(db: Database, requestItemIds: string[]): Promise<StopRow[]> {
  if (requestItemIds.length === 0) return [];
  return db
    .select()
    .from(transportStops)
    .where(
      and(inArray(transportStops.requestItemId, requestItemIds), inArray(transportStops.transportType, ['PICKUP', 'DELIVERY'])),
    )
    .orderBy(asc(transportStops.requestItemId), asc(transportStops.position));
}

/** The agreed 待機料金 per 30 minutes of a delivery (null when none was agreed). */
export async function waitingRateOf(db: Database, requestItemId: string): Promise<WaitingRate> {
  const [row] = await db
    .select({ rate: deliveryItems.waitingChargePer30Min })
    .from(deliveryItems)
    .where(eq(deliveryItems.requestItemId, requestItemId));
  return row?.rate ?? null;
}

export async function recordsOf(db: Database, requestItemIds: string[]): Promise<StopTimeRow[]> {
  if (requestItemIds.length === 0) return [];
  return db.select().from(stopTimeRecords).where(inArray(stopTimeRecords.requestItemId, requestItemIds));
}

export async function findByClientId(db: Database, clientId: string): Promise<StopTimeRow | undefined> {
  const [row] = await db.select().from(stopTimeRecords).where(eq(stopTimeRecords.clientId, clientId));
  return row;
}

export async function insertRecord(
  db: Database,
  row: {
    clientId: string;
    requestItemId: string;
    stopId: string;
    event: TStopTimeEvent;
    occurredAt: Date;
    recordedBy: string;
  },
): Promise<void> {
  await db.insert(stopTimeRecords).values(row);
}

/**
 * The customer's live delivery items with a stop whose arrival falls in [from, to), with
 * their baggage name and agreed waiting charge: the items of the monthly report (one query; the stops and records
 * are then read for these items in two more).
 */
export async function itemsArrivedIn(db: Database, customerId: string, from: Date, to: Date) {
  return db
    .selectDistinct({
      id: requestItems.id,
      baggageName: deliveryItems.baggageName,
      waitingRate: deliveryItems.waitingChargePer30Min,
    })
    .from(stopTimeRecords)
    .innerJoin(requestItems, eq(requestItems.id, stopTimeRecords.requestItemId))
    .innerJoin(deliveryItems, eq(deliveryItems.requestItemId, requestItems.id))
    .where(
      and(
        eq(stopTimeRecords.event, 'ARRIVED'),
        gte(stopTimeRecords.occurredAt, from),
        lt(stopTimeRecords.occurredAt, to),
        eq(requestItems.creatorId, customerId),
        isNull(requestItems.deletedAt),
      ),
    );
}

/** The SQL of the stop time records (decision 061). */
import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { TStopTimeEvent } from '@logi/contract';
import {
  companies,
  deliveryItems,
  requestItems,
  stopTimeCorrections,
  stopTimeRecords,
  transportStops,
  stopNotificationMutes,
  users,
} from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type StopRow = typeof transportStops.$inferSelect;
export type WaitingRate = number | null;
export type StopTimeRow = typeof stopTimeRecords.$inferSelect;
export type CorrectionRow = typeof stopTimeCorrections.$inferSelect & { event: StopTimeRow['event']; stopId: string };

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

/** The corrections of the items' records, oldest first, with the step and stop they moved. */
export async function correctionsOf(db: Database, requestItemIds: string[]): Promise<CorrectionRow[]> {
  if (requestItemIds.length === 0) return [];
  const rows = await db
    .select({ correction: stopTimeCorrections, event: stopTimeRecords.event, stopId: stopTimeRecords.stopId })
    .from(stopTimeCorrections)
    .innerJoin(stopTimeRecords, eq(stopTimeRecords.id, stopTimeCorrections.recordId))
    .where(inArray(stopTimeCorrections.requestItemId, requestItemIds))
    .orderBy(asc(stopTimeCorrections.createdAt), asc(stopTimeCorrections.id));
  return rows.map((r) => ({ ...r.correction, event: r.event, stopId: r.stopId }));
}

/** Moves a record to its corrected time and keeps the time before it, the reason and who, in one more row. */
export async function correctRecord(
  db: Database,
  record: StopTimeRow,
  correction: { correctedAt: Date; reason: string; correctedBy: string },
): Promise<void> {
  await db.update(stopTimeRecords).set({ occurredAt: correction.correctedAt }).where(eq(stopTimeRecords.id, record.id));
  await db.insert(stopTimeCorrections).values({
    recordId: record.id,
    requestItemId: record.requestItemId,
    previousAt: record.occurredAt,
    ...correction,
  });
}

/** Whose month a statement is: the customer's own requests, or the jobs a carrier carries or won. */
export type StatementParty = { customerId: string } | { carrierId: string };

/**
 * The live delivery items of `party` with a stop whose arrival falls in [from, to), with what the
 * waiting charge statement names: the baggage, the agreed rate and the other party's company.
 */
export async function statementItems(db: Database, party: StatementParty, from: Date, to: Date) {
  const whose =
    'customerId' in party
      ? eq(requestItems.creatorId, party.customerId)
      : or(eq(requestItems.carrierId, party.carrierId), eq(requestItems.receiverId, party.carrierId));
  return db
    .selectDistinct({
      id: requestItems.id,
      baggageName: deliveryItems.baggageName,
      waitingRate: deliveryItems.waitingChargePer30Min,
      customerCompany: companies.name,
    })
    .from(stopTimeRecords)
    .innerJoin(requestItems, eq(requestItems.id, stopTimeRecords.requestItemId))
    .innerJoin(deliveryItems, eq(deliveryItems.requestItemId, requestItems.id))
    .innerJoin(users, eq(users.id, requestItems.creatorId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(stopTimeRecords.event, 'ARRIVED'),
        gte(stopTimeRecords.occurredAt, from),
        lt(stopTimeRecords.occurredAt, to),
        whose,
        isNull(requestItems.deletedAt),
      ),
    );
}

// ─── the stop notifications' mute (issue 49 item 5) ───

export async function isMuted(db: Database, requestItemId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: stopNotificationMutes.userId })
    .from(stopNotificationMutes)
    .where(and(eq(stopNotificationMutes.requestItemId, requestItemId), eq(stopNotificationMutes.userId, userId)));
  return rows.length > 0;
}

export async function setMuted(db: Database, requestItemId: string, userId: string, muted: boolean) {
  if (muted) await db.insert(stopNotificationMutes).values({ requestItemId, userId }).onConflictDoNothing();
  else
    await db
      .delete(stopNotificationMutes)
      .where(and(eq(stopNotificationMutes.requestItemId, requestItemId), eq(stopNotificationMutes.userId, userId)));
}

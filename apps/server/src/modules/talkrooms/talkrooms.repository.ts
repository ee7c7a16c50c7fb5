/** Talkrooms and messages: the only SQL of the talkrooms module. */
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { companies, messages, requestItems, talkrooms, users } from '../../db/schema';
import { type Database, selectOnce } from '../../platform/db/database';

export type TalkroomRow = typeof talkrooms.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

// ───────────────────────── talkrooms ─────────────────────────

/** The talkroom of a candidate, created once: a second call (or a racing one) gets the same row. */
export async function insertTalkroom(
  db: Database,
  values: { requestItemId: string; candidateId: string; appliedUserId: string },
): Promise<TalkroomRow> {
  const [created] = await db.insert(talkrooms).values(values).onConflictDoNothing({ target: talkrooms.candidateId }).returning();
  if (created) return created;
  const [existing] = await db.select().from(talkrooms).where(eq(talkrooms.candidateId, values.candidateId));
  return existing!;
}

/** `lock` takes the row lock: a message is written only into a room that stays open until commit. */
export async function findTalkroom(db: Database, id: string, lock = false): Promise<TalkroomRow | undefined> {
  const query = db.select().from(talkrooms).where(eq(talkrooms.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findTalkroomOf(
  db: Database,
  requestItemId: string,
  appliedUserId: string,
): Promise<TalkroomRow | undefined> {
  const [row] = await db
    .select()
    .from(talkrooms)
    .where(and(eq(talkrooms.requestItemId, requestItemId), eq(talkrooms.appliedUserId, appliedUserId)));
  return row;
}

export async function findTalkroomsByCandidates(db: Database, candidateIds: readonly string[]): Promise<TalkroomRow[]> {
  if (candidateIds.length === 0) return [];
  return db
    .select()
    .from(talkrooms)
    .where(inArray(talkrooms.candidateId, [...candidateIds]));
}

/** Makes the talkrooms of these candidates read-only (their applications were withdrawn). */
export async function closeTalkroomsOfCandidates(db: Database, candidateIds: readonly string[]): Promise<void> {
  if (candidateIds.length === 0) return;
  await db
    .update(talkrooms)
    .set({ isActive: false })
    .where(and(inArray(talkrooms.candidateId, [...candidateIds]), eq(talkrooms.isActive, true)));
}

/** Makes every talkroom of the item read-only, but `keepOpenId`. */
export async function closeTalkrooms(db: Database, requestItemId: string, keepOpenId?: string): Promise<void> {
  await db
    .update(talkrooms)
    .set({ isActive: false })
    .where(
      and(
        eq(talkrooms.requestItemId, requestItemId),
        eq(talkrooms.isActive, true),
        keepOpenId ? ne(talkrooms.id, keepOpenId) : undefined,
      ),
    );
}

/**
 * Records a side's meeting complete. The room stays open: the two parties keep talking while the
 * job runs (a delay, a reading out of range) until the delivery completes (decision 085).
 */
export async function recordMeeting(db: Database, talkroomId: string, side: 'customer' | 'driver', at: Date): Promise<void> {
  await db
    .update(talkrooms)
    .set(side === 'customer' ? { customerMeetingCompletedAt: at } : { driverMeetingCompletedAt: at })
    .where(eq(talkrooms.id, talkroomId));
}

/** The talkrooms of an item (or one applicant's) with the applicant's name parts and company, oldest first. */
export async function listTalkrooms(db: Database, requestItemId: string, appliedUserId?: string) {
  return db
    .select({
      talkroom: talkrooms,
      applicant: {
        id: users.id,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      companyName: companies.name,
    })
    .from(talkrooms)
    .innerJoin(users, eq(users.id, talkrooms.appliedUserId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(eq(talkrooms.requestItemId, requestItemId), appliedUserId ? eq(talkrooms.appliedUserId, appliedUserId) : undefined),
    )
    .orderBy(asc(talkrooms.createdAt), asc(talkrooms.id));
}

// ───────────────────────── messages ─────────────────────────

/** A message, with its talkroom's last-message time set to the message's, in one statement. */
export async function insertMessage(
  db: Database,
  values: { talkroomId: string; senderId: string; content: string; fileIds: string[] },
): Promise<MessageRow> {
  const inserted = db.$with('inserted').as(db.insert(messages).values(values).returning());
  const touched = db.$with('touched', {}).as(
    sql`update ${talkrooms} set last_message_at = inserted.created_at, updated_at = now()
          from inserted where ${talkrooms.id} = inserted.talkroom_id`,
  );
  const [row] = await db.with(inserted, touched).select().from(inserted);
  return row!;
}

const sender = {
  id: users.id,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
  parentId: users.parentId,
  companyName: companies.name,
};

/** A message's sender (for its notification), named as in the room. */
export async function findSender(db: Database, userId: string) {
  const [row] = await senderById(db, { id: userId });
  return row!;
}
const senderById = selectOnce('message_sender', (db) =>
  db
    .select(sender)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id'))),
);

/** A page of a talkroom's messages, newest first (the index order), with their senders. */
export async function listMessages(db: Database, talkroomId: string, page: { limit: number; offset: number }) {
  const where = eq(messages.talkroomId, talkroomId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: messages, sender })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total!.n };
}

/** The reader has seen everything the other party wrote in the room. */
export async function markRead(db: Database, talkroomId: string, readerId: string): Promise<void> {
  await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.talkroomId, talkroomId), ne(messages.senderId, readerId), eq(messages.isRead, false)));
}

/** The newest message of each talkroom (one query, served by the talkroom/created index). */
export async function lastMessages(db: Database, talkroomIds: readonly string[]): Promise<Map<string, MessageRow>> {
  if (talkroomIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.talkroomId])
    .from(messages)
    .where(inArray(messages.talkroomId, [...talkroomIds]))
    .orderBy(messages.talkroomId, desc(messages.createdAt), desc(messages.id));
  return new Map(rows.map((m) => [m.talkroomId, m]));
}

/** Messages from others that `readerId` has not read, per talkroom. */
export async function unreadCounts(db: Database, talkroomIds: readonly string[], readerId: string): Promise<Map<string, number>> {
  if (talkroomIds.length === 0) return new Map();
  const rows = await db
    .select({ id: messages.talkroomId, n: count() })
    .from(messages)
    .where(and(inArray(messages.talkroomId, [...talkroomIds]), ne(messages.senderId, readerId), eq(messages.isRead, false)))
    .groupBy(messages.talkroomId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The request item (live) and talkroom a message belongs to: who may read its attachments. */
export async function findMessageParties(db: Database, messageId: string) {
  const [row] = await db
    .select({
      creatorId: requestItems.creatorId,
      receiverId: requestItems.receiverId,
      carrierId: requestItems.carrierId,
      appliedUserId: talkrooms.appliedUserId,
    })
    .from(messages)
    .innerJoin(talkrooms, eq(talkrooms.id, messages.talkroomId))
    .innerJoin(requestItems, eq(requestItems.id, talkrooms.requestItemId))
    .where(and(eq(messages.id, messageId), isNull(requestItems.deletedAt)));
  return row;
}

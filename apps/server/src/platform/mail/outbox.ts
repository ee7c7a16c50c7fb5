/**
 * The transactional outbox: a mail is a row written in the same transaction as
 * the event that causes it; the dispatcher delivers it after commit. This file
 * is the only code that touches the `mail_outbox` table.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { Database } from '../db/database';
import type { MailContent } from './templates';

export type OutboxMail = typeof mailOutbox.$inferSelect;

export async function enqueueMail(db: Database, to: string, content: MailContent): Promise<void> {
  await db.insert(mailOutbox).values({ to, ...content });
}

/** `now() + ms` on the database clock, so every instance shares one clock. */
const dbNowPlus = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

const isDue = () => and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, sql`now()`));

/** A cheap read-only look, so that an idle poll writes nothing and takes no lock. */
export async function hasDueMail(db: Database): Promise<boolean> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(isDue()).limit(1);
  return rows.length > 0;
}

/**
 * Claims up to `limit` due mails for `leaseMs`: counts the attempt and moves
 * `nextAttemptAt` past the lease in one statement. `FOR UPDATE SKIP LOCKED`
 * lets concurrent claimers pass over each other's rows instead of waiting, and
 * once this statement commits the rows are no longer due, so nobody else takes
 * them until the lease runs out (a dispatcher that died mid-delivery).
 */
export async function claimDueMail(db: Database, limit: number, leaseMs: number): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(isDue())
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: dbNowPlus(leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING has no order: deliver oldest first.
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * The claim a result belongs to: a dispatcher whose lease ran out (and whose row
 * another one claimed again, raising `attempts`) must not overwrite the newer state.
 */
const stillOurs = (mail: OutboxMail) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'PENDING'), eq(mailOutbox.attempts, mail.attempts));

export async function markMailSent(db: Database, mail: OutboxMail): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
    .where(stillOurs(mail));
}

/** Records a failed attempt: due again after `retryInMs`, or FAILED for good when `retryInMs` is null. */
export async function markMailFailed(db: Database, mail: OutboxMail, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(retryInMs === null ? { status: 'FAILED', lastError: error } : { lastError: error, nextAttemptAt: dbNowPlus(retryInMs) })
    .where(stillOurs(mail));
}

/** The newest mails, optionally to one address (the dev mailbox). */
export async function listMail(db: Database, filter: { to?: string; limit: number }): Promise<OutboxMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(filter.to ? eq(mailOutbox.to, filter.to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(filter.limit);
}

export async function findMail(db: Database, id: string): Promise<OutboxMail | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

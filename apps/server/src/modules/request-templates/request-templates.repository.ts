/** Queries of the templates, their schedules and occurrences (decision 107). */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { requestSchedules, requestTemplates, scheduleOccurrences } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type TemplateRow = typeof requestTemplates.$inferSelect;
export type ScheduleRow = typeof requestSchedules.$inferSelect;
export type OccurrenceRow = typeof scheduleOccurrences.$inferSelect;
export type OccurrenceEdit = NonNullable<OccurrenceRow['edit']>;

export async function insertTemplate(db: Database, row: { ownerId: string; name: string; body: Record<string, unknown> }) {
  const [template] = await db.insert(requestTemplates).values(row).returning();
  return template!;
}

/** The owner's template; undefined for anyone else's (the caller answers 404). */
export async function ownTemplate(db: Database, ownerId: string, templateId: string, lock = false) {
  const q = db
    .select()
    .from(requestTemplates)
    .where(and(eq(requestTemplates.id, templateId), eq(requestTemplates.ownerId, ownerId)));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

export const templatesOf = (db: Database, ownerId: string) =>
  db.select().from(requestTemplates).where(eq(requestTemplates.ownerId, ownerId)).orderBy(desc(requestTemplates.createdAt));

export async function renameTemplate(db: Database, templateId: string, name: string) {
  const [row] = await db.update(requestTemplates).set({ name }).where(eq(requestTemplates.id, templateId)).returning();
  return row!;
}

export async function deleteTemplate(db: Database, templateId: string) {
  await db.delete(requestTemplates).where(eq(requestTemplates.id, templateId));
}

export async function scheduleOf(db: Database, templateId: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(requestSchedules).where(eq(requestSchedules.templateId, templateId));
  return row;
}

export async function schedulesOf(db: Database, templateIds: string[]): Promise<ScheduleRow[]> {
  if (!templateIds.length) return [];
  return db
    .select()
    .from(requestSchedules)
    .where(
      sql`${requestSchedules.templateId} in (${sql.join(
        templateIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

export async function upsertSchedule(db: Database, row: Omit<typeof requestSchedules.$inferInsert, 'createdAt' | 'updatedAt'>) {
  const { templateId: _t, ...set } = row;
  await db
    .insert(requestSchedules)
    .values(row)
    .onConflictDoUpdate({ target: requestSchedules.templateId, set: { ...set, updatedAt: new Date() } });
}

export async function deactivateSchedule(db: Database, templateId: string) {
  await db
    .update(requestSchedules)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(requestSchedules.templateId, templateId));
}

/** Every active schedule with its template: what the posting job walks. */
export const activeSchedules = (db: Database) =>
  db
    .select({ schedule: requestSchedules, template: requestTemplates })
    .from(requestSchedules)
    .innerJoin(requestTemplates, eq(requestTemplates.id, requestSchedules.templateId))
    .where(eq(requestSchedules.active, true));

export const occurrencesBetween = (db: Database, templateId: string, from: string, to: string) =>
  db
    .select()
    .from(scheduleOccurrences)
    .where(
      and(eq(scheduleOccurrences.templateId, templateId), gte(scheduleOccurrences.date, from), lte(scheduleOccurrences.date, to)),
    )
    .orderBy(asc(scheduleOccurrences.date));

/** The latest decided occurrences, newest first. */
export const recentOccurrences = (db: Database, templateId: string, before: string, limit: number) =>
  db
    .select()
    .from(scheduleOccurrences)
    .where(and(eq(scheduleOccurrences.templateId, templateId), sql`${scheduleOccurrences.date} < ${before}`))
    .orderBy(desc(scheduleOccurrences.date))
    .limit(limit);

export async function occurrenceOn(db: Database, templateId: string, date: string, lock = false) {
  const q = db
    .select()
    .from(scheduleOccurrences)
    .where(and(eq(scheduleOccurrences.templateId, templateId), eq(scheduleOccurrences.date, date)));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/**
 * The one statement that decides who posts an occurrence: it inserts the day's row as POSTED, or
 * turns the shipper's PLANNED row (an edit) into POSTED; a row already POSTED or SKIPPED is left
 * and nothing returns. A second runner's statement waits on the first's row and then finds it
 * decided (the unique (template, day) index), so each occurrence is claimed once.
 */
export async function claimOccurrence(db: Database, templateId: string, date: string): Promise<OccurrenceRow | undefined> {
  const [row] = await db
    .insert(scheduleOccurrences)
    .values({ templateId, date, status: 'POSTED', decidedAt: new Date() })
    .onConflictDoUpdate({
      target: [scheduleOccurrences.templateId, scheduleOccurrences.date],
      set: { status: 'POSTED', decidedAt: new Date() },
      setWhere: eq(scheduleOccurrences.status, 'PLANNED'),
    })
    .returning();
  return row;
}

export async function settleOccurrence(
  db: Database,
  id: string,
  set: Partial<Pick<OccurrenceRow, 'status' | 'skipReason' | 'requestItemId' | 'edit'>>,
): Promise<OccurrenceRow> {
  const [row] = await db.update(scheduleOccurrences).set(set).where(eq(scheduleOccurrences.id, id)).returning();
  return row!;
}

/** The shipper's change to an occurrence not yet decided (skip or edit): its row, made when missing. */
export async function planOccurrence(db: Database, templateId: string, date: string): Promise<OccurrenceRow> {
  await db.insert(scheduleOccurrences).values({ templateId, date, status: 'PLANNED' }).onConflictDoNothing();
  return (await occurrenceOn(db, templateId, date, true))!;
}

/** The admin audit log's SQL: insert and read only — there is no update or delete. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { adminAuditLog, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type NewAuditEntry = Omit<typeof adminAuditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertEntry(db: Database, entry: NewAuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export interface AuditFilter {
  targetId?: string;
  action?: NewAuditEntry['action'];
}

export async function listEntries(db: Database, filter: AuditFilter, page: { limit: number; offset: number }) {
  const where: SQL | undefined = and(
    filter.targetId ? eq(adminAuditLog.targetId, filter.targetId) : undefined,
    filter.action ? eq(adminAuditLog.action, filter.action) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: adminAuditLog,
        actor: {
          id: users.id,
          name: users.name,
          lastName: users.lastName,
          firstName: users.firstName,
          email: users.email,
        },
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorId))
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return { rows, total: total!.n };
}

/**
 * The admin audit log (DESIGN §5): suspend, reactivate, delete and broadcast are each
 * recorded — who, when, what, the target, its state before and after — by the service
 * that performs the action, with its own transaction handle, so the record and the
 * action commit or roll back together. The log is append-only: the API only reads it.
 */
import type { TAuditAction, TAuditLog, TAuditLogQuery, TAuditTargetType } from '@logi/contract';
import { paginationMeta } from '@logi/contract';
import { personName } from '../../domain/person-name';
import type { Database } from '../../platform/db/database';
import * as repo from './audit-log.repository';

export interface AdminAction {
  /** Null: the system acted (a background job). */
  actorId: string | null;
  action: TAuditAction;
  targetType: TAuditTargetType;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Call inside the action's transaction (`tx`). */
export async function recordAdminAction(tx: Database, action: AdminAction): Promise<void> {
  await repo.insertEntry(tx, { ...action, before: action.before ?? null, after: action.after ?? null });
}

export async function listAuditLog(db: Database, query: TAuditLogQuery): Promise<TAuditLog> {
  const { rows, total } = await repo.listEntries(
    db,
    { targetId: query.targetId, action: query.action },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    meta: paginationMeta(query.page, query.limit, total),
    data: rows.map(({ entry, actor }) => ({
      id: entry.id,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      actor: actor ? { id: actor.id, name: personName(actor, actor.email), email: actor.email } : null,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/** The audit log rows of one account or request: what admins did to it, newest first. */
import { AccountStatus, AuditAction, DASHBOARD_TEXT } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { auditLogQuery } from './queries';

const T = DASHBOARD_TEXT.audit;

/** "有効 → 停止中" for a status change; nothing for other actions. */
function change(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const from = before?.status as keyof typeof AccountStatus.labels | undefined;
  const to = after?.status as keyof typeof AccountStatus.labels | undefined;
  if (from && to && from !== to && AccountStatus.labels[from] && AccountStatus.labels[to]) {
    return `${AccountStatus.labels[from]} → ${AccountStatus.labels[to]}`;
  }
  return '';
}

export function AuditTrail({ targetId }: { targetId: string }) {
  const log = useQuery(auditLogQuery(targetId));
  return (
    <section aria-label={DASHBOARD_TEXT.tabs.auditLog} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{DASHBOARD_TEXT.tabs.auditLog}</h3>
      {log.data?.data.length ? (
        <ul className="divide-y rounded-lg border bg-card text-sm">
          {log.data.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-4 gap-y-1 px-4 py-2">
              <span className="text-muted-foreground">{formatDateTime(entry.createdAt)}</span>
              <span className="font-medium">{AuditAction.labels[entry.action]}</span>
              <span>{change(entry.before, entry.after)}</span>
              <span className="text-muted-foreground">
                {T.actor}: {entry.actor.name}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{log.isPending ? '' : T.empty}</p>
      )}
    </section>
  );
}

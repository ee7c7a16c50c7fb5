/** The audit log rows of one account or request: what admins did to it, newest first. */
import {
  AccountStatus,
  AuditAction,
  AuditTargetType,
  CarrierVerificationStatus,
  type TAuditAction,
  type TAuditLogEntry,
} from '@logi/contract';
import { DASHBOARD_TEXT } from '../../texts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { DataList, type ListColumn, type ListFilter } from './list-kit/data-list';
import { useListParams } from './list-kit/use-list-params';
import { TextLink } from './parts';
import { auditLogPageQuery, auditLogQuery, fetchAuditLog } from './queries';

const T = DASHBOARD_TEXT.audit;

/** An account's and a carrier verification's states (decision 104) by their labels. */
const STATUS_LABELS: Record<string, string> = { ...AccountStatus.labels, ...CarrierVerificationStatus.labels };

/** "有効 → 停止中" (or "申請中 → 確認済") for a status change; nothing for other actions. */
export function change(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const from = before?.status as string | undefined;
  const to = after?.status as string | undefined;
  if (from && to && from !== to && STATUS_LABELS[from] && STATUS_LABELS[to]) {
    return `${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}`;
  }
  return '';
}

/** Who did it: an admin or manager by name, or the system (a background job). */
const actorName = (e: TAuditLogEntry) => e.actor?.name ?? T.system;

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
                {T.actor}: {actorName(entry)}
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

const KEYS = ['action'] as const;
const filters: ListFilter<'action'>[] = [
  {
    kind: 'select',
    key: 'action',
    label: T.action,
    options: AuditAction.values.map((v) => ({ value: v, label: AuditAction.labels[v] })),
  },
];

// A sent notification has a page; a deleted request has none, and an account's kind is not recorded.
const targetPath = (e: TAuditLogEntry) =>
  e.targetType === 'NOTIFICATION'
    ? `/dashboard/notifications/${e.targetId}`
    : e.targetType === 'COMPANY'
      ? `/dashboard/carrier-verifications/${e.targetId}`
      : null;

const columns: ListColumn<TAuditLogEntry>[] = [
  { id: 'at', header: T.at, cell: (e) => formatDateTime(e.createdAt), csv: (e) => formatDateTime(e.createdAt) },
  { id: 'action', header: T.action, cell: (e) => AuditAction.labels[e.action], csv: (e) => AuditAction.labels[e.action] },
  {
    id: 'target',
    header: T.target,
    cell: (e) => {
      const path = targetPath(e);
      const label = `${AuditTargetType.labels[e.targetType]} ${e.targetId.slice(-8)}`;
      return path ? <TextLink to={path}>{label}</TextLink> : label;
    },
    csv: (e) => `${AuditTargetType.labels[e.targetType]} ${e.targetId}`,
  },
  {
    id: 'change',
    header: T.change,
    cell: (e) => change(e.before, e.after),
    csv: (e) => change(e.before, e.after),
    wraps: true,
  },
  { id: 'actor', header: T.actor, cell: actorName, csv: (e) => (e.actor ? `${e.actor.name} <${e.actor.email}>` : T.system) },
];

/** /dashboard/audit-log: every admin action, newest first, by action. */
export function AuditLogPage() {
  const { page, filters: values, setPage, setFilters } = useListParams(KEYS);
  const action = values.action as TAuditAction | undefined;
  const result = useQuery(auditLogPageQuery(action, page));
  return (
    <DataList
      label={DASHBOARD_TEXT.tabs.auditLog}
      columns={columns}
      rowKey={(e) => e.id}
      result={result}
      onPageChange={setPage}
      filters={filters}
      values={values}
      onFiltersChange={setFilters}
      fetchPage={(p, limit) => fetchAuditLog(action, p, limit)}
    />
  );
}

/** Small pieces every back-office screen shares: labelled values, badges, tabs in the URL, page frames. */
import {
  AccountStatus,
  DeliveryStatus,
  REQUEST_ITEM_TEXT,
  type TAccountStatus,
  type TRequestStatus,
  type TRequestType,
  WarehouseStatus,
} from '@logi/contract';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatDate, formatDateTime, formatYen } from '../../lib/format';

export const NONE = REQUEST_ITEM_TEXT.none;
export const yenOrNone = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? NONE : formatYen(amount);
export const dateOrNone = (at: string | null | undefined) => (at ? formatDate(at) : NONE);
export const dateTimeOrNone = (at: string | null | undefined) => (at ? formatDateTime(at) : NONE);

export function AccountStatusBadge({ status }: { status: TAccountStatus }) {
  return <Badge variant={status === 'ACTIVE' ? 'success' : 'muted'}>{AccountStatus.labels[status]}</Badge>;
}

export function requestStatusLabel(type: TRequestType, status: TRequestStatus): string {
  if (type === 'WAREHOUSE')
    return WarehouseStatus.labels[status as keyof typeof WarehouseStatus.labels] ?? DeliveryStatus.labels[status];
  return DeliveryStatus.labels[status];
}

const STATUS_VARIANT = {
  WAITING_APPROVE: 'warning',
  APPROVED: 'default',
  IN_PROGRESS: 'secondary',
  COMPLETED: 'success',
  CANCELLED: 'muted',
} as const;

export function RequestStatusBadge({ type, status }: { type: TRequestType; status: TRequestStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{requestStatusLabel(type, status)}</Badge>;
}

/** A definition list of label → value, two columns on wide screens. */
export function Fields({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border bg-card p-4 sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="break-words text-sm">{value === null || value === undefined || value === '' ? NONE : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** A query's pending and error states for a detail screen. */
export function Loading<T>({
  query,
  children,
}: {
  query: { data?: T; isPending: boolean; isError: boolean };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SkeletonRows />;
  if (query.isError || query.data === undefined) return <EmptyState />;
  return <>{children(query.data)}</>;
}

export interface DetailTab {
  /** The URL segment after the id; '' for the first tab. */
  value: string;
  label: string;
  content: () => ReactNode;
}

/** A detail page's tabs, the open one in the path (/dashboard/drivers/{id}/sub-accounts). */
export function DetailTabs({ base, tabs }: { base: string; tabs: readonly DetailTab[] }) {
  const { tab = '' } = useParams();
  const navigate = useNavigate();
  const current = tabs.some((t) => t.value === tab) ? tab : '';
  return (
    <Tabs value={current} onValueChange={(value) => void navigate(value ? `${base}/${value}` : base, { replace: true })}>
      <TabsList>
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value} className="pt-4">
          {t.value === current && t.content()}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** The head of a detail page: its title, badges and actions. */
export function DetailHeader({ title, badges, actions }: { title: string; badges?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-bold">{title}</h2>
        {badges}
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}

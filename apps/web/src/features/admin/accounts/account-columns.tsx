/** The columns of the customer and driver lists (screen and CSV), and their filters. */
import {
  AccountStatus,
  CarrierRole,
  Role,
  type TCustomerListItem,
  type TDriverListItem,
  type TTransactionHistoryItem,
  RequestType,
} from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { PREFECTURES } from '../../../texts/request-items';
import { EmailAddress } from '../../../components/ui/email-address';
import { formatDate } from '../../../lib/format';
import type { ListColumn, ListFilter } from '../list-kit/data-list';
import { AccountStatusBadge, RequestStatusBadge, TextLink, dateOrNone, requestStatusLabel, yenOrNone } from '../parts';
import { formatPhone } from '../../../lib/phone';

const A = DASHBOARD_TEXT.account;
const L = DASHBOARD_TEXT.list;
const H = DASHBOARD_TEXT.history;

export const ACCOUNT_FILTER_KEYS = ['keyword', 'status', 'location'] as const;
export const DRIVER_FILTER_KEYS = ['keyword', 'status', 'roleType', 'location'] as const;

const statusFilter = {
  kind: 'select',
  key: 'status',
  label: L.status,
  options: AccountStatus.values.map((v) => ({ value: v, label: AccountStatus.labels[v] })),
} as const;
const locationFilter = {
  kind: 'select',
  key: 'location',
  label: L.location,
  options: PREFECTURES.map((p) => ({ value: p, label: p })),
} as const;

export const customerFilters: ListFilter<(typeof ACCOUNT_FILTER_KEYS)[number]>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: L.keywordPlaceholder },
  statusFilter,
  locationFilter,
];

export const driverFilters: ListFilter<(typeof DRIVER_FILTER_KEYS)[number]>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: L.keywordPlaceholder },
  statusFilter,
  {
    kind: 'select',
    key: 'roleType',
    label: L.roleType,
    options: CarrierRole.values.map((v) => ({ value: v, label: CarrierRole.labels[v] })),
  },
  locationFilter,
];

function accountColumns<Row extends TCustomerListItem>(detailPath: (id: string) => string): ListColumn<Row>[] {
  return [
    { id: 'name', header: A.name, cell: (r) => <TextLink to={detailPath(r.id)}>{r.name}</TextLink>, csv: (r) => r.name },
    { id: 'nameKana', header: A.nameKana, cell: (r) => r.nameKana, csv: (r) => r.nameKana },
    { id: 'company', header: A.company, cell: (r) => r.company?.name, csv: (r) => r.company?.name },
    { id: 'email', header: A.email, cell: (r) => <EmailAddress email={r.email} />, csv: (r) => r.email },
    { id: 'phone', header: A.phone, cell: (r) => r.phone && formatPhone(r.phone), csv: (r) => r.phone },
    { id: 'address', header: A.address, cell: (r) => r.address, csv: (r) => r.address, wraps: true },
    {
      id: 'status',
      header: A.status,
      cell: (r) => <AccountStatusBadge status={r.status} />,
      csv: (r) => AccountStatus.labels[r.status],
    },
    { id: 'createdAt', header: A.createdAt, cell: (r) => formatDate(r.createdAt), csv: (r) => formatDate(r.createdAt) },
  ];
}

export const customerColumns = accountColumns<TCustomerListItem>((id) => `/dashboard/customers/${id}`);

const roleLabels = (r: TDriverListItem) => r.roles.map((role) => Role.labels[role]).join('・');

export const driverColumns: ListColumn<TDriverListItem>[] = (() => {
  const base = accountColumns<TDriverListItem>((id) => `/dashboard/drivers/${id}`);
  return [
    ...base.slice(0, 3),
    { id: 'roles', header: A.role, cell: roleLabels, csv: roleLabels },
    { id: 'parent', header: A.parent, cell: (r) => r.parentName, csv: (r) => r.parentName },
    {
      id: 'subAccounts',
      header: A.subAccounts,
      cell: (r) => (r.roles.includes('DRIVER_MANAGER') ? r.subAccountCount : ''),
      csv: (r) => r.subAccountCount,
    },
    ...base.slice(3),
  ];
})();

const requestPath = (r: TTransactionHistoryItem) =>
  `/dashboard/${r.type === 'DELIVERY' ? 'deliveries' : 'warehouses'}/${r.requestItemId}`;

export const historyColumns: ListColumn<TTransactionHistoryItem>[] = [
  {
    id: 'title',
    header: H.request,
    cell: (r) => <TextLink to={requestPath(r)}>{r.title || RequestType.labels[r.type]}</TextLink>,
    csv: (r) => r.title,
    wraps: true,
  },
  { id: 'type', header: H.type, cell: (r) => RequestType.labels[r.type], csv: (r) => RequestType.labels[r.type] },
  {
    id: 'status',
    header: H.status,
    cell: (r) => <RequestStatusBadge type={r.type} status={r.status} />,
    csv: (r) => requestStatusLabel(r.type, r.status),
  },
  {
    id: 'counterpart',
    header: H.counterpart,
    cell: (r) => (r.counterpart ? [r.counterpart.companyName, r.counterpart.name].filter(Boolean).join(' / ') : ''),
    csv: (r) => (r.counterpart ? [r.counterpart.companyName, r.counterpart.name].filter(Boolean).join(' / ') : ''),
    wraps: true,
  },
  { id: 'carrier', header: H.carrier, cell: (r) => r.carrier?.name, csv: (r) => r.carrier?.name },
  { id: 'price', header: H.price, cell: (r) => yenOrNone(r.price), csv: (r) => r.price },
  { id: 'agreedPrice', header: H.agreedPrice, cell: (r) => yenOrNone(r.agreedPrice), csv: (r) => r.agreedPrice },
  { id: 'createdAt', header: H.createdAt, cell: (r) => dateOrNone(r.createdAt), csv: (r) => dateOrNone(r.createdAt) },
  { id: 'completedAt', header: H.completedAt, cell: (r) => dateOrNone(r.completedAt), csv: (r) => dateOrNone(r.completedAt) },
];

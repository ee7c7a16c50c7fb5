/**
 * /dashboard/deliveries and /dashboard/warehouses with their detail pages: basic info,
 * transports or warehouse info, every talkroom of the request (read-only, with
 * attachments), the delivery report images, and the admin delete. A delivery's records (運送条件書,
 * temperatures, stop times) come in as `records`, composed in app/.
 */
import {
  DeliveryStatus,
  Elevator,
  PriceType,
  REQUEST_ITEM_TEXT as R,
  TemperatureRange,
  type TAdminRequestRow,
  type TRequestItemDetail,
  type TRequestPrice,
  type TRequestType,
  VehicleType,
  WarehouseStatus,
  requestReference,
} from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDialog } from '../../../components/ui/dialog-registry';
import { formatDateTime, formatYen } from '../../../lib/format';
import { AuditTrail } from '../audit-trail';
import { DataList, type ListColumn, type ListFilter } from '../list-kit/data-list';
import { useListParams } from '../list-kit/use-list-params';
import {
  DetailHeader,
  DetailTabs,
  Fields,
  Loading,
  NONE,
  RequestStatusBadge,
  TextLink,
  dateOrNone,
  requestStatusLabel,
} from '../parts';
import { deliveriesQuery, fetchDeliveries, fetchWarehouses, requestDetailQuery, warehousesQuery } from '../queries';
import { ReportImages, Talkrooms } from './request-parts';
import { formatPhone } from '../../../lib/phone';

const T = DASHBOARD_TEXT.request;
const L = DASHBOARD_TEXT.list;

/**
 * A request's price: the agreed amount once a bid on an estimation request was approved
 * (合意金額 38,000円), else the posted one (35,000円, 単価 1,200円, or 見積もり受付中). A fixed or
 * per-unit price is the amount agreed, so it stays as posted.
 */
export function priceText(price: TRequestPrice, agreed: number | null): string {
  if (agreed !== null && price.priceType === 'ESTIMATION') return `${R.agreedPrice} ${formatYen(agreed)}`;
  if (price.price === null) return R.priceEstimation;
  const yen = formatYen(price.price);
  return price.priceType === 'PER_UNIT' ? R.perUnit(yen) : yen;
}

/** The detail's approved application (the owner's and the admin's view carry it as `candidate`). */
const agreedOf = (item: TRequestItemDetail) => (item.candidate?.status === 'APPROVED' ? item.candidate.price : null);

const warehousePlace = (item: TRequestItemDetail) =>
  item.warehouseItem ? `${item.warehouseItem.location.prefecture}${item.warehouseItem.location.city}` : '';
const route = (r: TAdminRequestRow) => (r.pickupPlace && r.deliveryPlace ? R.rowTitle(r.pickupPlace, r.deliveryPlace) : '');
const customerName = (r: TAdminRequestRow) => [r.customer.companyName, r.customer.name].filter(Boolean).join(' / ');

function columns(type: TRequestType): ListColumn<TAdminRequestRow>[] {
  const path = (r: TAdminRequestRow) => `/dashboard/${type === 'DELIVERY' ? 'deliveries' : 'warehouses'}/${r.id}`;
  const title = (r: TAdminRequestRow) => r.title;
  return [
    {
      id: 'title',
      header: T.title,
      cell: (r) => <TextLink to={path(r)}>{r.title || NONE}</TextLink>,
      csv: title,
      wraps: true,
    },
    type === 'DELIVERY'
      ? { id: 'route', header: T.route, cell: route, csv: route, wraps: true }
      : { id: 'location', header: T.location, cell: title, csv: title, wraps: true },
    { id: 'customer', header: T.customer, cell: customerName, csv: customerName, wraps: true },
    {
      id: 'status',
      header: T.status,
      cell: (r) => <RequestStatusBadge type={r.type} status={r.status} />,
      csv: (r) => requestStatusLabel(r.type, r.status),
    },
    {
      id: 'price',
      header: T.price,
      cell: (r) => priceText(r.price, r.agreedPrice),
      csv: (r) => r.agreedPrice ?? r.price.price,
    },
    { id: 'candidates', header: T.candidates, cell: (r) => r.numberOfCandidates, csv: (r) => r.numberOfCandidates },
    { id: 'createdAt', header: T.createdAt, cell: (r) => dateOrNone(r.createdAt), csv: (r) => dateOrNone(r.createdAt) },
    { id: 'id', header: T.id, cell: (r) => <span className="font-mono text-xs">{r.id.slice(-8)}</span>, csv: (r) => r.id },
  ];
}

const DELIVERY_KEYS = ['keyword', 'status', 'priceType', 'startDate', 'endDate'] as const;
const deliveryFilters: ListFilter<(typeof DELIVERY_KEYS)[number]>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: L.requestKeywordPlaceholder },
  {
    kind: 'select',
    key: 'status',
    label: L.status,
    options: DeliveryStatus.values.map((v) => ({ value: v, label: DeliveryStatus.labels[v] })),
  },
  {
    kind: 'select',
    key: 'priceType',
    label: L.priceType,
    options: (['FIXED', 'ESTIMATION'] as const).map((v) => ({ value: v, label: PriceType.labels[v] })),
  },
  { kind: 'date', key: 'startDate', label: L.startDate },
  { kind: 'date', key: 'endDate', label: L.endDate },
];
const WAREHOUSE_KEYS = ['keyword', 'status'] as const;
const warehouseFilters: ListFilter<(typeof WAREHOUSE_KEYS)[number]>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: L.requestKeywordPlaceholder },
  {
    kind: 'select',
    key: 'status',
    label: L.status,
    options: WarehouseStatus.values.map((v) => ({ value: v, label: WarehouseStatus.labels[v] })),
  },
];
const deliveryColumns = columns('DELIVERY');
const warehouseColumns = columns('WAREHOUSE');

export function DeliveriesPage() {
  const { page, filters, setPage, setFilters } = useListParams(DELIVERY_KEYS);
  const result = useQuery(deliveriesQuery(filters, page));
  return (
    <DataList
      label="配送依頼一覧"
      columns={deliveryColumns}
      rowKey={(r) => r.id}
      result={result}
      onPageChange={setPage}
      filters={deliveryFilters}
      values={filters}
      onFiltersChange={setFilters}
      fetchPage={(p, limit) => fetchDeliveries(filters, p, limit)}
    />
  );
}

export function WarehousesPage() {
  const { page, filters, setPage, setFilters } = useListParams(WAREHOUSE_KEYS);
  const result = useQuery(warehousesQuery(filters, page));
  return (
    <DataList
      label="倉庫依頼一覧"
      columns={warehouseColumns}
      rowKey={(r) => r.id}
      result={result}
      onPageChange={setPage}
      filters={warehouseFilters}
      values={filters}
      onFiltersChange={setFilters}
      fetchPage={(p, limit) => fetchWarehouses(filters, p, limit)}
    />
  );
}

function basicFields(item: TRequestItemDetail) {
  return [
    [
      T.id,
      <span key="id" className="font-mono text-xs">
        {item.id}
      </span>,
    ],
    [T.status, <RequestStatusBadge key="status" type={item.type} status={item.status} />],
    [R.price, priceText(item.price, agreedOf(item))],
    [T.candidates, item.numberOfCandidates ?? 0],
    [R.companyName, item.customer?.companyName],
    [
      R.customerName,
      item.customer ? <TextLink to={`/dashboard/customers/${item.customer.id}`}>{item.customer.customerName}</TextLink> : null,
    ],
    [R.phone, item.customer?.phone && formatPhone(item.customer.phone)],
    [R.email, item.customer?.email],
    [
      DASHBOARD_TEXT.history.carrier,
      item.receiver ? (
        <TextLink to={`/dashboard/drivers/${item.receiver.id}`}>
          {[item.receiver.companyName, item.receiver.name].filter(Boolean).join(' / ')}
        </TextLink>
      ) : null,
    ],
    [R.message, item.message],
    [R.postedAt, formatDateTime(item.createdAt)],
    [R.reference, requestReference(item.id)],
  ] as const;
}

function deliveryFields(item: TRequestItemDetail) {
  const d = item.deliveryItem!;
  return [
    [R.baggageName, d.baggageName],
    [R.vehicleType, VehicleType.labels[d.vehicleType]],
    [R.temperature, TemperatureRange.labels[d.vehicleTemperatureRange]],
    [R.totalWeight, R.kg(String(d.totalWeight))],
    [R.weight, d.weight === null ? null : R.kg(String(d.weight))],
    [R.totalAmount, d.totalAmount === null ? null : R.pieces(String(d.totalAmount))],
    [R.material, d.material],
    [R.size, d.size],
  ] as const;
}

function Transports({ item }: { item: TRequestItemDetail }) {
  return (
    <ol className="flex flex-col gap-3">
      {item.deliveryItem!.transports.map((stop) => (
        <li key={stop.id} className="rounded-lg border bg-card p-4">
          <p className="mb-2 font-semibold">{stop.label}</p>
          <Fields
            items={[
              [R.stopTime, `${formatDateTime(stop.timeFrom)} 〜 ${formatDateTime(stop.timeTo)}`],
              [
                R.stopAddress,
                [
                  stop.location.postalCode && `${R.postalMark}${stop.location.postalCode}`,
                  stop.location.prefecture + stop.location.city + stop.location.town + stop.location.block,
                  stop.location.building,
                ]
                  .filter(Boolean)
                  .join(' '),
              ],
              [R.stopContact, stop.name],
              [R.stopPhone, stop.phone && formatPhone(stop.phone)],
              [R.elevator, Elevator.labels[stop.elevator]],
            ]}
          />
        </li>
      ))}
    </ol>
  );
}

function warehouseFields(item: TRequestItemDetail) {
  const w = item.warehouseItem!;
  const place = w.location;
  return [
    [
      R.warehouseLocation,
      [
        place.postalCode && `${R.postalMark}${place.postalCode}`,
        place.prefecture + place.city + place.town + place.block,
        place.building,
      ]
        .filter(Boolean)
        .join(' '),
    ],
    [R.roomTemperature, TemperatureRange.labels[w.roomTemperatureRange]],
    [R.acreage, R.tsubo(String(w.acreage))],
    [R.requestAmount, String(w.requestAmount)],
    [R.vehicleTypes, w.vehicleTypes.map((v) => VehicleType.labels[v]).join('、')],
  ] as const;
}

function useRequest(type: TRequestType) {
  const { requestItemId = '' } = useParams();
  return { requestItemId, query: useQuery(requestDetailQuery(requestItemId, type)) };
}

function DeleteButton({ item }: { item: TRequestItemDetail }) {
  const dialog = useDialog();
  // Refused for approved-or-later deliveries and for matched warehouses (spec §5): said on the button's title.
  const refused =
    item.type === 'DELIVERY' ? item.status !== 'WAITING_APPROVE' && item.status !== 'CANCELLED' : item.status === 'COMPLETED';
  const reason =
    item.type === 'DELIVERY'
      ? DASHBOARD_TEXT.dialogs.deleteDelivery.refused(DeliveryStatus.labels[item.status])
      : DASHBOARD_TEXT.dialogs.deleteWarehouse.refused;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="destructive"
        disabled={refused}
        onClick={() =>
          dialog.open(item.type === 'DELIVERY' ? 'admin-delete-delivery-request' : 'admin-delete-warehouse-request', {
            requestItemId: item.id,
          })
        }
      >
        {T.delete}
      </Button>
      {refused && <p className="text-xs text-muted-foreground">{reason}</p>}
    </div>
  );
}

/** What another feature shows on a delivery's detail: beside the delete button, and under the report images. */
export interface DeliveryRecords {
  actions?: (item: TRequestItemDetail) => ReactNode;
  report?: (item: TRequestItemDetail) => ReactNode;
}

function RequestFrame({
  item,
  tabs,
  actions,
}: {
  item: TRequestItemDetail;
  tabs: Parameters<typeof DetailTabs>[0]['tabs'];
  actions?: ReactNode;
}) {
  const base = `/dashboard/${item.type === 'DELIVERY' ? 'deliveries' : 'warehouses'}/${item.id}`;
  const title = item.type === 'DELIVERY' ? (item.deliveryItem?.baggageName ?? '') : warehousePlace(item);
  return (
    <div className="flex flex-col gap-4">
      <DetailHeader
        title={title}
        badges={<RequestStatusBadge type={item.type} status={item.status} />}
        actions={
          <div className="flex flex-wrap items-start gap-2">
            {actions}
            <DeleteButton item={item} />
          </div>
        }
      />
      <DetailTabs base={base} tabs={tabs} />
    </div>
  );
}

export function DeliveryDetailPage({ records = {} }: { records?: DeliveryRecords }) {
  const { query } = useRequest('DELIVERY');
  return (
    <Loading query={query}>
      {(item) => (
        <RequestFrame
          item={item}
          actions={records.actions?.(item)}
          tabs={[
            {
              value: '',
              label: DASHBOARD_TEXT.tabs.basic,
              content: () => (
                <div className="flex flex-col gap-4">
                  <Fields items={[...basicFields(item), ...deliveryFields(item)]} />
                  <AuditTrail targetId={item.id} />
                </div>
              ),
            },
            { value: 'transports', label: DASHBOARD_TEXT.tabs.transports, content: () => <Transports item={item} /> },
            { value: 'talkrooms', label: DASHBOARD_TEXT.tabs.talkrooms, content: () => <Talkrooms requestItemId={item.id} /> },
            {
              value: 'delivery-confirmation',
              label: DASHBOARD_TEXT.tabs.deliveryConfirmation,
              content: () => (
                <div className="flex flex-col gap-4">
                  <ReportImages delivery={item.deliveryItem!} />
                  {records.report?.(item)}
                </div>
              ),
            },
          ]}
        />
      )}
    </Loading>
  );
}

export function WarehouseDetailPage() {
  const { query } = useRequest('WAREHOUSE');
  return (
    <Loading query={query}>
      {(item) => (
        <RequestFrame
          item={item}
          tabs={[
            {
              value: '',
              label: DASHBOARD_TEXT.tabs.basic,
              content: () => (
                <div className="flex flex-col gap-4">
                  <Fields items={basicFields(item)} />
                  <AuditTrail targetId={item.id} />
                </div>
              ),
            },
            {
              value: 'warehouse-info',
              label: DASHBOARD_TEXT.tabs.warehouseInfo,
              content: () => <Fields items={warehouseFields(item)} />,
            },
            { value: 'talkrooms', label: DASHBOARD_TEXT.tabs.talkrooms, content: () => <Talkrooms requestItemId={item.id} /> },
          ]}
        />
      )}
    </Loading>
  );
}

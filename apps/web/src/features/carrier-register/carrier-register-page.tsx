/**
 * /carrier-register (customer, driver manager) and /dashboard/carrier-register (admin): the
 * 実運送体制管理簿 of a Japan-time month (decisions 066, 084) — every matched delivery of 1.5 t or
 * more with shipper, contractor, actual carrier with its 請負階層 and driver, and the full pickup and
 * delivery addresses — and its CSV (UTF-8 with BOM).
 */
import {
  type CsvColumn,
  DeliveryStatus,
  type TCarrierRegisterRow,
  VehicleType,
  carrierRegisterRoutes,
  toCsv,
  transportConditionsRoutes,
} from '@logi/contract';
import { CARRIER_REGISTER_TEXT as T } from '../../texts/carrier-register';
import { TRANSPORT_CONDITIONS_TEXT } from '../../texts/request-items';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { MonthPicker, useMonthParam } from '../../components/ui/month-picker';
import { SkeletonRows } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { downloadCsv, saveFile } from '../../lib/download';
import { formatDate } from '../../lib/format';

const registerQuery = (month: string) =>
  queryOptions({
    queryKey: ['carrier-register', month],
    queryFn: ({ signal }) => api.call(carrierRegisterRoutes.register, { query: { month } }, { signal }),
  });

interface Column extends CsvColumn<TCarrierRegisterRow> {
  /** A whole address: wraps within a readable width instead of stretching the table. */
  wraps?: boolean;
}

/** The columns of the table and of the CSV: one list, so the two never differ. */
const COLUMNS: readonly Column[] = [
  { header: T.columns.reference, value: (r) => r.reference },
  { header: T.columns.pickupAt, value: (r) => formatDate(r.pickupAt) },
  { header: T.columns.deliverBy, value: (r) => formatDate(r.deliverBy) },
  { header: T.columns.pickupAddress, value: (r) => r.pickupAddress, wraps: true },
  { header: T.columns.deliveryAddress, value: (r) => r.deliveryAddress, wraps: true },
  { header: T.columns.baggageName, value: (r) => r.baggageName },
  { header: T.columns.totalWeight, value: (r) => T.weight(r.totalWeightKg) },
  { header: T.columns.vehicleType, value: (r) => VehicleType.labels[r.vehicleType] },
  { header: T.columns.shipper, value: (r) => r.shipper },
  { header: T.columns.contractor, value: (r) => r.contractor },
  { header: T.columns.actualCarrier, value: (r) => r.actualCarrier },
  { header: T.columns.subcontractTier, value: (r) => T.tier(r.subcontractTier) },
  { header: T.columns.driverName, value: (r) => r.driverName },
  { header: T.columns.status, value: (r) => DeliveryStatus.labels[r.status] },
];

/**
 * The row's 運送条件書 in force (decision 084): a driver manager reaches here the documents of jobs its
 * drivers took, which no job page shows it.
 */
function ConditionsDownload({ row }: { row: TCarrierRegisterRow }) {
  const save = useMutation({
    mutationFn: () =>
      api.download(transportConditionsRoutes.download, { params: { requestItemId: row.requestItemId }, query: {} }),
    onSuccess: (pdf) => saveFile(TRANSPORT_CONDITIONS_TEXT.fileName(row.conditionsNumber!), pdf),
  });
  if (!row.conditionsNumber) return null;
  return (
    <Button variant="link" size="sm" className="px-0" loading={save.isPending} onClick={() => save.mutate()}>
      <FileText aria-hidden className="size-4" />
      {row.conditionsNumber}
    </Button>
  );
}

export function CarrierRegisterPage() {
  const [month, setMonth] = useMonthParam();
  const register = useQuery(registerQuery(month));
  const rows = register.data?.rows ?? [];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold sm:text-2xl">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{T.description}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MonthPicker label={T.month} month={month} onChange={setMonth} />
        <Button
          variant="outline"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(T.fileName(month), toCsv(COLUMNS, rows))}
        >
          <Download aria-hidden className="size-4" />
          {T.download}
        </Button>
      </div>
      {register.isPending ? (
        <SkeletonRows rows={4} />
      ) : rows.length === 0 ? (
        <EmptyState title={T.empty} />
      ) : (
        // The table scrolls sideways: the keyboard reaches it (tabIndex) and it is named (axe scrollable-region-focusable).
        <div
          className="overflow-x-auto rounded-lg border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          tabIndex={0}
          role="region"
          aria-label={T.table(month)}
          data-testid="register-table"
        >
          <table className="w-full min-w-[96rem] text-sm">
            <caption className="sr-only">
              {T.title} {month} {T.count(rows.length)}
            </caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.header} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {c.header}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {T.columns.conditions}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.requestItemId} className="border-t" data-testid="register-row">
                  {COLUMNS.map((c) => (
                    <td
                      key={c.header}
                      className={c.wraps ? 'min-w-[14rem] px-3 py-2 align-top' : 'px-3 py-2 align-top whitespace-nowrap'}
                    >
                      {c.value(row)}
                    </td>
                  ))}
                  <td className="px-3 py-1 align-top whitespace-nowrap">
                    <ConditionsDownload row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * 請求書一覧 (issue 46 item 5, decision 099): the kept documents searched by the three keys the
 * 電子帳簿保存法 asks for (取引年月日, 取引金額, 取引先), and the rows found as a CSV for accounting
 * software (the contract's toCsv: UTF-8 with a BOM). /my-page/invoices shows the caller's (a
 * carrier its company's, a shipper those it received); /dashboard/invoices shows the admin all of
 * them with both parties. The search lives in the URL, so a search can be reloaded and shared.
 */
import {
  type CsvColumn,
  InvoiceDocumentKind,
  InvoicePaymentStatus,
  InvoiceStatus,
  type TInvoiceDocumentKind,
  type TInvoiceListQuery,
  type TInvoiceSummary,
  invoiceRoutes,
  toCsv,
} from '@logi/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FilePlus2, Search, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Input, controlClasses } from '../../components/ui/input';
import { MonthPicker, currentTokyoMonth } from '../../components/ui/month-picker';
import { PagePanel } from '../../components/ui/page-panel';
import { cn } from '../../lib/cn';
import { SkeletonRows } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { downloadCsv } from '../../lib/download';
import { formatDate, formatYen, todayInJapan } from '../../lib/format';
import { toast } from '../../lib/toast';
import { INVOICES_TEXT } from '../../texts/invoices';
import { STATUS_BADGE } from './status-badge';

const T = INVOICES_TEXT.list;
const C = T.columns;
const KEYS = ['dayFrom', 'dayTo', 'amountFrom', 'amountTo', 'counterparty', 'kind'] as const;
type Key = (typeof KEYS)[number];
type Draft = Record<Key, string>;
/** Whose list: the admin's holds both parties; a carrier deals with the recipient, a shipper with the issuer. */
type Viewer = 'ADMIN' | 'CARRIER' | 'SHIPPER';

const listQuery = (query: TInvoiceListQuery) =>
  queryOptions({
    queryKey: ['invoices', 'list', query],
    queryFn: ({ signal }) => api.call(invoiceRoutes.listInvoices, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The URL's search as the API's query (an empty field is no condition). */
function queryOf(params: URLSearchParams): TInvoiceListQuery {
  const value = (k: Key) => params.get(k)?.trim() || undefined;
  const amount = (k: Key) => (value(k) === undefined ? undefined : Number(value(k)));
  return {
    dayFrom: value('dayFrom'),
    dayTo: value('dayTo'),
    amountFrom: amount('amountFrom'),
    amountTo: amount('amountTo'),
    counterparty: value('counterparty'),
    kind: InvoiceDocumentKind.values.find((k) => k === value('kind')),
  };
}

const dayOrNone = (day: string | null) => (day ? formatDate(day) : '—');
/** A day as accounting software reads it (2026/11/28). */
const csvDay = (day: string | null) => (day ? formatDate(day, 'yyyy/MM/dd') : '');
const numberOf = (d: TInvoiceSummary) => d.number ?? INVOICES_TEXT.draft;
const paymentLabel = (d: TInvoiceSummary) =>
  d.status === 'DRAFT' ? InvoiceStatus.labels.DRAFT : d.paymentStatus ? InvoicePaymentStatus.labels[d.paymentStatus] : '—';

function csvColumns(viewer: Viewer): CsvColumn<TInvoiceSummary>[] {
  const parties: CsvColumn<TInvoiceSummary>[] =
    viewer === 'ADMIN'
      ? [
          { header: C.issuer, value: (d) => d.issuerCompany },
          { header: C.recipient, value: (d) => d.recipientCompany },
        ]
      : [{ header: C.counterparty, value: (d) => (viewer === 'CARRIER' ? d.recipientCompany : d.issuerCompany) }];
  return [
    { header: C.number, value: numberOf },
    { header: C.kind, value: (d) => InvoiceDocumentKind.labels[d.kind] },
    { header: C.issuedOn, value: (d) => csvDay(d.issuedOn) },
    ...parties,
    { header: C.subtotal, value: (d) => d.subtotal },
    { header: C.tax, value: (d) => d.tax },
    { header: C.total, value: (d) => d.total },
    { header: C.dueDate, value: (d) => csvDay(d.dueDate) },
    { header: C.paymentStatus, value: paymentLabel },
    { header: C.requestItems, value: (d) => d.requestItemIds.join(' ') },
  ];
}

/**
 * Where a row leads: a monthly statement (or its 赤伝) to its own page, a job's invoice to the job's
 * invoice page on the caller's side; for the admin, the delivery's detail.
 */
function rowLink(viewer: Viewer, d: TInvoiceSummary): string | null {
  const requestItemId = d.requestItemIds[0];
  if (viewer !== 'ADMIN' && d.periodFrom) return `/my-page/invoices/${d.id}`;
  return requestItemId ? jobLink(viewer, requestItemId) : null;
}

function jobLink(viewer: Viewer, requestItemId: string): string {
  if (viewer === 'ADMIN') return `/dashboard/deliveries/${requestItemId}`;
  const side = viewer === 'CARRIER' ? 'applied-items' : 'my-items';
  return `/shipping-requests/${side}/detail/${requestItemId}/invoice`;
}

function SearchForm({ params, onSearch }: { params: URLSearchParams; onSearch: (draft: Draft | null) => void }) {
  const [draft, setDraft] = useState<Draft>(() => Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as Draft);
  const field = (key: Key, label: string, type: 'date' | 'number' | 'search', placeholder?: string) => (
    <label className="flex flex-col gap-1 text-xs text-muted-foreground">
      {label}
      <Input
        type={type}
        name={key}
        value={draft[key]}
        placeholder={placeholder}
        inputMode={type === 'number' ? 'numeric' : undefined}
        step={type === 'number' ? 1 : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      />
    </label>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const clear = () => {
    setDraft(Object.fromEntries(KEYS.map((k) => [k, ''])) as Draft);
    onSearch(null);
  };
  return (
    <form role="search" aria-label={T.searchLabel} onSubmit={submit} className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
        {field('dayFrom', T.dayFrom, 'date')}
        {field('dayTo', T.dayTo, 'date')}
        {field('amountFrom', T.amountFrom, 'number')}
        {field('amountTo', T.amountTo, 'number')}
        {field('counterparty', T.counterparty, 'search', T.counterpartyPlaceholder)}
        <label className="flex flex-col gap-1 text-xs text-muted-foreground">
          {T.kind}
          <select
            name="kind"
            className={cn(controlClasses, 'h-9')}
            value={draft.kind}
            onChange={(e) => setDraft((d) => ({ ...d, kind: e.target.value }))}
          >
            <option value="">{T.allKinds}</option>
            {InvoiceDocumentKind.values.map((k: TInvoiceDocumentKind) => (
              <option key={k} value={k}>
                {InvoiceDocumentKind.labels[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Search aria-hidden />
          {T.search}
        </Button>
        {KEYS.some((k) => params.get(k)) && (
          <Button type="button" variant="ghost" onClick={clear}>
            <X aria-hidden />
            {T.clear}
          </Button>
        )}
      </div>
    </form>
  );
}

function InvoiceList({ viewer }: { viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const result = useQuery(listQuery(query));
  const rows = result.data?.data ?? [];
  const searched = KEYS.some((k) => params.get(k));
  const search = (draft: Draft | null) =>
    setParams(Object.fromEntries(KEYS.flatMap((k) => (draft?.[k].trim() ? [[k, draft[k].trim()]] : []))), { replace: true });
  const exportCsv = () => {
    downloadCsv(T.fileName(todayInJapan()), toCsv(csvColumns(viewer), rows));
    toast.success(T.exported(rows.length));
  };
  const counterparty = (d: TInvoiceSummary) => (viewer === 'CARRIER' ? d.recipientCompany : d.issuerCompany);

  return (
    <section aria-label={T.title} className="flex flex-col gap-4">
      <SearchForm params={params} onSearch={search} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {result.data ? T.found(rows.length) : ''}
        </p>
        <Button variant="outline" onClick={exportCsv} disabled={rows.length === 0}>
          <Download aria-hidden />
          {T.exportCsv}
        </Button>
      </div>
      {result.isPending ? (
        <SkeletonRows />
      ) : rows.length === 0 ? (
        <EmptyState title={result.isError ? undefined : searched ? T.noneFound : T.none} />
      ) : (
        <Table aria-label={T.title}>
          <TableHeader>
            <TableRow>
              <TableHead>{C.number}</TableHead>
              <TableHead>{C.kind}</TableHead>
              <TableHead>{C.issuedOn}</TableHead>
              {viewer === 'ADMIN' ? (
                <>
                  <TableHead>{C.issuer}</TableHead>
                  <TableHead>{C.recipient}</TableHead>
                </>
              ) : (
                <TableHead>{C.counterparty}</TableHead>
              )}
              <TableHead className="text-right">{C.total}</TableHead>
              <TableHead>{C.dueDate}</TableHead>
              <TableHead>{C.paymentStatus}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell className="whitespace-nowrap">
                  {rowLink(viewer, d) ? (
                    <Link
                      to={rowLink(viewer, d)!}
                      aria-label={T.open(`${InvoiceDocumentKind.labels[d.kind]} ${numberOf(d)}`)}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {numberOf(d)}
                    </Link>
                  ) : (
                    numberOf(d)
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">{InvoiceDocumentKind.labels[d.kind]}</TableCell>
                <TableCell className="whitespace-nowrap">{dayOrNone(d.issuedOn)}</TableCell>
                {viewer === 'ADMIN' ? (
                  <>
                    <TableCell className="min-w-32">{d.issuerCompany}</TableCell>
                    <TableCell className="min-w-32">{d.recipientCompany}</TableCell>
                  </>
                ) : (
                  <TableCell className="min-w-32">{counterparty(d)}</TableCell>
                )}
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatYen(d.total)}</TableCell>
                <TableCell className="whitespace-nowrap">{dayOrNone(d.dueDate)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {d.paymentStatus ? <Badge variant={STATUS_BADGE[d.paymentStatus]}>{paymentLabel(d)}</Badge> : paymentLabel(d)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

const S = INVOICES_TEXT.statement;

/**
 * The carrier's 「月次請求書を作成」 (decision 102): a shipper it completed deliveries for and a month;
 * the server makes the draft of that shipper's closing period, which opens on its own page to be
 * reviewed (jobs, totals, PDF preview) and issued.
 */
function CreateStatement({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shipperId = useId();
  const shippers = useQuery({
    queryKey: ['invoices', 'statement-shippers'],
    queryFn: ({ signal }) => api.call(invoiceRoutes.statementShippers, {}, { signal }),
  });
  const [shipper, setShipper] = useState('');
  const [month, setMonth] = useState(currentTokyoMonth);
  const create = useMutation({
    mutationFn: () => api.call(invoiceRoutes.createStatement, { body: { shipperId: shipper, month } }),
    onSuccess: async (draft) => {
      toast.success(S.created);
      await queryClient.invalidateQueries({ queryKey: ['invoices'] });
      await navigate(`/my-page/invoices/${draft.id}`);
    },
  });
  const options = shippers.data?.data ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (shipper) create.mutate();
  };
  return (
    <form aria-label={S.heading} onSubmit={submit} className="flex flex-col gap-3 rounded-md border p-4">
      <h2 className="text-base font-bold">{S.heading}</h2>
      <p className="text-sm text-muted-foreground">{S.description}</p>
      {shippers.isPending ? (
        <SkeletonRows rows={1} />
      ) : options.length === 0 ? (
        <p className="text-sm">{S.noShippers}</p>
      ) : (
        <>
          <label htmlFor={shipperId} className="flex flex-col gap-1 text-xs text-muted-foreground">
            {S.shipper}
            <select
              id={shipperId}
              name="shipperId"
              required
              className={cn(controlClasses, 'h-9')}
              value={shipper}
              onChange={(e) => setShipper(e.target.value)}
            >
              <option value="">{S.shipperPlaceholder}</option>
              {options.map((o) => (
                <option key={o.shipperId} value={o.shipperId}>
                  {`${o.name}（${o.paymentTerms}）`}
                </option>
              ))}
            </select>
          </label>
          <MonthPicker label={S.month} month={month} onChange={setMonth} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending} disabled={!shipper}>
          {S.submit}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          {S.cancel}
        </Button>
      </div>
    </form>
  );
}

/** /my-page/invoices: a carrier's (driver, driver manager) or a shipper's documents. */
export function InvoiceListPage() {
  const role = useAuth((s) => s.role);
  const isCarrier = role !== 'CUSTOMER';
  const [creating, setCreating] = useState(false);
  return (
    <PagePanel title={T.title} description={T.description} width="wide">
      {isCarrier &&
        (creating ? (
          <CreateStatement onClose={() => setCreating(false)} />
        ) : (
          <Button variant="outline" className="self-start" onClick={() => setCreating(true)}>
            <FilePlus2 aria-hidden />
            {S.create}
          </Button>
        ))}
      <InvoiceList viewer={isCarrier ? 'CARRIER' : 'SHIPPER'} />
    </PagePanel>
  );
}

/** /dashboard/invoices: every document, with both parties. */
export function AdminInvoiceListPage() {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{T.adminDescription}</p>
      <InvoiceList viewer="ADMIN" />
    </div>
  );
}

/**
 * The one list of the back office (DESIGN §3): a toolbar of filters, a table built with
 * @tanstack/react-table over the page the server returned, 8 skeleton rows while
 * loading, an empty state, the pages, and the CSV export of the whole list as filtered.
 * Filters and page live in the URL (useListParams); the page supplies its columns, its
 * filters and its query.
 */
import { type TPaginationMeta } from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { type ColumnDef, type RowData, flexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { Download, Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, controlClasses } from '../../../components/ui/input';
import { Pagination } from '../../../components/ui/pagination';
import { SKELETON_ROWS, Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { toastError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { type CsvColumn, type PageResult, downloadCsv, fetchAllRows, toCsv } from './csv';
import type { Filters } from './use-list-params';

const T = DASHBOARD_TEXT.list;
/** The server filters and pages: the table only lays out the page it was given. */
const features = tableFeatures({});
/** The most rows one export reads (at 100 a page). */
export const CSV_MAX_ROWS = 10_000;

/** A column: its header, its cell on screen and its value in the CSV. */
export interface ListColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  csv?: (row: Row) => string | number | null | undefined;
  /**
   * The column holds free text (a title, an address, a change): it wraps within a readable width.
   * Every other cell keeps to one line, since a name, a phone number, a date or an id broken
   * across lines is hard to read; the table scrolls sideways when a row is wider than the screen.
   */
  wraps?: boolean;
}

export type ListFilter<K extends string> =
  | { kind: 'keyword'; key: K; placeholder: string }
  | { kind: 'select'; key: K; label: string; options: readonly { value: string; label: string }[] }
  | { kind: 'date'; key: K; label: string };

interface DataListProps<Row, K extends string> {
  /** Names the table (and the CSV file). */
  label: string;
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string;
  result: { data?: { meta: TPaginationMeta; data: Row[] }; isPending: boolean; isError: boolean };
  onPageChange: (page: number) => void;
  filters?: readonly ListFilter<K>[];
  values?: Filters<K>;
  onFiltersChange?: (changes: Filters<K>) => void;
  /** Reads one page of the list as filtered, for the CSV; no export button without it. */
  fetchPage?: (page: number, limit: number) => Promise<PageResult<Row>>;
  actions?: ReactNode;
}

export function DataList<Row extends RowData, K extends string = never>(props: DataListProps<Row, K>) {
  const { label, columns, rowKey, result, onPageChange } = props;
  // The table lays out the headers and the rows; each cell is the column's own `cell`, called below.
  const columnDefs = useMemo<ColumnDef<typeof features, Row>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.header })),
    [columns],
  );
  const data = useMemo(() => result.data?.data ?? [], [result.data]);
  const table = useTable({ features, data, columns: columnDefs, getRowId: rowKey });
  const rows = table.getRowModel().rows;
  // A filter set: the bar offers to clear it, and an empty list asks to change it.
  const filtered = (props.filters ?? []).some((f) => props.values?.[f.key]);

  return (
    <section aria-label={label} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {props.filters && props.onFiltersChange ? (
          <FilterBar filters={props.filters} values={props.values ?? {}} filtered={filtered} onChange={props.onFiltersChange} />
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          {props.actions}
          {props.fetchPage && <CsvButton label={label} columns={columns} fetchPage={props.fetchPage} />}
        </div>
      </div>
      <Table aria-label={label} aria-busy={result.isPending}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => (
                <TableHead key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {result.isPending
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="skeleton-row">
                  {columns.map((c) => (
                    <TableCell key={c.id}>
                      <Skeleton className="h-4 w-full min-w-12" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow key={row.id}>
                  {/* Called, not rendered as a component: a page builds its columns on each render, and a
                      new component type would replace the cell's elements (a click on a row's button,
                      or its focus, lost as the list renders again). */}
                  {columns.map((column) => (
                    <TableCell key={column.id} className={column.wraps ? 'min-w-32' : 'whitespace-nowrap'}>
                      {column.cell(row.original)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
      {!result.isPending && rows.length === 0 && (
        <EmptyState
          title={result.isError ? undefined : filtered ? T.empty : T.nothingYet}
          description={result.isError || !filtered ? undefined : T.emptyHint}
        />
      )}
      {result.data && result.data.meta.totalCount > 0 && <Pagination meta={result.data.meta} onPageChange={onPageChange} />}
    </section>
  );
}

function FilterBar<K extends string>({
  filters,
  values,
  filtered,
  onChange,
}: {
  filters: readonly ListFilter<K>[];
  values: Filters<K>;
  /** Whether any of `filters` has a value. */
  filtered: boolean;
  onChange: (changes: Filters<K>) => void;
}) {
  const keyword = filters.find((f) => f.kind === 'keyword');
  const [text, setText] = useState(keyword ? (values[keyword.key] ?? '') : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keyword) onChange({ [keyword.key]: text.trim() } as Filters<K>);
  };
  const clear = () => {
    setText('');
    onChange(Object.fromEntries(filters.map((f) => [f.key, undefined])) as Filters<K>);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      {keyword && (
        <label className="flex flex-col gap-1 text-xs text-muted-foreground">
          {T.keyword}
          <Input
            type="search"
            value={text}
            placeholder={keyword.placeholder}
            onChange={(e) => setText(e.target.value)}
            // As wide as its hint (about 1em a character, the padding and the search box × button): 18rem cut
            // 「名前・カナ・会社名・メール・電話番号」 to 「名前・カナ・会社名・メ」. Never wider than a phone's
            // screen less the page's padding: a long hint would push the page sideways at 375 px.
            style={{ width: `min(calc(${keyword.placeholder.length}em + 3.5rem), calc(100vw - 2rem))` }}
            className="max-w-full min-w-48"
          />
        </label>
      )}
      {filters.map((f) =>
        f.kind === 'select' ? (
          <label key={f.key} className="flex flex-col gap-1 text-xs text-muted-foreground">
            {f.label}
            <select
              className={cn(controlClasses, 'h-9 w-auto min-w-32')}
              value={values[f.key] ?? ''}
              onChange={(e) => onChange({ [f.key]: e.target.value } as Filters<K>)}
            >
              <option value="">{T.all}</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ) : f.kind === 'date' ? (
          <label key={f.key} className="flex flex-col gap-1 text-xs text-muted-foreground">
            {f.label}
            <Input
              type="date"
              className="h-9 w-40"
              value={values[f.key] ?? ''}
              onChange={(e) => onChange({ [f.key]: e.target.value } as Filters<K>)}
            />
          </label>
        ) : null,
      )}
      {keyword && (
        <Button type="submit" variant="default">
          <Search aria-hidden />
          {T.search}
        </Button>
      )}
      {filtered && (
        <Button type="button" variant="ghost" onClick={clear}>
          <X aria-hidden />
          {T.clear}
        </Button>
      )}
    </form>
  );
}

function CsvButton<Row>({
  label,
  columns,
  fetchPage,
}: {
  label: string;
  columns: readonly ListColumn<Row>[];
  fetchPage: (page: number, limit: number) => Promise<PageResult<Row>>;
}) {
  const [busy, setBusy] = useState(false);
  const csvColumns: CsvColumn<Row>[] = columns.filter((c) => c.csv).map((c) => ({ header: c.header, value: c.csv! }));
  const run = async () => {
    setBusy(true);
    try {
      const { rows, truncated } = await fetchAllRows(fetchPage, CSV_MAX_ROWS);
      const stamp = new Date().toISOString().slice(0, 10);
      downloadCsv(`${label}_${stamp}.csv`, toCsv(csvColumns, rows));
      if (truncated) toast.info(T.exportTruncated(CSV_MAX_ROWS));
      else toast.success(T.exported(rows.length));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} loading={busy}>
      <Download aria-hidden />
      {busy ? T.exporting : T.exportCsv}
    </Button>
  );
}

/**
 * /shipping-requests/import: the shipper's CSV import of delivery requests (issue 49, decision 106).
 * Download a template (Shift_JIS for Excel, or UTF-8 with BOM), choose a file (the encoding found
 * by itself or chosen), see every row's errors by row and column, and post — only when every row
 * is valid, all in one call the server writes in one transaction — with a progress bar meanwhile.
 */
import { DELIVERY_IMPORT_MAX_ROWS, requestItemRoutes } from '@logi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Download, FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PagePanel } from '../../../components/ui/page-panel';
import { Select } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { ApiError, api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { saveFile } from '../../../lib/download';
import { formatDateTime, formatYen } from '../../../lib/format';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';
import { toast } from '../../../lib/toast';
import { DELIVERY_IMPORT_TEXT as T } from '../../../texts/delivery-import';
import {
  type CsvEncoding,
  type ImportRow,
  type KnownEncoding,
  type RowError,
  decodeCsv,
  parseDeliveryCsv,
  serverRowErrors,
  templateBytes,
} from './csv-import';

const ENCODINGS: CsvEncoding[] = ['auto', 'shift_jis', 'utf-8'];
const PREVIEW_ROWS = 50;
/** The server writes a few hundred requests a second: the bar moves on this estimate, and fills at the answer. */
const ESTIMATED_MS_PER_ROW = 20;

interface Loaded {
  fileName: string;
  encoding: KnownEncoding;
  rows: ImportRow[];
  errors: RowError[];
}

function downloadTemplate(encoding: KnownEncoding) {
  const bytes = templateBytes(encoding);
  const suffix = encoding === 'shift_jis' ? 'sjis' : 'utf8';
  saveFile(`delivery-import-template-${suffix}.csv`, new Blob([bytes], { type: `text/csv;charset=${encoding}` }));
}

/** A bar that moves on an estimate while the call runs, and fills when it answers. */
function useEstimatedProgress(running: boolean, rows: number) {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!running) return;
    setValue(2);
    const started = Date.now();
    const expected = Math.max(500, rows * ESTIMATED_MS_PER_ROW);
    const timer = setInterval(() => setValue(Math.min(95, Math.round(((Date.now() - started) / expected) * 95))), 100);
    return () => clearInterval(timer);
  }, [running, rows]);
  return value;
}

function ErrorTable({ errors }: { errors: RowError[] }) {
  return (
    <section aria-labelledby="import-errors" className="flex flex-col gap-2">
      <h2 id="import-errors" className="flex items-center gap-1.5 text-sm font-semibold text-destructive">
        <CircleAlert aria-hidden className="size-4" />
        {T.errorsHeading}
      </h2>
      <Table aria-label={T.errorsHeading} data-testid="import-errors">
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">{T.errorColumns.row}</TableHead>
            <TableHead className="w-40">{T.errorColumns.column}</TableHead>
            <TableHead>{T.errorColumns.message}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {errors.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.row || '—'}</TableCell>
              <TableCell>{e.column || T.wholeRow}</TableCell>
              <TableCell className="whitespace-normal">{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function PreviewTable({ rows }: { rows: ImportRow[] }) {
  const shown = rows.slice(0, PREVIEW_ROWS);
  const place = (s?: { prefecture: string; city: string; town: string }) => (s ? `${s.prefecture}${s.city}${s.town}` : '');
  return (
    <section aria-labelledby="import-preview" className="flex flex-col gap-2">
      <h2 id="import-preview" className="text-sm font-semibold">
        {T.previewHeading}
      </h2>
      <Table aria-label={T.previewHeading} data-testid="import-preview">
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">{T.previewColumns.row}</TableHead>
            <TableHead>{T.previewColumns.baggage}</TableHead>
            <TableHead>{T.previewColumns.pickup}</TableHead>
            <TableHead>{T.previewColumns.delivery}</TableHead>
            <TableHead>{T.previewColumns.pickupAt}</TableHead>
            <TableHead className="text-right">{T.previewColumns.price}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map(({ row, body }) => (
            <TableRow key={row}>
              <TableCell>{row}</TableCell>
              <TableCell>{body?.baggageName}</TableCell>
              <TableCell>{place(body?.transports[0])}</TableCell>
              <TableCell>{place(body?.transports.at(-1))}</TableCell>
              <TableCell>{body ? formatDateTime(body.transports[0]!.timeFrom) : ''}</TableCell>
              <TableCell className="text-right">{body ? (body.price ? formatYen(body.price) : T.estimation) : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > shown.length && <p className="text-xs text-muted-foreground">{T.previewMore(rows.length - shown.length)}</p>}
    </section>
  );
}

export function DeliveryImportPage() {
  const fileId = useId();
  const encodingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [encoding, setEncoding] = useState<CsvEncoding>('auto');
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [posting, setPosting] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const valid = loaded ? loaded.rows.filter((r) => r.body) : [];
  const progress = useEstimatedProgress(posting, valid.length);

  // A new file, or another encoding for the same one: read it again.
  useEffect(() => {
    if (!file) return;
    let current = true;
    void file.arrayBuffer().then(
      (buffer) => {
        if (!current) return;
        const decoded = decodeCsv(new Uint8Array(buffer), encoding);
        const parsed = parseDeliveryCsv(decoded.text);
        setLoaded({ fileName: file.name, encoding: decoded.encoding, ...parsed });
      },
      () =>
        current &&
        setLoaded({
          fileName: file.name,
          encoding: 'utf-8',
          rows: [],
          errors: [{ row: 0, column: '', message: T.errors.unreadable }],
        }),
    );
    return () => {
      current = false;
    };
  }, [file, encoding]);

  const ready = loaded !== null && loaded.errors.length === 0 && valid.length > 0 && valid.length <= DELIVERY_IMPORT_MAX_ROWS;

  const post = async () => {
    if (!loaded || !ready) return;
    setPosting(true);
    try {
      const answer = await api.call(requestItemRoutes.importDeliveries, { body: { deliveries: valid.map((r) => r.body!) } });
      await queryClient.invalidateQueries({ queryKey: REQUEST_ITEMS_KEY });
      toast.success(answer.message);
      void navigate('/shipping-requests/my-items');
    } catch (error) {
      setPosting(false);
      if (error instanceof ApiError && error.details.length > 0) {
        setLoaded({ ...loaded, errors: serverRowErrors(error.details, loaded.rows) });
      } else {
        toastError(error);
      }
    }
  };

  const rowsWithErrors = loaded ? new Set(loaded.errors.map((e) => e.row)).size : 0;
  return (
    <PagePanel title={T.title} description={T.description} width="wide">
      <section aria-labelledby="import-template" className="flex flex-col gap-2">
        <h2 id="import-template" className="text-sm font-semibold">
          {T.templateHeading}
        </h2>
        <p className="text-xs text-muted-foreground">{T.templateHint}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => downloadTemplate('shift_jis')}>
            <Download aria-hidden className="size-4" />
            {T.templateSjis}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => downloadTemplate('utf-8')}>
            <Download aria-hidden className="size-4" />
            {T.templateUtf8}
          </Button>
        </div>
      </section>

      <section aria-labelledby="import-file" className="flex flex-col gap-3">
        <h2 id="import-file" className="text-sm font-semibold">
          {T.fileHeading}
        </h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium">
              {T.file}
            </label>
            <input
              ref={input}
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={posting}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <span id={encodingId} className="text-sm font-medium">
              {T.encoding}
            </span>
            <Select
              value={encoding}
              options={ENCODINGS.map((e) => ({ value: e, label: T.encodings[e] }))}
              onValueChange={(v) => setEncoding(v as CsvEncoding)}
              disabled={posting}
              triggerProps={{ 'aria-labelledby': encodingId }}
            />
          </div>
        </div>
      </section>

      {loaded && (
        <>
          <p role="status" className={loaded.errors.length ? 'text-sm font-medium text-destructive' : 'text-sm font-medium'}>
            {loaded.errors.length
              ? loaded.rows.length
                ? T.summaryErrors(rowsWithErrors, loaded.rows.length)
                : loaded.errors[0]!.message
              : T.summaryOk(valid.length)}{' '}
            <span className="text-xs font-normal text-muted-foreground">{T.detected(T.encodings[loaded.encoding])}</span>
          </p>
          {loaded.errors.length > 0 && <ErrorTable errors={loaded.errors} />}
          {loaded.rows.length > 0 && <PreviewTable rows={loaded.rows} />}
        </>
      )}

      {posting && (
        <div className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-label={T.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={T.posting(valid.length)}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width] duration-100" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">{T.posting(valid.length)}</p>
        </div>
      )}

      <Button type="button" onClick={post} disabled={!ready} loading={posting}>
        <FileUp aria-hidden className="size-4" />
        {T.submit(valid.length)}
      </Button>
    </PagePanel>
  );
}

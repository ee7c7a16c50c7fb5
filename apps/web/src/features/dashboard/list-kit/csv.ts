/**
 * CSV export of a dashboard list (RFC 4180): UTF-8 with a byte-order mark so that Excel
 * opens Japanese text correctly, CRLF line ends, every field quoted when it needs to be.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

const BOM = '\uFEFF';

function field(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => field(c.header)), ...rows.map((row) => columns.map((c) => field(c.value(row))))];
  return BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

export interface PageResult<Row> {
  data: Row[];
  meta: { nextPage: number | null };
}

/** Reads a list page by page (100 a page) until its end or `maxRows`. */
export async function fetchAllRows<Row>(
  fetchPage: (page: number, limit: number) => Promise<PageResult<Row>>,
  maxRows: number,
): Promise<{ rows: Row[]; truncated: boolean }> {
  const rows: Row[] = [];
  let page: number | null = 1;
  while (page !== null && rows.length < maxRows) {
    const result: PageResult<Row> = await fetchPage(page, 100);
    rows.push(...result.data);
    page = result.meta.nextPage;
  }
  return { rows: rows.slice(0, maxRows), truncated: page !== null || rows.length > maxRows };
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

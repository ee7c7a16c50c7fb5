/**
 * CSV as the product exports it (RFC 4180): UTF-8 with a byte-order mark so that Excel opens
 * Japanese text correctly, CRLF line ends, every field quoted when it needs to be, and a
 * leading = + - @ defused so that a spreadsheet never reads a value as a formula.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

export const CSV_BOM = '\uFEFF';

function field(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => field(c.header)), ...rows.map((row) => columns.map((c) => field(c.value(row))))];
  return CSV_BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

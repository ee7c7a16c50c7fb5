/**
 * The CSV import of delivery requests (issue 49, decision 106), without the screen: reading the
 * file's bytes in its encoding (UTF-8 with or without BOM, Shift_JIS as Excel in Japan writes it),
 * parsing it with Papa Parse (quoted fields, line breaks inside them), turning each row into the
 * create-delivery body the form posts and checking it with the contract's schema, so every error
 * names its row (as a spreadsheet numbers it: the heading is row 1), its column and what is wrong.
 * And the template, written with the contract's CSV writer (formula cells defused).
 */
import {
  DELIVERY_IMPORT_MAX_ROWS,
  Elevator,
  TemperatureRange,
  VehicleType,
  ZCreateDeliveryBody,
  toCsv,
  type TCreateDeliveryBody,
} from '@logi/contract';
import Encoding from 'encoding-japanese';
import Papa from 'papaparse';
import { DELIVERY_IMPORT_TEXT as T } from '../../../texts/delivery-import';

export type CsvEncoding = 'auto' | 'utf-8' | 'shift_jis';
export type KnownEncoding = Exclude<CsvEncoding, 'auto'>;

export interface RowError {
  /** As a spreadsheet numbers it: the heading is row 1, the first request row 2; 0: the whole file. */
  row: number;
  /** The column's heading; empty when the error is the row's as a whole. */
  column: string;
  message: string;
}

export interface ImportRow {
  row: number;
  body: TCreateDeliveryBody | null;
}

export interface ParsedImport {
  rows: ImportRow[];
  errors: RowError[];
}

// ───────────────────────── encodings ─────────────────────────

const BOM = [0xef, 0xbb, 0xbf];
const hasBom = (bytes: Uint8Array) => BOM.every((b, i) => bytes[i] === b);

/**
 * The text of a CSV file. `auto`: a UTF-8 byte-order mark, or bytes that are valid UTF-8, read as
 * UTF-8; anything else as Shift_JIS (Windows-31J, the WHATWG decoder's shift_jis).
 */
export function decodeCsv(bytes: Uint8Array, encoding: CsvEncoding = 'auto'): { text: string; encoding: KnownEncoding } {
  if (encoding === 'shift_jis') return { text: new TextDecoder('shift_jis').decode(bytes), encoding };
  if (encoding === 'utf-8' || hasBom(bytes)) {
    return { text: new TextDecoder('utf-8').decode(hasBom(bytes) ? bytes.subarray(3) : bytes), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}

// ───────────────────────── columns ─────────────────────────

type StopKey =
  'postalCode' | 'prefecture' | 'city' | 'town' | 'block' | 'building' | 'name' | 'phone' | 'timeFrom' | 'timeTo' | 'elevator';
type ItemKey = 'baggageName' | 'vehicleType' | 'vehicleTemperatureRange' | 'totalWeight' | 'price' | 'totalAmount' | 'message';

const ITEM_COLUMNS: Record<ItemKey, string> = {
  baggageName: '荷物名',
  vehicleType: '車両',
  vehicleTemperatureRange: '温度帯',
  totalWeight: '総重量(kg)',
  price: '金額(円)',
  totalAmount: '個数',
  message: '連絡事項',
};
const STOP_COLUMNS: Record<StopKey, string> = {
  postalCode: '郵便番号',
  prefecture: '都道府県',
  city: '市区町村',
  town: '町名',
  block: '番地',
  building: '建物名',
  name: '担当者名',
  phone: '電話番号',
  timeFrom: '開始日時',
  timeTo: '終了日時',
  elevator: 'エレベーター',
};
/** The two stops a row holds, in route order (a CSV row has no transit stops: decision 106). */
const STOPS = [
  { type: 'PICKUP', prefix: '集荷先' },
  { type: 'DELIVERY', prefix: '配達先' },
] as const;

const stopColumn = (stop: number, key: StopKey) => `${STOPS[stop]!.prefix}${STOP_COLUMNS[key]}`;
const OPTIONAL_ITEM: ItemKey[] = ['price', 'totalAmount', 'message'];
const OPTIONAL_STOP: StopKey[] = ['postalCode', 'building', 'name', 'phone', 'elevator'];

/** Every heading in the template's order. */
export const IMPORT_COLUMNS: readonly string[] = [
  ...Object.values(ITEM_COLUMNS),
  ...STOPS.flatMap((_, i) => (Object.keys(STOP_COLUMNS) as StopKey[]).map((k) => stopColumn(i, k))),
];
const REQUIRED_COLUMNS = [
  ...(Object.keys(ITEM_COLUMNS) as ItemKey[]).filter((k) => !OPTIONAL_ITEM.includes(k)).map((k) => ITEM_COLUMNS[k]),
  ...STOPS.flatMap((_, i) =>
    (Object.keys(STOP_COLUMNS) as StopKey[]).filter((k) => !OPTIONAL_STOP.includes(k)).map((k) => stopColumn(i, k)),
  ),
];

/** The column a schema issue's path points at (`transports.1.city` → 配達先市区町村). */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, index, key] = path;
  if (first === 'transports' && typeof index === 'number' && typeof key === 'string') {
    return key in STOP_COLUMNS && STOPS[index] ? stopColumn(index, key as StopKey) : '';
  }
  return typeof first === 'string' && first in ITEM_COLUMNS ? ITEM_COLUMNS[first as ItemKey] : '';
}

// ───────────────────────── cells ─────────────────────────

class CellError extends Error {}

/**
 * A cell's text. A cell a spreadsheet would run as a formula (= + - @ first) is refused; a leading
 * apostrophe (how a spreadsheet, and our template, marks text) is dropped.
 */
function textOf(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value.startsWith("'")) return value.slice(1);
  if (/^[=+\-@]/.test(value)) throw new CellError(T.errors.formula);
  return value;
}

function numberOf(value: string): number | undefined {
  if (value === '') return undefined;
  const plain = value.replace(/[,，円]/g, '').replace(/kg$/i, '');
  const n = Number(plain.replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)));
  if (plain === '' || !Number.isFinite(n)) throw new CellError(T.errors.number);
  return n;
}

/** 2026/12/01 09:00 (or 2026-12-01 9:00), Japan time → the contract's instant with its offset. */
function instantOf(value: string): string | undefined {
  if (value === '') return undefined;
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (!m) throw new CellError(T.errors.datetime);
  const [, y, mo, d, h, mi] = m;
  const pad = (s: string) => s.padStart(2, '0');
  const iso = `${y}-${pad(mo!)}-${pad(d!)}T${pad(h!)}:${mi}:00+09:00`;
  const at = new Date(iso);
  // 2026/02/30 is not a day.
  const jst = new Date(at.getTime() + 9 * 3600_000);
  if (Number.isNaN(at.getTime()) || jst.getUTCDate() !== Number(d) || Number(h) > 23) throw new CellError(T.errors.datetime);
  return iso;
}

/** An enumeration's value by its Japanese label (or its code). */
function optionOf<V extends string>(e: { values: readonly V[]; labels: Record<V, string> }, value: string): V | undefined {
  if (value === '') return undefined;
  const found = e.values.find((v) => e.labels[v] === value || v === value);
  if (!found) throw new CellError(T.errors.option(e.values.map((v) => e.labels[v]).join('、')));
  return found;
}

// ───────────────────────── rows ─────────────────────────

function rowBody(cell: (column: string) => string | undefined, errors: RowError[], row: number): TCreateDeliveryBody | null {
  const before = errors.length;
  const read = <R>(column: string, as: (value: string) => R): R | undefined => {
    try {
      return as(textOf(cell(column)));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      errors.push({ row, column, message: error.message });
      return undefined;
    }
  };
  const text = (value: string) => value;
  const draft = {
    baggageName: read(ITEM_COLUMNS.baggageName, text),
    vehicleType: read(ITEM_COLUMNS.vehicleType, (v) => optionOf(VehicleType, v)),
    vehicleTemperatureRange: read(ITEM_COLUMNS.vehicleTemperatureRange, (v) => optionOf(TemperatureRange, v)),
    totalWeight: read(ITEM_COLUMNS.totalWeight, numberOf),
    price: read(ITEM_COLUMNS.price, numberOf),
    totalAmount: read(ITEM_COLUMNS.totalAmount, numberOf),
    message: read(ITEM_COLUMNS.message, text),
    transports: STOPS.map((stop, i) => ({
      transportType: stop.type,
      postalCode: read(stopColumn(i, 'postalCode'), text),
      prefecture: read(stopColumn(i, 'prefecture'), text),
      city: read(stopColumn(i, 'city'), text),
      town: read(stopColumn(i, 'town'), text),
      block: read(stopColumn(i, 'block'), text),
      building: read(stopColumn(i, 'building'), text),
      name: read(stopColumn(i, 'name'), text),
      phone: read(stopColumn(i, 'phone'), text),
      timeFrom: read(stopColumn(i, 'timeFrom'), instantOf),
      timeTo: read(stopColumn(i, 'timeTo'), instantOf),
      // Not stated: as the form's default.
      elevator: read(stopColumn(i, 'elevator'), (v) => optionOf(Elevator, v)) ?? 'NOT_NEEDED',
    })),
  };
  // The schema checks the rest of the row too, so that one reading shows all its errors; a cell
  // already refused is not refused again as missing.
  const refused = new Set(errors.slice(before).map((e) => e.column));
  const parsed = ZCreateDeliveryBody.safeParse(draft);
  if (parsed.success && refused.size === 0) return parsed.data;
  const seen = new Set<string>();
  for (const issue of parsed.error?.issues ?? []) {
    const column = columnOf(issue.path);
    const key = `${column}\n${issue.message}`;
    if (refused.has(column) || seen.has(key)) continue;
    seen.add(key);
    errors.push({ row, column, message: issue.message });
  }
  return null;
}

/** Every row of the file as a create body, or its errors; the file's own errors are row 0. */
export function parseDeliveryCsv(text: string): ParsedImport {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [heading = [], ...records] = parsed.data;
  const errors: RowError[] = [];
  const headings = heading.map((h) => h.trim());
  for (const column of REQUIRED_COLUMNS) {
    if (!headings.includes(column)) errors.push({ row: 1, column, message: T.errors.missingColumn(column) });
  }
  for (const column of headings) {
    if (column && !IMPORT_COLUMNS.includes(column)) errors.push({ row: 1, column, message: T.errors.unknownColumn(column) });
  }
  if (errors.length) return { rows: [], errors };
  if (records.length === 0) return { rows: [], errors: [{ row: 0, column: '', message: T.errors.empty }] };
  if (records.length > DELIVERY_IMPORT_MAX_ROWS) {
    return { rows: [], errors: [{ row: 0, column: '', message: T.errors.tooMany(DELIVERY_IMPORT_MAX_ROWS, records.length) }] };
  }
  // Papa Parse numbers its rows from 0 with the heading first: a record's spreadsheet row is +1.
  const malformed = new Set(parsed.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row! + 1));
  const rows = records.map((record, i): ImportRow => {
    const row = i + 2;
    if (malformed.has(row)) {
      errors.push({ row, column: '', message: T.errors.malformed });
      return { row, body: null };
    }
    const cell = (column: string) => record[headings.indexOf(column)];
    return { row, body: rowBody(cell, errors, row) };
  });
  return { rows, errors };
}

/**
 * The server refused an import (400) with the paths of its schema (body.deliveries.3.transports.0.city):
 * the same errors as the preview's, by row and column.
 */
export function serverRowErrors(details: readonly { path: string; message: string }[], rows: readonly ImportRow[]): RowError[] {
  return details.map(({ path, message }) => {
    const [, , index, ...rest] = path.split('.');
    const row = rows[Number(index)]?.row ?? 0;
    return { row, column: columnOf(rest.map((p) => (/^\d+$/.test(p) ? Number(p) : p))), message };
  });
}

// ───────────────────────── the template ─────────────────────────

/** yyyy/MM/dd HH:mm in Japan, `days` from now. */
function jstCell(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000 + 9 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())} ${p(hour)}:00`;
}

/** Two example rows: a fixed price and a bid (金額 empty), dated a week ahead. */
function templateRows(): Record<string, string>[] {
  const pickup = (days: number) => ({
    集荷先郵便番号: '104-0061',
    集荷先都道府県: '東京都',
    集荷先市区町村: '中央区',
    集荷先町名: '銀座',
    集荷先番地: '1-2-3',
    集荷先建物名: '銀座ビル5F',
    集荷先担当者名: '佐藤',
    集荷先電話番号: '0312345678',
    集荷先開始日時: jstCell(days, 9),
    集荷先終了日時: jstCell(days, 12),
    集荷先エレベーター: Elevator.labels.YES,
  });
  const delivery = (days: number) => ({
    配達先郵便番号: '530-0001',
    配達先都道府県: '大阪府',
    配達先市区町村: '大阪市北区',
    配達先町名: '梅田',
    配達先番地: '3-1',
    配達先建物名: '',
    配達先担当者名: '田中',
    配達先電話番号: '0661234567',
    配達先開始日時: jstCell(days, 9),
    配達先終了日時: jstCell(days, 17),
    配達先エレベーター: Elevator.labels.NOT_NEEDED,
  });
  return [
    {
      荷物名: '冷凍食品',
      車両: VehicleType.labels.FOUR_T_TRUCK,
      温度帯: TemperatureRange.labels.FROZEN,
      '総重量(kg)': '1200',
      '金額(円)': '50000',
      個数: '96',
      連絡事項: '荷台の清掃をお願いします。',
      ...pickup(7),
      ...delivery(8),
    },
    {
      荷物名: '段ボール（雑貨）',
      車両: VehicleType.labels.TWO_T_TRUCK,
      温度帯: TemperatureRange.labels.ROOM,
      '総重量(kg)': '350.5',
      '金額(円)': '',
      個数: '',
      連絡事項: '',
      ...pickup(8),
      ...delivery(8),
    },
  ];
}

/** The template's text (UTF-8 with BOM, CRLF, formula cells defused by the contract's writer). */
export function templateCsv(): string {
  return toCsv(
    IMPORT_COLUMNS.map((header) => ({ header, value: (row: Record<string, string>) => row[header] })),
    templateRows(),
  );
}

/** The template's bytes in an encoding: UTF-8 with its BOM, or Shift_JIS (no BOM) for Excel. */
export function templateBytes(encoding: KnownEncoding): Uint8Array<ArrayBuffer> {
  const text = templateCsv();
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  const codes = Encoding.stringToCode(text.replace(/^\uFEFF/, ''));
  return Uint8Array.from(Encoding.convert(codes, { to: 'SJIS', from: 'UNICODE' }) as number[]);
}

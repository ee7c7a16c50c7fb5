/**
 * The CSV import's reading (decision 106): both encodings, quoted fields with commas and line
 * breaks, a formula cell, the 500-row limit, each error by row and column, and the template
 * read back as valid requests in either encoding.
 */
import { DELIVERY_IMPORT_MAX_ROWS, FIELD_MESSAGES, toCsv } from '@logi/contract';
import Encoding from 'encoding-japanese';
import { describe, expect, it } from 'vitest';
import { DELIVERY_IMPORT_TEXT as T } from '../../../texts/delivery-import';
import { IMPORT_COLUMNS, decodeCsv, parseDeliveryCsv, serverRowErrors, templateBytes, templateCsv } from './csv-import';

const VALID: Record<string, string> = {
  荷物名: '冷凍食品',
  車両: '4t',
  温度帯: '冷凍',
  '総重量(kg)': '1,200',
  '金額(円)': '50000',
  個数: '',
  連絡事項: '',
  集荷先郵便番号: '104-0061',
  集荷先都道府県: '東京都',
  集荷先市区町村: '中央区',
  集荷先町名: '銀座',
  集荷先番地: '1-2-3',
  集荷先建物名: '',
  集荷先担当者名: '佐藤',
  集荷先電話番号: '0312345678',
  集荷先開始日時: '2099/12/01 09:00',
  集荷先終了日時: '2099/12/01 12:00',
  集荷先エレベーター: 'あり',
  配達先郵便番号: '',
  配達先都道府県: '大阪府',
  配達先市区町村: '大阪市北区',
  配達先町名: '梅田',
  配達先番地: '3-1',
  配達先建物名: '',
  配達先担当者名: '',
  配達先電話番号: '',
  配達先開始日時: '2099/12/02 9:00',
  配達先終了日時: '2099/12/02 17:00',
  配達先エレベーター: '',
};

/** A CSV as a spreadsheet writes it: quoted only where needed (no formula defusing: the cells are the user's). */
function csvOf(rows: Record<string, string>[], columns: readonly string[] = IMPORT_COLUMNS): string {
  const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return (
    [columns.map(field).join(','), ...rows.map((r) => columns.map((c) => field(r[c] ?? '')).join(','))].join('\r\n') + '\r\n'
  );
}

const sjis = (text: string) =>
  Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }) as number[]);

describe('decodeCsv', () => {
  const text = csvOf([VALID]);
  it('reads UTF-8 with a BOM, without one, and Shift_JIS, by itself or as chosen', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(decodeCsv(withBom)).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsv(new TextEncoder().encode(text))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsv(sjis(text))).toEqual({ text, encoding: 'shift_jis' });
    expect(decodeCsv(sjis(text), 'shift_jis').text).toBe(text);
    expect(decodeCsv(withBom, 'utf-8').text).toBe(text);
  });

  it('a Shift_JIS file read through the whole import gives the same requests as its UTF-8 twin', () => {
    const fromSjis = parseDeliveryCsv(decodeCsv(sjis(text)).text);
    const fromUtf8 = parseDeliveryCsv(decodeCsv(new TextEncoder().encode(text)).text);
    expect(fromSjis.errors).toEqual([]);
    expect(fromSjis).toEqual(fromUtf8);
    expect(fromSjis.rows[0]!.body!.transports[0]!.city).toBe('中央区');
  });
});

describe('parseDeliveryCsv', () => {
  it('turns a row into the create body the form posts (Japan time, labels to codes, commas in numbers)', () => {
    const { rows, errors } = parseDeliveryCsv(csvOf([VALID, { ...VALID, '金額(円)': '' }]));
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
    expect(rows[0]!.body).toMatchObject({
      baggageName: '冷凍食品',
      vehicleType: 'FOUR_T_TRUCK',
      vehicleTemperatureRange: 'FROZEN',
      totalWeight: 1200,
      price: 50000,
      transports: [
        { transportType: 'PICKUP', elevator: 'YES', timeFrom: '2099-12-01T09:00:00+09:00', timeTo: '2099-12-01T12:00:00+09:00' },
        { transportType: 'DELIVERY', elevator: 'NOT_NEEDED', timeFrom: '2099-12-02T09:00:00+09:00' },
      ],
    });
    // No price: applicants bid.
    expect(rows[1]!.body!.price).toBeUndefined();
  });

  it('keeps quoted fields whole: commas, doubled quotes and line breaks inside them', () => {
    const message = '1行目, カンマ入り\r\n2行目 "引用" あり\n3行目';
    const text = csvOf([{ ...VALID, 連絡事項: message, 集荷先建物名: '銀座ビル, 5F' }, VALID]);
    const { rows, errors } = parseDeliveryCsv(text);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.body!.message).toBe(message);
    expect(rows[0]!.body!.transports[0]!.building).toBe('銀座ビル, 5F');
    // The second record is the spreadsheet's row 3, though the first spans three lines.
    expect(rows[1]!.row).toBe(3);
  });

  it('refuses a formula cell (= + - @ first) by its row and column, and takes one marked as text with a leading apostrophe', () => {
    const { rows, errors } = parseDeliveryCsv(
      csvOf([
        { ...VALID, 荷物名: '=HYPERLINK("http://evil.example","click")', 配達先市区町村: '' },
        { ...VALID, 連絡事項: '@SUM(A1:A2)' },
        { ...VALID, 連絡事項: "'=1+1 は数式ではありません" },
      ]),
    );
    expect(errors).toEqual([
      { row: 2, column: '荷物名', message: T.errors.formula },
      // The rest of the row is checked too.
      { row: 2, column: '配達先市区町村', message: FIELD_MESSAGES.required },
      { row: 3, column: '連絡事項', message: T.errors.formula },
    ]);
    expect(rows.map((r) => r.body === null)).toEqual([true, true, false]);
    expect(rows[2]!.body!.message).toBe('=1+1 は数式ではありません');
  });

  it('names every wrong cell by row and column, in Japanese, with the contract’s messages', () => {
    const { errors } = parseDeliveryCsv(
      csvOf([
        VALID,
        { ...VALID, 車両: '20t', '総重量(kg)': '重い', 集荷先開始日時: '12月1日' },
        { ...VALID, 配達先市区町村: '', 集荷先電話番号: '03-1234', '総重量(kg)': '0' },
        { ...VALID, 配達先終了日時: '2099/12/01 08:00' },
      ]),
    );
    expect(errors).toEqual([
      { row: 3, column: '車両', message: T.errors.option('10t、4t、2t、1t、軽車両、冷蔵冷凍車、荷物に合わせる') },
      { row: 3, column: '総重量(kg)', message: T.errors.number },
      { row: 3, column: '集荷先開始日時', message: T.errors.datetime },
      { row: 4, column: '総重量(kg)', message: FIELD_MESSAGES.positive },
      { row: 4, column: '集荷先電話番号', message: FIELD_MESSAGES.phone },
      { row: 4, column: '配達先市区町村', message: FIELD_MESSAGES.required },
      { row: 5, column: '配達先終了日時', message: FIELD_MESSAGES.timeOrder },
    ]);
  });

  it(`takes ${DELIVERY_IMPORT_MAX_ROWS} rows and refuses ${DELIVERY_IMPORT_MAX_ROWS + 1} with a clear message`, () => {
    const full = parseDeliveryCsv(csvOf(Array.from({ length: DELIVERY_IMPORT_MAX_ROWS }, () => VALID)));
    expect(full.errors).toEqual([]);
    expect(full.rows).toHaveLength(DELIVERY_IMPORT_MAX_ROWS);
    const over = parseDeliveryCsv(csvOf(Array.from({ length: DELIVERY_IMPORT_MAX_ROWS + 1 }, () => VALID)));
    expect(over).toEqual({
      rows: [],
      errors: [{ row: 0, column: '', message: T.errors.tooMany(DELIVERY_IMPORT_MAX_ROWS, DELIVERY_IMPORT_MAX_ROWS + 1) }],
    });
  });

  it('says what is wrong with the file itself: a missing or unknown heading, no rows, blank lines ignored', () => {
    const missing = IMPORT_COLUMNS.filter((c) => c !== '荷物名');
    expect(parseDeliveryCsv(csvOf([VALID], [...missing, '備考'])).errors).toEqual([
      { row: 1, column: '荷物名', message: T.errors.missingColumn('荷物名') },
      { row: 1, column: '備考', message: T.errors.unknownColumn('備考') },
    ]);
    expect(parseDeliveryCsv(csvOf([])).errors).toEqual([{ row: 0, column: '', message: T.errors.empty }]);
    const blankLines = parseDeliveryCsv(`${csvOf([VALID])}\r\n,,,\r\n\r\n`);
    expect(blankLines.errors).toEqual([]);
    expect(blankLines.rows).toHaveLength(1);
  });

  it('maps the server’s refusal paths back to rows and columns', () => {
    const { rows } = parseDeliveryCsv(csvOf([VALID, VALID]));
    expect(serverRowErrors([{ path: 'body.deliveries.1.transports.0.city', message: FIELD_MESSAGES.required }], rows)).toEqual([
      { row: 3, column: '集荷先市区町村', message: FIELD_MESSAGES.required },
    ]);
  });
});

describe('the template', () => {
  it('is UTF-8 with a BOM, or Shift_JIS without one, and both read back as valid requests', () => {
    const utf8 = templateBytes('utf-8');
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const shiftJis = templateBytes('shift_jis');
    expect(shiftJis[0]).not.toBe(0xef);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(shiftJis)).toThrow();
    for (const bytes of [utf8, shiftJis]) {
      const { text } = decodeCsv(bytes);
      const parsed = parseDeliveryCsv(text);
      expect(parsed.errors).toEqual([]);
      expect(parsed.rows).toHaveLength(2);
    }
    expect(decodeCsv(shiftJis).text).toBe(templateCsv().replace(/^\uFEFF/, ''));
  });

  it('is written by the contract’s writer, which defuses a formula in an exported cell', () => {
    expect(toCsv([{ header: 'x', value: (r: string) => r }], ['=1+1'])).toBe("\uFEFFx\r\n'=1+1\r\n");
  });
});

/**
 * Keeping issued documents (decision 090). 電子帳簿保存法 第7条 has data exchanged electronically
 * (電子取引) kept; its 施行規則 第4条第1項 keeps it for the period the tax laws keep the paper
 * (法人税: 7 years from the day after the 確定申告書の提出期限 of the fiscal year, 法人税法施行規則
 * 第59条; 10 for a year with a carried loss) and searchable by 取引年月日その他の日付, 取引金額 and
 * 取引先 (施行規則 第2条第6項第6号: dates and amounts by range, two or more keys together). Pure.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { assertCalendarDay, partsOf } from './days';

/** The legal minimum of the retention setting, in years. */
export const MIN_RETENTION_YEARS = 7;
export const DEFAULT_RETENTION_YEARS = MIN_RETENTION_YEARS;

export type RetentionRefusal = 'TOO_SHORT';

/** Why a retention setting cannot be saved, or null: whole years, never below the legal 7. */
export const retentionYearsRefusal = (years: number): RetentionRefusal | null =>
  Number.isInteger(years) && years >= MIN_RETENTION_YEARS ? null : 'TOO_SHORT';

/** The retention setting as a form or a request body gives it. */
export const retentionYearsInput = () =>
  z
    .number({ error: FIELD_MESSAGES.integer })
    .int(FIELD_MESSAGES.integer)
    .min(MIN_RETENTION_YEARS, FIELD_MESSAGES.retentionYearsTooShort(MIN_RETENTION_YEARS));

/**
 * The day the keeping period is counted from. The law counts from the day after a filing deadline
 * that depends on each company's fiscal year, which the product does not know; so it counts from
 * a day later than any such deadline: 1 January of the third year after the issue (issued in 2026 →
 * 2029-01-01). A fiscal year holding the issue day ends within a year of it (2027-12-30 at the
 * latest), the deadline two months later (2028-02-29), which leaves ten months for an extension.
 */
export function keepingStartsOn(issuedOn: string): string {
  assertCalendarDay(issuedOn);
  return `${String(partsOf(issuedOn).year + 3).padStart(4, '0')}-01-01`;
}

/** The last day the document must be kept. */
export function keptThrough(issuedOn: string, years: number = DEFAULT_RETENTION_YEARS): string {
  if (retentionYearsRefusal(years)) throw new Error(`not a retention period: ${years}`);
  return `${String(partsOf(keepingStartsOn(issuedOn)).year + years - 1).padStart(4, '0')}-12-31`;
}

/** Whether a document issued on `issuedOn` may be deleted on `day` (both YYYY-MM-DD, Japan time). */
export function mayDelete(issuedOn: string, day: string, years: number = DEFAULT_RETENTION_YEARS): boolean {
  assertCalendarDay(day);
  return day > keptThrough(issuedOn, years);
}

/** The three keys a kept document is found by. */
export interface RecordSearchKeys {
  /** 取引年月日: the document's date (YYYY-MM-DD). */
  transactionDay: string;
  /** 取引金額: its total, integer yen (negative for a cancellation). */
  amount: number;
  /** 取引先: the other party's name. */
  counterparty: string;
}

/**
 * A name as a counterparty search compares it: NFKC (full- and half-width alike), lower case, no
 * spaces. The server's SQL folds the stored names the same way (normalize NFKC, lower, no \s).
 */
export const foldName = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

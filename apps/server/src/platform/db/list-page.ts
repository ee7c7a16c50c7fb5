/**
 * A list page's window and its capped total (docs/decisions/015-market-list-counts.md):
 * an exact count of a broad filter reads every matching row on every call, so a list
 * counts at most this many pages past the requested one. Below the cap the total is
 * exact; at the cap it is a lower bound that grows as the reader pages on.
 */
import { type SQL, sql } from 'drizzle-orm';

export interface Page {
  limit: number;
  offset: number;
}

export const COUNT_PAGES_AHEAD = 50;

export const countCap = (page: Page, pagesAhead = COUNT_PAGES_AHEAD): number => page.offset + page.limit * pagesAhead;

/** A list's total: exact below the cap, a lower bound at it. */
export interface ListTotal {
  total: number;
  totalIsLowerBound: boolean;
}

/** The total from `cappedCountOf`'s answer, which counts one past the cap to tell "exactly the cap" from "more". */
export function listTotal(counted: number, page: Page, pagesAhead = COUNT_PAGES_AHEAD): ListTotal {
  const cap = countCap(page, pagesAhead);
  return counted > cap ? { total: cap, totalIsLowerBound: true } : { total: counted, totalIsLowerBound: false };
}

/**
 * A number of rows written into the statement's text, not sent as a parameter. A prepared
 * statement whose LIMIT or OFFSET is a parameter is planned on every call: its generic plan must
 * guess the limit and never looks cheaper than a custom one, so PostgreSQL keeps planning (a
 * quarter of the customers list's PostgreSQL time, decision 093). Each page is then a text of its
 * own; database.ts bounds how many of those are kept prepared.
 */
export function rowCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a number of rows: ${n}`);
  return sql.raw(String(n));
}

/** The page's `limit … offset …`, as text (rowCount). */
export const pageWindow = (page: Page): SQL => sql`limit ${rowCount(page.limit)} offset ${rowCount(page.offset)}`;

/** `select count(*)` of `matching` (a select of the matching rows, no order), stopped one past the cap. */
export const cappedCountOf = (matching: SQL, page: Page, pagesAhead = COUNT_PAGES_AHEAD): SQL<number> =>
  sql<number>`(select count(*) from (${matching} limit ${rowCount(countCap(page, pagesAhead) + 1)}) matching)::int`;

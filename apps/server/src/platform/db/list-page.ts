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

/** `select count(*)` of `matching` (a select of the matching rows, no order), stopped one past the cap. */
export const cappedCountOf = (matching: SQL, page: Page, pagesAhead = COUNT_PAGES_AHEAD): SQL<number> =>
  sql<number>`(select count(*) from (${matching} limit ${countCap(page, pagesAhead) + 1}) matching)::int`;

/** Reading a whole dashboard list for its CSV export (the CSV itself: the contract's toCsv). */
export { type CsvColumn, toCsv } from '@logi/contract';
export { downloadCsv } from '../../../lib/download';

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

/**
 * The back office's list kit: filters and page in the URL, 8 skeleton rows, the empty
 * state, and the CSV of the whole list as filtered (UTF-8 with BOM, every page read).
 */
import { paginationMeta } from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCsv, fetchAllRows } from './csv';
import { DataList, type ListColumn, type ListFilter } from './data-list';
import { useListParams } from './use-list-params';

interface Person {
  id: string;
  name: string;
  note: string;
}

const columns: ListColumn<Person>[] = [
  { id: 'name', header: '氏名', cell: (p) => p.name, csv: (p) => p.name },
  { id: 'note', header: '備考', cell: (p) => p.note, csv: (p) => p.note },
];
const KEYS = ['keyword', 'status'] as const;
const filters: ListFilter<(typeof KEYS)[number]>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: '名前' },
  {
    kind: 'select',
    key: 'status',
    label: 'ステータス',
    options: [
      { value: 'ACTIVE', label: '有効' },
      { value: 'INACTIVE', label: '停止中' },
    ],
  },
];

const people = (n: number, from = 0): Person[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${from + i}`, name: `山田${from + i}`, note: '' }));

function Harness({
  state,
  fetchPage,
}: {
  state: 'pending' | 'empty' | 'data';
  fetchPage?: (page: number, limit: number) => Promise<never>;
}) {
  const { page, filters: values, setPage, setFilters } = useListParams(KEYS);
  const location = useLocation();
  const data =
    state === 'data'
      ? { meta: paginationMeta(page, 10, 25), data: people(10, (page - 1) * 10) }
      : { meta: paginationMeta(1, 10, 0), data: [] };
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <DataList
        label="利用者一覧"
        columns={columns}
        rowKey={(p) => p.id}
        result={state === 'pending' ? { isPending: true, isError: false } : { data, isPending: false, isError: false }}
        onPageChange={setPage}
        filters={filters}
        values={values}
        onFiltersChange={setFilters}
        fetchPage={fetchPage}
      />
    </>
  );
}

function open(state: 'pending' | 'empty' | 'data', url = '/list', fetchPage?: (page: number, limit: number) => Promise<never>) {
  const router = createMemoryRouter([{ path: '/list', element: <Harness state={state} fetchPage={fetchPage} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return { search: () => screen.getByTestId('search').textContent };
}

afterEach(() => vi.restoreAllMocks());

describe('DataList with useListParams', () => {
  it('shows 8 skeleton rows while the page loads', () => {
    open('pending');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(8);
  });

  it('shows the empty state when nothing matches the filters, with a hint to change them', () => {
    open('empty', '/list?status=INACTIVE');
    expect(screen.getByText(DASHBOARD_TEXT.list.empty)).toBeTruthy();
    expect(screen.getByText(DASHBOARD_TEXT.list.emptyHint)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says an unfiltered empty list has nothing yet, without asking to change filters that are not set', () => {
    open('empty');
    expect(screen.getByText(DASHBOARD_TEXT.list.nothingYet)).toBeTruthy();
    expect(screen.queryByText(DASHBOARD_TEXT.list.empty)).toBeNull();
    expect(screen.queryByText(DASHBOARD_TEXT.list.emptyHint)).toBeNull();
  });

  it('keeps the keyword, the filters and the page in the URL; a new filter goes back to page 1', async () => {
    const user = userEvent.setup();
    const list = open('data', '/list?page=2');
    expect(screen.getByRole('cell', { name: '山田10' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox'), '山田');
    await user.click(screen.getByRole('button', { name: /検索/ }));
    await waitFor(() => expect(list.search()).toBe(`?keyword=${encodeURIComponent('山田')}`));

    await user.selectOptions(screen.getByRole('combobox', { name: 'ステータス' }), 'INACTIVE');
    await waitFor(() => expect(list.search()).toBe(`?keyword=${encodeURIComponent('山田')}&status=INACTIVE`));

    const pages = screen.getByRole('navigation');
    await user.click(within(pages).getByRole('button', { name: '3ページ' }));
    await waitFor(() => expect(list.search()).toContain('page=3'));
    expect(screen.getByRole('cell', { name: '山田20' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: new RegExp(DASHBOARD_TEXT.list.clear) }));
    await waitFor(() => expect(list.search()).toBe(''));
  });

  it('exports every page of the list as filtered to a CSV with a byte-order mark', async () => {
    const user = userEvent.setup();
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchPage = vi.fn(async (page: number, limit: number) => ({
      meta: paginationMeta(page, limit, 150),
      data: people(page === 1 ? 100 : 50, (page - 1) * 100),
    }));
    open('data', '/list?keyword=x', fetchPage as never);
    await user.click(screen.getByRole('button', { name: new RegExp(DASHBOARD_TEXT.list.exportCsv) }));
    await waitFor(() => expect(blob).toBeDefined());
    expect(fetchPage.mock.calls).toEqual([
      [1, 100],
      [2, 100],
    ]);
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(151);
    expect(lines[0]).toBe('氏名,備考');
    expect(lines[1]).toBe('山田0,');
  });
});

describe('toCsv and fetchAllRows', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const csv = toCsv([{ header: '値', value: (v: string) => v }], ['a,b', 'say "hi"', 'two\nlines', '=SUM(A1)', '-1']);
    expect(csv).toBe('\uFEFF値\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n\'=SUM(A1)\r\n\'-1\r\n');
  });

  it('stops at the maximum and says the export was cut short', async () => {
    const fetchPage = async (page: number, limit: number) => ({
      meta: { nextPage: page + 1 },
      data: people(limit, page * limit),
    });
    const { rows, truncated } = await fetchAllRows(fetchPage, 250);
    expect(rows).toHaveLength(250);
    expect(truncated).toBe(true);
  });
});

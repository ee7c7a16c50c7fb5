/**
 * 請求書一覧 (issue 46 item 5) as a shipper, a carrier and the admin meet it: the link to it, the
 * documents with their counterparty, the search by date, amount and counterparty sent to the API
 * and narrowing the list, and the rows found as a CSV with a BOM and the header row, over HTTP to a
 * local server answering like the API.
 */
import { type TInvoiceSummary, UI_TEXT } from '@logi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVOICES_TEXT } from '../../texts/invoices';
import { MY_PAGE_TEXT } from '../../texts/my-page';
import { sessionUser } from '../../test/session-user';
import { json, openApp, serveApi, signIn, until } from '../../test/test-kit';

const T = INVOICES_TEXT.list;

const invoice = (n: number, overrides: Partial<TInvoiceSummary>): TInvoiceSummary => ({
  id: `0190a1b2-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
  kind: 'INVOICE',
  status: 'ISSUED',
  number: `INV-2026-00${n}`,
  requestItemIds: [`0190a1b2-0000-7000-8000-0000000003${String(n).padStart(2, '0')}`],
  issuerCompany: '北陸運送株式会社',
  recipientCompany: '東京物産株式会社',
  serviceDay: '2026-11-10',
  issuedOn: '2026-11-12',
  dueDate: '2026-12-31',
  qualified: true,
  registrationNumber: 'T1234567890123',
  correctsDocumentId: null,
  correctsNumber: null,
  subtotal: 50_000,
  tax: 5_000,
  total: 55_000,
  paymentStatus: 'OPEN',
  paidOn: null,
  paidAmount: null,
  receiptConfirmedAt: null,
  keptThrough: '2033-12-31',
  periodFrom: null,
  periodTo: null,
  ...overrides,
});

const documents = [
  invoice(1, {}),
  invoice(2, {
    issuerCompany: '関西ロジ株式会社',
    recipientCompany: '大阪商事株式会社',
    issuedOn: '2026-10-05',
    subtotal: 120_000,
    tax: 12_000,
    total: 132_000,
    paymentStatus: 'CONFIRMED',
  }),
];

// The API's search: the three keys, as the server applies them (the issue day, the total, either party's name).
const api = serveApi(({ route, url }, res) => {
  if (route !== 'GET /api/v1/invoices') return;
  const q = (k: string) => url.searchParams.get(k);
  const found = documents.filter(
    (d) =>
      (!q('dayFrom') || d.issuedOn! >= q('dayFrom')!) &&
      (!q('dayTo') || d.issuedOn! <= q('dayTo')!) &&
      (!q('amountFrom') || d.total >= Number(q('amountFrom'))) &&
      (!q('amountTo') || d.total <= Number(q('amountTo'))) &&
      (!q('counterparty') || `${d.issuerCompany} ${d.recipientCompany}`.includes(q('counterparty')!)),
  );
  return json(res, { data: found });
});

beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => vi.restoreAllMocks());

/** Catches the file the page saves: the CSV's text, BOM included. */
function catchDownload() {
  const saved: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    saved.push(b);
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return async () => {
    await until(() => saved.length > 0);
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    return { bom: [...bytes.slice(0, 3)], lines: new TextDecoder().decode(bytes).trimEnd().split('\r\n') };
  };
}

const table = () => screen.findByRole('table', { name: T.title });

describe('請求書一覧 (a shipper and a carrier)', () => {
  it('is linked from the my page, lists the shipper’s invoices and narrows them by counterparty and amount', async () => {
    const user = userEvent.setup();
    signIn(sessionUser('CUSTOMER'));
    const router = openApp('/my-page');
    await user.click(await screen.findByRole('link', { name: MY_PAGE_TEXT.links.invoices }));
    await until(() => router.state.location.pathname === '/my-page/invoices');

    const rows = await table();
    // The shipper's counterparty is the carrier that issued the invoice.
    expect(within(rows).getByRole('cell', { name: '北陸運送株式会社' })).toBeVisible();
    expect(within(rows).getByRole('cell', { name: '132,000円' })).toBeVisible();
    expect(within(rows).getByRole('cell', { name: '2026年11月12日' })).toBeVisible();
    expect(within(rows).getByRole('columnheader', { name: T.columns.counterparty })).toBeVisible();
    const link = within(rows).getByRole('link', { name: T.open('請求書 INV-2026-001') });
    expect(link).toHaveAttribute('href', `/shipping-requests/my-items/detail/${documents[0]!.requestItemIds[0]}/invoice`);

    await user.type(screen.getByRole('searchbox', { name: T.counterparty }), '関西');
    await user.type(screen.getByRole('spinbutton', { name: T.amountFrom }), '100000');
    await user.click(screen.getByRole('button', { name: T.search }));
    await until(() => router.state.location.search.includes('counterparty='));
    await until(() => within(screen.getByRole('table', { name: T.title })).queryByText('INV-2026-001') === null);
    expect(within(screen.getByRole('table', { name: T.title })).getByText('INV-2026-002')).toBeVisible();
    expect(api.requests.at(-1)!.url).toBe(`/api/v1/invoices?amountFrom=100000&counterparty=${encodeURIComponent('関西')}`);

    await user.click(screen.getByRole('button', { name: T.clear }));
    await until(() => within(screen.getByRole('table', { name: T.title })).queryByText('INV-2026-001') !== null);
  });

  it('downloads the rows found as a CSV with a byte-order mark and the accounting header row', async () => {
    const user = userEvent.setup();
    const csv = catchDownload();
    signIn(sessionUser('DRIVER_MANAGER'));
    openApp('/my-page/invoices?dayFrom=2026-11-01');
    const rows = await table();
    // The carrier's counterparty is the shipper; its link opens the carrier's side of the job's invoice.
    expect(within(rows).getByRole('cell', { name: '東京物産株式会社' })).toBeVisible();
    expect(within(rows).getByRole('link', { name: T.open('請求書 INV-2026-001') })).toHaveAttribute(
      'href',
      `/shipping-requests/applied-items/detail/${documents[0]!.requestItemIds[0]}/invoice`,
    );
    expect(within(rows).queryByText('INV-2026-002')).toBeNull();

    await user.click(screen.getByRole('button', { name: T.exportCsv }));
    const { bom, lines } = await csv();
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe('書類番号,種類,発行日,取引先,税抜,消費税,合計（税込）,支払期日,支払状況,依頼番号');
    expect(lines.slice(1)).toEqual([
      `INV-2026-001,請求書,2026/11/12,東京物産株式会社,50000,5000,55000,2026/12/31,未入金,${documents[0]!.requestItemIds[0]}`,
    ]);
  });
});

describe('請求書一覧 (the admin)', () => {
  it('is linked from the sidebar, shows both parties of every invoice, searches by date and exports them', async () => {
    const user = userEvent.setup();
    const csv = catchDownload();
    signIn(sessionUser('ADMIN'));
    const router = openApp('/dashboard/jobs');
    const nav = await screen.findByRole('complementary', { name: UI_TEXT.dashboard.title });
    await user.click(within(nav).getByRole('link', { name: UI_TEXT.dashboard.invoices }));
    await until(() => router.state.location.pathname === '/dashboard/invoices');

    const rows = await table();
    for (const name of ['北陸運送株式会社', '東京物産株式会社', '関西ロジ株式会社', '大阪商事株式会社'])
      expect(within(rows).getByRole('cell', { name })).toBeVisible();
    expect(within(rows).getByRole('columnheader', { name: T.columns.issuer })).toBeVisible();
    expect(within(rows).getByRole('columnheader', { name: T.columns.recipient })).toBeVisible();

    const dayTo = screen.getByLabelText(T.dayTo);
    await user.type(dayTo, '2026-10-31');
    await user.click(screen.getByRole('button', { name: T.search }));
    await until(() => within(screen.getByRole('table', { name: T.title })).queryByText('INV-2026-001') === null);
    expect(api.requests.at(-1)!.url).toBe('/api/v1/invoices?dayTo=2026-10-31');

    await user.click(screen.getByRole('button', { name: T.exportCsv }));
    const { bom, lines } = await csv();
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe('書類番号,種類,発行日,発行元,宛先,税抜,消費税,合計（税込）,支払期日,支払状況,依頼番号');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('INV-2026-002,請求書,2026/10/05,関西ロジ株式会社,大阪商事株式会社,120000,12000,132000');
  });
});

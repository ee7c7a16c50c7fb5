/** The 実運送体制管理簿 page as a customer meets it, over HTTP to a local server answering like the API. */
import type { TCarrierRegister, TCarrierRegisterRow } from '@logi/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { sessionUser } from '../../test/session-user';
import { json, openApp, startApiServer } from '../../test/test-kit';

const row = (n: number, over: Partial<TCarrierRegisterRow> = {}): TCarrierRegisterRow => ({
  requestItemId: `0190a1b2-0000-7000-8000-00000000000${n}`,
  reference: `0000-000${n}`,
  status: 'COMPLETED',
  pickupAt: '2026-12-01T09:00:00.000+09:00',
  deliverBy: '2026-12-02T17:00:00.000+09:00',
  route: '東京都中央区銀座1-2-3 銀座ビル5F → 大阪府大阪市北区梅田3-1',
  pickupAddress: '東京都中央区銀座1-2-3 銀座ビル5F',
  deliveryAddress: '大阪府大阪市北区梅田3-1',
  baggageName: '鋼材',
  totalWeightKg: 2000,
  vehicleType: 'TEN_T_TRUCK',
  shipper: '株式会社サンプル商事',
  contractor: '山田運輸株式会社',
  actualCarrier: '山田運輸株式会社',
  driverName: '田中 翔太',
  subcontractTier: 0,
  conditionsNumber: `TC-0000-000${n}`,
  ...over,
});

let answer: TCarrierRegister = { month: '2026-12', rows: [] };
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  process.env.TZ = 'Asia/Tokyo';
  api = await startApiServer(({ url }, res) => {
    if (url.pathname === '/api/v1/carrier-register') return json(res, { ...answer, month: url.searchParams.get('month') });
    if (url.pathname.endsWith('/transport-conditions')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(Buffer.from('%PDF-1.3\n%%EOF\n'));
      return;
    }
    return false;
  });
});
afterAll(() => api.close());
afterEach(() => {
  act(() => authStore.signOut());
  queryClient.clear();
  api.requests.length = 0;
});

const signIn = () => authStore.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('CUSTOMER') });

describe('carrier register', () => {
  it('shows the month’s rows and downloads them as a CSV with a byte-order mark', async () => {
    answer = {
      month: '2026-12',
      rows: [row(1), row(2, { baggageName: '機械部品, 精密', driverName: '佐藤 花子', totalWeightKg: 12500.5 })],
    };
    signIn();
    openApp('/carrier-register?month=2026-12');
    expect(await screen.findByRole('heading', { level: 1, name: '実運送体制管理簿' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('register-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('2026年12月01日')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('佐藤 花子')).toBeInTheDocument();
    // The law's columns: the full 区間, the 請負階層; weights grouped.
    for (const text of ['東京都中央区銀座1-2-3 銀座ビル5F', '大阪府大阪市北区梅田3-1', '元請（自社で実運送）', '12,500.5']) {
      expect(within(rows[1]!).getByText(text)).toBeInTheDocument();
    }
    expect(within(rows[0]!).getByText('2,000')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '請負階層' })).toBeInTheDocument();
    // The scrolling table is reached by the keyboard and named.
    const table = screen.getByRole('region', { name: '実運送体制管理簿の表（2026-12）' });
    expect(table).toHaveAttribute('tabindex', '0');
    expect(api.requests.some((r) => r.url === '/api/v1/carrier-register?month=2026-12')).toBe(true);

    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.setup().click(screen.getByRole('button', { name: 'CSVをダウンロード' }));
    await waitFor(() => expect(blob).toBeDefined());
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '依頼番号,集荷日,配達日,区間（集荷地）,区間（配達地）,荷物,総重量(kg),車両,荷主,元請事業者,実運送事業者,請負階層,運転者,状態',
    );
    expect(lines[2]).toContain('東京都中央区銀座1-2-3 銀座ビル5F,大阪府大阪市北区梅田3-1,"機械部品, 精密","12,500.5",10t');
    expect(lines[2]).toContain('元請（自社で実運送）,佐藤 花子,配送完了');
  });

  it('downloads a row’s 運送条件書 in force (a manager reaches its drivers’ documents here)', async () => {
    answer = { month: '2026-12', rows: [row(1, { conditionsNumber: 'TC-0000-0001-2' }), row(2, { conditionsNumber: null })] };
    signIn();
    openApp('/carrier-register?month=2026-12');
    const rows = await screen.findAllByTestId('register-row');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      saved.push(b);
      return 'blob:pdf';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.setup().click(within(rows[0]!).getByRole('button', { name: 'TC-0000-0001-2' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.requests.some((r) => r.url === `/api/v1/request-items/${row(1).requestItemId}/transport-conditions`)).toBe(true);
    expect((click.mock.instances.at(-1) as unknown as HTMLAnchorElement).download).toBe('運送条件書_TC-0000-0001-2.pdf');
  });

  it('says so when the month has nothing to record, and offers no download', async () => {
    answer = { month: '2026-11', rows: [] };
    signIn();
    openApp('/carrier-register?month=2026-11');
    expect(await screen.findByText('この月に記録対象の配送はありません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSVをダウンロード' })).toBeDisabled();
  });
});

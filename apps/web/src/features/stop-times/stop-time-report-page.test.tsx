/** The customer's monthly report: sites with their stops, the ones over two hours flagged, the month asked for. */
import type { TStopTimeReport } from '@logi/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CUSTOMER } from '../../test/carrier-api.fixture';
import { json, openApp, serveApi, signIn, until } from '../../test/test-kit';

const stop = (n: number, waiting: number, loading: number) => ({
  stopId: `0190a1b2-0000-7000-8002-00000000010${n}`,
  requestItemId: `0190a1b2-0000-7000-8001-00000000000${n}`,
  baggageName: `精密機器${n}`,
  position: 0,
  transportType: 'PICKUP' as const,
  site: '東京都 千代田区 千代田 1-1',
  arrivedAt: `2026-10-0${n}T00:00:00.000Z`,
  loadingStartedAt: null,
  loadingFinishedAt: null,
  departedAt: null,
  waitingMinutes: waiting,
  loadingMinutes: loading,
  overLimit: waiting + loading > 120,
  // The written conditions agreed 2,000円 per 30 minutes beyond the free 30.
  waitingCharge: Math.max(0, Math.ceil((waiting - 30) / 30)) * 2000,
  corrections: [],
});

const REPORT: TStopTimeReport = {
  month: '2026-10',
  waitingChargeTotal: 6000,
  sites: [
    {
      site: '東京都 千代田区 千代田 1-1',
      stopCount: 2,
      overLimitCount: 1,
      averageWaitingMinutes: 65,
      averageLoadingMinutes: 30,
      stops: [stop(1, 100, 40), stop(2, 30, 20)],
    },
  ],
};

const api = serveApi((call, res) => {
  if (call.route === 'GET /api/v1/stop-times/waiting-charges') {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    return res.end('\uFEFF到着日時,待機料金（円）\r\n合計,6000\r\n');
  }
  if (call.route === 'GET /api/v1/stop-times/report')
    return json(
      res,
      call.url.searchParams.get('month') === '2026-10'
        ? REPORT
        : { month: call.url.searchParams.get('month'), waitingChargeTotal: 0, sites: [] },
    );
});

beforeEach(() => signIn(CUSTOMER));

describe('the waiting and loading time report', () => {
  it('shows the month’s sites, flags the stop over two hours, and draws the chart', async () => {
    openApp('/shipping-requests/my-items/stop-times?month=2026-10');
    expect(await screen.findByRole('heading', { name: '荷待ち・荷役時間レポート' })).toBeInTheDocument();
    const site = await screen.findByTestId('report-site');
    expect(site).toHaveTextContent('2時間超 1件');
    expect(site).toHaveTextContent('平均荷待ち 65分');
    const over = within(site)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('data-over-limit') === 'true')!;
    expect(over).toHaveTextContent('精密機器1');
    expect(over).toHaveTextContent('荷待ち 100分');
    expect(over).toHaveTextContent('待機料金 6,000円');
    expect(screen.getByRole('img', { name: '地点別の平均荷待ち・荷役時間（分）・目標 2時間（120分）' })).toBeInTheDocument();
    await until(() => api.requests.some((r) => r.url === '/api/v1/stop-times/report?month=2026-10'));
  });

  it('draws the two-hour line of the guideline and the axis in minutes, and says where the target comes from', async () => {
    // jsdom lays nothing out: the chart's container is given the size a browser would measure.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    const size = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
      return { width: 640, height: 288, top: 0, left: 0, right: 640, bottom: 288, x: 0, y: 0, toJSON: () => ({}) };
    });
    onTestFinished(() => size.mockRestore());
    openApp('/shipping-requests/my-items/stop-times?month=2026-10');
    const chart = await screen.findByRole('img', { name: /目標 2時間（120分）/ });
    await until(() => chart.querySelector('.recharts-reference-line line') !== null);
    // The line sits at 120 on the axis, named by its label; the axis reads in minutes.
    await until(() => [...chart.querySelectorAll('text')].some((t) => t.textContent === '目標 2時間（120分）'));
    const texts = [...chart.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toContain('120分');
    expect(texts).toContain('0分');
    expect(screen.getByText(/荷待ち・荷役作業等時間2時間以内ルール/)).toBeInTheDocument();
  });

  it('totals the month’s waiting charges and downloads them as CSV', async () => {
    openApp('/shipping-requests/my-items/stop-times?month=2026-10');
    expect(await screen.findByTestId('month-waiting-charge-total')).toHaveTextContent('6,000円');
    fireEvent.click(screen.getByRole('button', { name: '待機料金明細（CSV）' }));
    await until(() => api.requests.some((r) => r.url === '/api/v1/stop-times/waiting-charges?month=2026-10'));
  });

  it('names the month in Japanese and steps to the one before and after', async () => {
    openApp('/shipping-requests/my-items/stop-times?month=2026-01');
    const picker = await screen.findByRole('group', { name: '対象月' });
    expect(within(picker).getByRole('status')).toHaveTextContent('2026年1月');
    await userEvent.setup().click(within(picker).getByRole('button', { name: '前の月' }));
    await until(() => api.requests.some((r) => r.url === '/api/v1/stop-times/report?month=2025-12'));
    expect(within(picker).getByRole('status')).toHaveTextContent('2025年12月');
  });

  it('says so when the month has no records', async () => {
    openApp('/shipping-requests/my-items/stop-times?month=2026-09');
    expect(await screen.findByText('この月の記録はありません。')).toBeInTheDocument();
  });
});

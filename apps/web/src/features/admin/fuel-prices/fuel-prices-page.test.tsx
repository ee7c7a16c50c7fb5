/**
 * The admin's fuel-price screen (/dashboard/fuel-prices, issue 45) as the admin meets it: the
 * real app shell and back office over HTTP to a local server that keeps the prices set, as the
 * API does (the price in force today, every price newest day first, who set it).
 */
import { FIELD_MESSAGES, UI_TEXT, ZFuelPriceBody, type TAdminOverview, type TFuelPrice } from '@logi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, todayInJapan } from '../../../lib/format';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionUser } from '../../../test/session-user';
import { json, openApp, serveApi, signIn, toastShown, until } from '../../../test/test-kit';
import { FAIR_PRICE_WEB_TEXT } from '../../../texts/fair-price';

const T = FAIR_PRICE_WEB_TEXT.fuel;
const ADMIN = sessionUser('ADMIN');
const period = { posted: 0, matched: 0, completed: 0, completedValue: 0, signUps: 0 };
const overview: TAdminOverview = {
  openRequests: 0,
  activeCustomers: 0,
  activeCarriers: 0,
  thisWeek: period,
  thisMonth: period,
  days: [],
  generatedAt: new Date().toISOString(),
};

const set = (n: number, effectiveFrom: string, yenPerLitre: number, name = '管理 太郎'): TFuelPrice => ({
  id: `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`,
  effectiveFrom,
  yenPerLitre,
  setBy: { id: '0190a1b2-0000-7000-8000-0000000000ee', name },
  createdAt: `${effectiveFrom}T01:00:00.000Z`,
});

const api = { history: [] as TFuelPrice[], posted: [] as unknown[] };
const today = todayInJapan;
const answer = () => ({
  current: api.history.find((p) => p.effectiveFrom <= today()) ?? null,
  history: api.history,
});

serveApi(({ route, body }, res) => {
  if (route === 'GET /api/v1/admin/overview') return json(res, overview);
  if (route === 'GET /api/v1/admin/fuel-prices') return json(res, answer());
  if (route === 'POST /api/v1/admin/fuel-prices') {
    const price = ZFuelPriceBody.parse(body);
    api.posted.push(body);
    api.history = [set(api.history.length + 1, price.effectiveFrom, price.yenPerLitre, ADMIN.name), ...api.history].sort((a, b) =>
      b.effectiveFrom.localeCompare(a.effectiveFrom),
    );
    return json(res, answer(), 201);
  }
});

beforeEach(() => {
  api.history = [set(1, '2025-07-14', 153.4)];
  api.posted = [];
  signIn(ADMIN);
});

const open = (path: string) => ({ router: openApp(path), user: userEvent.setup({ delay: null }) });

describe('the fuel price in the back office', () => {
  it('is linked in the admin navigation and shows the price in force and its history', async () => {
    const { user, router } = open('/dashboard');
    const nav = await screen.findByRole('complementary', { name: UI_TEXT.dashboard.title });
    await user.click(within(nav).getByRole('link', { name: UI_TEXT.dashboard.fuelPrices }));
    await until(() => router.state.location.pathname === '/dashboard/fuel-prices');

    const current = await screen.findByRole('region', { name: T.current });
    expect(await within(current).findByText(T.currentValue(153.4, '2025年07月14日'))).toBeInTheDocument();
    const history = screen.getByRole('table', { name: T.history });
    const rows = within(history).getAllByRole('row');
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      [T.effectiveFrom, T.yenPerLitre, T.setBy, T.setAt],
      ['2025年07月14日', '153.4', '管理 太郎', '2025年07月14日 10:00'],
    ]);
  });

  it('says in Japanese what is wrong with a price, and posts nothing', async () => {
    const { user } = open('/dashboard/fuel-prices');
    const form = await screen.findByRole('form', { name: T.form });
    const price = within(form).getByLabelText(/^価格/);
    for (const bad of ['30', '165.25']) {
      await user.clear(price);
      await user.type(price, bad);
      await user.click(within(form).getByRole('button', { name: T.submit }));
      expect(await within(form).findByText(FIELD_MESSAGES.fuelPrice)).toBeInTheDocument();
    }
    expect(api.posted).toEqual([]);
  });

  it('sets a new price from today: the current price and the history show it, with who set it', async () => {
    const { user } = open('/dashboard/fuel-prices');
    const form = await screen.findByRole('form', { name: T.form });
    await user.type(within(form).getByLabelText(/^価格/), '165.2');
    await user.click(within(form).getByRole('button', { name: T.submit }));

    await until(() => api.posted.length === 1);
    expect(api.posted[0]).toEqual({ effectiveFrom: today(), yenPerLitre: 165.2 });
    await toastShown(T.saved);
    const current = screen.getByRole('region', { name: T.current });
    const todayText = formatDate(new Date(), 'yyyy年MM月dd日');
    expect(await within(current).findByText(T.currentValue(165.2, todayText))).toBeInTheDocument();
    const history = screen.getByRole('table', { name: T.history });
    await until(() => within(history).getAllByRole('row').length === 3);
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent(`${todayText}165.2${ADMIN.name}`);
  });
});

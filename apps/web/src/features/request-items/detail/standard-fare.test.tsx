/**
 * The standard fare as a carrier meets it on a request (issue 45, decision 100): beside the price
 * with its breakdown one tap away, the market's lane prices (or why there are none), and the bid
 * form's live 「標準的運賃の87%」 as the price is typed — over HTTP to a local server answering like the API.
 */
import type { TLanePrices, TRequestItemDetail } from '@logi/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { sessionUser } from '../../../test/session-user';
import { json, openApp, startApiServer, until } from '../../../test/test-kit';
import { deliveryRequest } from '../../../test/request-item.fixture';
import { figureOf, standardFare } from '../../../test/standard-fare.fixture';

const fare = standardFare();
let item: TRequestItemDetail;
let lanes: TLanePrices;
let api: Awaited<ReturnType<typeof startApiServer>>;

const withFare = (overrides: Partial<TRequestItemDetail> = {}) =>
  deliveryRequest(1, { standardFare: figureOf(fare), standardFareBreakdown: fare, ...overrides });

const lane = {
  pickupPrefecture: '東京都',
  deliveryPrefecture: '大阪府',
  vehicleClass: { id: 'medium', name: '中型車' },
  distanceKm: { from: 403.2, to: 605, estimated: true },
  completedFrom: '2025-11-29',
} as const;

beforeAll(async () => {
  process.env.TZ = 'Asia/Tokyo';
  api = await startApiServer(({ url }, res) => {
    if (url.pathname === '/api/v1/auth/session') return json(res, sessionUser('DRIVER'));
    if (
      url.pathname === `/api/v1/request-items/private/${item.id}` ||
      url.pathname === `/api/v1/request-items/public/${item.id}`
    ) {
      return json(res, item);
    }
    if (url.pathname === `/api/v1/request-items/${item.id}/lane-prices`) return json(res, lanes);
    // The quote at the distance the carrier typed: 税抜 90,000円 there.
    if (url.pathname === '/api/v1/standard-fares/quote')
      return json(res, standardFare({ km: 480, estimated: false, subtotal: 90_000 }));
    return false;
  });
});
afterAll(() => api.close());
afterEach(() => {
  act(() => authStore.signOut());
  queryClient.clear();
  api.requests.length = 0;
});

const signInAsDriver = () =>
  authStore.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('DRIVER') });

describe('the standard fare on a request', () => {
  it('shows the standard fare beside the price, the breakdown on a tap, and the lane prices', async () => {
    item = withFare({ price: { priceType: 'FIXED', price: 95000 } });
    lanes = {
      lane,
      minimumCount: 5,
      prices: { count: 12, median: 98_000, p10: 80_000, p90: 120_000 },
      basis: '過去365日に完了した案件の合意額（税抜）です。',
      message: null,
    };
    signInAsDriver();
    openApp(`/shipping-requests/detail/${item.id}`);

    const section = await screen.findByTestId('standard-fare-section');
    expect(within(section).getByTestId('standard-fare')).toHaveTextContent('標準的運賃 100,000円（税抜）推定距離');
    // Beside the price at the top as well.
    expect(screen.getAllByTestId('standard-fare')).toHaveLength(2);

    const summary = within(section).getByText('標準的運賃の内訳');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup().click(summary);
    expect(details.open).toBe(true);
    const breakdown = within(section).getByTestId('standard-fare-breakdown');
    for (const text of [
      '基本運賃（距離制）',
      '92,000円',
      '燃料サーチャージ',
      '8,000円',
      '100,000円',
      '110,000円',
      '504.1km（推定）',
    ]) {
      expect(within(breakdown).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(breakdown).getByText('軽油 153.4円/L（2025年07月14日から）')).toBeInTheDocument();

    const prices = await within(section).findByTestId('lane-prices');
    expect(within(prices).getByText('同じ区間の成約価格')).toBeInTheDocument();
    expect(within(prices).getByText('98,000円')).toBeInTheDocument();
    expect(within(prices).getByText('80,000円〜120,000円')).toBeInTheDocument();
    expect(within(prices).getByText('12件')).toBeInTheDocument();
  });

  it('says why there are no lane prices when fewer than five jobs exist', async () => {
    item = withFare();
    lanes = {
      lane,
      minimumCount: 5,
      prices: null,
      basis: '…',
      message: '同じ条件の完了案件が5件未満のため、成約価格は表示できません。',
    };
    signInAsDriver();
    openApp(`/shipping-requests/detail/${item.id}`);
    const prices = await screen.findByTestId('lane-prices');
    expect(within(prices).getByText('同じ条件の完了案件が5件未満のため、成約価格は表示できません。')).toBeInTheDocument();
    expect(within(prices).queryByText(/件$/)).not.toBeInTheDocument();
  });

  it('does not ask the lane prices for a guest (the route is for signed-in callers)', async () => {
    item = withFare();
    openApp(`/shipping-requests/detail/${item.id}`);
    expect(await screen.findByTestId('standard-fare-section')).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.includes('lane-prices'))).toBe(false);
  });

  it('says when a job has no standard fare', async () => {
    const message = '軽車両は標準的運賃の対象外です（告示の運賃表は小型車〜トレーラーのみ）。';
    item = deliveryRequest(1, {
      standardFare: { covered: false, message },
      standardFareBreakdown: { ...fare, standardFare: { covered: false, reason: 'LIGHT_VEHICLE', message } },
    });
    openApp(`/shipping-requests/detail/${item.id}`);
    const section = await screen.findByTestId('standard-fare-section');
    expect(within(section).getByTestId('standard-fare')).toHaveTextContent('標準的運賃の対象外');
    await userEvent.setup().click(within(section).getByText('標準的運賃の内訳'));
    expect(within(section).getByText(message)).toBeInTheDocument();
  });
});

describe('the bid form', () => {
  it('shows the bid as a share of the standard fare as the carrier types, its charges included', async () => {
    item = withFare();
    signInAsDriver();
    openApp(`/shipping-requests/detail/${item.id}/price-estimation`);
    const user = userEvent.setup();
    const live = await screen.findByTestId('live-fare-share');
    expect(live).toHaveTextContent('金額を入力すると、標準的運賃に対する割合を表示します。');
    expect(live).toHaveAttribute('role', 'status');
    await user.type(screen.getByLabelText(/見積もり価格（円）/), '87000');
    expect(live).toHaveTextContent('標準的運賃の87%');
    // The bid's own fuel surcharge counts: (87,000 + 3,000) / 100,000.
    await user.type(screen.getByLabelText('燃料サーチャージ'), '3000');
    expect(live).toHaveTextContent('標準的運賃の90%');
  });

  it('measures the bid at the distance the carrier states, by the quote at that distance', async () => {
    item = withFare();
    signInAsDriver();
    openApp(`/shipping-requests/detail/${item.id}/price-estimation`);
    const user = userEvent.setup();
    const live = await screen.findByTestId('live-fare-share');
    await user.type(screen.getByLabelText(/見積もり価格（円）/), '87000');
    await user.type(screen.getByLabelText(/走行距離（任意）/), '480');
    // 87,000 / 90,000 at 480 km.
    await until(() => live.textContent === '標準的運賃の97%');
    const quotes = api.requests.filter((r) => r.method === 'POST' && r.url === '/api/v1/standard-fares/quote');
    // The request's own draft, at the stated distance.
    expect(quotes.at(-1)!.body).toMatchObject({
      vehicleType: item.deliveryItem!.vehicleType,
      totalWeight: item.deliveryItem!.totalWeight,
      distanceKm: 480,
    });
  });
});

/** Applying from the detail page, as a driver meets it, over HTTP to a local server answering like the API. */
import type { TRequestItemDetail } from '@logi/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { sessionUser } from '../../../test/session-user';
import { json, openApp, startApiServer, until } from '../../../test/test-kit';
import { deliveryRequest } from '../../../test/request-item.fixture';

let item: TRequestItemDetail = deliveryRequest(1);
let applyAnswer: { status: number; body: unknown } = { status: 200, body: {} };
let api: Awaited<ReturnType<typeof startApiServer>>;

const applied = (price: number) => ({
  message: '依頼を荷主様へ送信しました。',
  isNew: true,
  candidate: {
    id: '0190a1b2-0000-7000-8000-00000000c001',
    requestItemId: item.id,
    price,
    status: 'APPLIED',
    talkroom: {
      id: '0190a1b2-0000-7000-8000-00000000d001',
      requestItemId: item.id,
      candidateId: '0190a1b2-0000-7000-8000-00000000c001',
      appliedUserId: '0190a1b2-0000-7000-8000-0000000000aa',
      isActive: true,
      lastMessageAt: null,
      customerMeetingCompletedAt: null,
      driverMeetingCompletedAt: null,
    },
    createdAt: item.createdAt,
    updatedAt: item.createdAt,
  },
});

beforeAll(async () => {
  process.env.TZ = 'Asia/Tokyo';
  api = await startApiServer(({ url, method }, res) => {
    if (url.pathname === '/api/v1/auth/session') return json(res, sessionUser('DRIVER'));
    if (
      url.pathname === `/api/v1/request-items/private/${item.id}` ||
      url.pathname === `/api/v1/request-items/public/${item.id}`
    ) {
      return json(res, item);
    }
    if (method === 'POST' && /request-prices|apply-fixed-price/.test(url.pathname)) {
      return json(res, applyAnswer.body, applyAnswer.status);
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

const signInAsDriver = () =>
  authStore.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('DRIVER') });
const toast = (text: string) => until(() => screen.queryAllByText(text).some((el) => el.closest('[data-sonner-toast]') !== null));
const posts = () => api.requests.filter((r) => r.method === 'POST');

describe('request detail', () => {
  it('asks a guest to sign in and offers no way to apply', async () => {
    item = deliveryRequest(1, { price: { priceType: 'FIXED', price: 35000 } });
    openApp(`/shipping-requests/detail/${item.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: '東京都千代田区 → 神奈川県横浜市西区' })).toBeInTheDocument();
    expect(screen.getByText('ログインすると、この依頼に応募できます。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提示価格で応募する' })).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.url === `/api/v1/request-items/public/${item.id}`)).toBe(true);
  });

  it('tells a carrier how many have applied and by when the customer chooses', async () => {
    item = deliveryRequest(1, { numberOfCandidates: 3, selectionDeadline: '2026-11-30T18:00:00.000+09:00' });
    signInAsDriver();
    openApp(`/shipping-requests/detail/${item.id}`);
    expect(await screen.findByTestId('applicant-count')).toHaveTextContent('応募 3件');
    expect(screen.getByTestId('selection-deadline')).toHaveTextContent('選考期限 2026年11月30日 18:00');
  });

  it('the fixed-price confirm dialog closes on a refusal, shows the server message and stays on the detail', async () => {
    item = deliveryRequest(1, { price: { priceType: 'FIXED', price: 35000 }, isApplied: false });
    applyAnswer = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', code: 'APPLICATION_CLOSED', message: 'この依頼の募集は終了しました。' },
    };
    signInAsDriver();
    const router = openApp(`/shipping-requests/detail/${item.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '提示価格で応募する' }));
    const dialog = await screen.findByRole('dialog', { name: '提示価格で応募しますか？' });
    expect(dialog).toHaveTextContent('合計（税込）38,500円で荷主様へ応募します。');
    await user.click(screen.getByRole('button', { name: '応募する' }));

    await toast('この依頼の募集は終了しました。');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/shipping-requests/detail/${item.id}`);
    expect(posts()).toEqual([
      { method: 'POST', url: '/api/v1/request-items/apply-fixed-price', body: { requestItemId: item.id } },
    ]);
  });

  it('a bid goes through the price-estimation page and its dialog to applied/delivery with the toast', async () => {
    item = deliveryRequest(1, { isApplied: false });
    applyAnswer = { status: 200, body: applied(42000) };
    signInAsDriver();
    const router = openApp(`/shipping-requests/detail/${item.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: '見積もり価格を提示して応募' }));
    await user.type(await screen.findByLabelText(/見積もり価格（円）/), '42000');
    // The request asks no 附帯業務: there is no charge for it to name, only the fuel surcharge.
    expect(screen.queryByLabelText('附帯業務の料金')).not.toBeInTheDocument();
    expect(screen.getByLabelText('燃料サーチャージ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '確認へ進む' }));
    const dialog = await screen.findByRole('dialog', { name: '見積もり価格を送信しますか？' });
    expect(dialog).toHaveTextContent('合計（税込）46,200円で荷主様へ応募します。');
    await user.click(screen.getByRole('button', { name: '送信する' }));

    await toast('依頼を荷主様へ送信しました。');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping-requests/applied/delivery'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '依頼を荷主様へ送信しました' })).toBeInTheDocument();
    expect(posts()).toEqual([
      { method: 'POST', url: '/api/v1/request-items/request-prices', body: { requestItemId: item.id, price: 42000 } },
    ]);
  });

  it('a bid may carry its own incidental charge and fuel surcharge, sent with the price', async () => {
    item = deliveryRequest(1, { isApplied: false });
    // A 附帯業務 charge counts only where the request asks for 附帯業務.
    item.deliveryItem!.incidentalWork = ['LOADING'];
    applyAnswer = { status: 200, body: applied(42000) };
    signInAsDriver();
    const router = openApp(`/shipping-requests/detail/${item.id}/price-estimation`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/見積もり価格（円）/), '42000');
    await user.type(screen.getByLabelText('附帯業務の料金'), '5000');
    await user.type(screen.getByLabelText('燃料サーチャージ'), '1500');
    await user.click(screen.getByRole('button', { name: '確認へ進む' }));
    // The dialog shows what the carrier will be paid: the bid with its charges, and the total.
    const dialog = await screen.findByRole('dialog', { name: '見積もり価格を送信しますか？' });
    expect(dialog).toHaveTextContent('合計（税込）53,350円で荷主様へ応募します。');
    expect(within(dialog).getByRole('region', { name: '金額の内訳' })).toHaveTextContent(
      '運賃42,000円附帯業務の料金5,000円燃料サーチャージ1,500円小計（税抜）48,500円消費税（10%）4,850円合計（税込）53,350円',
    );
    await user.click(await screen.findByRole('button', { name: '送信する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping-requests/applied/delivery'));
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/v1/request-items/request-prices',
        body: { requestItemId: item.id, price: 42000, incidentalCharge: 5000, fuelSurcharge: 1500 },
      },
    ]);
  });

  it('shows the driver that they already applied', async () => {
    item = deliveryRequest(1, { price: { priceType: 'FIXED', price: 35000 }, isApplied: true });
    signInAsDriver();
    openApp(`/shipping-requests/detail/${item.id}`);
    expect(await screen.findByTestId('applied-note')).toHaveTextContent('この依頼には応募済みです。');
    expect(screen.queryByRole('button', { name: '提示価格で応募する' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '応募した案件を見る' })).toHaveAttribute('href', '/shipping-requests/applied-items');
  });
});

/**
 * The back office's reviews (decision 109) as the admin meets them: the sidebar's link, the list with
 * its filters sent to the API, hiding a review with a reason and showing it again, over HTTP to a
 * local server answering like the API.
 */
import { type TAdminReviewListItem, UI_TEXT } from '@logi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRUST_TEXT } from '../../../texts/reviews';
import { sessionUser } from '../../../test/session-user';
import { json, openApp, pageOf, serveApi, signIn, toastShown, until } from '../../../test/test-kit';

const T = TRUST_TEXT.admin;

const review = (n: number, overrides: Partial<TAdminReviewListItem> = {}): TAdminReviewListItem => ({
  id: `0190a1b2-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
  requestItemId: `0190a1b2-0000-7000-8000-0000000003${String(n).padStart(2, '0')}`,
  side: 'SHIPPER',
  authorName: '株式会社サンプル物産',
  subjectName: '株式会社ミナト急便',
  rating: 2,
  tags: ['LATE'],
  comment: `集荷が遅れました（${n}）`,
  reply: null,
  repliedAt: null,
  editableUntil: '2026-11-27T01:00:00.000Z',
  hidden: false,
  hiddenReason: null,
  hiddenAt: null,
  createdAt: `2026-11-20T0${n}:00:00.000Z`,
  updatedAt: `2026-11-20T0${n}:00:00.000Z`,
  ...overrides,
});

let reviews: TAdminReviewListItem[] = [];
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
const api = serveApi(({ route, url, body }, res) => {
  if (route === 'GET /api/v1/admin/reviews') {
    const visibility = url.searchParams.get('visibility');
    const shown = visibility ? reviews.filter((r) => r.hidden === (visibility === 'HIDDEN')) : reviews;
    return json(res, pageOf(shown, url));
  }
  const change = /^POST \/api\/v1\/admin\/reviews\/([\w-]+)\/(hide|show)$/.exec(route);
  if (change) {
    const target = reviews.find((r) => r.id === change[1])!;
    const reason = (body as { reason: string }).reason;
    Object.assign(
      target,
      change[2] === 'hide'
        ? { hidden: true, hiddenReason: reason, hiddenAt: '2026-11-21T00:00:00.000Z' }
        : { hidden: false, hiddenReason: null, hiddenAt: null },
    );
    return json(res, target);
  }
});

describe('the back office’s reviews', () => {
  it('is linked from the admin navigation and sends its filters to the API', async () => {
    reviews = [review(2), review(1, { hidden: true, hiddenReason: '連絡先の記載', rating: 1 })];
    signIn(sessionUser('ADMIN'));
    const router = openApp('/dashboard/audit-log');
    const nav = await screen.findByRole('complementary', { name: UI_TEXT.dashboard.title });
    await userEvent.click(within(nav).getByRole('link', { name: UI_TEXT.dashboard.reviews }));
    await until(() => router.state.location.pathname === '/dashboard/reviews');

    const region = await screen.findByRole('region', { name: UI_TEXT.dashboard.reviews });
    await within(region).findByText('集荷が遅れました（2）');
    expect(within(region).getByText(T.hiddenReason('連絡先の記載'))).toBeVisible();
    expect(within(region).getAllByText('株式会社サンプル物産 → 株式会社ミナト急便')).toHaveLength(2);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: T.visibility }), 'HIDDEN');
    await until(() =>
      api.requests.some((r) => r.url.startsWith('/api/v1/admin/reviews?') && r.url.includes('visibility=HIDDEN')),
    );
    await until(() => within(region).queryByText('集荷が遅れました（2）') === null);
  });

  it('hides a review with the reason the admin gives, and shows it again', async () => {
    reviews = [review(1)];
    signIn(sessionUser('ADMIN'));
    openApp('/dashboard/reviews');
    const region = await screen.findByRole('region', { name: UI_TEXT.dashboard.reviews });
    await userEvent.click(await within(region).findByRole('button', { name: new RegExp(`^${T.hide}`) }));
    const dialog = await screen.findByRole('dialog', { name: T.hideTitle });
    await userEvent.type(within(dialog).getByLabelText(new RegExp(T.reason.replace(/[()（）]/g, '.'))), '個人情報の記載');
    await userEvent.click(within(dialog).getByRole('button', { name: T.hide }));
    await toastShown(T.hiddenDone);
    const hide = api.requests.find((r) => r.method === 'POST' && r.url.endsWith('/hide'));
    expect(hide?.body).toEqual({ reason: '個人情報の記載' });
    await within(region).findByText(T.hiddenReason('個人情報の記載'));

    await userEvent.click(within(region).getByRole('button', { name: new RegExp(`^${T.show}`) }));
    const again = await screen.findByRole('dialog', { name: T.showTitle });
    await userEvent.type(within(again).getByLabelText(new RegExp(T.reason.replace(/[()（）]/g, '.'))), '確認の結果問題なし');
    await userEvent.click(within(again).getByRole('button', { name: T.show }));
    await toastShown(T.shownDone);
    await until(() => within(within(region).getByRole('table')).queryByText(T.visible) !== null);
  });
});

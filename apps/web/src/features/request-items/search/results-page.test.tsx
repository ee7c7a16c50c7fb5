/** The results page as a guest meets it, over HTTP to a local server answering like the API. */
import { paginationMeta } from '@logi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionUser } from '../../../test/session-user';
import { deliveryRequest } from '../../../test/request-item.fixture';
import { json, openApp, serveApi, signIn } from '../../../test/test-kit';

let rows = [deliveryRequest(1), deliveryRequest(2)];
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
const api = serveApi(({ url }, res) => {
  if (url.pathname === '/api/v1/request-items/list/public' || url.pathname === '/api/v1/request-items/list/private') {
    // Always 23 rows in all unless none: the page shows the server's total.
    const page = Number(url.searchParams.get('page') ?? 1);
    return json(res, { meta: paginationMeta(page, 10, rows.length === 0 ? 0 : 23), data: rows });
  }
});

const listCalls = () => api.requests.filter((r) => r.url.includes('/request-items/list/'));

describe('results page', () => {
  it('lists the rows of the filters in the URL, with the total and the filters as removable chips', async () => {
    rows = [deliveryRequest(1), deliveryRequest(2)];
    const router = openApp('/shipping-requests/results?vehicleType=FOUR_T_TRUCK,COOL_TRUCK&isNearDate=true&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: '案件を探す' })).toBeInTheDocument();
    const found = await screen.findAllByTestId('request-row');
    expect(found).toHaveLength(2);
    expect(found[0]).toHaveTextContent('冷凍食品1');
    expect(found[0]).toHaveAttribute('href', `/shipping-requests/detail/${rows[0]!.id}`);
    expect(screen.getByTestId('result-count')).toHaveTextContent('23件');
    expect(listCalls()[0]!.url).toBe(
      '/api/v1/request-items/list/public?page=2&limit=10&vehicleType=FOUR_T_TRUCK&vehicleType=COOL_TRUCK&isNearDate=true',
    );

    const chips = screen.getByRole('region', { name: '指定中の条件' });
    expect(
      within(chips)
        .getAllByRole('button', { name: /^条件「/ })
        .map((b) => b.textContent),
    ).toEqual(['集荷日が近い', '4t', '冷蔵冷凍車']);
    await userEvent.click(within(chips).getByRole('button', { name: '条件「4t」を外す' }));
    await waitFor(() => expect(router.state.location.search).toBe('?isNearDate=true&vehicleType=COOL_TRUCK'));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('page=1&limit=10&vehicleType=COOL_TRUCK&isNearDate=true'));
  });

  it('asks the private list when signed in', async () => {
    signIn(sessionUser('DRIVER'));
    openApp('/shipping-requests/results');
    await screen.findAllByTestId('request-row');
    expect(listCalls().every((r) => r.url.startsWith('/api/v1/request-items/list/private'))).toBe(true);
  });

  it('says what to change when nothing matches, and clearing the filters shows everything', async () => {
    rows = [];
    const router = openApp('/shipping-requests/results?keyword=存在しない荷物');
    expect(await screen.findByText('条件に合う案件が見つかりませんでした')).toBeInTheDocument();
    expect(screen.getByText('条件を減らすか、キーワード・地域・期間を変えて再度お試しください。')).toBeInTheDocument();
    expect(screen.queryByTestId('request-row')).not.toBeInTheDocument();
    rows = [deliveryRequest(3)];
    await userEvent.click(screen.getAllByRole('button', { name: 'すべての条件をクリア' })[0]!);
    expect(await screen.findByTestId('request-row')).toHaveTextContent('冷凍食品3');
    expect(router.state.location.search).toBe('');
  });
});

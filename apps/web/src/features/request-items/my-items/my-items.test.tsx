/**
 * The customer's requests as a signed-in customer meets them: the real app shell, routes,
 * dialog registry and query client, over HTTP to a local server answering like the API
 * (test-api.ts).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uuid } from '../../../test/request-item.fixture';
import { openApp, serveApi, signIn, toastShown, until } from '../../../test/test-kit';
import { share, standardFare } from '../../../test/standard-fare.fixture';
import { CUSTOMER, candidate, customerApi, deliveryRequest, fakeApi, warehouseRequest } from './test-api';

const api = serveApi(customerApi);

beforeEach(() => {
  fakeApi.reset();
  signIn(CUSTOMER);
});

const open = (path: string) => ({ router: openApp(path), user: userEvent.setup() });
const called = (method: string, part: string) => api.requests.some((r) => r.method === method && r.url.includes(part));

describe('my-items', () => {
  it('shows skeleton rows while loading, then the requests with their status and candidates count', async () => {
    let release!: () => void;
    fakeApi.hold = new Promise((resolve) => (release = resolve));
    fakeApi.items = [deliveryRequest(2, { status: 'APPROVED' }), deliveryRequest(1)];
    fakeApi.candidates = [candidate(1, uuid(1, '8001')), candidate(2, uuid(1, '8001'))];
    open('/shipping-requests/my-items');

    expect(await screen.findByRole('heading', { name: '依頼一覧' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(8);
    release();

    const rows = await screen.findAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    // the server's order: newest first
    expect(within(rows[0]!).getByTestId('status-badge')).toHaveTextContent('承認済み');
    expect(within(rows[1]!).getByTestId('status-badge')).toHaveTextContent('承認待ち');
    expect(within(rows[1]!).getByText('応募 2件')).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('href', `/shipping-requests/my-items/detail/${uuid(1, '8001')}`);
    expect(called('GET', '/api/v1/request-items/my-items?page=1&limit=10&requestType=DELIVERY')).toBe(true);
  });

  it('shows the agreed price of a matched estimation request, and never 見積もり受付中 once bids are over', async () => {
    const estimation = { priceType: 'ESTIMATION', price: null } as const;
    const agreed = { id: uuid(9, '8005'), price: 48000, status: 'APPROVED', createdAt: '2026-11-20T09:00:00.000+09:00' } as const;
    fakeApi.items = [
      deliveryRequest(3, { status: 'COMPLETED', price: estimation, candidate: agreed }),
      deliveryRequest(2, { status: 'CANCELLED', price: estimation }),
      deliveryRequest(1, { price: estimation }),
    ];
    open('/shipping-requests/my-items');
    const rows = await screen.findAllByTestId('request-row');
    expect(within(rows[0]!).getByTestId('price')).toHaveTextContent('合意金額48,000円');
    expect(within(rows[1]!).getByTestId('price')).toHaveTextContent(/^見積もり$/);
    expect(within(rows[2]!).getByTestId('price')).toHaveTextContent('見積もり受付中');
  });

  it('has an empty state that leads to posting a request', async () => {
    open('/shipping-requests/my-items');
    expect(await screen.findByText('まだ依頼がありません')).toBeInTheDocument();
    const links = within(screen.getByRole('main')).getAllByRole('link', { name: '依頼を作成' });
    expect(links.every((link) => link.getAttribute('href') === '/shipping-requests/create')).toBe(true);
    expect(links.length).toBe(2); // the page's button and the empty state's call to action
  });

  it('switches to warehouse requests, filters by status (kept in the URL) and pages', async () => {
    fakeApi.items = [
      ...Array.from({ length: 11 }, (_, i) => warehouseRequest(20 + i)),
      warehouseRequest(40, { status: 'COMPLETED' }),
      deliveryRequest(1),
    ];
    const { router, user } = open('/shipping-requests/my-items');
    await screen.findAllByTestId('request-row');

    await user.click(screen.getByRole('tab', { name: '倉庫依頼' }));
    await until(() => router.state.location.search === '?type=warehouse');
    await until(() => screen.queryAllByTestId('request-row').length === 10);
    expect(screen.getByText('全12件')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2ページ' }));
    await until(() => router.state.location.search === '?type=warehouse&page=2');
    await until(() => screen.queryAllByTestId('request-row').length === 2);

    const filters = screen.getByRole('group', { name: 'ステータスで絞り込む' });
    await user.click(within(filters).getByRole('button', { name: 'マッチング完了' }));
    await until(() => router.state.location.search === '?type=warehouse&statuses=COMPLETED');
    await until(() => within(filters).getByRole('button', { name: 'マッチング完了' }).getAttribute('aria-pressed') === 'true');
    await until(() => screen.queryAllByTestId('request-row').length === 1);
    expect(called('GET', 'requestType=WAREHOUSE&statuses=COMPLETED')).toBe(true);

    await user.click(within(filters).getByRole('button', { name: 'キャンセル' }));
    await until(() => called('GET', 'statuses=COMPLETED%2CCANCELLED'));
    await until(() => screen.queryAllByTestId('request-row').length === 1);
    await user.click(within(filters).getByRole('button', { name: 'マッチング完了' }));
    expect(await screen.findByText('条件に合う依頼はありません')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '絞り込みを解除' }));
    await until(() => router.state.location.search === '?type=warehouse');
  });
});

/** The action buttons the detail page offers. */
const ACTIONS = ['完了報告を承認', '打ち合わせ完了', '依頼をキャンセル', '依頼を削除'] as const;
function visibleActions() {
  return ACTIONS.filter((name) => screen.queryByRole('button', { name }) !== null);
}

const reportImage = (n: number) => ({ id: uuid(n, '8009'), fileUrl: `https://files.example.jp/report-${n}.jpg` });

describe('my-items detail', () => {
  /** The approved room stays open through the job (decision 085); a completed delivery closes it. */
  const approvedTalkroom = (id: string, status: 'APPROVED' | 'IN_PROGRESS' | 'COMPLETED', meetingOpen: boolean) => ({
    id: uuid(9, '8008'),
    requestItemId: id,
    candidateId: uuid(9, '8005'),
    appliedUserId: uuid(9, '8006'),
    isActive: status !== 'COMPLETED',
    lastMessageAt: null,
    customerMeetingCompletedAt: meetingOpen ? null : '2026-11-21T11:00:00.000+09:00',
    driverMeetingCompletedAt: status === 'APPROVED' ? null : '2026-11-21T11:30:00.000+09:00',
  });
  const approved = (n: number, status: 'APPROVED' | 'IN_PROGRESS' | 'COMPLETED', meetingOpen: boolean) => {
    const item = deliveryRequest(n, { status });
    return {
      ...item,
      receiverId: uuid(9, '8006'),
      receiver: { id: uuid(9, '8006'), name: '鈴木 一郎', phone: '09011112222', companyName: '鈴木運送' },
      talkroom: approvedTalkroom(item.id, status, meetingOpen),
      // The owner's detail carries the approved application: its price is the agreed one.
      candidate: { id: uuid(9, '8005'), price: 52000, status: 'APPROVED' as const, createdAt: '2026-11-21T10:00:00.000+09:00' },
    };
  };

  const cases = [
    {
      name: 'waiting with candidates: approve a candidate; cancel or delete',
      item: deliveryRequest(1),
      candidates: 1,
      step: '候補者を承認してください',
      actions: ['依頼をキャンセル', '依頼を削除'],
    },
    {
      name: 'waiting without candidates',
      item: deliveryRequest(1),
      candidates: 0,
      step: '応募をお待ちください',
      actions: ['依頼をキャンセル', '依頼を削除'],
    },
    {
      name: 'approved, meeting open: meeting complete or cancel, no delete',
      item: approved(1, 'APPROVED', true),
      candidates: 0,
      step: 'トークルームで打ち合わせをしてください',
      actions: ['打ち合わせ完了', '依頼をキャンセル'],
    },
    {
      name: 'approved, customer has completed the meeting: only cancel',
      item: approved(1, 'APPROVED', false),
      candidates: 0,
      step: 'ドライバーの受領確認待ち',
      actions: ['依頼をキャンセル'],
    },
    {
      name: 'pickup work without a complete report: nothing to do',
      item: approved(1, 'IN_PROGRESS', false),
      candidates: 0,
      step: '集荷作業中',
      actions: [],
    },
    {
      name: 'completed: nothing to do',
      item: approved(1, 'COMPLETED', false),
      candidates: 0,
      step: '配送が完了しました',
      actions: [],
    },
    {
      name: 'cancelled delivery: cannot be deleted',
      item: deliveryRequest(1, { status: 'CANCELLED' }),
      candidates: 0,
      step: 'この依頼はキャンセルされました',
      actions: [],
    },
    {
      name: 'cancelled warehouse: may be deleted',
      item: warehouseRequest(1, { status: 'CANCELLED' }),
      candidates: 0,
      step: 'この依頼はキャンセルされました',
      actions: ['依頼を削除'],
    },
    {
      name: 'matched warehouse: nothing to do',
      item: warehouseRequest(1, { status: 'COMPLETED' }),
      candidates: 0,
      step: 'マッチングが完了しました',
      actions: [],
    },
  ];

  it.each(cases)('$name', async ({ item, candidates, step, actions }) => {
    fakeApi.items = [item];
    fakeApi.candidates = Array.from({ length: candidates }, (_, i) => candidate(i + 1, item.id));
    open(`/shipping-requests/my-items/detail/${item.id}`);
    expect(await screen.findByTestId('next-step')).toHaveTextContent(step);
    expect(visibleActions()).toEqual(actions);
  });

  it('links to the candidates (the branch of its type) and shows every field', async () => {
    const item = deliveryRequest(1);
    fakeApi.items = [item];
    fakeApi.candidates = [candidate(1, item.id), candidate(2, item.id), candidate(3, item.id)];
    open(`/shipping-requests/my-items/detail/${item.id}`);
    expect(await screen.findByRole('link', { name: /3件の応募/ })).toHaveAttribute(
      'href',
      `/shipping-requests/my-items/detail/${item.id}/candidates/delivery`,
    );
    expect(screen.queryByRole('link', { name: 'トークルームを開く' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /東京都千代田区/ })).toBeInTheDocument(); // the detail body
    expect(screen.getByText('精密機器1')).toBeInTheDocument();
  });

  it('once approved, shows the chosen applicant and links to the talkroom', async () => {
    const item = approved(2, 'APPROVED', true);
    fakeApi.items = [item];
    open(`/shipping-requests/my-items/detail/${item.id}`);
    expect(await screen.findByRole('link', { name: 'トークルームを開く' })).toHaveAttribute(
      'href',
      `/shipping-requests/detail/${item.id}/talkrooms/${uuid(9, '8008')}`,
    );
    expect(screen.getByText('鈴木 一郎')).toBeInTheDocument();
    // The agreed price, on the approved applicant's card and in place of 見積もり受付中.
    expect(screen.getByRole('region', { name: '承認した応募者' })).toHaveTextContent('合意金額52,000円');
    expect(screen.getByTestId('price')).toHaveTextContent(/^合意金額52,000円$/);
  });

  it('meeting complete opens the customer variant of complete-talkroom; then it waits for the driver, the talkroom still open', async () => {
    const item = approved(1, 'APPROVED', true);
    fakeApi.items = [item];
    const { user } = open(`/shipping-requests/my-items/detail/${item.id}`);
    await user.click(await screen.findByRole('button', { name: '打ち合わせ完了' }));
    const dialog = await screen.findByRole('dialog', { name: '打ち合わせを完了しますか？' });
    expect(within(dialog).getByText(/トークルームは配送完了まで引き続き利用できます/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '打ち合わせ完了' }));
    await toastShown('ステータスを更新しました');
    expect(called('PATCH', `/api/v1/request-items/talkrooms/${uuid(9, '8008')}/inactivate`)).toBe(true);
    await until(() => screen.queryByTestId('next-step')?.textContent === 'ドライバーの受領確認待ち');
    expect(visibleActions()).toEqual(['依頼をキャンセル']);
    // The two parties keep talking during the job: the room is not marked closed.
    expect(screen.queryByText('トークルームは終了しています（閲覧のみ）')).toBeNull();
  });

  it('cancels after confirmation, with its toast and the new status', async () => {
    const item = deliveryRequest(1);
    fakeApi.items = [item];
    const { user } = open(`/shipping-requests/my-items/detail/${item.id}`);
    await user.click(await screen.findByRole('button', { name: '依頼をキャンセル' }));
    const dialog = await screen.findByRole('dialog', { name: '依頼をキャンセルしますか？' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルする' }));
    await toastShown('配送をキャンセルしました');
    expect(called('PATCH', `/api/v1/request-items/cancel/${item.id}`)).toBe(true);
    expect(await screen.findByTestId('next-step')).toHaveTextContent('この依頼はキャンセルされました');
    await until(() => screen.queryByRole('dialog') === null);
    expect(visibleActions()).toEqual([]);
  });

  it('shows the delivery report and approves it: COMPLETED on the detail page', async () => {
    const item = approved(1, 'IN_PROGRESS', false);
    item.deliveryItem = {
      ...item.deliveryItem!,
      receiptImage: reportImage(1),
      recipientSignatureImage: reportImage(2),
      deliveryImage: reportImage(3),
      reportedAt: '2026-12-01T15:30:00.000+09:00',
      isReportComplete: true,
    };
    fakeApi.items = [item];
    const { router, user } = open(`/shipping-requests/my-items/detail/${item.id}`);
    expect(await screen.findByTestId('next-step')).toHaveTextContent('完了報告の確認待ち');
    expect(screen.getByRole('img', { name: '受領書' })).toHaveAttribute('src', 'https://files.example.jp/report-1.jpg');
    expect(screen.getByRole('img', { name: '受取人の署名' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '配送画像' })).toBeInTheDocument();
    expect(visibleActions()).toEqual(['完了報告を承認']);

    await user.click(screen.getByRole('button', { name: '完了報告を承認' }));
    const dialog = await screen.findByRole('dialog', { name: '完了報告を承認しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '承認する' }));
    await toastShown('完了報告を承認しました');
    expect(await screen.findByTestId('next-step')).toHaveTextContent('配送が完了しました');
    expect(screen.getAllByTestId('status-badge')[0]).toHaveTextContent('配送完了');
    expect(router.state.location.pathname).toBe(`/shipping-requests/my-items/detail/${item.id}`);
  });

  it('flags a cold load’s reading outside its range on the report and in the approval dialog', async () => {
    const item = approved(1, 'IN_PROGRESS', false);
    item.deliveryItem = {
      ...item.deliveryItem!,
      vehicleTemperatureRange: 'REFRIGERATED',
      receiptImage: reportImage(1),
      recipientSignatureImage: reportImage(2),
      deliveryImage: reportImage(3),
      reportedAt: '2026-12-01T15:30:00.000+09:00',
      pickupTemperature: 5,
      deliveryTemperature: 11.5,
      isTemperatureRequired: true,
      isTemperatureOutOfRange: true,
      isReportComplete: true,
    };
    fakeApi.items = [item];
    const { user } = open(`/shipping-requests/my-items/detail/${item.id}`);
    const record = await screen.findByRole('region', { name: '温度記録' });
    expect(within(record).getByText('（冷蔵の基準: 0〜10℃）')).toBeInTheDocument();
    expect(
      within(record)
        .getAllByTestId('temperature-reading')
        .map((r) => r.textContent),
    ).toEqual(['集荷時の温度5.0℃', '配達時の温度11.5℃基準外']);
    expect(within(record).getByRole('alert')).toHaveTextContent('基準を外れた温度が記録されています。');

    await user.click(screen.getByRole('button', { name: '完了報告を承認' }));
    const dialog = await screen.findByRole('dialog', { name: '完了報告を承認しますか？' });
    expect(dialog).toHaveTextContent('荷物の状態をドライバーに確認してから承認してください。');
  });

  it('a request closed at its selection deadline is posted again in one click, and then links to the copy', async () => {
    const item = deliveryRequest(1, {
      status: 'CANCELLED',
      selectionDeadline: '2026-11-30T18:00:00.000+09:00',
      selectionClosedAt: '2026-11-30T18:00:20.000+09:00',
      numberOfCandidates: 2,
    });
    fakeApi.items = [item];
    const { router, user } = open(`/shipping-requests/my-items/detail/${item.id}`);
    expect(await screen.findByTestId('next-step')).toHaveTextContent('選考期限で締め切られました');
    // Its state says how it closed, wherever shown; not キャンセル (the customer did not cancel it).
    const states = screen.getAllByTestId('status-badge').map((b) => b.textContent);
    expect(new Set(states)).toEqual(new Set(['選考期限で締切']));
    expect(screen.queryByText('キャンセル')).not.toBeInTheDocument();
    expect(screen.getByTestId('selection-deadline')).toHaveTextContent(/選考期限 2026年11月30日 \d{2}:00/);

    await user.click(screen.getByRole('button', { name: '同じ内容で再掲載' }));
    await toastShown('同じ内容で再掲載しました。');
    const copy = fakeApi.items[1]!;
    await until(() => router.state.location.pathname === `/shipping-requests/my-items/detail/${copy.id}`);
    expect(called('POST', `/api/v1/request-items/${item.id}/repost`)).toBe(true);
    expect(await screen.findByText('応募をお待ちください')).toBeInTheDocument();

    act(() => void router.navigate(`/shipping-requests/my-items/detail/${item.id}`));
    expect(await screen.findByRole('link', { name: '再掲載した依頼を見る' })).toHaveAttribute(
      'href',
      `/shipping-requests/my-items/detail/${copy.id}`,
    );
    expect(screen.queryByRole('button', { name: '同じ内容で再掲載' })).not.toBeInTheDocument();
  });

  it('shows the agreed charges of the approved bid, not the request’s, and downloads each version of the 運送条件書', async () => {
    const item = approved(1, 'APPROVED', true);
    item.deliveryItem = {
      ...item.deliveryItem!,
      incidentalWork: ['LOADING', 'SORTING'],
      incidentalCharge: 8000,
      waitingChargePer30Min: 2000,
      tollsPaidBy: null,
      fuelSurcharge: 3000,
      paymentTerms: '月末締め翌月末払い',
    };
    // The bid named its own charges: the server's answer carries what was agreed.
    item.agreedCharges = {
      fare: 38000,
      incidentalCharge: 9000,
      fuelSurcharge: 3500,
      taxRate: '10%',
      subtotal: 50500,
      consumptionTax: 5050,
      total: 55550,
    };
    const v1 = { number: 'TC-0000-0001', version: 1, reason: 'APPROVED' as const, issuedAt: '2026-11-25T10:00:00.000+09:00' };
    const v2 = {
      number: 'TC-0000-0001-2',
      version: 2,
      reason: 'CARRIER_ASSIGNED' as const,
      issuedAt: '2026-11-26T10:00:00.000+09:00',
    };
    item.transportConditions = { ...v2, versions: [v1, v2] };
    fakeApi.items = [item];
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      saved.push(b);
      return 'blob:pdf';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = open(`/shipping-requests/my-items/detail/${item.id}`);

    const conditions = await screen.findByRole('region', { name: '運送条件' });
    for (const text of [
      '積込み・仕分け',
      '9,000円（税抜）',
      '3,500円（税抜）',
      '30分ごと 2,000円（税抜）',
      '定めなし（別途協議）',
      '50,500円',
      '5,050円',
      '55,550円',
      '月末締め翌月末払い',
    ]) {
      expect(within(conditions).getByText(text)).toBeInTheDocument();
    }
    expect(within(conditions).getByText('消費税（10%）')).toBeInTheDocument();
    expect(within(conditions).queryByText('8,000円（税抜）')).not.toBeInTheDocument();
    expect(within(conditions).queryByText('3,000円（税抜）')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '運送条件書（PDF）' }));
    await until(() => saved.length === 1);
    expect(called('GET', `/api/v1/request-items/${item.id}/transport-conditions?version=2`)).toBe(true);
    expect(new TextDecoder().decode(await saved[0]!.arrayBuffer())).toContain('%PDF');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('運送条件書_TC-0000-0001-2.pdf');
    // The first version stays downloadable.
    await user.click(within(screen.getByTestId('conditions-versions')).getByRole('button', { name: /^第1版/ }));
    await until(() => saved.length === 2);
    expect(called('GET', `/api/v1/request-items/${item.id}/transport-conditions?version=1`)).toBe(true);
    expect((click.mock.instances[1] as unknown as HTMLAnchorElement).download).toBe('運送条件書_TC-0000-0001.pdf');
  });

  it('deletes by owner: back to my-items with the toast', async () => {
    const item = deliveryRequest(1);
    fakeApi.items = [item, deliveryRequest(2)];
    const { router, user } = open(`/shipping-requests/my-items/detail/${item.id}`);
    await user.click(await screen.findByRole('button', { name: '依頼を削除' }));
    const dialog = await screen.findByRole('dialog', { name: '依頼を削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    await toastShown('配送依頼を削除しました');
    await until(() => router.state.location.pathname === '/shipping-requests/my-items');
    await until(() => screen.queryAllByTestId('request-row').length === 1);
    expect(called('DELETE', `/api/v1/request-items/${item.id}/owner`)).toBe(true);
  });

  it('a failed delete shows the message of spec §8 and stays', async () => {
    const item = deliveryRequest(1);
    fakeApi.items = [item];
    fakeApi.failures.set(`DELETE /api/v1/request-items/${item.id}/owner`, { status: 500, code: 'INTERNAL_ERROR' });
    const { router, user } = open(`/shipping-requests/my-items/detail/${item.id}`);
    await user.click(await screen.findByRole('button', { name: '依頼を削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除する' }));
    await toastShown('配送依頼の削除に失敗しました。時間をおいて再度お試しください');
    expect(router.state.location.pathname).toBe(`/shipping-requests/my-items/detail/${item.id}`);
  });
});

describe('candidates', () => {
  it('lists the candidates with company, price, applied date and status; approving leads to the approved page', async () => {
    const item = deliveryRequest(1);
    // The request pays 附帯業務 3,000円 and a 1,500円 fuel surcharge; this bid asks 2,000円 for the 附帯業務.
    item.deliveryItem = { ...item.deliveryItem!, incidentalWork: ['LOADING'], incidentalCharge: 3000, fuelSurcharge: 1500 };
    fakeApi.items = [item];
    fakeApi.candidates = [
      candidate(2, item.id, { price: 42000, incidentalCharge: 2000 }),
      candidate(1, item.id, { company: null }),
    ];
    const { router, user } = open(`/shipping-requests/my-items/detail/${item.id}/candidates`);

    const rows = await screen.findAllByTestId('candidate-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('heading', { name: 'ドライバー2' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('運送会社2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('見積もり金額')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('42,000円')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/応募日時 2026年11月22日 \d\d:00/)).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('candidate-status')).toHaveTextContent('応募中');
    expect(within(rows[1]!).getByText('会社情報なし')).toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'この応募者を承認' }));
    const dialog = await screen.findByRole('dialog', { name: 'この応募者を承認しますか？' });
    expect(within(dialog).getByText('ドライバー2（運送会社2）')).toBeInTheDocument();
    // What approving agrees to pay: the bid's fare and charges, and their total.
    const charges = within(dialog).getByRole('region', { name: '金額の内訳' });
    expect(charges).toHaveTextContent(
      '運賃42,000円附帯業務の料金2,000円燃料サーチャージ1,500円小計（税抜）45,500円消費税（10%）4,550円合計（税込）50,050円',
    );
    await user.click(within(dialog).getByRole('button', { name: '承認する' }));

    await until(
      () => router.state.location.pathname === `/shipping-requests/my-items/detail/${item.id}/candidates/delivery/approved`,
    );
    expect(await screen.findByRole('heading', { name: '応募者を承認しました' })).toBeInTheDocument();
    expect(screen.getByTestId('approved-receiver')).toHaveTextContent('ドライバー2（運送会社2）');
    expect(screen.getByRole('link', { name: 'トークルームを開く' })).toHaveAttribute(
      'href',
      `/shipping-requests/detail/${item.id}/talkrooms/${uuid(2, '8008')}`,
    );
    await toastShown('ステータスを更新しました');
    expect(called('POST', `/api/v1/candidates/${uuid(2, '8005')}/approve`)).toBe(true);
  });

  it('shows each bid as a share of the standard fare, with the breakdown it was measured against one tap away', async () => {
    const item = deliveryRequest(1);
    fakeApi.items = [item];
    fakeApi.candidates = [
      candidate(2, item.id, { price: 87000, standardFare: share(87, 87000) }),
      candidate(1, item.id, { price: 120000, distanceKm: 480, standardFare: share(125, 120000, 480) }),
    ];
    fakeApi.bidFares.set(uuid(1, '8005'), {
      share: share(125, 120000, 480),
      breakdown: standardFare({ km: 480, estimated: false, subtotal: 96000 }),
    });
    const { user } = open(`/shipping-requests/my-items/detail/${item.id}/candidates`);

    const rows = await screen.findAllByTestId('candidate-row');
    expect(within(rows[0]!).getByTestId('fare-share')).toHaveTextContent('標準的運賃の87%');
    expect(within(rows[1]!).getByTestId('fare-share')).toHaveTextContent('標準的運賃の125%申告距離 480km で計算');
    // Loaded only when opened.
    expect(called('GET', '/standard-fare')).toBe(false);
    await user.click(within(rows[1]!).getByText('ドライバー1の標準的運賃の内訳'));
    const breakdown = await within(rows[1]!).findByTestId('standard-fare-breakdown');
    expect(within(breakdown).getByText('480km（入力値）')).toBeInTheDocument();
    expect(within(breakdown).getByText('96,000円')).toBeInTheDocument();
    expect(called('GET', `/api/v1/candidates/${uuid(1, '8005')}/standard-fare`)).toBe(true);
  });

  it('after a warehouse approval the other candidates show as not chosen, and nobody can be approved', async () => {
    const item = warehouseRequest(1);
    fakeApi.items = [item];
    fakeApi.candidates = [candidate(1, item.id), candidate(2, item.id)];
    const { router, user } = open(`/shipping-requests/my-items/detail/${item.id}/candidates/warehouse/detail/${uuid(1, '8005')}`);

    const detail = await screen.findByTestId('candidate-detail');
    expect(within(detail).getByText('driver1@example.jp')).toBeInTheDocument();
    expect(within(detail).getByText('単価')).toBeInTheDocument();
    expect(within(detail).getByText('31,000円／個')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'この応募者を承認' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '承認する' }));
    await until(
      () => router.state.location.pathname === `/shipping-requests/my-items/detail/${item.id}/candidates/warehouse/approved`,
    );
    expect(await screen.findByRole('heading', { name: 'マッチングが完了しました' })).toBeInTheDocument();

    await act(() => router.navigate(`/shipping-requests/my-items/detail/${item.id}/candidates/warehouse`));
    await until(() => screen.queryAllByTestId('candidate-row').length === 2);
    const [chosen, other] = screen.getAllByTestId('candidate-row');
    expect(within(chosen!).getByTestId('candidate-status')).toHaveTextContent('承認済み');
    expect(within(other!).getByTestId('candidate-status')).toHaveTextContent('見送り');
    expect(screen.queryByRole('button', { name: 'この応募者を承認' })).not.toBeInTheDocument();
    expect(screen.getByText('承認済みの応募者がいます')).toBeInTheDocument();
  });
});

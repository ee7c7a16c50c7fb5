/**
 * The carrier's requests as a signed-in driver meets them: the real app shell, routes and
 * query client, over HTTP to a local server answering like the API (common/carrier-api.fixture.ts).
 */
import { FIELD_MESSAGES, type TRequestItemDetail } from '@logi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DRIVER, carrierApi, delivery, fakeApi, image } from '../../../test/carrier-api.fixture';
import { uuid } from '../../../test/request-item.fixture';
import { openApp, serveApi, signIn } from '../../../test/test-kit';

const api = serveApi(carrierApi);

beforeEach(() => {
  fakeApi.reset();
  signIn(DRIVER);
});

/** A warehouse the driver applied to and that went to someone else. */
function warehouseNotChosen(n: number): TRequestItemDetail {
  const base = delivery(n);
  return {
    ...base,
    type: 'WAREHOUSE',
    status: 'COMPLETED',
    price: { priceType: 'PER_UNIT', price: 1500 },
    deliveryItem: null,
    warehouseItem: {
      id: uuid(n, '8004'),
      roomTemperatureRange: 'REFRIGERATED',
      status: 'COMPLETED',
      requestAmount: 30,
      acreage: 50,
      location: { postalCode: '5300001', prefecture: '大阪府', city: '大阪市北区', town: '梅田', block: '1-1', building: null },
      vehicleTypes: [],
      images: [],
      isAllowCancel: false,
    },
    receiverId: uuid(99, '8006'),
    candidate: { id: uuid(n, '8005'), price: 1500, status: 'NOT_CHOSEN', createdAt: base.createdAt },
    talkroom: base.talkroom && { ...base.talkroom, isActive: false },
  };
}

const rowOf = (text: string) => screen.getAllByTestId('request-row').find((row) => row.textContent?.includes(text))!;

describe('applied items', () => {
  // The first test of the file also waits for the lazy route chunks to compile (60 s).
  it('shows for each application whether the driver was chosen, not chosen or is still waiting', async () => {
    fakeApi.items = [delivery(1), warehouseNotChosen(2), delivery(3, { status: 'WAITING_APPROVE' })];
    openApp('/shipping-requests/applied-items');

    expect(await screen.findByRole('heading', { name: '応募した案件' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('request-row')).toHaveLength(3);
    expect(within(rowOf('精密機器1')).getByTestId('candidacy')).toHaveTextContent('承認されました');
    expect(within(rowOf('精密機器3')).getByTestId('candidacy')).toHaveTextContent('選考中');
    const warehouse = rowOf('大阪府大阪市北区');
    expect(within(warehouse).getByTestId('candidacy')).toHaveTextContent('選ばれませんでした');
    expect(within(warehouse).getByTestId('status-badge')).toHaveTextContent('マッチング完了');
    expect(within(warehouse).getByText('1,500円', { selector: 'span' })).toBeInTheDocument();
  }, 60_000);

  it('invites a driver without applications to find requests', async () => {
    openApp('/shipping-requests/applied-items');
    expect(await screen.findByText('応募した依頼はありません。')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: '案件を探す' })).toHaveAttribute(
      'href',
      '/shipping-requests/results',
    );
  });

  it('tells a driver who was not chosen so on the detail page, with no action to take', async () => {
    const item = warehouseNotChosen(2);
    fakeApi.items = [item];
    openApp(`/shipping-requests/applied-items/detail/${item.id}`);
    expect(await screen.findByTestId('next-step')).toHaveTextContent('今回は別の方に決定しました');
    expect(screen.getByTestId('candidacy')).toHaveTextContent('選ばれませんでした');
    expect(screen.queryByRole('button', { name: '打ち合わせ完了' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '完了報告へ進む' })).not.toBeInTheDocument();
  });
});

describe('delivery report page', () => {
  it('shows which of the three images are present and lets the driver send the missing one', async () => {
    const item = delivery(4, { status: 'IN_PROGRESS' });
    item.deliveryItem = { ...item.deliveryItem!, status: 'IN_PROGRESS', receiptImage: image(1), deliveryImage: image(3) };
    fakeApi.items = [item];
    openApp(`/shipping-requests/applied-items/detail/${item.id}/report`);

    expect(await screen.findByRole('heading', { name: '配送完了報告' })).toBeInTheDocument();
    expect(screen.getByText('2 / 3 点提出済み')).toBeInTheDocument();
    // A room-temperature load asks for no temperatures.
    expect(screen.queryByRole('region', { name: '温度記録' })).not.toBeInTheDocument();
    const slot = (name: string) => screen.getByRole('region', { name });
    expect(within(slot('受領書')).getByText('提出済み')).toBeInTheDocument();
    expect(within(slot('受領書')).getByRole('img', { name: '受領書' })).toHaveAttribute('src', image(1).fileUrl);
    expect(within(slot('受取人の署名')).getByText('未提出')).toBeInTheDocument();
    expect(within(slot('配送画像')).getByText('提出済み')).toBeInTheDocument();
    expect(within(slot('受取人の署名')).getByLabelText('受取人の署名')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: '完了報告を送信' })).toBeInTheDocument();
    expect(screen.queryByText(/荷主様の承認をお待ちください/)).not.toBeInTheDocument();
  });

  it('says a complete report awaits the customer’s approval', async () => {
    const item = delivery(5, { status: 'IN_PROGRESS' });
    item.deliveryItem = {
      ...item.deliveryItem!,
      status: 'IN_PROGRESS',
      receiptImage: image(1),
      recipientSignatureImage: image(2),
      deliveryImage: image(3),
      isReportComplete: true,
    };
    fakeApi.items = [item];
    openApp(`/shipping-requests/applied-items/detail/${item.id}/report`);

    expect(await screen.findByText('すべて提出済みです。荷主様の承認をお待ちください。')).toBeInTheDocument();
    expect(screen.getByText('3 / 3 点提出済み')).toBeInTheDocument();
    expect(screen.getAllByText('提出済み')).toHaveLength(3);
  });

  it('asks a 冷凍 load for both temperatures, sends them, and flags the one outside -15℃以下', async () => {
    const item = delivery(6, { status: 'IN_PROGRESS' });
    item.deliveryItem = {
      ...item.deliveryItem!,
      status: 'IN_PROGRESS',
      vehicleTemperatureRange: 'FROZEN',
      isTemperatureRequired: true,
    };
    fakeApi.items = [item];
    const user = userEvent.setup();
    openApp(`/shipping-requests/applied-items/detail/${item.id}/report`);

    const record = await screen.findByRole('region', { name: '温度記録' });
    expect(screen.getByText('0 / 5 点提出済み')).toBeInTheDocument();
    // The page asks for the five parts it counts, not the three images alone.
    expect(screen.getByText(/あわせて5点を送信してください/)).toBeInTheDocument();
    expect(screen.queryByText(/3点をアップロードして送信してください/)).not.toBeInTheDocument();
    expect(within(record).getByText('（冷凍の基準: -15℃以下）')).toBeInTheDocument();
    expect(within(record).getAllByText('未記録')).toHaveLength(2);
    await user.type(within(record).getByLabelText('集荷時の温度'), '-18.5');
    await user.type(within(record).getByLabelText('配達時の温度'), '-12');
    await user.click(screen.getByRole('button', { name: '完了報告を送信' }));

    await waitFor(() => expect(within(record).getAllByTestId('temperature-reading')[1]).toHaveTextContent('-12.0℃基準外'));
    expect(within(record).getAllByTestId('temperature-reading')[0]).toHaveTextContent('-18.5℃');
    expect(within(record).getAllByTestId('temperature-reading')[0]).not.toHaveTextContent('基準外');
    expect(screen.getByText('2 / 5 点提出済み')).toBeInTheDocument();
    const sent = api.requests.find((r) => r.method === 'POST' && r.url.includes('/delivery-report/'));
    expect(sent?.body).toEqual({ pickupTemperature: -18.5, deliveryTemperature: -12 });
  });

  it('rejects a reading with two decimals under its field, sending nothing', async () => {
    const item = delivery(7, { status: 'IN_PROGRESS' });
    item.deliveryItem = {
      ...item.deliveryItem!,
      status: 'IN_PROGRESS',
      vehicleTemperatureRange: 'REFRIGERATED',
      isTemperatureRequired: true,
    };
    fakeApi.items = [item];
    const user = userEvent.setup();
    openApp(`/shipping-requests/applied-items/detail/${item.id}/report`);

    const record = await screen.findByRole('region', { name: '温度記録' });
    await user.type(within(record).getByLabelText('集荷時の温度'), '3.25');
    await user.click(screen.getByRole('button', { name: '完了報告を送信' }));
    expect(await within(record).findByText(FIELD_MESSAGES.temperature)).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

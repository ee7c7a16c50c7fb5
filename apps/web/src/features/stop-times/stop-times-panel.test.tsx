/**
 * The carrier's stop buttons on a phone: a tap made without signal waits in the device's
 * queue with its own time and id, and is sent with them when the connection returns; a tap the
 * server refuses is dropped with its message. Over real HTTP to a local server answering like the API.
 */
import { ERROR_MESSAGES, type TStopTimeBody, type TStopTimeCorrectionBody, type TStopTimes } from '@logi/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DRIVER, carrierApi, delivery, fakeApi } from '../../test/carrier-api.fixture';
import { fail, json, openApp, serveApi, signIn, toastShown, until } from '../../test/test-kit';
import { readQueue } from './tap-queue';

const item = delivery(1, { status: 'IN_PROGRESS' });
const [pickupStop, deliveryStop] = item.deliveryItem!.transports;

const blank = (stopId: string, transportType: 'PICKUP' | 'DELIVERY', site: string): TStopTimes => ({
  stopId,
  position: transportType === 'PICKUP' ? 0 : 1,
  transportType,
  site,
  arrivedAt: null,
  loadingStartedAt: null,
  loadingFinishedAt: null,
  departedAt: null,
  waitingMinutes: null,
  loadingMinutes: null,
  overLimit: false,
  waitingCharge: null,
  corrections: [],
});

const server = {
  online: true,
  refuse: false,
  received: [] as TStopTimeBody[],
  corrected: [] as TStopTimeCorrectionBody[],
  stops: [] as TStopTimes[],
  waitingChargePer30Min: null as number | null,
};

const answer = () => ({
  requestItemId: item.id,
  waitingChargePer30Min: server.waitingChargePer30Min,
  waitingChargeTotal:
    server.waitingChargePer30Min === null ? null : server.stops.reduce((sum, s) => sum + (s.waitingCharge ?? 0), 0),
  stops: server.stops,
});

const api = serveApi((call, res) => {
  if (call.route === `GET /api/v1/request-items/${item.id}/stop-times`) return json(res, answer());
  if (call.route === `POST /api/v1/request-items/${item.id}/stop-times/corrections`) {
    const body = call.body as TStopTimeCorrectionBody;
    server.corrected.push(body);
    server.stops = server.stops.map((s) =>
      s.stopId === body.stopId
        ? {
            ...s,
            loadingStartedAt: body.occurredAt,
            corrections: [
              ...s.corrections,
              {
                event: body.event,
                fromAt: s.loadingStartedAt!,
                toAt: body.occurredAt,
                reason: body.reason,
                correctedAt: s.loadingStartedAt!,
              },
            ],
          }
        : s,
    );
    return json(res, answer());
  }
  if (call.route === `POST /api/v1/request-items/${item.id}/stop-times`) {
    // No signal: the connection drops before any answer.
    if (!server.online) return res.destroy();
    if (server.refuse) return fail(res, 409, 'STOP_TIME_OUT_OF_ORDER');
    const body = call.body as TStopTimeBody;
    server.received.push(body);
    server.stops = server.stops.map((s) =>
      s.stopId === body.stopId && body.event === 'ARRIVED' ? { ...s, arrivedAt: body.occurredAt } : s,
    );
    return json(res, answer());
  }
  return carrierApi(call, res);
});

beforeEach(() => {
  localStorage.clear();
  fakeApi.reset();
  fakeApi.items = [item];
  Object.assign(server, {
    online: true,
    refuse: false,
    received: [],
    corrected: [],
    waitingChargePer30Min: null,
    stops: [
      blank(pickupStop!.id, 'PICKUP', '東京都 千代田区 1-1'),
      blank(deliveryStop!.id, 'DELIVERY', '神奈川県 横浜市西区 1-1'),
    ],
  });
  signIn(DRIVER);
});

const stopCard = async (site: string) =>
  (await screen.findAllByTestId('stop-times')).find((el) => el.textContent?.includes(site))!;

describe('the carrier’s stop buttons', () => {
  // The first test of the file also waits for the lazy route chunks to compile.
  it('queues an offline 到着 with its own time and sends it, unchanged, when the phone is back online', async () => {
    server.online = false;
    openApp(`/shipping-requests/applied-items/detail/${item.id}`);
    const pickup = await stopCard('東京都 千代田区');
    const before = Date.now();
    fireEvent.click(within(pickup).getByRole('button', { name: '到着' }));

    expect(await screen.findByText('未送信 1件（通信が回復すると送信します）')).toBeInTheDocument();
    const [queued] = readQueue();
    expect(queued).toMatchObject({ requestItemId: item.id, stopId: pickupStop!.id, event: 'ARRIVED' });
    expect(new Date(queued!.occurredAt).getTime()).toBeGreaterThanOrEqual(before);
    // The next step is offered at once, though the tap is not sent yet.
    expect(within(await stopCard('東京都 千代田区')).getByRole('button', { name: '荷役開始' })).toBeInTheDocument();

    server.online = true;
    window.dispatchEvent(new Event('online'));
    await until(() => server.received.length === 1);
    expect(server.received[0]).toEqual({
      clientId: queued!.clientId,
      stopId: pickupStop!.id,
      event: 'ARRIVED',
      occurredAt: queued!.occurredAt,
    });
    await until(() => screen.queryByText(/^未送信/) === null);
    expect(readQueue()).toEqual([]);
    // Each stop has its own buttons: the delivery stop still starts at 到着.
    expect(within(await stopCard('神奈川県')).getByRole('button', { name: '到着' })).toBeInTheDocument();
    // The failed send and the later one were the same tap (one id), so the server records it once.
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posts.map((r) => (r.body as TStopTimeBody).clientId))).toEqual(new Set([queued!.clientId]));
  });

  it('drops a tap the server refuses and says why', async () => {
    server.refuse = true;
    openApp(`/shipping-requests/applied-items/detail/${item.id}`);
    fireEvent.click(within(await stopCard('神奈川県')).getByRole('button', { name: '到着' }));
    await toastShown(`到着の記録は送信できませんでした: ${ERROR_MESSAGES.STOP_TIME_OUT_OF_ORDER}`);
    expect(readQueue()).toEqual([]);
    expect(within(await stopCard('神奈川県')).getByRole('button', { name: '到着' })).toBeInTheDocument();
  });

  it('shows each stop’s agreed waiting charge and their total when the written conditions set one', async () => {
    server.waitingChargePer30Min = 2500;
    server.stops = [
      { ...server.stops[0]!, waitingMinutes: 61, loadingMinutes: 20, waitingCharge: 5000 },
      { ...server.stops[1]!, waitingCharge: 0 },
    ];
    openApp(`/shipping-requests/applied-items/detail/${item.id}`);
    const pickup = await stopCard('東京都 千代田区');
    expect(within(pickup).getByTestId('waiting-charge')).toHaveTextContent('5,000円');
    expect(within(await stopCard('神奈川県')).getByTestId('waiting-charge')).toHaveTextContent('0円');
    expect(screen.getByTestId('waiting-charge-total')).toHaveTextContent('5,000円');
    expect(screen.getByText('運送条件書の待機料金: 到着から30分を超えた待機に30分ごと 2,500円')).toBeInTheDocument();
  });

  it('corrects a mistaken time with its reason; the stop then shows the time tapped, the change and why', async () => {
    server.stops = [
      { ...server.stops[0]!, arrivedAt: '2026-11-20T09:00:00.000+09:00', loadingStartedAt: '2026-11-20T09:05:00.000+09:00' },
      server.stops[1]!,
    ];
    openApp(`/shipping-requests/applied-items/detail/${item.id}`);
    const pickup = await stopCard('東京都 千代田区');
    // Nothing recorded yet at the delivery stop: nothing to correct there.
    expect(within(await stopCard('神奈川県')).queryByRole('button', { name: '時刻を修正' })).toBeNull();
    fireEvent.click(within(pickup).getByRole('button', { name: '時刻を修正' }));
    const form = await within(pickup).findByRole('form', { name: '時刻を修正' });
    // The last recorded step is offered first, at its recorded time (Japan's clock).
    expect(within(form).getByRole('radio', { name: '荷役開始' })).toBeChecked();
    expect(within(form).getByLabelText(/正しい時刻/)).toHaveValue('2026-11-20T09:05');
    fireEvent.change(within(form).getByLabelText(/正しい時刻/), { target: { value: '2026-11-20T10:40' } });
    fireEvent.click(within(form).getByRole('button', { name: '修正する' }));
    expect(await within(form).findByText('必須項目です。')).toBeInTheDocument();
    expect(server.corrected).toEqual([]);

    fireEvent.input(within(form).getByLabelText(/修正の理由/), { target: { value: '到着直後に誤って押したため' } });
    fireEvent.click(within(form).getByRole('button', { name: '修正する' }));
    await until(() => server.corrected.length === 1);
    expect(server.corrected[0]).toEqual({
      stopId: pickupStop!.id,
      event: 'LOADING_STARTED',
      occurredAt: '2026-11-20T10:40:00+09:00',
      reason: '到着直後に誤って押したため',
    });
    await toastShown('時刻を修正しました。');
    const history = await within(await stopCard('東京都 千代田区')).findByRole('region', { name: '時刻の修正履歴' });
    expect(history).toHaveTextContent('荷役開始: 2026年11月20日 09:05 → 2026年11月20日 10:40');
    expect(history).toHaveTextContent('理由: 到着直後に誤って押したため');
    expect(within(await stopCard('東京都 千代田区')).getByText('修正あり')).toBeInTheDocument();
  });

  it('shows the corrections to a reader who cannot correct, and offers the month’s waiting charges as CSV', async () => {
    const done = delivery(1, { status: 'COMPLETED' });
    fakeApi.items = [done];
    server.waitingChargePer30Min = 2500;
    server.stops = [
      {
        ...server.stops[0]!,
        arrivedAt: '2026-11-20T09:00:00.000+09:00',
        loadingStartedAt: '2026-11-20T10:40:00.000+09:00',
        waitingMinutes: 100,
        waitingCharge: 7500,
        corrections: [
          {
            event: 'LOADING_STARTED',
            fromAt: '2026-11-20T09:05:00.000+09:00',
            toAt: '2026-11-20T10:40:00.000+09:00',
            reason: '受付票の時刻に合わせました',
            correctedAt: '2026-11-20T12:00:00.000+09:00',
          },
        ],
      },
      server.stops[1]!,
    ];
    openApp(`/shipping-requests/applied-items/detail/${item.id}`);
    const pickup = await stopCard('東京都 千代田区');
    expect(within(pickup).getByRole('region', { name: '時刻の修正履歴' })).toHaveTextContent('理由: 受付票の時刻に合わせました');
    expect(within(pickup).queryByRole('button', { name: '時刻を修正' })).toBeNull();
    expect(screen.getByRole('button', { name: '2026年11月の待機料金明細（CSV）' })).toBeInTheDocument();
  });
});

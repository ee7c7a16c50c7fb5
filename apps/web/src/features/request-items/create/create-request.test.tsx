/**
 * Posting a request as a signed-in customer meets it: the real app shell, routes, dialog
 * registry and query client, over HTTP to a local server answering like the API (session,
 * postal lookup, file upload with its storage endpoint, and the two create calls).
 */
import { CLIENT_MESSAGES, FIELD_MESSAGES, ZCreateDeliveryBody, ZCreateWarehouseBody } from '@logi/contract';
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { formatDate, todayInJapan } from '../../../lib/format';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { sessionUser } from '../../../test/session-user';
import { deliveryRequest, uuid } from '../../../test/request-item.fixture';
import { json, openApp, serveApi, signIn, until } from '../../../test/test-kit';

const CUSTOMER = sessionUser('CUSTOMER');
const zone = process.env.TZ;
const at = '2026-11-20T09:00:00.000+09:00';
const CREATED_ID = uuid(42, '8001');
const FILE_ID = uuid(1, '8009');
const ADDRESSES: Record<string, { prefecture: string; city: string; town: string }> = {
  '100-0001': { prefecture: '東京都', city: '千代田区', town: '千代田' },
  '220-0011': { prefecture: '神奈川県', city: '横浜市西区', town: '高島' },
};

const api = {
  posted: [] as { path: string; body: unknown }[],
  stored: 0,
  /** The create calls answer this error once when set. */
  refuse: null as null | { status: number; code: string; message: string },
};

serveApi(({ route, url, body, method }, res) => {
  if (route === 'GET /api/v1/locations') {
    const address = ADDRESSES[url.searchParams.get('postalCode') ?? ''];
    if (!address) return json(res, { statusCode: 404, error: 'Not Found', message: '', code: 'POSTAL_CODE_NOT_FOUND' }, 404);
    return json(res, { ...address, addresses: [address] });
  }
  if (route === 'POST /api/v1/files/upload') {
    return json(
      res,
      [{ fileId: FILE_ID, url: '/storage', fields: { key: 'uploads/k', policy: 'p' }, expiresAt: at, maxBytes: 10_485_760 }],
      201,
    );
  }
  if (url.pathname === '/storage') {
    // jsdom preflights an XHR that listens to upload progress; answered as an S3 CORS rule would.
    res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST' });
    if (method !== 'OPTIONS') api.stored += 1;
    return res.end();
  }
  if (route === 'POST /api/v1/files/confirm') {
    return json(res, [
      {
        id: FILE_ID,
        fileUrl: '/f',
        fileType: 'image/png',
        fileName: 'baggage.png',
        kind: 'IMAGE',
        isUploaded: true,
        createdAt: at,
        updatedAt: at,
      },
    ]);
  }
  if (route === 'POST /api/v1/request-items/deliveries' || route === 'POST /api/v1/request-items/warehouses') {
    if (api.refuse) {
      const { status, code, message } = api.refuse;
      api.refuse = null;
      return json(res, { statusCode: status, error: 'Error', message, code }, status);
    }
    api.posted.push({ path: url.pathname, body });
    // The page reads only the id of what the create call answers.
    const type = url.pathname.endsWith('deliveries') ? 'DELIVERY' : 'WAREHOUSE';
    return json(res, deliveryRequest(1, { id: CREATED_ID, type, deliveryItem: null, creatorId: CUSTOMER.id }), 201);
  }
  if (route === `GET /api/v1/request-items/my-items/${CREATED_ID}`) {
    const price = { priceType: 'FIXED', price: 35000 } as const;
    return json(res, deliveryRequest(1, { id: CREATED_ID, price, isHidden: false, creatorId: CUSTOMER.id }));
  }
});

beforeEach(() => {
  Object.assign(api, { posted: [], stored: 0, refuse: null });
  signIn(CUSTOMER);
});

// No pause between keystrokes: a long form is typed into field by field.
const open = (path = '/shipping-requests/create') => ({ router: openApp(path), user: userEvent.setup({ delay: null }) });
const stopHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent?.replace(/^\d+/, ''));
const stop = (label: string) => screen.getByRole('group', { name: label });
const deliveryForm = async () => screen.findByRole('form', { name: T.types.DELIVERY.label });

/** The confirm dialog once it takes clicks (Radix lets pointer events through to it a moment after it opens). */
async function confirmDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await until(() => dialog.style.pointerEvents === 'auto');
  return dialog;
}

/** Fills one stop: postal code (the lookup fills the area), block, today's date. */
async function fillStop(user: UserEvent, label: string, postalCode: string, block: string) {
  const box = stop(label);
  await user.type(within(box).getByRole('textbox', { name: /郵便番号/ }), postalCode);
  await until(() => (within(box).getByLabelText(/市区町村/) as HTMLInputElement).value !== '');
  await user.type(within(box).getByLabelText(/番地/), block);
  await user.click(within(box).getByRole('button', { name: /日付/ }));
  const calendar = await screen.findByRole('dialog');
  // The calendar is its own chunk: its days show once it has loaded.
  await user.click(await within(calendar).findByRole('button', { name: new RegExp(formatDate(new Date(), 'yyyy年MM月dd日')) }));
  // Picking a day closes the calendar: the next field (or dialog) is used on a settled page.
  await until(() => !calendar.isConnected);
}

describe('create a request', () => {
  it('says a pickup and a delivery stop are needed when one is removed', async () => {
    const { user } = open();
    await deliveryForm();
    expect(stopHeadings()).toEqual(['集荷先', '配達先']);

    await user.click(within(stop('集荷先')).getByRole('button', { name: T.stop.remove('集荷先') }));
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(FIELD_MESSAGES.pickupRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.stop.addPickup }));
    await user.click(within(stop('配達先')).getByRole('button', { name: T.stop.remove('配達先') }));
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(FIELD_MESSAGES.deliveryRequired)).toBeInTheDocument();
    expect(screen.queryByText(FIELD_MESSAGES.pickupRequired)).not.toBeInTheDocument();
    expect(api.posted).toEqual([]);
  });

  it('shows errors only under fields left empty or after a submit when stops are added and removed', async () => {
    const { user } = open();
    await deliveryForm();
    const errorsIn = (label: string) => within(stop(label)).queryAllByText(FIELD_MESSAGES.required);

    await user.click(screen.getByRole('button', { name: T.stop.addTransit }));
    await user.click(screen.getByRole('button', { name: T.stop.addPickup }));
    await user.click(within(stop('経由1')).getByRole('button', { name: T.stop.remove('経由1') }));
    expect(screen.queryByText(FIELD_MESSAGES.required)).not.toBeInTheDocument();

    // A field left empty says so, and still does once another stop is added.
    await user.click(within(stop('集荷先1')).getByLabelText(/番地/));
    await user.tab();
    expect(errorsIn('集荷先1')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: T.stop.addTransit }));
    expect(errorsIn('集荷先1')).toHaveLength(1);
    expect(errorsIn('集荷先2')).toHaveLength(0);
    expect(errorsIn('経由1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: T.submit }));
    await until(() => errorsIn('経由1').length > 1);
    expect(errorsIn('集荷先2').length).toBeGreaterThan(1);
  });

  it('numbers transits 経由1, 経由2 in route order and renumbers them when one is removed', async () => {
    const { user } = open();
    await deliveryForm();
    await user.click(screen.getByRole('button', { name: T.stop.addTransit }));
    await user.click(screen.getByRole('button', { name: T.stop.addTransit }));
    expect(stopHeadings()).toEqual(['集荷先', '経由1', '経由2', '配達先']);

    await user.type(within(stop('経由2')).getByLabelText(/番地/), '2-2');
    await user.click(within(stop('経由1')).getByRole('button', { name: T.stop.remove('経由1') }));
    expect(stopHeadings()).toEqual(['集荷先', '経由1', '配達先']);
    // The former 経由2 is now 経由1 and keeps what was typed into it.
    expect(within(stop('経由1')).getByLabelText(/番地/)).toHaveValue('2-2');
  });

  it('posts a delivery exactly as the contract takes it, after the confirm dialog, and shows the success page', async () => {
    // A shipper whose device is set to another zone still types and sees Japan's days and times.
    process.env.TZ = 'America/Los_Angeles';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    const { user, router } = open();
    await deliveryForm();
    await fillStop(user, '集荷先', '1000001', '1-1');
    await fillStop(user, '配達先', '2200011', '3-3');
    await user.type(within(stop('配達先')).getByLabelText(T.stop.name), '佐藤');

    await user.click(screen.getByRole('combobox', { name: /車両/ }));
    await user.click(await screen.findByRole('option', { name: '4t' }));
    await user.click(screen.getByRole('radio', { name: '冷蔵' }));
    // A 冷蔵 load may name its own range within 0〜10℃ (decision 085).
    await user.type(await screen.findByLabelText(/^下限/), '2');
    await user.type(screen.getByLabelText(/^上限/), '8');
    await user.type(screen.getByLabelText(/荷物名/), '精密機器');
    await user.type(screen.getByLabelText(/総重量/), '1200.5');
    await user.type(screen.getByLabelText(/^個数/), '10');
    await user.click(screen.getByRole('radio', { name: T.priceTypes.FIXED.label }));
    await user.type(await screen.findByLabelText(/金額/), '35000');
    // The written conditions (decision 067).
    await user.click(screen.getByRole('checkbox', { name: '積込み' }));
    await user.type(screen.getByLabelText(/^附帯業務の料金/), '5000');
    await user.click(screen.getByRole('radio', { name: '運賃に含む' }));
    await user.type(screen.getByLabelText(/^支払条件/), '月末締め翌月末払い');

    await user.upload(
      screen.getByLabelText(/^荷物の画像/, { selector: 'input' }),
      new File(['png'], 'baggage.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('baggage.png')).toBeInTheDocument();
    await until(() => screen.queryByText(CLIENT_MESSAGES.uploading) === null);
    expect(api.stored).toBe(1);

    await user.click(screen.getByRole('button', { name: T.submit }));
    const dialog = await confirmDialog(T.confirm.deliveryTitle);
    expect(
      within(dialog)
        .getAllByTestId('stop-label')
        .map((l) => l.textContent),
    ).toEqual(['集荷先', '配達先']);
    expect(within(dialog).getByText('冷蔵（指定 2〜8℃）')).toBeInTheDocument();
    // What the customer agrees to pay: the conditions, the fare with its charges and the total, and the deadline.
    const conditions = within(dialog).getByRole('region', { name: '運送条件' });
    expect(conditions).toHaveTextContent('附帯業務積込み');
    expect(conditions).toHaveTextContent('高速道路料金運賃に含む');
    expect(conditions).toHaveTextContent('支払条件月末締め翌月末払い');
    expect(within(dialog).getByRole('region', { name: '金額の内訳' })).toHaveTextContent(
      '運賃35,000円附帯業務の料金5,000円燃料サーチャージなし小計（税抜）40,000円消費税（10%）4,000円合計（税込）44,000円',
    );
    expect(within(dialog).getByRole('region', { name: '選考期限' })).toHaveTextContent('期限なし');
    await user.click(within(dialog).getByRole('button', { name: T.confirm.submit }));

    expect(await screen.findByRole('heading', { name: T.success.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shipping-requests/create/success');
    // A summary of what was posted to check it by.
    const summary = await screen.findByTestId('posted-summary');
    expect(summary).toHaveTextContent('東京都千代田区 → 神奈川県横浜市西区');
    expect(summary).toHaveTextContent('35,000円');
    // Its reference number, to quote on a call: the id's last 8 hex digits.
    expect(summary).toHaveTextContent(
      `依頼番号 ${CREATED_ID.replace(/-/g, '')
        .slice(-8)
        .toUpperCase()
        .replace(/^(.{4})/, '$1-')}`,
    );
    expect(screen.getByRole('link', { name: T.success.toDetail })).toHaveAttribute(
      'href',
      `/shipping-requests/my-items/detail/${CREATED_ID}`,
    );

    expect(api.posted).toHaveLength(1);
    const posted = api.posted[0]!;
    expect(posted.path).toBe('/api/v1/request-items/deliveries');
    expect(ZCreateDeliveryBody.safeParse(posted.body).success).toBe(true);
    const today = todayInJapan();
    expect(posted.body).toEqual({
      vehicleType: 'FOUR_T_TRUCK',
      vehicleTemperatureRange: 'REFRIGERATED',
      temperatureMin: 2,
      temperatureMax: 8,
      baggageName: '精密機器',
      totalWeight: 1200.5,
      totalAmount: 10,
      price: 35000,
      luggageImageIds: [FILE_ID],
      incidentalWork: ['LOADING'],
      incidentalCharge: 5000,
      tollsPaidBy: 'INCLUDED',
      paymentTerms: '月末締め翌月末払い',
      transports: [
        ['PICKUP', '100-0001', '東京都', '千代田区', '千代田', '1-1'],
        ['DELIVERY', '220-0011', '神奈川県', '横浜市西区', '高島', '3-3'],
      ].map(([transportType, postalCode, prefecture, city, town, block], i) => ({
        transportType,
        postalCode,
        prefecture,
        city,
        town,
        block,
        ...(i === 1 ? { name: '佐藤' } : {}),
        elevator: 'NOT_NEEDED',
        // The default window (decision 086): business hours, not 00:00〜22:00.
        timeFrom: `${today}T09:00:00+09:00`,
        timeTo: `${today}T17:00:00+09:00`,
      })),
    });
  });

  it('offers a temperature range for 冷蔵・冷凍 only and says in Japanese what is wrong with one, before posting', async () => {
    const { user } = open();
    await deliveryForm();
    expect(screen.queryByLabelText(/^下限/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '冷蔵' }));
    await user.type(await screen.findByLabelText(/^下限/), '8');
    await user.type(screen.getByLabelText(/^上限/), '2');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText('下限は上限より低い温度にしてください。')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^上限/));
    await user.type(screen.getByLabelText(/^上限/), '12');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText('冷蔵の基準（0〜10℃）の範囲内で指定してください。')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '冷凍' }));
    await user.clear(screen.getByLabelText(/^下限/));
    await user.clear(screen.getByLabelText(/^上限/));
    await user.type(screen.getByLabelText(/^上限/), '-18');
    await user.click(screen.getByRole('button', { name: T.submit }));
    await until(() => screen.queryByText(/の範囲内で指定してください。$/) === null);
    await user.click(screen.getByRole('radio', { name: '常温' }));
    expect(screen.queryByLabelText(/^上限/)).not.toBeInTheDocument();
    expect(api.posted).toEqual([]);
  });

  it('opens only the chosen form, and keeps what was entered in each when switching back and forth', async () => {
    const { user } = open('/shipping-requests/create?type=warehouse');
    const warehouse = await screen.findByRole('form', { name: T.types.WAREHOUSE.label });
    // Not rendered at all (not merely hidden) until it is chosen.
    expect(screen.queryByRole('form', { name: T.types.DELIVERY.label, hidden: true })).not.toBeInTheDocument();
    await user.type(within(warehouse).getByLabelText(/面積/), '50');

    await user.click(screen.getByRole('radio', { name: new RegExp(T.types.DELIVERY.label) }));
    const delivery = await screen.findByRole('form', { name: T.types.DELIVERY.label });
    expect(screen.queryByRole('form', { name: T.types.WAREHOUSE.label })).not.toBeInTheDocument();
    await user.type(within(delivery).getByLabelText(/荷物名/), '冷凍食品');

    await user.click(screen.getByRole('radio', { name: new RegExp(T.types.WAREHOUSE.label) }));
    expect(await screen.findByRole('form', { name: T.types.WAREHOUSE.label })).toBe(warehouse);
    expect(within(warehouse).getByLabelText(/面積/)).toHaveValue(50);
    await user.click(screen.getByRole('radio', { name: new RegExp(T.types.DELIVERY.label) }));
    expect(within(await screen.findByRole('form', { name: T.types.DELIVERY.label })).getByLabelText(/荷物名/)).toHaveValue(
      '冷凍食品',
    );
  });

  it('keeps everything entered when the server refuses the warehouse request', async () => {
    const { user } = open('/shipping-requests/create?type=warehouse');
    const form = await screen.findByRole('form', { name: T.types.WAREHOUSE.label });
    expect(screen.getByRole('radio', { name: new RegExp(T.types.WAREHOUSE.label) })).toBeChecked();

    await user.type(within(form).getByRole('textbox', { name: /郵便番号/ }), '1000001');
    await until(() => (within(form).getByLabelText(/市区町村/) as HTMLInputElement).value === '千代田区');
    await user.type(within(form).getByLabelText(/番地/), '1-1');
    await user.type(within(form).getByLabelText(/面積/), '50');
    await user.type(within(form).getByLabelText(/依頼数量/), '20');
    await user.type(within(form).getByLabelText(/単価/), '8000');
    await user.click(within(form).getByRole('checkbox', { name: '冷蔵冷凍車' }));

    api.refuse = { status: 409, code: 'CONFLICT', message: '依頼を登録できませんでした。' };
    await user.click(within(form).getByRole('button', { name: T.submit }));
    let dialog = await confirmDialog(T.confirm.warehouseTitle);
    await user.click(within(dialog).getByRole('button', { name: T.confirm.submit }));
    expect(await screen.findByText('依頼を登録できませんでした。')).toBeInTheDocument();
    await until(() => screen.queryByRole('dialog') === null);
    expect(within(form).getByLabelText(/番地/)).toHaveValue('1-1');
    expect(within(form).getByLabelText(/単価/)).toHaveValue(8000);

    await user.click(within(form).getByRole('button', { name: T.submit }));
    dialog = await confirmDialog(T.confirm.warehouseTitle);
    await user.click(within(dialog).getByRole('button', { name: T.confirm.submit }));
    expect(await screen.findByRole('heading', { name: T.success.title })).toBeInTheDocument();
    expect(api.posted).toHaveLength(1);
    expect(ZCreateWarehouseBody.safeParse(api.posted[0]!.body).success).toBe(true);
    expect(api.posted[0]!.body).toEqual({
      postalCode: '100-0001',
      prefecture: '東京都',
      city: '千代田区',
      town: '千代田',
      block: '1-1',
      price: 8000,
      roomTemperatureRange: 'ROOM',
      acreage: 50,
      requestAmount: 20,
      vehicleTypes: ['COOL_TRUCK'],
      imageIds: [],
    });
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES, type ErrorCode, type TRequestItemDetail, type TSignInRole } from '@logi/contract';
import { deliveryItems, files, requestItemImages, requestItems, transportStops, warehouseItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { deliveryBody, jst, stop, warehouseBody } from '../../../test/request-item-fixtures';
import { signUploads, uploadedPng } from '../files/files.test-support';

const DELIVERIES = '/api/v1/request-items/deliveries';
const WAREHOUSES = '/api/v1/request-items/warehouses';

let t: TestApp;
let customer: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t, ['CUSTOMER']);
  customer = { id: user.id, token: (await login(t, user.email, 'CUSTOMER')).accessToken };
}, 180_000);
afterAll(() => t.close());

const itemCount = async () => (await t.app.deps.db.select({ n: count() }).from(requestItems))[0]!.n;

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: ErrorCode) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, code, message: ERROR_MESSAGES[code] });
}

describe('POST /request-items/deliveries', () => {
  it('creates a fixed-price delivery with its ordered stops, searchable and filterable', async () => {
    const body = deliveryBody({
      transports: [
        stop({ transportType: 'PICKUP', timeFrom: jst(5, 9), timeTo: jst(5, 10) }),
        stop({
          transportType: 'TRANSIT',
          prefecture: '静岡県',
          city: '静岡市葵区',
          town: '追手町',
          timeFrom: jst(5, 13),
          timeTo: jst(5, 14),
        }),
        stop({
          transportType: 'PICKUP',
          prefecture: '神奈川県',
          city: '横浜市西区',
          town: 'みなとみらい',
          timeFrom: jst(4, 8),
          timeTo: jst(4, 9),
        }),
        stop({
          transportType: 'TRANSIT',
          prefecture: '愛知県',
          city: '名古屋市中区',
          town: '栄',
          timeFrom: jst(5, 16),
          timeTo: jst(5, 17),
        }),
        stop({
          transportType: 'DELIVERY',
          prefecture: '大阪府',
          city: '大阪市北区',
          town: '梅田',
          timeFrom: jst(6, 9),
          timeTo: jst(6, 18),
        }),
      ],
    });
    const res = await t.call('POST', DELIVERIES, { token: customer.token, body });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as TRequestItemDetail;
    expect(item).toMatchObject({
      type: 'DELIVERY',
      status: 'WAITING_APPROVE',
      price: { priceType: 'FIXED', price: 50000 },
      message: '荷主からの連絡事項です。',
      isHidden: false,
      creatorId: customer.id,
      receiverId: null,
      isNewArrival: true,
      numberOfCandidates: 0,
      talkrooms: [],
      customer: { id: customer.id, companyName: 'テスト株式会社', customerName: '山田 太郎', phone: '0312345678' },
      deliveryItem: {
        vehicleType: 'FOUR_T_TRUCK',
        vehicleTemperatureRange: 'FROZEN',
        status: 'WAITING_APPROVE',
        baggageName: '冷凍食品',
        totalWeight: 1200.5,
        weight: 12.5,
        totalAmount: 96,
        isAllowCancel: true,
        isReportComplete: false,
      },
    });
    const stops = item.deliveryItem!.transports;
    expect(stops.map((s) => s.label)).toEqual(['集荷', '経由1', '集荷', '経由2', '配達']);
    expect(stops[0]).toMatchObject({
      position: 0,
      name: '出荷担当 佐藤',
      phone: '0312345678',
      elevator: 'YES',
      location: {
        postalCode: '104-0061',
        prefecture: '東京都',
        city: '中央区',
        town: '銀座',
        block: '1-2-3',
        building: '銀座ビル5F',
      },
    });
    expect(new Date(stops[0]!.timeFrom).getTime()).toBe(new Date(jst(5, 9)).getTime());

    const [row] = await t.app.deps.db.select().from(requestItems).where(eq(requestItems.id, item.id));
    // The earliest pickup decides "near pickup date"; the tags and terms serve the list filters.
    expect(row!.firstPickupAt!.getTime()).toBe(new Date(jst(4, 8)).getTime());
    expect(row!.filterTags).toEqual(
      expect.arrayContaining(['V:FOUR_T_TRUCK', 'P:東京都', 'P:東京都中央区', 'P:神奈川県', 'D:大阪府', 'T:TRANSIT']),
    );
    expect(row!.filterTags).not.toContain('D:東京都');
    expect(row!.searchTerms).toEqual(expect.arrayContaining(['冷凍', '銀', '銀座', '梅田']));
    // Nothing hidden from strangers is searchable.
    expect(row!.searchTerms).not.toContain('連絡');
    expect(row!.searchTerms).not.toContain('佐藤');
    const stopRows = await t.app.deps.db.select().from(transportStops).where(eq(transportStops.requestItemId, item.id));
    expect(stopRows.map((s) => s.position).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('is an estimation request when no price is given; optional fields may be left out', async () => {
    const { price: _p, message: _m, material: _ma, weight: _w, totalAmount: _ta, size: _s, ...required } = deliveryBody();
    const res = await t.call('POST', DELIVERIES, { token: customer.token, body: required });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      price: { priceType: 'ESTIMATION', price: null },
      message: null,
      images: [],
      deliveryItem: { material: null, weight: null, totalAmount: null, size: null },
    });
  });

  it('stores the real road distance the shipper entered, and the detail shows it; without one it is null', async () => {
    const res = await t.call('POST', DELIVERIES, { token: customer.token, body: deliveryBody({ distanceKm: 512.5 }) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TRequestItemDetail;
    expect(created.deliveryItem?.distanceKm).toBe(512.5);
    const [row] = await t.app.deps.db
      .select({ km: deliveryItems.distanceKm })
      .from(deliveryItems)
      .where(eq(deliveryItems.requestItemId, created.id));
    expect(row!.km).toBe(512.5);
    const read = await t.call('GET', `/api/v1/request-items/my-items/${created.id}`, { token: customer.token });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as TRequestItemDetail).deliveryItem?.distanceKm).toBe(512.5);

    const { distanceKm: _d, ...without } = deliveryBody();
    const plain = await t.call('POST', DELIVERIES, { token: customer.token, body: without });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((plain.json() as TRequestItemDetail).deliveryItem?.distanceKm).toBeNull();
    // An emptied form field arrives as null or '': the same as leaving it out.
    const emptied = await t.call('POST', DELIVERIES, {
      token: customer.token,
      body: deliveryBody({ distanceKm: null as never }),
    });
    expect((emptied.json() as TRequestItemDetail).deliveryItem?.distanceKm).toBeNull();
  });

  it('refuses a distance that is not a positive km with one decimal up to 5,000, in Japanese, writing nothing', async () => {
    const before = await itemCount();
    for (const distanceKm of [0, -3, 12.34, 5000.1, '百キロ']) {
      const res = await t.call('POST', DELIVERIES, {
        token: customer.token,
        body: deliveryBody({ distanceKm: distanceKm as never }),
      });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(res.json().details, String(distanceKm)).toContainEqual({
        path: 'body.distanceKm',
        message: FIELD_MESSAGES.distanceKm,
      });
    }
    expect(await itemCount()).toBe(before);
  });

  it('attaches the caller’s uploaded images in order, with download URLs', async () => {
    const first = await uploadedPng(t, customer.token, '荷物1.png');
    const second = await uploadedPng(t, customer.token, '荷物2.png');
    const res = await t.call('POST', DELIVERIES, {
      token: customer.token,
      body: deliveryBody({ luggageImageIds: [second, first] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as TRequestItemDetail;
    expect(item.images.map((i) => i.id)).toEqual([second, first]);
    expect(item.images.every((i) => typeof i.fileUrl === 'string' && i.fileUrl.length > 0)).toBe(true);
    const rows = await t.app.deps.db.select().from(files).where(eq(files.entityId, item.id));
    expect(rows.map((r) => r.entityType)).toEqual(['REQUEST_ITEM_IMAGE', 'REQUEST_ITEM_IMAGE']);
  });

  it('refuses images the caller did not upload (404) or that are not uploaded yet (400), writing nothing', async () => {
    const other = await makeUser(t, ['CUSTOMER']);
    const othersFile = await uploadedPng(t, (await login(t, other.email, 'CUSTOMER')).accessToken);
    const [pending] = await signUploads(t, customer.token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    const before = await itemCount();
    const images = async () => (await t.app.deps.db.select({ n: count() }).from(requestItemImages))[0]!.n;
    const imagesBefore = await images();

    expectError(
      await t.call('POST', DELIVERIES, { token: customer.token, body: deliveryBody({ luggageImageIds: [othersFile] }) }),
      404,
      'FILE_NOT_FOUND',
    );
    expectError(
      await t.call('POST', DELIVERIES, { token: customer.token, body: deliveryBody({ luggageImageIds: [pending!.fileId] }) }),
      400,
      'FILE_NOT_UPLOADED',
    );
    expect(await itemCount()).toBe(before);
    expect(await images()).toBe(imagesBefore);
  });

  it('answers 400 with Japanese field errors and writes nothing', async () => {
    const before = await itemCount();
    const empty = await t.call('POST', DELIVERIES, { token: customer.token, body: {} });
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.vehicleType', message: FIELD_MESSAGES.required },
        { path: 'body.vehicleTemperatureRange', message: FIELD_MESSAGES.required },
        { path: 'body.baggageName', message: FIELD_MESSAGES.required },
        { path: 'body.totalWeight', message: FIELD_MESSAGES.required },
        { path: 'body.transports', message: FIELD_MESSAGES.required },
      ]),
    );

    const cases: [unknown, string, string][] = [
      [deliveryBody({ vehicleType: 'BICYCLE' as never }), 'body.vehicleType', FIELD_MESSAGES.invalidOption],
      [deliveryBody({ baggageName: 'あ'.repeat(101) }), 'body.baggageName', FIELD_MESSAGES.tooLong(100)],
      [deliveryBody({ totalWeight: -1 }), 'body.totalWeight', FIELD_MESSAGES.positive],
      [deliveryBody({ totalWeight: 1.234 }), 'body.totalWeight', FIELD_MESSAGES.decimalPlaces],
      [deliveryBody({ price: 1.5 }), 'body.price', FIELD_MESSAGES.integer],
      [deliveryBody({ totalAmount: 0 }), 'body.totalAmount', FIELD_MESSAGES.tooSmall(1)],
      [
        deliveryBody({ transports: [stop(), stop({ transportType: 'TRANSIT' })] }),
        'body.transports',
        FIELD_MESSAGES.deliveryRequired,
      ],
      [
        deliveryBody({ transports: [stop({ transportType: 'DELIVERY' }), stop({ transportType: 'DELIVERY' })] }),
        'body.transports',
        FIELD_MESSAGES.pickupRequired,
      ],
      [
        deliveryBody({ transports: [stop({ timeFrom: jst(3, 12), timeTo: jst(3, 9) }), stop({ transportType: 'DELIVERY' })] }),
        'body.transports.0.timeTo',
        FIELD_MESSAGES.timeOrder,
      ],
      [
        deliveryBody({ transports: [stop({ timeFrom: '2026-12-01T09:00:00' }), stop({ transportType: 'DELIVERY' })] }),
        'body.transports.0.timeFrom',
        FIELD_MESSAGES.datetime,
      ],
      [
        deliveryBody({ transports: [stop({ phone: '03-1234-5678' }), stop({ transportType: 'DELIVERY' })] }),
        'body.transports.0.phone',
        FIELD_MESSAGES.phone,
      ],
      [
        deliveryBody({
          transports: Array.from({ length: 11 }, (_, i) => stop({ transportType: i === 10 ? 'DELIVERY' : 'PICKUP' })),
        }),
        'body.transports',
        FIELD_MESSAGES.tooMany(10),
      ],
      [deliveryBody({ luggageImageIds: ['not-a-uuid'] }), 'body.luggageImageIds.0', FIELD_MESSAGES.uuid],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.call('POST', DELIVERIES, { token: customer.token, body });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().details, path).toContainEqual({ path, message });
    }
    expect(await itemCount()).toBe(before);
  });

  it('stores the shipper’s own temperature range within a cold zone, and the detail shows it', async () => {
    const res = await t.call('POST', DELIVERIES, {
      token: customer.token,
      body: deliveryBody({ vehicleTemperatureRange: 'REFRIGERATED', temperatureMin: 2, temperatureMax: 8 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TRequestItemDetail;
    expect(created.deliveryItem).toMatchObject({ vehicleTemperatureRange: 'REFRIGERATED', temperatureMin: 2, temperatureMax: 8 });
    const frozen = await t.call('POST', DELIVERIES, { token: customer.token, body: deliveryBody({ temperatureMax: -18 }) });
    expect((frozen.json() as TRequestItemDetail).deliveryItem).toMatchObject({ temperatureMin: null, temperatureMax: -18 });
    const zoneOnly = await t.call('POST', DELIVERIES, { token: customer.token, body: deliveryBody() });
    expect((zoneOnly.json() as TRequestItemDetail).deliveryItem).toMatchObject({ temperatureMin: null, temperatureMax: null });
  });

  it('refuses a temperature range that is reversed, outside its zone, on a room-temperature load or not a reading, in Japanese', async () => {
    const before = await itemCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { vehicleTemperatureRange: 'REFRIGERATED', temperatureMin: 8, temperatureMax: 2 },
        'body.temperatureMax',
        '下限は上限より低い温度にしてください。',
      ],
      [
        { vehicleTemperatureRange: 'REFRIGERATED', temperatureMin: 5, temperatureMax: 5 },
        'body.temperatureMax',
        '下限は上限より低い温度にしてください。',
      ],
      [
        { vehicleTemperatureRange: 'REFRIGERATED', temperatureMin: -5, temperatureMax: 8 },
        'body.temperatureMin',
        '冷蔵の基準（0〜10℃）の範囲内で指定してください。',
      ],
      [
        { vehicleTemperatureRange: 'REFRIGERATED', temperatureMax: 12 },
        'body.temperatureMax',
        '冷蔵の基準（0〜10℃）の範囲内で指定してください。',
      ],
      [
        { vehicleTemperatureRange: 'FROZEN', temperatureMax: -10 },
        'body.temperatureMax',
        '冷凍の基準（-15℃以下）の範囲内で指定してください。',
      ],
      [
        { vehicleTemperatureRange: 'ROOM', temperatureMin: 15, temperatureMax: 25 },
        'body.temperatureMin',
        '温度の指定は、温度帯が冷蔵・冷凍のときにできます。',
      ],
      [{ vehicleTemperatureRange: 'REFRIGERATED', temperatureMin: 2.25 }, 'body.temperatureMin', FIELD_MESSAGES.temperature],
      [{ vehicleTemperatureRange: 'FROZEN', temperatureMin: -80 }, 'body.temperatureMin', FIELD_MESSAGES.temperature],
      [
        { vehicleTemperatureRange: 'REFRIGERATED', temperatureMax: 'つめたい' },
        'body.temperatureMax',
        FIELD_MESSAGES.temperature,
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await t.call('POST', DELIVERIES, { token: customer.token, body: { ...deliveryBody(), ...overrides } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().details, JSON.stringify(overrides)).toContainEqual({ path, message });
    }
    expect(await itemCount()).toBe(before);
  });

  it('needs a signed-in customer', async () => {
    expectError(await t.call('POST', DELIVERIES, { body: deliveryBody() }), 401, 'UNAUTHENTICATED');
    for (const role of ['DRIVER', 'DRIVER_MANAGER', 'ADMIN'] as TSignInRole[]) {
      const user = await makeUser(t, [role]);
      const { accessToken } = await login(t, user.email, role);
      expectError(await t.call('POST', DELIVERIES, { token: accessToken, body: deliveryBody() }), 401, 'ROLE_NOT_ALLOWED');
    }
  });
});

describe('POST /request-items/warehouses', () => {
  it('creates a per-unit warehouse request', async () => {
    const image = await uploadedPng(t, customer.token);
    const res = await t.call('POST', WAREHOUSES, { token: customer.token, body: warehouseBody({ imageIds: [image] }) });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as TRequestItemDetail;
    expect(item).toMatchObject({
      type: 'WAREHOUSE',
      status: 'WAITING_APPROVE',
      price: { priceType: 'PER_UNIT', price: 8000 },
      deliveryItem: null,
      isNearDate: false,
      warehouseItem: {
        roomTemperatureRange: 'REFRIGERATED',
        status: 'WAITING_APPROVE',
        requestAmount: 40,
        acreage: 120.5,
        vehicleTypes: ['TEN_T_TRUCK', 'COOL_TRUCK'],
        location: { prefecture: '神奈川県', city: '横浜市中区', town: '新港', block: '2-2-1', building: '新港倉庫' },
        isAllowCancel: true,
      },
    });
    expect(item.warehouseItem!.images.map((i) => i.id)).toEqual([image]);
    const [row] = await t.app.deps.db.select().from(requestItems).where(eq(requestItems.id, item.id));
    expect(row!.filterTags).toEqual(expect.arrayContaining(['V:COOL_TRUCK', 'W:神奈川県', 'W:神奈川県横浜市中区']));
    expect(row!.firstPickupAt).toBeNull();
    expect(await t.app.deps.db.select().from(warehouseItems).where(eq(warehouseItems.requestItemId, item.id))).toHaveLength(1);
    expect(await t.app.deps.db.select().from(deliveryItems).where(eq(deliveryItems.requestItemId, item.id))).toHaveLength(0);
  });

  it('answers 400 with Japanese field errors and writes nothing', async () => {
    const before = await itemCount();
    const res = await t.call('POST', WAREHOUSES, { token: customer.token, body: { prefecture: '東京都' } });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.city', message: FIELD_MESSAGES.required },
        { path: 'body.price', message: FIELD_MESSAGES.required },
        { path: 'body.roomTemperatureRange', message: FIELD_MESSAGES.required },
        { path: 'body.acreage', message: FIELD_MESSAGES.required },
        { path: 'body.requestAmount', message: FIELD_MESSAGES.required },
      ]),
    );
    const dup = await t.call('POST', WAREHOUSES, {
      token: customer.token,
      body: warehouseBody({ vehicleTypes: ['COOL_TRUCK', 'COOL_TRUCK'] }),
    });
    expect(dup.json().details).toContainEqual({ path: 'body.vehicleTypes', message: FIELD_MESSAGES.duplicate });
    const postal = await t.call('POST', WAREHOUSES, { token: customer.token, body: warehouseBody({ postalCode: '1234567' }) });
    expect(postal.json().details).toContainEqual({ path: 'body.postalCode', message: FIELD_MESSAGES.postalCode });
    expect(await itemCount()).toBe(before);
  });

  it('needs a signed-in customer', async () => {
    expectError(await t.call('POST', WAREHOUSES, { body: warehouseBody() }), 401, 'UNAUTHENTICATED');
    const driver = await makeUser(t, ['DRIVER']);
    const { accessToken } = await login(t, driver.email, 'DRIVER');
    expectError(await t.call('POST', WAREHOUSES, { token: accessToken, body: warehouseBody() }), 401, 'ROLE_NOT_ALLOWED');
  });
});

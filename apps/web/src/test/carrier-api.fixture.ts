/**
 * For the tests of the carrier's screens and the talkroom: what the API answers about applied
 * items, one request, its talkrooms and their messages (newest first), as `carrierApi`, the
 * handler of test/test-kit's server; a test sets the data in `fakeApi`.
 */
import type { ServerResponse } from 'node:http';
import type { TDeliveryReportBody, TMessage, TRequestItemDetail, TSessionUser, TTalkroom } from '@logi/contract';
import { sessionUser } from './session-user';
import { noConditions, noReport, uuid } from './request-item.fixture';
import { type Handler, fail, json, pageOf } from './test-kit';

export const DRIVER = sessionUser('DRIVER', { id: '0190a1b2-0000-7000-8000-0000000000d1', name: '田中 翔太' });
export const CUSTOMER = sessionUser('CUSTOMER', { id: '0190a1b2-0000-7000-8000-0000000000c1', name: '鈴木 美咲' });
export const at = '2026-11-20T09:00:00.000+09:00';

/** A delivery request as its applicant (driver1 of these tests) sees it; `overrides` set status, candidate … */
export function delivery(n: number, overrides: Partial<TRequestItemDetail> = {}): TRequestItemDetail {
  const status = overrides.status ?? 'APPROVED';
  const stop = (i: number, transportType: 'PICKUP' | 'DELIVERY', label: string, prefecture: string, city: string) => ({
    id: uuid(n * 10 + i, '8002'),
    position: i,
    transportType,
    label,
    location: { postalCode: '1000001', prefecture, city, town: '丸の内', block: '1-1', building: null },
    name: '佐藤',
    phone: '0312345678',
    timeFrom: '2026-12-01T09:00:00.000+09:00',
    timeTo: '2026-12-01T12:00:00.000+09:00',
    elevator: 'YES' as const,
  });
  const id = uuid(n, '8001');
  return {
    id,
    type: 'DELIVERY',
    status,
    price: { priceType: 'ESTIMATION', price: null },
    message: null,
    isHidden: false,
    deliveryItem: {
      id: uuid(n, '8003'),
      vehicleType: 'TWO_T_TRUCK',
      vehicleTemperatureRange: 'ROOM',
      temperatureMin: null,
      temperatureMax: null,
      status,
      baggageName: `精密機器${n}`,
      material: null,
      weight: null,
      totalWeight: 120,
      distanceKm: null,
      totalAmount: null,
      size: null,
      transports: [stop(0, 'PICKUP', '集荷', '東京都', '千代田区'), stop(1, 'DELIVERY', '配達', '神奈川県', '横浜市西区')],
      ...noReport,
      ...noConditions,
      isAllowCancel: status === 'WAITING_APPROVE' || status === 'APPROVED',
    },
    warehouseItem: null,
    images: [],
    creatorId: CUSTOMER.id,
    receiverId: status === 'WAITING_APPROVE' ? null : DRIVER.id,
    carrierId: status === 'WAITING_APPROVE' ? null : DRIVER.id,
    isNewArrival: false,
    isNearDate: false,
    selectionDeadline: null,
    selectionClosedAt: null,
    repostedAsId: null,
    verifiedCarriersOnly: false,
    candidate: {
      id: uuid(n, '8005'),
      price: 28000,
      status: status === 'WAITING_APPROVE' ? 'APPLIED' : 'APPROVED',
      createdAt: at,
    },
    customer: {
      id: CUSTOMER.id,
      companyName: '株式会社サンプル物産',
      customerName: CUSTOMER.name,
      address: '東京都千代田区丸の内1-1',
      phone: '0312345678',
      email: CUSTOMER.email,
      invoice: null,
    },
    createdAt: at,
    updatedAt: at,
    receiver: null,
    carrier: null,
    talkroom: {
      id: uuid(n, '8008'),
      requestItemId: id,
      candidateId: uuid(n, '8005'),
      appliedUserId: DRIVER.id,
      isActive: true,
      lastMessageAt: null,
      customerMeetingCompletedAt: null,
      driverMeetingCompletedAt: null,
    },
    talkrooms: [],
    transportConditions: null,
    agreedCharges: null,
    standardFareBreakdown: null,
    ...overrides,
  };
}

/** An image the report holds (a signed URL, as views carry). */
export const image = (n: number) => ({ id: uuid(n, '800a'), fileUrl: `https://files.example.jp/report-${n}.png` });

export function talkroomOf(item: TRequestItemDetail, overrides: Partial<TTalkroom> = {}): TTalkroom {
  return {
    id: item.talkroom?.id ?? uuid(1, '8008'),
    requestItemId: item.id,
    candidateId: uuid(1, '8005'),
    appliedUserId: DRIVER.id,
    isActive: true,
    lastMessageAt: null,
    applicant: { id: DRIVER.id, name: DRIVER.name, companyName: '山田運輸株式会社' },
    customerMeetingCompletedAt: null,
    driverMeetingCompletedAt: null,
    lastMessage: null,
    unreadCount: 0,
    ...overrides,
  };
}

export function message(n: number, from: TSessionUser, content: string, talkroomId = uuid(1, '8008')): TMessage {
  return {
    id: uuid(n, '8009'),
    talkroomId,
    senderId: from.id,
    content,
    isRead: false,
    fileIds: [],
    files: [],
    senderInfo: { id: from.id, name: from.name, role: from.activeRole },
    createdAt: `2026-11-20T10:${String(n).padStart(2, '0')}:00.000+09:00`,
  };
}

export const fakeApi = {
  /** What the applied-items list and the detail calls answer with. */
  items: [] as TRequestItemDetail[],
  talkrooms: [] as TTalkroom[],
  /** Messages oldest first (answered newest first, as the server does). */
  messages: [] as TMessage[],
  reset() {
    this.items = [];
    this.talkrooms = [];
    this.messages = [];
  },
};

export const carrierApi: Handler = ({ route, url, body }, res: ServerResponse) => {
  if (route === 'GET /api/v1/request-items/applied-items') {
    const type = url.searchParams.get('requestType');
    return json(
      res,
      pageOf(
        fakeApi.items.filter((i) => !type || i.type === type),
        url,
      ),
    );
  }
  const detail = /^GET \/api\/v1\/request-items\/(?:applied-items|my-items)\/([\w-]{36})$/.exec(route);
  if (detail) {
    const item = fakeApi.items.find((i) => i.id === detail[1]);
    return item ? json(res, item) : fail(res, 404, 'REQUEST_ITEM_NOT_FOUND');
  }
  const report = /^POST \/api\/v1\/request-items\/delivery-report\/([\w-]{36})$/.exec(route);
  if (report) {
    // Keeps what was sent, as the server does; the readings show on the answer.
    const item = fakeApi.items.find((i) => i.id === report[1]);
    if (!item?.deliveryItem) return fail(res, 404, 'REQUEST_ITEM_NOT_FOUND');
    const { pickupTemperature, deliveryTemperature } = body as TDeliveryReportBody;
    item.deliveryItem = {
      ...item.deliveryItem,
      pickupTemperature: pickupTemperature ?? item.deliveryItem.pickupTemperature,
      deliveryTemperature: deliveryTemperature ?? item.deliveryItem.deliveryTemperature,
    };
    return json(res, { message: '完了報告を送信しました。', requestItem: item });
  }
  const rooms = /^GET \/api\/v1\/request-items\/([\w-]{36})\/talkrooms$/.exec(route);
  if (rooms) return json(res, { data: fakeApi.talkrooms.filter((t) => t.requestItemId === rooms[1]) });
  const messages = /^GET \/api\/v1\/request-items\/([\w-]{36})\/messages$/.exec(route);
  if (messages) {
    const talkroom = fakeApi.talkrooms.find((t) => t.id === url.searchParams.get('talkroomId'));
    if (!talkroom) return fail(res, 404, 'TALKROOM_NOT_FOUND');
    const { applicant: _a, lastMessage: _l, unreadCount: _u, ...ref } = talkroom;
    const newestFirst = fakeApi.messages.filter((m) => m.talkroomId === talkroom.id).reverse();
    return json(res, { ...pageOf(newestFirst, url), talkroom: ref });
  }
};

/**
 * For the component tests of the carrier's screens and the talkroom: a local HTTP server that
 * answers like the API (the contract's shapes) — applied items, one request, its talkrooms, the
 * messages (newest first) and the realtime stream, which a test can push events on. The page
 * under test talks to it over real HTTP through lib/api and lib/event-stream.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ERROR_MESSAGES,
  type ErrorCode,
  type TMessage,
  type TRequestItemDetail,
  type TSessionUser,
  type TTalkroom,
  paginationMeta,
} from '@logi/contract';
import { sessionUser } from '../../../test/session-user';

declare const jsdom: { reconfigure(options: { url: string }): void };

export const DRIVER = sessionUser('DRIVER', { id: '0190a1b2-0000-7000-8000-0000000000d1', name: '田中 翔太' });
export const CUSTOMER = sessionUser('CUSTOMER', { id: '0190a1b2-0000-7000-8000-0000000000c1', name: '鈴木 美咲' });
export const at = '2026-11-20T09:00:00.000+09:00';

/** A v7-looking UUID numbered n (fixtures need stable ids that pass the contract's uuid()). */
export const uuid = (n: number, block = '8000') => `0190a1b2-0000-7000-${block}-${String(n).padStart(12, '0')}`;

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
      status,
      baggageName: `精密機器${n}`,
      material: null,
      weight: null,
      totalWeight: 120,
      totalAmount: null,
      size: null,
      transports: [stop(0, 'PICKUP', '集荷', '東京都', '千代田区'), stop(1, 'DELIVERY', '配達', '神奈川県', '横浜市西区')],
      receiptImageId: null,
      recipientSignatureImageId: null,
      deliveryImageId: null,
      receiptImage: null,
      recipientSignatureImage: null,
      deliveryImage: null,
      reportedAt: null,
      isReportComplete: false,
      isAllowCancel: status === 'WAITING_APPROVE' || status === 'APPROVED',
    },
    warehouseItem: null,
    images: [],
    creatorId: CUSTOMER.id,
    receiverId: status === 'WAITING_APPROVE' ? null : DRIVER.id,
    isNewArrival: false,
    isNearDate: false,
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
    talkroom: {
      id: uuid(n, '8008'),
      requestItemId: id,
      candidateId: uuid(n, '8005'),
      appliedUserId: DRIVER.id,
      isActive: true,
      lastMessageAt: null,
    },
    talkrooms: [],
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
  user: DRIVER as TSessionUser,
  /** What the applied-items list and the detail calls answer with. */
  items: [] as TRequestItemDetail[],
  talkrooms: [] as TTalkroom[],
  /** Messages oldest first (answered newest first, as the server does). */
  messages: [] as TMessage[],
  requests: [] as { method: string; url: string }[],
  streams: [] as ServerResponse[],
  reset(user: TSessionUser = DRIVER) {
    this.user = user;
    this.items = [];
    this.talkrooms = [];
    this.messages = [];
    this.requests = [];
    this.streams = [];
  },
  /** Pushes one server-sent event to every open stream. */
  push(event: string, id: number, data: unknown) {
    for (const stream of this.streams) stream.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  },
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const fail = (res: ServerResponse, status: number, code: ErrorCode) =>
  send(res, status, { statusCode: status, error: 'Error', code, message: ERROR_MESSAGES[code] });

function page<T>(rows: T[], url: URL) {
  const current = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  return { meta: paginationMeta(current, limit, rows.length), data: rows.slice((current - 1) * limit, current * limit) };
}

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://api.test');
  const route = `${req.method} ${url.pathname}`;
  fakeApi.requests.push({ method: req.method!, url: req.url! });

  if (route === 'GET /api/v1/auth/session') return send(res, 200, fakeApi.user);
  if (route === 'GET /api/v1/notifications/has-unread') return send(res, 200, { hasUnreadNotifications: false });
  if (route === 'GET /api/v1/notifications/stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
    res.write(`id: 1\nevent: ready\ndata: {"at":"${at}"}\n\n`);
    fakeApi.streams.push(res);
    return;
  }
  if (route === 'GET /api/v1/request-items/applied-items') {
    const type = url.searchParams.get('requestType');
    return send(
      res,
      200,
      page(
        fakeApi.items.filter((i) => !type || i.type === type),
        url,
      ),
    );
  }
  const detail = /^GET \/api\/v1\/request-items\/(?:applied-items|my-items)\/([\w-]{36})$/.exec(route);
  if (detail) {
    const item = fakeApi.items.find((i) => i.id === detail[1]);
    return item ? send(res, 200, item) : fail(res, 404, 'REQUEST_ITEM_NOT_FOUND');
  }
  const rooms = /^GET \/api\/v1\/request-items\/([\w-]{36})\/talkrooms$/.exec(route);
  if (rooms) return send(res, 200, { data: fakeApi.talkrooms.filter((t) => t.requestItemId === rooms[1]) });
  const messages = /^GET \/api\/v1\/request-items\/([\w-]{36})\/messages$/.exec(route);
  if (messages) {
    const talkroom = fakeApi.talkrooms.find((t) => t.id === url.searchParams.get('talkroomId'));
    if (!talkroom) return fail(res, 404, 'TALKROOM_NOT_FOUND');
    const {
      customerMeetingCompletedAt: _c,
      driverMeetingCompletedAt: _d,
      applicant: _a,
      lastMessage: _l,
      unreadCount: _u,
      ...ref
    } = talkroom;
    const newestFirst = fakeApi.messages.filter((m) => m.talkroomId === talkroom.id).reverse();
    return send(res, 200, { ...page(newestFirst, url), talkroom: ref });
  }
  fail(res, 404, 'ROUTE_NOT_FOUND');
}

/** Starts the server and serves the page from its origin, as production does (call in beforeAll). */
export async function startFakeApi(): Promise<Server> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  return server;
}

export function stopFakeApi(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

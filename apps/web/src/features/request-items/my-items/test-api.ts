/**
 * For the component tests of this screen group: what the API answers to the customer's
 * request-item, candidate and lifecycle calls (shapes of the contract, the transition rules of
 * decision 004), as `customerApi`, the handler of test/test-kit's server, with the request
 * items and candidates a test sets in `fakeApi`.
 */
import {
  type ErrorCode,
  SUCCESS_MESSAGES,
  type TBidStandardFare,
  type TCandidate,
  type TRequestItemDetail,
  type TRequestStatus,
} from '@logi/contract';
import { sessionUser } from '../../../test/session-user';
import { noConditions, noReport, uuid } from '../../../test/request-item.fixture';
import { type Handler, fail, json, pageOf } from '../../../test/test-kit';

export const CUSTOMER = sessionUser('CUSTOMER');
const at = '2026-11-20T09:00:00.000+09:00';

export function deliveryRequest(n: number, overrides: Partial<TRequestItemDetail> = {}): TRequestItemDetail {
  const id = uuid(n, '8001');
  const status = overrides.status ?? 'WAITING_APPROVE';
  const stop = (i: number, transportType: 'PICKUP' | 'DELIVERY', label: string, prefecture: string, city: string) => ({
    id: uuid(n * 10 + i, '8002'),
    position: i,
    transportType,
    label,
    location: { postalCode: '1000001', prefecture, city, town: '千代田', block: '1-1', building: null },
    name: '佐藤',
    phone: '0312345678',
    timeFrom: '2026-12-01T09:00:00.000+09:00',
    timeTo: '2026-12-01T12:00:00.000+09:00',
    elevator: 'YES' as const,
  });
  return {
    id,
    type: 'DELIVERY',
    status,
    price: { priceType: 'ESTIMATION', price: null },
    message: '午前中の集荷をお願いします。',
    isHidden: false,
    deliveryItem: {
      id: uuid(n, '8003'),
      vehicleType: 'FOUR_T_TRUCK',
      vehicleTemperatureRange: 'ROOM',
      temperatureMin: null,
      temperatureMax: null,
      status,
      baggageName: `精密機器${n}`,
      material: null,
      weight: null,
      totalWeight: 1200,
      distanceKm: null,
      totalAmount: 10,
      size: null,
      transports: [stop(0, 'PICKUP', '集荷', '東京都', '千代田区'), stop(1, 'DELIVERY', '配達', '神奈川県', '横浜市西区')],
      ...noReport,
      ...noConditions,
      isAllowCancel: status === 'WAITING_APPROVE' || status === 'APPROVED',
    },
    warehouseItem: null,
    images: [],
    creatorId: CUSTOMER.id,
    receiverId: null,
    carrierId: null,
    isNewArrival: false,
    isNearDate: false,
    selectionDeadline: null,
    selectionClosedAt: null,
    repostedAsId: null,
    verifiedCarriersOnly: false,
    numberOfCandidates: 0,
    createdAt: at,
    updatedAt: at,
    receiver: null,
    carrier: null,
    talkroom: null,
    talkrooms: [],
    transportConditions: null,
    agreedCharges: null,
    standardFareBreakdown: null,
    ...overrides,
  };
}

export function warehouseRequest(n: number, overrides: Partial<TRequestItemDetail> = {}): TRequestItemDetail {
  const id = uuid(n, '8001');
  const status = overrides.status ?? 'WAITING_APPROVE';
  return {
    ...deliveryRequest(n),
    type: 'WAREHOUSE',
    status,
    price: { priceType: 'PER_UNIT', price: 1200 },
    deliveryItem: null,
    warehouseItem: {
      id: uuid(n, '8004'),
      roomTemperatureRange: 'REFRIGERATED',
      status: status as 'WAITING_APPROVE' | 'COMPLETED' | 'CANCELLED',
      requestAmount: 30,
      acreage: 50,
      location: { postalCode: '1000001', prefecture: '大阪府', city: '大阪市北区', town: '梅田', block: '1-1', building: null },
      vehicleTypes: [],
      images: [],
      isAllowCancel: status === 'WAITING_APPROVE',
    },
    id,
    ...overrides,
  };
}

export function candidate(n: number, requestItemId: string, overrides: Partial<TCandidate> = {}): TCandidate {
  return {
    id: uuid(n, '8005'),
    requestItemId,
    applicantId: uuid(n, '8006'),
    name: `ドライバー${n}`,
    trust: {
      carrierId: uuid(n, '8006'),
      facts: {
        periodMonths: 12,
        shown: false,
        completedJobs: null,
        cancelledAfterApproval: null,
        pickupOnTime: null,
        deliveryOnTime: null,
      },
      rating: { count: 0, average: null },
    },
    phone: '09012345678',
    email: `driver${n}@example.jp`,
    company: { id: uuid(n, '8007'), name: `運送会社${n}`, nameKana: 'ウンソウガイシャ' },
    note: null,
    price: 30000 + n * 1000,
    incidentalCharge: null,
    fuelSurcharge: null,
    distanceKm: null,
    standardFare: null,
    status: 'APPLIED',
    talkroom: {
      id: uuid(n, '8008'),
      requestItemId,
      candidateId: uuid(n, '8005'),
      appliedUserId: uuid(n, '8006'),
      isActive: true,
      lastMessageAt: null,
      customerMeetingCompletedAt: null,
      driverMeetingCompletedAt: null,
    },
    lastMessage: null,
    driverManagerId: null,
    carrierVerified: false,
    carrier: null,
    createdAt: `2026-11-2${n % 10}T10:00:00.000+09:00`,
    updatedAt: at,
    ...overrides,
  };
}

interface Failure {
  status: number;
  code: ErrorCode | 'INTERNAL_ERROR';
}

export const fakeApi = {
  items: [] as TRequestItemDetail[],
  candidates: [] as TCandidate[],
  /** A bid's standard fare by candidate id (GET /candidates/{id}/standard-fare). */
  bidFares: new Map<string, TBidStandardFare>(),
  /** "METHOD /api/v1/path" → the error to answer with. */
  failures: new Map<string, Failure>(),
  /** While set, the my-items list waits for it (to see the loading state). */
  hold: null as Promise<void> | null,
  reset() {
    this.hold = null;
    this.items = [];
    this.candidates = [];
    this.bidFares.clear();
    this.failures.clear();
  },
};

function withStatus(item: TRequestItemDetail, status: TRequestStatus): TRequestItemDetail {
  const isAllowCancel = status === 'WAITING_APPROVE' || (item.type === 'DELIVERY' && status === 'APPROVED');
  return {
    ...item,
    status,
    deliveryItem: item.deliveryItem && { ...item.deliveryItem, status, isAllowCancel },
    warehouseItem: item.warehouseItem && {
      ...item.warehouseItem,
      status: status as 'WAITING_APPROVE' | 'COMPLETED' | 'CANCELLED',
      isAllowCancel,
    },
  };
}

/** Answers the customer's calls (the handler of test/test-kit's server). */
export const customerApi: Handler = async ({ route, url }, res) => {
  const failure = fakeApi.failures.get(route);
  if (failure) return fail(res, failure.status, failure.code);

  const find = (id: string | undefined) => fakeApi.items.find((i) => i.id === id);
  const counted = (item: TRequestItemDetail) => ({
    ...item,
    numberOfCandidates: fakeApi.candidates.filter((c) => c.requestItemId === item.id).length,
  });

  if (route === 'GET /api/v1/request-items/my-items') {
    if (fakeApi.hold) await fakeApi.hold;
    const type = url.searchParams.get('requestType');
    const statuses = url.searchParams.get('statuses')?.split(',');
    const rows = fakeApi.items.filter((i) => (!type || i.type === type) && (!statuses || statuses.includes(i.status)));
    return json(res, pageOf(rows.map(counted), url));
  }
  let m = /^GET \/api\/v1\/request-items\/my-items\/([\w-]+)$/.exec(route);
  if (m) {
    const item = find(m[1]);
    return item ? json(res, counted(item)) : fail(res, 404, 'REQUEST_ITEM_NOT_FOUND');
  }
  if (route === 'GET /api/v1/candidates') {
    return json(
      res,
      pageOf(
        fakeApi.candidates.filter((c) => c.requestItemId === url.searchParams.get('requestId')),
        url,
      ),
    );
  }
  m = /^GET \/api\/v1\/candidates\/([\w-]+)\/standard-fare$/.exec(route);
  if (m) {
    const found = fakeApi.bidFares.get(m[1]!);
    return found ? json(res, found) : fail(res, 404, 'CANDIDATE_NOT_FOUND');
  }
  m = /^GET \/api\/v1\/candidates\/([\w-]+)$/.exec(route);
  if (m) {
    const found = fakeApi.candidates.find((c) => c.id === m![1] && c.requestItemId === url.searchParams.get('requestItemId'));
    return found ? json(res, found) : fail(res, 404, 'CANDIDATE_NOT_FOUND');
  }
  m = /^POST \/api\/v1\/candidates\/([\w-]+)\/approve$/.exec(route);
  if (m) {
    const chosen = fakeApi.candidates.find((c) => c.id === m![1])!;
    const index = fakeApi.items.findIndex((i) => i.id === chosen.requestItemId);
    const item = fakeApi.items[index]!;
    if (item.status !== 'WAITING_APPROVE') return fail(res, 400, 'CANDIDATE_ALREADY_APPROVED');
    const warehouse = item.type === 'WAREHOUSE';
    for (const c of fakeApi.candidates.filter((c) => c.requestItemId === item.id)) {
      c.status = c.id === chosen.id ? 'APPROVED' : 'NOT_CHOSEN';
      if (c.talkroom) c.talkroom = { ...c.talkroom, isActive: c.id === chosen.id && !warehouse };
    }
    fakeApi.items[index] = {
      ...withStatus(item, warehouse ? 'COMPLETED' : 'APPROVED'),
      receiverId: chosen.applicantId,
      carrierId: chosen.applicantId,
      receiver: { id: chosen.applicantId, name: chosen.name, phone: chosen.phone, companyName: chosen.company?.name ?? null },
      talkroom: chosen.talkroom,
    };
    return json(res, {
      message: SUCCESS_MESSAGES.statusUpdated,
      candidate: chosen,
      requestItem: { id: item.id, status: fakeApi.items[index]!.status, receiverId: chosen.applicantId },
    });
  }
  m = /^PATCH \/api\/v1\/request-items\/(cancel|complete)\/([\w-]+)$/.exec(route);
  if (m) {
    const index = fakeApi.items.findIndex((i) => i.id === m![2]);
    const item = fakeApi.items[index]!;
    fakeApi.items[index] = withStatus(item, m[1] === 'cancel' ? 'CANCELLED' : 'COMPLETED');
    const message =
      m[1] === 'complete'
        ? SUCCESS_MESSAGES.completionApproved
        : item.type === 'DELIVERY'
          ? SUCCESS_MESSAGES.deliveryCancelled
          : SUCCESS_MESSAGES.requestCancelled;
    return json(res, { message, requestItem: fakeApi.items[index] });
  }
  m = /^PATCH \/api\/v1\/request-items\/talkrooms\/([\w-]+)\/inactivate$/.exec(route);
  if (m) {
    const index = fakeApi.items.findIndex((i) => i.talkroom?.id === m![1]);
    const item = fakeApi.items[index]!;
    // The room stays open through the job (decision 085); the press is recorded.
    fakeApi.items[index] = { ...item, talkroom: { ...item.talkroom!, customerMeetingCompletedAt: new Date().toISOString() } };
    return json(res, { message: SUCCESS_MESSAGES.statusUpdated, requestItem: fakeApi.items[index] });
  }
  m = /^GET \/api\/v1\/request-items\/([\w-]+)\/transport-conditions$/.exec(route);
  if (m) {
    const item = fakeApi.items.find((i) => i.id === m![1]);
    if (!item?.transportConditions) return fail(res, 404, 'TRANSPORT_CONDITIONS_NOT_FOUND');
    res.writeHead(200, { 'content-type': 'application/pdf' });
    return res.end(Buffer.from('%PDF-1.3\n%%EOF\n'));
  }
  m = /^POST \/api\/v1\/request-items\/([\w-]+)\/repost$/.exec(route);
  if (m) {
    // The copy: open, no deadline; the original points to it (decision 065).
    const index = fakeApi.items.findIndex((i) => i.id === m![1]);
    if (index === -1) return fail(res, 404, 'REQUEST_ITEM_NOT_FOUND');
    const original = fakeApi.items[index]!;
    if (!original.selectionClosedAt) return fail(res, 409, 'REPOST_NOT_ALLOWED');
    const copy: TRequestItemDetail = {
      ...original,
      id: uuid(900 + index, '8001'),
      status: 'WAITING_APPROVE',
      selectionDeadline: null,
      selectionClosedAt: null,
      numberOfCandidates: 0,
    };
    fakeApi.items[index] = { ...original, repostedAsId: copy.id };
    fakeApi.items.push(copy);
    return json(res, copy, 201);
  }
  // The 到着・出発 notices' mute (decision 107): on for every request.
  if (/^GET \/api\/v1\/request-items\/[\w-]+\/stop-notifications$/.test(route)) return json(res, { muted: false });
  m = /^DELETE \/api\/v1\/request-items\/([\w-]+)\/owner$/.exec(route);
  if (m) {
    fakeApi.items = fakeApi.items.filter((i) => i.id !== m![1]);
    return json(res, { message: SUCCESS_MESSAGES.requestDeleted });
  }
};

/**
 * Request items: creation, the lists and the detail views, with who-sees-what
 * decided here (docs/decisions/008-request-item-lists.md). The lifecycle calls
 * (approve, meeting, report, complete, cancel, delete) build on the functions
 * exported at the top: lock the row, read its lifecycle state, answer its detail.
 */
import {
  REQUEST_ITEM_TEXT,
  paginationMeta,
  type TAppliedItemsQuery,
  type TCreateDeliveryBody,
  type TCreateWarehouseBody,
  type TMyItemsQuery,
  type TRequestItem,
  type TRequestItemDetail,
  type TRequestItemPage,
  type TRequestListQuery,
  type TRequestType,
  type TTopRequests,
  type TTopRequestsQuery,
} from '@logi/contract';
import { isSelectionOver } from '../../domain/applications';
import { isReportComplete } from '../../domain/delivery-report';
import { agreedCharges } from '../../domain/transport-conditions';
import { type ItemParties, type LifecycleState, carrierOf } from '../../domain/request-lifecycle';
import { TAG, deliveryTags, keywordSearch, searchIndexOf, warehouseTags } from '../../domain/request-search';
import {
  type Viewer,
  canSeeContacts,
  endOfJapanDay,
  nearDateWindow,
  newArrivalSince,
  startOfJapanDay,
} from '../../domain/request-visibility';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import { attachFiles, fileViews } from '../files/files.service';
import { withEvents } from '../notifications/notifications.service';
import { createMarketCache, marketCacheKey } from '../../platform/cache/market-cache';
import { encodeJson, encodeJsonOf } from '../../platform/http/json-bytes';
import { encodeMarketPage, markApplied, type MarketPageBytes } from './market-page-bytes';
import * as repo from './request-items.repository';
import {
  type FileUrls,
  conditionsOf,
  deliverySearchFields,
  toCustomer,
  toReceiver,
  toRequestItem,
  toTalkroom,
  warehouseSearchFields,
} from './request-items.view';

export type { RequestItemRow, CandidateRow, TalkroomRow, DeliveryItemRow } from './request-items.repository';
export type { Viewer } from '../../domain/request-visibility';
/** A talkroom row as the contract's TalkroomRef (candidates and talkrooms modules show it too). */
export { toTalkroom } from './request-items.view';

/** What reading request items needs: the database and, for file URLs, storage. */
export type RequestItemDeps = Pick<Deps, 'db' | 'storage' | 'config'>;

// ───────────────────────── for the lifecycle calls ─────────────────────────

/**
 * The live request item, row-locked for the rest of the transaction (FOR UPDATE);
 * 404 when unknown or deleted. Every lifecycle transition starts here.
 */
export async function lockRequestItem(tx: Database, requestItemId: string): Promise<repo.RequestItemRow> {
  const row = await repo.findRequestItem(tx, requestItemId, true);
  if (!row) throw new AppError('REQUEST_ITEM_NOT_FOUND');
  return row;
}

/** The live request item without a lock; 404 when unknown or deleted. */
export async function getRequestItemRow(db: Database, requestItemId: string): Promise<repo.RequestItemRow> {
  const row = await repo.findRequestItem(db, requestItemId);
  if (!row) throw new AppError('REQUEST_ITEM_NOT_FOUND');
  return row;
}

/** What a request is, in a few words, as its notices name it: a delivery's baggage, or where the warehouse is. */
export async function requestSubject(db: Database, requestItemId: string): Promise<string> {
  return (await repo.requestSubject(db, requestItemId)) ?? REQUEST_ITEM_TEXT.none;
}

/** Everyone who applied to the item (the approved applicant included). */
export const applicantIds = repo.applicantIds;

/** The state `decide` needs: status, the approved talkroom's meeting flags, the report's completeness. */
export async function loadLifecycleState(db: Database, item: repo.RequestItemRow): Promise<LifecycleState> {
  const [rooms, parts] = await Promise.all([repo.findTalkrooms(db, item.id), repo.loadParts(db, [item])]);
  const approved = item.receiverId ? rooms.find((t) => t.appliedUserId === item.receiverId) : undefined;
  const d = parts.deliveries.get(item.id);
  return {
    type: item.type,
    status: item.status,
    customerMeetingCompleted: Boolean(approved?.customerMeetingCompletedAt),
    driverMeetingCompleted: Boolean(approved?.driverMeetingCompletedAt),
    reportComplete: d ? isReportComplete(d) : false,
    selectionOver: isSelectionOver(item, new Date()),
  };
}

/** Readable without an application: an open item, or one whose contacts the viewer sees (its parties, the admin). */
const isOpenOrParty = (item: repo.ListedItemRow, viewer: Viewer | null) =>
  item.status === 'WAITING_APPROVE' || canSeeContacts(item, viewer);

/**
 * May the viewer open the item at all? Open items: anyone; otherwise its owner, its
 * approved applicant, the driver who carries it, an admin, or someone who applied to it.
 */
export async function canReadRequestItem(db: Database, viewer: Viewer | null, item: repo.RequestItemRow): Promise<boolean> {
  if (isOpenOrParty(item, viewer)) return true;
  if (!viewer) return false;
  return Boolean(await repo.findCandidateOf(db, item.id, viewer.userId));
}

/** The item with all its detail shows, read in one statement; 404 when unknown, deleted or not `allowed`. */
async function loadDetail(
  db: Database,
  requestItemId: string,
  viewer: Viewer | null,
  allowed: (record: repo.DetailRecord) => boolean = () => true,
): Promise<repo.DetailRecord> {
  const record = await repo.findDetail(db, requestItemId, viewer?.userId ?? null);
  if (!record || !allowed(record)) throw new AppError('REQUEST_ITEM_NOT_FOUND');
  return record;
}

/** The detail as `viewer` may see it (private view: with the customer). 404 when not readable. */
export async function requestItemDetail(
  deps: RequestItemDeps,
  requestItemId: string,
  viewer: Viewer,
): Promise<TRequestItemDetail> {
  // Readable as canReadRequestItem decides, with the viewer's application read in the same statement.
  const record = await loadDetail(
    deps.db,
    requestItemId,
    viewer,
    ({ item, ownCandidate }) => isOpenOrParty(item, viewer) || ownCandidate !== null,
  );
  return detailOf(deps, record, viewer, { withCustomer: true });
}

// ───────────────────────── presenting rows ─────────────────────────

/** What rows are shown with, once read. */
interface Loaded {
  /** The parts, as the page's statement brought them. */
  parts: repo.ItemParts;
  /** The items the viewer applied to (private views). */
  applied?: ReadonlySet<string>;
  /** The number of candidates of each item, as the page's query counted them (owner and admin views). */
  counts?: ReadonlyMap<string, number>;
  /** The customers by id (private detail, admin lists). */
  customers?: ReadonlyMap<string, repo.CustomerRow>;
  /** The viewer's own application per item (applied-items). */
  candidates?: ReadonlyMap<string, repo.CandidateRow>;
}

/** What a list brings besides its rows; `present` reads what it asks for here. */
interface PresentOptions extends Omit<Loaded, 'applied' | 'customers'> {
  /** Mark the items the viewer applied to (private list). */
  applied?: boolean;
  /** Add the customers (admin lists). */
  customers?: boolean;
}

async function fileUrlsOf(deps: RequestItemDeps, ids: string[]): Promise<FileUrls> {
  if (ids.length === 0) return new Map();
  const views = await fileViews(deps, ids);
  return new Map(views.flatMap((v) => (v.fileUrl ? [[v.id, v.fileUrl] as const] : [])));
}

/** A page of rows as the contract's items: a fixed number of queries whatever the page size. */
async function present(
  deps: RequestItemDeps,
  rows: readonly repo.ListedItemRow[],
  viewer: Viewer | null,
  options: PresentOptions,
): Promise<TRequestItem[]> {
  const { db } = deps;
  const ids = rows.map((r) => r.id);
  const [applied, customers] = await Promise.all([
    options.applied && viewer ? repo.appliedItemIds(db, viewer.userId, ids) : undefined,
    options.customers
      ? repo.loadCustomers(
          db,
          rows.map((r) => r.creatorId),
        )
      : undefined,
  ]);
  return presentLoaded(deps, rows, viewer, { ...options, applied, customers });
}

/** Rows as the contract's items, from what was read for them (the file links are signed here). */
async function presentLoaded(
  deps: RequestItemDeps,
  rows: readonly repo.ListedItemRow[],
  viewer: Viewer | null,
  loaded: Loaded,
): Promise<TRequestItem[]> {
  const { parts, applied, counts, customers, candidates } = loaded;
  const canSee = new Map(rows.map((r) => [r.id, canSeeContacts(r, viewer)]));
  const fileIds = rows.flatMap((r) => {
    const d = parts.deliveries.get(r.id);
    const report =
      d && canSee.get(r.id) ? [d.receiptImageId, d.recipientSignatureImageId, d.deliveryImageId, d.temperatureLogFileId] : [];
    return [...(parts.images.get(r.id) ?? []), ...report.filter((id): id is string => id !== null)];
  });
  const fileUrls = await fileUrlsOf(deps, fileIds);
  const now = new Date();
  return rows.map((row) => {
    const item = toRequestItem(row, parts, { now, canSee: canSee.get(row.id)!, fileUrls });
    if (applied) item.isApplied = applied.has(row.id);
    if (counts) item.numberOfCandidates = counts.get(row.id) ?? 0;
    const customer = customers?.get(row.creatorId);
    if (customer) item.customer = toCustomer(customer, canSee.get(row.id)!);
    const candidate = candidates?.get(row.id);
    if (candidate) {
      item.candidate = {
        id: candidate.id,
        price: candidate.price,
        status: candidate.status,
        createdAt: candidate.createdAt.toISOString(),
      };
    }
    return item;
  });
}

interface DetailOptions {
  withCustomer: boolean;
  counts?: boolean;
}

/** A record's detail as `viewer` sees it: no query but the file links. */
async function detailOf(
  deps: RequestItemDeps,
  record: repo.DetailRecord,
  viewer: Viewer | null,
  options: DetailOptions,
): Promise<TRequestItemDetail> {
  const { item: row, talkrooms: rooms } = record;
  const isOwner = viewer !== null && viewer.userId === row.creatorId;
  const seesAllRooms = isOwner || viewer?.role === 'ADMIN';
  const carrierId = carrierOf(row);
  const seesParties = canSeeContacts(row, viewer);
  const isCarrier = viewer !== null && carrierId === viewer.userId;
  // The approved application (its price is the agreed one) for the driver a manager assigned,
  // the owner and the admin; anyone else's own application.
  const candidate = !viewer
    ? null
    : row.receiverId && (isCarrier || seesAllRooms)
      ? record.approvedCandidate
      : record.ownCandidate;
  const ofThisItem = <V>(value: V) => new Map([[row.id, value]]);
  const [item] = await presentLoaded(deps, [row], viewer, {
    parts: record.parts,
    applied: viewer ? new Set(record.ownCandidate ? [row.id] : []) : undefined,
    // Open selection (decision 065): while a request is open, everyone sees how many have applied.
    counts: options.counts || seesAllRooms || row.status === 'WAITING_APPROVE' ? ofThisItem(record.candidateCount) : undefined,
    customers: options.withCustomer && record.customer ? new Map([[row.creatorId, record.customer]]) : undefined,
    candidates: candidate ? ofThisItem(candidate) : undefined,
  });
  const receiver = row.receiverId && seesParties ? record.receiver : null;
  const carrier = carrierId && carrierId !== row.receiverId && seesParties ? record.carrier : null;
  const agreed = row.receiverId && seesParties && row.type === 'DELIVERY' && item!.deliveryItem && record.approvedCandidate;
  const approved = row.receiverId ? rooms.find((t) => t.appliedUserId === row.receiverId) : undefined;
  // The driver a manager assigned works in the approved applicant's room.
  const own = viewer ? (rooms.find((t) => t.appliedUserId === viewer.userId) ?? (isCarrier ? approved : undefined)) : undefined;
  return {
    ...item!,
    receiver: receiver ? toReceiver(receiver) : null,
    carrier: carrier ? toReceiver(carrier) : null,
    talkroom: own ? toTalkroom(own) : seesAllRooms && approved ? toTalkroom(approved) : null,
    talkrooms: seesAllRooms ? rooms.map(toTalkroom) : own ? [toTalkroom(own)] : [],
    transportConditions: agreed ? conditionsOf(record.transportConditions) : null,
    // The agreed deal's charges, computed as the 運送条件書 computes them (decision 084).
    agreedCharges: agreed ? agreedCharges(item!.deliveryItem!, record.approvedCandidate!) : null,
  };
}

function pageOf(page: number, limit: number) {
  return { limit, offset: (page - 1) * limit };
}

// ───────────────────────── list filters → index terms ─────────────────────────

type MarketQuery = Partial<TRequestListQuery> &
  Pick<TTopRequestsQuery, 'transportType' | 'vehicleType' | 'isNewArrival' | 'isWarehouse'>;

/** The market list query as index terms and time windows (exported for the query-plan test). */
export function marketFilter(q: MarketQuery, now: Date): repo.MarketFilter {
  const groups = [
    q.vehicleType?.map(TAG.vehicle),
    q.pickupLocation?.map(TAG.pickup),
    q.sendLocation?.map(TAG.send),
    q.warehouseLocation?.map(TAG.warehouse),
  ];
  const created = [q.isNewArrival ? newArrivalSince(now) : undefined, q.startDate ? startOfJapanDay(q.startDate) : undefined];
  const from = created.filter((d) => d !== undefined).sort((a, b) => b.getTime() - a.getTime())[0];
  const near = q.isNearDate ? nearDateWindow(now) : undefined;
  const keyword = q.keyword ? keywordSearch(q.keyword) : null;
  return {
    requestTypes: [q.requestType, q.isWarehouse ? 'WAREHOUSE' : undefined].filter((t): t is TRequestType => t !== undefined),
    anyTags: groups.filter((g): g is string[] => g !== undefined && g.length > 0),
    allTags: q.transportType?.map(TAG.stopKind) ?? [],
    priceTypes: q.priceType,
    keyword: keyword ?? undefined,
    createdFrom: from,
    createdBefore: q.endDate ? endOfJapanDay(q.endDate) : undefined,
    firstPickupFrom: near?.from,
    firstPickupBefore: near?.before,
  };
}

// ───────────────────────── the service ─────────────────────────

/** An open request's detail as an outsider and as an anonymous visitor see it, with who its parties are. */
interface OpenDetail {
  parties: ItemParties;
  outsider: Buffer;
  anonymous: Buffer;
}

/** Someone who is none of a request's parties and applied to nothing: the outsider's view. */
const OUTSIDER: Viewer = { userId: '', role: 'DRIVER' };

/** What a delivery is written from: a new post's body, or a closed request posted again. */
interface DeliveryWrite {
  price: number | null;
  message: string | null;
  selectionDeadline: Date | null;
  delivery: repo.NewDeliveryItem;
  stops: repo.NewTransportStop[];
}

interface WarehouseWrite {
  price: number;
  message: string | null;
  selectionDeadline: Date | null;
  warehouse: repo.NewWarehouseItem;
}

const toViewer = (auth: Viewer | null): Viewer | null => (auth ? { userId: auth.userId, role: auth.role } : null);

export function createRequestItemsService(deps: Deps) {
  const { db } = deps;
  // The hot reads answer JSON encoded once (the caches keep bytes, decision 079); plain
  // JSON.stringify, no response-schema pass: the shapes come from our own SQL and view functions,
  // and the tests hold each of them to the contract's schema (decision 022).
  // Anonymous callers only: their (masked) view is the same for every one of them.
  const anonymous = createMarketCache<Buffer>(deps.config.marketCacheSeconds);
  // The same masked pages for signed-in carriers: each gets them with its own applications
  // marked, one indexed query (decision 068).
  const signedIn = createMarketCache<MarketPageBytes>(
    deps.config.marketCacheSeconds,
    undefined,
    undefined,
    (page) => page.bytes.length,
  );
  // Kept until the database names their user or item (decisions 073 and 080): the callers' own
  // lists, each open request's detail as an outsider sees it, and the open requests each
  // carrier applied to (which the market pages and details mark as applied).
  const ownLists = deps.listsMemos<Buffer>(1_000);
  const openDetails = deps.listsMemos<OpenDetail | null>(5_000);
  const openApplications = deps.listsMemos<ReadonlySet<string>>(20_000);
  const openApplicationsOf = (userId: string) =>
    openApplications.through('open-applications', userId, () => repo.openApplicationItemIds(db, userId));

  /**
   * A market page as a signed-in caller sees it: the shared masked page with the caller's
   * applications marked. The admin, and a customer whose own request is on the page, see
   * contacts there: theirs is read afresh.
   */
  async function viewerPage(
    viewer: Viewer,
    kind: string,
    q: object,
    load: (viewer: Viewer | null) => Promise<{ data: TRequestItem[] }>,
  ): Promise<Buffer> {
    if (viewer.role === 'ADMIN') return encodeJsonOf(load(viewer));
    const page = await signedIn.through(kind, q, async () => encodeMarketPage(await load(null)));
    if (page.creatorIds.includes(viewer.userId)) return encodeJsonOf(load(viewer));
    return markApplied(page, await openApplicationsOf(viewer.userId));
  }

  /**
   * One of the caller's own lists as encoded JSON, through the lists memo (decision 073): the
   * database names the users whose lists a write changed, and they are forgotten at once.
   * What a list shows depends on the caller's role too (contacts), so the role is in the key.
   */
  function ownList(auth: Viewer, kind: string, q: object, load: () => Promise<TRequestItemPage>): Promise<Buffer> {
    return ownLists.through(marketCacheKey(`${kind}:${auth.role}`, q), auth.userId, () => encodeJsonOf(load()));
  }

  /**
   * An open request's detail as everyone sees it who is none of its parties and has not applied,
   * signed in (with the masked customer) or not; null when the request is not open.
   */
  async function openDetail(requestItemId: string): Promise<OpenDetail | null> {
    const record = await repo.findDetail(db, requestItemId, null);
    if (!record || record.item.status !== 'WAITING_APPROVE') return null;
    const { creatorId, receiverId, carrierId } = record.item;
    const [outsiderView, anonymousView] = await Promise.all([
      detailOf(deps, record, OUTSIDER, { withCustomer: true }),
      detailOf(deps, record, null, { withCustomer: false }),
    ]);
    return {
      parties: { creatorId, receiverId, carrierId },
      outsider: encodeJson(outsiderView),
      anonymous: encodeJson(anonymousView),
    };
  }

  const openDetailOf = (requestItemId: string) =>
    openDetails.through('open-detail', requestItemId, () => openDetail(requestItemId));

  async function attachImages(tx: Database, ownerId: string, requestItemId: string, fileIds: readonly string[] | undefined) {
    if (!fileIds?.length) return;
    // Only the caller's own uploaded images, each attached once (files module rules).
    await attachFiles(tx, { ownerId, fileIds, entityType: 'REQUEST_ITEM_IMAGE', entityId: requestItemId, kinds: ['IMAGE'] });
    await repo.insertImages(tx, requestItemId, fileIds);
  }

  /** A delivery's rows (item, delivery part, stops) with its tags and search index. */
  async function writeDelivery(tx: Database, creatorId: string, w: DeliveryWrite): Promise<repo.RequestItemRow> {
    const pickups = w.stops.filter((s) => s.transportType === 'PICKUP').map((s) => s.timeFrom.getTime());
    const search = searchIndexOf(deliverySearchFields({ ...w.delivery, stops: w.stops }));
    const item = await repo.insertRequestItem(tx, {
      type: 'DELIVERY',
      creatorId,
      priceType: w.price === null ? 'ESTIMATION' : 'FIXED',
      price: w.price,
      message: w.message,
      selectionDeadline: w.selectionDeadline,
      firstPickupAt: new Date(Math.min(...pickups)),
      filterTags: deliveryTags(w.delivery.vehicleType, w.stops),
      searchTerms: search.terms,
      searchText: search.text,
    });
    await repo.insertDeliveryItem(tx, item.id, w.delivery, w.stops);
    return item;
  }

  async function writeWarehouse(tx: Database, creatorId: string, w: WarehouseWrite): Promise<repo.RequestItemRow> {
    const vehicleTypes = w.warehouse.vehicleTypes ?? [];
    const search = searchIndexOf(warehouseSearchFields({ ...w.warehouse, vehicleTypes }));
    const item = await repo.insertRequestItem(tx, {
      type: 'WAREHOUSE',
      creatorId,
      priceType: 'PER_UNIT',
      price: w.price,
      message: w.message,
      selectionDeadline: w.selectionDeadline,
      firstPickupAt: null,
      filterTags: warehouseTags(vehicleTypes, w.warehouse),
      searchTerms: search.terms,
      searchText: search.text,
    });
    await repo.insertWarehouseItem(tx, item.id, w.warehouse);
    return item;
  }

  async function marketPage(viewer: Viewer | null, q: TRequestListQuery, applied: boolean): Promise<TRequestItemPage> {
    const { rows, parts, total, totalIsLowerBound } = await repo.listMarket(
      db,
      marketFilter(q, new Date()),
      pageOf(q.page, q.limit),
    );
    return {
      meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound),
      data: await present(deps, rows, viewer, { applied, parts }),
    };
  }

  async function topRequests(viewer: Viewer | null, q: TTopRequestsQuery, applied: boolean): Promise<TTopRequests> {
    const { rows, parts } = await repo.listMarket(db, marketFilter(q, new Date()), { limit: q.limit, offset: 0 });
    return { data: await present(deps, rows, viewer, { applied, parts }) };
  }

  async function publicDetail(viewer: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
    const record = await loadDetail(db, requestItemId, viewer, ({ item }) => item.status === 'WAITING_APPROVE');
    return detailOf(deps, record, viewer, { withCustomer: false });
  }

  /** A request just written, as its customer sees it. */
  async function ownDetail(auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
    const viewer = toViewer(auth);
    return detailOf(deps, await loadDetail(db, requestItemId, viewer), viewer, { withCustomer: true });
  }

  return {
    async createDelivery(auth: Viewer, body: TCreateDeliveryBody): Promise<TRequestItemDetail> {
      const row = await db.transaction(async (tx) => {
        const item = await writeDelivery(tx, auth.userId, {
          price: body.price ?? null,
          message: body.message ?? null,
          selectionDeadline: body.selectionDeadline ? new Date(body.selectionDeadline) : null,
          delivery: {
            vehicleType: body.vehicleType,
            vehicleTemperatureRange: body.vehicleTemperatureRange,
            temperatureMin: body.temperatureMin ?? null,
            temperatureMax: body.temperatureMax ?? null,
            baggageName: body.baggageName,
            material: body.material ?? null,
            weight: body.weight ?? null,
            totalWeight: body.totalWeight,
            totalAmount: body.totalAmount ?? null,
            size: body.size ?? null,
            incidentalWork: body.incidentalWork ?? [],
            incidentalCharge: body.incidentalCharge ?? null,
            waitingChargePer30Min: body.waitingChargePer30Min ?? null,
            tollsPaidBy: body.tollsPaidBy ?? null,
            fuelSurcharge: body.fuelSurcharge ?? null,
            paymentTerms: body.paymentTerms ?? null,
          },
          stops: body.transports.map((s, position) => ({
            position,
            transportType: s.transportType,
            postalCode: s.postalCode ?? null,
            prefecture: s.prefecture,
            city: s.city,
            town: s.town,
            block: s.block,
            building: s.building ?? null,
            name: s.name ?? null,
            phone: s.phone ?? null,
            timeFrom: new Date(s.timeFrom),
            timeTo: new Date(s.timeTo),
            elevator: s.elevator,
          })),
        });
        await attachImages(tx, auth.userId, item.id, body.luggageImageIds);
        return item;
      });
      return ownDetail(auth, row.id);
    },

    async createWarehouse(auth: Viewer, body: TCreateWarehouseBody): Promise<TRequestItemDetail> {
      const row = await db.transaction(async (tx) => {
        const item = await writeWarehouse(tx, auth.userId, {
          price: body.price,
          message: body.message ?? null,
          selectionDeadline: body.selectionDeadline ? new Date(body.selectionDeadline) : null,
          warehouse: {
            roomTemperatureRange: body.roomTemperatureRange,
            requestAmount: body.requestAmount,
            acreage: body.acreage,
            postalCode: body.postalCode ?? null,
            prefecture: body.prefecture,
            city: body.city,
            town: body.town,
            block: body.block,
            building: body.building ?? null,
            vehicleTypes: body.vehicleTypes ?? [],
          },
        });
        await attachImages(tx, auth.userId, item.id, body.imageIds);
        return item;
      });
      return ownDetail(auth, row.id);
    },

    /**
     * Open selection (decision 065): a request that closed at its deadline is posted again with
     * the same contents (no deadline; the photos move to the copy), and its applicants are told.
     * Once per request; a delivery whose pickup has begun cannot be posted as it was.
     */
    async repost(auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
      const row = await withEvents(deps, async (tx, emit) => {
        const item = await lockRequestItem(tx, requestItemId);
        if (item.creatorId !== auth.userId) throw new AppError('REQUEST_ITEM_NOT_FOUND');
        if (!item.selectionClosedAt) throw new AppError('REPOST_NOT_ALLOWED');
        if (item.repostedAsId) throw new AppError('ALREADY_REPOSTED');
        const parts = await repo.loadParts(tx, [item]);
        const same = { price: item.price, message: item.message, selectionDeadline: null };
        let copy: repo.RequestItemRow;
        if (item.type === 'DELIVERY') {
          if (item.firstPickupAt && item.firstPickupAt.getTime() <= Date.now()) throw new AppError('REPOST_DATES_PASSED');
          const {
            id: _id,
            receiptImageId: _r,
            recipientSignatureImageId: _s,
            deliveryImageId: _d,
            reportedAt: _at,
            pickupTemperature: _p,
            deliveryTemperature: _t,
            temperatureLogFileId: _l,
            ...delivery
          } = parts.deliveries.get(item.id)!;
          const stops = (parts.stops.get(item.id) ?? []).map(({ id: _stop, ...stop }) => stop);
          copy = await writeDelivery(tx, auth.userId, { ...same, delivery, stops });
        } else {
          const { id: _id, ...warehouse } = parts.warehouses.get(item.id)!;
          copy = await writeWarehouse(tx, auth.userId, { ...same, price: item.price!, warehouse });
        }
        await repo.moveImages(tx, item.id, copy.id);
        await repo.setRepostedAs(tx, item.id, copy.id);
        // Those who applied before may apply again: they learn where.
        await emit({
          type: 'REQUEST_REPOSTED',
          requestItemId: copy.id,
          subject: await requestSubject(tx, copy.id),
          customerId: auth.userId,
          applicantIds: await repo.applicantIds(tx, item.id),
        });
        return copy;
      });
      return ownDetail(auth, row.id);
    },

    // The public market as encoded JSON: an anonymous caller's answer from the short cache,
    // a signed-in caller's (unmasked items, isApplied) always freshly read.
    listPublicJson: (auth: Viewer | null, q: TRequestListQuery) =>
      auth === null
        ? anonymous.through('list', q, () => encodeJsonOf(marketPage(null, q, false)))
        : encodeJsonOf(marketPage(toViewer(auth), q, false)),
    listPrivate: (auth: Viewer, q: TRequestListQuery) =>
      viewerPage(toViewer(auth)!, 'list', q, (viewer) => marketPage(viewer, q, viewer !== null)),
    topPublicJson: (auth: Viewer | null, q: TTopRequestsQuery) =>
      auth === null
        ? anonymous.through('top', q, () => encodeJsonOf(topRequests(null, q, false)))
        : encodeJsonOf(topRequests(toViewer(auth), q, false)),
    topPrivate: (auth: Viewer, q: TTopRequestsQuery) =>
      viewerPage(toViewer(auth)!, 'top', q, (viewer) => topRequests(viewer, q, viewer !== null)),

    /**
     * Open items only; contact details hidden unless the caller is a party (token optional). An
     * anonymous visitor's is kept until the database names the item (decision 080).
     */
    async publicDetailJson(auth: Viewer | null, requestItemId: string): Promise<Buffer> {
      if (auth !== null) return encodeJsonOf(publicDetail(toViewer(auth)!, requestItemId));
      const open = await openDetailOf(requestItemId);
      if (!open) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      return open.anonymous;
    },

    /**
     * The private detail as encoded JSON. Everyone who is none of an open request's parties and
     * has not applied to it sees the same detail, kept until the database names the item
     * (decision 080); its parties, its applicants and the admin read theirs afresh.
     */
    async privateDetailJson(auth: Viewer, requestItemId: string): Promise<Buffer> {
      const viewer = toViewer(auth)!;
      const [open, applied] = await Promise.all([openDetailOf(requestItemId), openApplicationsOf(viewer.userId)]);
      if (open && !canSeeContacts(open.parties, viewer) && !applied.has(requestItemId)) return open.outsider;
      return encodeJsonOf(requestItemDetail(deps, requestItemId, viewer));
    },

    /** GET {id}/delivery and {id}/warehouse: the private detail of an item of that type. */
    async typedDetail(auth: Viewer, requestItemId: string, type: TRequestType): Promise<TRequestItemDetail> {
      const detail = await requestItemDetail(deps, requestItemId, toViewer(auth)!);
      if (detail.type !== type) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      return detail;
    },

    /** The customer's own requests, as encoded JSON (remembered until one of them changes). */
    myItemsJson(auth: Viewer, q: TMyItemsQuery): Promise<Buffer> {
      return ownList(auth, 'my-items', q, async () => {
        const filter = { creatorId: auth.userId, requestType: q.requestType, statuses: q.statuses };
        const { rows, parts, candidateCounts, approvedCandidates, total, totalIsLowerBound } = await repo.listOwned(
          db,
          filter,
          pageOf(q.page, q.limit),
        );
        return {
          meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound),
          // A matched item carries its approved application: the row shows the agreed price.
          data: await present(deps, rows, toViewer(auth), { counts: candidateCounts, parts, candidates: approvedCandidates }),
        };
      });
    },

    async myItemDetail(auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
      const viewer = toViewer(auth)!;
      // The owner's own item only (signed in as the customer who posted it).
      const record = await loadDetail(db, requestItemId, viewer, ({ item }) => item.creatorId === viewer.userId);
      return detailOf(deps, record, viewer, { withCustomer: true, counts: true });
    },

    /** The carrier's applications and assigned jobs, as encoded JSON (remembered until one of them changes). */
    appliedItemsJson(auth: Viewer, q: TAppliedItemsQuery): Promise<Buffer> {
      return ownList(auth, 'applied-items', q, async () => {
        const filter = {
          userId: auth.userId,
          requestType: q.requestType,
          deliveryStatuses: q.deliveryStatus,
          warehouseStatuses: q.warehouseStatus,
        };
        const { rows, parts, total, totalIsLowerBound } = await repo.listApplied(db, filter, pageOf(q.page, q.limit));
        const items = rows.map((r) => r.item);
        const candidates = new Map(rows.map((r) => [r.item.id, r.candidate]));
        return {
          meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound),
          data: await present(deps, items, toViewer(auth), { candidates, parts }),
        };
      });
    },

    async appliedItemDetail(auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
      const viewer = toViewer(auth)!;
      // Its applicant's, or the driver's who carries it.
      const record = await loadDetail(
        db,
        requestItemId,
        viewer,
        ({ item, ownCandidate }) => ownCandidate !== null || carrierOf(item) === viewer.userId,
      );
      return detailOf(deps, record, viewer, { withCustomer: true });
    },
  };
}

export type RequestItemsService = ReturnType<typeof createRequestItemsService>;

/**
 * Rows as the contract's items as one viewer sees them: the view functions of
 * request-items.view.ts, with the file links signed and what the viewer's page adds (its
 * applications, candidates' counts, the customer). A fixed number of queries whatever the page
 * size; a detail's record needs none but the file links.
 */
import type { TRequestItem, TRequestItemDetail, TRequestStandardFare } from '@logi/contract';
import { carrierOf } from '../../domain/request-lifecycle';
import { type Viewer, canSeeContacts } from '../../domain/request-visibility';
import { agreedCharges } from '../../domain/transport-conditions';
import type { Deps } from '../../platform/deps';
import { fileViews } from '../files/files.service';
import { type BidTerms, bidFareShare, deliveryStandardFares, standardFareFigure } from '../standard-fares/standard-fares.service';
import { type OpenEntry, partsOf } from './open-market';
import type { CustomerRow, DetailRecord } from './request-items.detail.repository';
import type { ItemParts, ListedItemRow } from './request-items.parts.repository';
import { appliedItemIds, type CandidateRow } from './request-items.repository';
import { type FileUrls, conditionsOf, toCustomer, toReceiver, toRequestItem, toTalkroom } from './request-items.view';

/** What reading request items needs: the database and, for file URLs, storage. */
export type RequestItemDeps = Pick<Deps, 'db' | 'storage' | 'config'>;

/** The caller as a viewer: who and in which role, nothing else of the session. */
export const toViewer = (auth: Viewer | null): Viewer | null => (auth ? { userId: auth.userId, role: auth.role } : null);

/** What rows are shown with, once read. */
interface Loaded {
  /** The parts, as the page's statement brought them. */
  parts: ItemParts;
  /** The items the viewer applied to (private views). */
  applied?: ReadonlySet<string>;
  /** The number of candidates of each item, as the page's query counted them (owner and admin views). */
  counts?: ReadonlyMap<string, number>;
  /** The customers by id (private detail). */
  customers?: ReadonlyMap<string, CustomerRow>;
  /** The viewer's own application per item (applied-items). */
  candidates?: ReadonlyMap<string, CandidateRow>;
}

/** What a list brings besides its rows; `present` reads what it asks for here. */
interface PresentOptions extends Omit<Loaded, 'applied' | 'customers'> {
  /** Mark the items the viewer applied to (private list). */
  applied?: boolean;
  /** Each delivery's standard fare in brief, and its candidate's share of it (the market and applied lists). */
  standardFares?: boolean;
}

async function fileUrlsOf(deps: RequestItemDeps, ids: string[]): Promise<FileUrls> {
  if (ids.length === 0) return new Map();
  const views = await fileViews(deps, ids);
  return new Map(views.flatMap((v) => (v.fileUrl ? [[v.id, v.fileUrl] as const] : [])));
}

/** A page of rows as the contract's items: a fixed number of queries whatever the page size. */
export async function present(
  deps: RequestItemDeps,
  rows: readonly ListedItemRow[],
  viewer: Viewer | null,
  options: PresentOptions,
): Promise<TRequestItem[]> {
  const applied =
    options.applied && viewer
      ? await appliedItemIds(
          deps.db,
          viewer.userId,
          rows.map((r) => r.id),
        )
      : undefined;
  const items = await presentLoaded(deps, rows, viewer, { ...options, applied });
  if (options.standardFares) await withStandardFares(deps, rows, items, options.candidates);
  return items;
}

/**
 * Each delivery's standard fare in brief, and the viewer's own bid against it: at the distance
 * the bid stated, else the request's. One read of the fuel prices for the page. `items` are the
 * `rows` presented; a row kept in memory keeps its request's fare (deliveryStandardFares).
 */
async function withStandardFares(
  deps: RequestItemDeps,
  rows: readonly ListedItemRow[],
  items: readonly TRequestItem[],
  candidates: ReadonlyMap<string, CandidateRow> | undefined,
): Promise<TRequestStandardFare[]> {
  const deliveries = items.flatMap((item, i) => (item.deliveryItem ? [{ item, row: rows[i]! }] : []));
  const bids = deliveries.flatMap(({ item }) => {
    const bid = item.candidate && candidates?.get(item.id);
    return bid ? [{ item, bid }] : [];
  });
  const fares = await deliveryStandardFares(deps.db, [
    ...deliveries.map(({ item, row }) => ({ delivery: item.deliveryItem!, unchanged: row })),
    ...bids.map(({ item, bid }) => ({ delivery: item.deliveryItem!, distanceKm: bid.distanceKm })),
  ]);
  deliveries.forEach(({ item }, n) => (item.standardFare = standardFareFigure(fares[n]!)));
  bids.forEach(({ item, bid }, n) => {
    item.candidate!.standardFare = bidFareShare(item.deliveryItem!, bidTermsOf(bid), fares[deliveries.length + n]!);
  });
  return fares.slice(0, deliveries.length);
}

/** Kept requests whose fares are computed between two turns of the event loop. */
const FARE_BATCH = 500;

/**
 * The standard fare of each request the open market keeps, computed as it is kept (decision 113):
 * its market rows and details then find it kept (deliveryStandardFares), once per request and
 * fuel price, instead of computing it in a reader's call.
 */
export async function keepStandardFares(deps: Pick<RequestItemDeps, 'db'>, entries: readonly OpenEntry[]): Promise<void> {
  const deliveries = entries.filter((entry) => entry.parts.delivery);
  for (let i = 0; i < deliveries.length; i += FARE_BATCH) {
    const batch = deliveries.slice(i, i + FARE_BATCH);
    const parts = partsOf(batch);
    const view = { now: new Date(), canSee: false, fileUrls: new Map<string, string>() };
    await deliveryStandardFares(
      deps.db,
      batch.map((entry) => ({ delivery: toRequestItem(entry.row, parts, view).deliveryItem!, unchanged: entry.row })),
    );
    await new Promise(setImmediate);
  }
}

const bidTermsOf = (c: CandidateRow): BidTerms => ({
  price: c.price,
  incidentalCharge: c.incidentalCharge,
  fuelSurcharge: c.fuelSurcharge,
  distanceKm: c.distanceKm,
});

/** Rows as the contract's items, from what was read for them (the file links are signed here). */
async function presentLoaded(
  deps: RequestItemDeps,
  rows: readonly ListedItemRow[],
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

export interface DetailOptions {
  withCustomer: boolean;
  counts?: boolean;
}

/** A record's detail as `viewer` sees it: no query but the file links. */
export async function detailOf(
  deps: RequestItemDeps,
  record: DetailRecord,
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
  // The standard fare is the request's, the same for every viewer who may read it (decision 100).
  const [standardFareBreakdown = null] = await withStandardFares(
    deps,
    [row],
    [item!],
    candidate ? ofThisItem(candidate) : undefined,
  );
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
    standardFareBreakdown,
  };
}

/**
 * The detail reads: the item with all its detail shows, read in one statement
 * (request-items.detail.repository.ts), opened only by whom each call allows (404 otherwise)
 * and shown as that viewer sees it (request-items.present.ts).
 */
import type { TRequestItemDetail, TRequestType } from '@logi/contract';
import { type ItemParties, carrierOf } from '../../domain/request-lifecycle';
import { type Viewer, isOpenOrParty } from '../../domain/request-visibility';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { type OpenEntry, partsOf } from './open-market';
import { type CustomerRow, type DetailRecord, findDetail } from './request-items.detail.repository';
import { type RequestItemDeps, detailOf, toViewer } from './request-items.present';

/** The item with all its detail shows, read in one statement; 404 when unknown, deleted or not `allowed`. */
async function loadDetail(
  db: Database,
  requestItemId: string,
  viewer: Viewer | null,
  allowed: (record: DetailRecord) => boolean = () => true,
): Promise<DetailRecord> {
  const record = await findDetail(db, requestItemId, viewer?.userId ?? null);
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

/** An open item's public detail: contact details hidden unless the viewer is a party. */
export async function publicDetail(deps: RequestItemDeps, viewer: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
  const record = await loadDetail(deps.db, requestItemId, viewer, ({ item }) => item.status === 'WAITING_APPROVE');
  return detailOf(deps, record, viewer, { withCustomer: false });
}

/** A request just written, as its customer sees it. */
export async function ownDetail(deps: RequestItemDeps, auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
  const viewer = toViewer(auth);
  return detailOf(deps, await loadDetail(deps.db, requestItemId, viewer), viewer, { withCustomer: true });
}

/** GET {id}/delivery and {id}/warehouse: the private detail of an item of that type. */
export async function typedDetail(
  deps: RequestItemDeps,
  auth: Viewer,
  requestItemId: string,
  type: TRequestType,
): Promise<TRequestItemDetail> {
  const detail = await requestItemDetail(deps, requestItemId, toViewer(auth)!);
  if (detail.type !== type) throw new AppError('REQUEST_ITEM_NOT_FOUND');
  return detail;
}

export async function myItemDetail(deps: RequestItemDeps, auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
  const viewer = toViewer(auth)!;
  // The owner's own item only (signed in as the customer who posted it).
  const record = await loadDetail(deps.db, requestItemId, viewer, ({ item }) => item.creatorId === viewer.userId);
  return detailOf(deps, record, viewer, { withCustomer: true, counts: true });
}

export async function appliedItemDetail(deps: RequestItemDeps, auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
  const viewer = toViewer(auth)!;
  // Its applicant's, or the driver's who carries it.
  const record = await loadDetail(
    deps.db,
    requestItemId,
    viewer,
    ({ item, ownCandidate }) => ownCandidate !== null || carrierOf(item) === viewer.userId,
  );
  return detailOf(deps, record, viewer, { withCustomer: true });
}

/** An open request's detail as an outsider sees it, with who its parties are; as an anonymous visitor sees it, on demand. */
export interface OpenDetailViews {
  parties: ItemParties;
  outsider: TRequestItemDetail;
  /** Built when first asked for: most readers are signed in. */
  anonymous(): Promise<TRequestItemDetail>;
}

/** Someone who is none of a request's parties and applied to nothing: the outsider's view. */
const OUTSIDER: Viewer = { userId: '', role: 'DRIVER' };

/**
 * What an outsider's and an anonymous visitor's detail read of an open request kept in memory
 * (decision 112): while it is open it has no talkroom of theirs, no approved application, no
 * carrier and no 運送条件書, and its customer is masked: toCustomer shows them nothing but who it is.
 */
function openRecordOf(entry: OpenEntry): DetailRecord {
  const maskedCustomer = { user: { id: entry.row.creatorId } as CustomerRow['user'], company: null, location: null };
  return {
    item: entry.row,
    parts: partsOf([entry]),
    talkrooms: [],
    candidateCount: entry.candidateCount,
    ownCandidate: null,
    approvedCandidate: null,
    customer: maskedCustomer,
    receiver: null,
    carrier: null,
    transportConditions: [],
  };
}

/**
 * An open request's detail as everyone sees it who is none of its parties and has not applied,
 * signed in (with the masked customer) or not; null when the request is not open. Read from the
 * open market in memory when it holds the request, else from the database.
 */
export async function openDetailViews(
  deps: RequestItemDeps,
  requestItemId: string,
  kept: OpenEntry | null = null,
): Promise<OpenDetailViews | null> {
  const record = kept ? openRecordOf(kept) : await findDetail(deps.db, requestItemId, null);
  if (!record || record.item.status !== 'WAITING_APPROVE') return null;
  const { creatorId, receiverId, carrierId } = record.item;
  return {
    parties: { creatorId, receiverId, carrierId },
    outsider: await detailOf(deps, record, OUTSIDER, { withCustomer: true }),
    anonymous: () => detailOf(deps, record, null, { withCustomer: false }),
  };
}

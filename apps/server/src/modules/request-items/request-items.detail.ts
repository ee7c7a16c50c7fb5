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
import { type DetailRecord, findDetail } from './request-items.detail.repository';
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

/** An open request's detail as an outsider and as an anonymous visitor see it, with who its parties are. */
export interface OpenDetailViews {
  parties: ItemParties;
  outsider: TRequestItemDetail;
  anonymous: TRequestItemDetail;
}

/** Someone who is none of a request's parties and applied to nothing: the outsider's view. */
const OUTSIDER: Viewer = { userId: '', role: 'DRIVER' };

/**
 * An open request's detail as everyone sees it who is none of its parties and has not applied,
 * signed in (with the masked customer) or not; null when the request is not open.
 */
export async function openDetailViews(deps: RequestItemDeps, requestItemId: string): Promise<OpenDetailViews | null> {
  const record = await findDetail(deps.db, requestItemId, null);
  if (!record || record.item.status !== 'WAITING_APPROVE') return null;
  const { creatorId, receiverId, carrierId } = record.item;
  const [outsider, anonymous] = await Promise.all([
    detailOf(deps, record, OUTSIDER, { withCustomer: true }),
    detailOf(deps, record, null, { withCustomer: false }),
  ]);
  return { parties: { creatorId, receiverId, carrierId }, outsider, anonymous };
}

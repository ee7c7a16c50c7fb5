/**
 * A request item as the sibling modules use it (candidates, request-lifecycle, talkrooms,
 * stop-times, transport-conditions, company-drivers): its row, locked for a lifecycle transition
 * or not, the state `decide` needs, who may read it, its subject and applicants, and its detail
 * as a viewer sees it. They import this file, not the module's reads nor its writes.
 */
import { REQUEST_ITEM_TEXT, type TDeliveryItem } from '@logi/contract';
import { isSelectionOver } from '../../domain/applications';
import { isReportComplete } from '../../domain/delivery-report';
import type { LifecycleState } from '../../domain/request-lifecycle';
import { type Viewer, isOpenOrParty } from '../../domain/request-visibility';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import {
  type ListedItemRow,
  type PartsJson,
  addParts,
  emptyParts,
  itemJson,
  jsonRow,
  loadParts,
  partsJson,
} from './request-items.parts.repository';
import * as repo from './request-items.repository';
import { toRequestItem } from './request-items.view';

export type { RequestItemRow, TalkroomRow } from './request-items.repository';
/** The detail as a viewer may see it (a transition answers with it). */
export { requestItemDetail } from './request-items.detail';
/** A talkroom row as the contract's TalkroomRef (candidates and talkrooms show it too). */
export { toTalkroom } from './request-items.view';

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

/**
 * A delivery's part as its owner sees it, from the parts loader and the view mapping alone (one
 * query; no detail, customer or conditions read): what the bids' standard fares are computed from.
 * Null for a warehouse.
 */
export async function ownerDeliveryItem(db: Database, item: repo.RequestItemRow): Promise<TDeliveryItem | null> {
  const parts = await loadParts(db, [item]);
  return toRequestItem(item, parts, { now: new Date(), canSee: true, fileUrls: new Map() }).deliveryItem;
}
/**
 * The same, from the item's parts read as JSON (`itemPartsJson`) inside another module's own
 * statement, so that a list reads them with its rows (the candidates list, one statement).
 */
export function ownerDeliveryItemOf(item: ListedItemRow, json: PartsJson): TDeliveryItem | null {
  const parts = emptyParts();
  addParts(parts, item.id, json);
  return toRequestItem(item, parts, { now: new Date(), canSee: true, fileUrls: new Map() }).deliveryItem;
}
/** SQL of an item's parts as one JSON value (the item's id is `${alias}.id`), for `ownerDeliveryItemOf`. */
export const itemPartsJson = partsJson;
export type ItemPartsJson = PartsJson;
/** A live item's row as a list reads it (without its index columns), in SQL and revived. */
export const itemRowJson = itemJson;
export type { ListedItemRow };
/** A table's row as a JSON object in SQL, and revived (its timestamps as dates) when read. */
export const rowJson = jsonRow;

/** An item's delivery or warehouse part and its stops, for the modules that copy a request (decision 107). */
export const itemParts = loadParts;

/** Everyone who applied to the item (the approved applicant included). */
export const applicantIds = repo.applicantIds;

/** The state `decide` needs: status, the approved talkroom's meeting flags, the report's completeness. */
export async function loadLifecycleState(db: Database, item: repo.RequestItemRow): Promise<LifecycleState> {
  // In turn: the lifecycle calls this inside its transaction, one connection running one query at a time.
  const rooms = await repo.findTalkrooms(db, item.id);
  const parts = await loadParts(db, [item]);
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

/**
 * May the viewer open the item at all? Open items: anyone; otherwise its owner, its
 * approved applicant, the driver who carries it, an admin, or someone who applied to it.
 */
export async function canReadRequestItem(db: Database, viewer: Viewer | null, item: repo.RequestItemRow): Promise<boolean> {
  if (isOpenOrParty(item, viewer)) return true;
  if (!viewer) return false;
  return Boolean(await repo.findCandidateOf(db, item.id, viewer.userId));
}

/**
 * The same rule for a caller that read the item's parties, status and whether the viewer applied
 * in its own statement (the lane prices read all three with the lane's facts, decision 103).
 */
export function isReadableBy(item: Parameters<typeof isOpenOrParty>[0], viewer: Viewer | null, viewerApplied: boolean): boolean {
  return isOpenOrParty(item, viewer) || (viewer !== null && viewerApplied);
}

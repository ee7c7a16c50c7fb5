/**
 * Who sees what of a request item (docs/decisions/008-request-item-lists.md), and the
 * time windows of the "new arrival" and "near pickup date" quick filters.
 */
import { REQUEST_ITEM_RULES, type TRequestStatus, type TRole } from '@logi/contract';
import { type ItemParties, carrierOf } from './request-lifecycle';

export interface Viewer {
  userId: string;
  role: TRole;
}

/**
 * The customer's contact details and message are shown only to the owner, the
 * approved applicant, the driver who carries the job and the admin; everyone else
 * gets sample values (isHidden).
 */
export function canSeeContacts(item: ItemParties, viewer: Viewer | null): boolean {
  if (!viewer) return false;
  return (
    viewer.role === 'ADMIN' ||
    viewer.userId === item.creatorId ||
    (item.receiverId !== null && viewer.userId === item.receiverId) ||
    carrierOf(item) === viewer.userId
  );
}

/**
 * Readable without an application: an open item, or one whose contacts the viewer sees (its
 * parties, the admin). Anyone else may open an item only if they applied to it.
 */
export function isOpenOrParty(item: ItemParties & { status: TRequestStatus }, viewer: Viewer | null): boolean {
  return item.status === 'WAITING_APPROVE' || canSeeContacts(item, viewer);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Posted within the last `newArrivalDays` days. */
export function newArrivalSince(now: Date): Date {
  return new Date(now.getTime() - REQUEST_ITEM_RULES.newArrivalDays * DAY_MS);
}

/** The first pickup starts from now up to `nearDateDays` days ahead. */
export function nearDateWindow(now: Date): { from: Date; before: Date } {
  return { from: now, before: new Date(now.getTime() + REQUEST_ITEM_RULES.nearDateDays * DAY_MS) };
}

export function isNewArrival(createdAt: Date, now: Date): boolean {
  return createdAt >= newArrivalSince(now);
}

/** Statuses whose pickup is still ahead: a completed or cancelled request has nothing near. */
const PICKUP_AHEAD: ReadonlySet<TRequestStatus> = new Set(['WAITING_APPROVE', 'APPROVED']);

/** The 集荷日が近い badge: a pickup still to come within the window (issue 43 item 19). */
export function isNearDate(status: TRequestStatus, firstPickupAt: Date | null, now: Date): boolean {
  if (!firstPickupAt || !PICKUP_AHEAD.has(status)) return false;
  const { from, before } = nearDateWindow(now);
  return firstPickupAt >= from && firstPickupAt < before;
}

/** A calendar date (YYYY-MM-DD) as the instant its day starts in Japan. */
export function startOfJapanDay(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`);
}

/** The instant the day after `date` starts in Japan (an exclusive end). */
export function endOfJapanDay(date: string): Date {
  return new Date(startOfJapanDay(date).getTime() + DAY_MS);
}

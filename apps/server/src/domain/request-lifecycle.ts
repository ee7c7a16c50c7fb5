/**
 * The request lifecycle (DESIGN §5, docs/decisions/004-request-lifecycle.md): one
 * pure table of who may move a request item from which status to which, by action.
 * Every call that changes a request item's status asks `decide` first, inside the
 * transaction that holds the row lock, and applies `next` only when it says ok.
 *
 * Delivery:  WAITING_APPROVE ─approve→ APPROVED ─(customer meeting complete + driver
 *            confirms receipt)→ IN_PROGRESS ─complete (report has all 3 images)→ COMPLETED;
 *            cancel while isAllowCancel (before IN_PROGRESS) → CANCELLED.
 * Warehouse: WAITING_APPROVE ─approve→ COMPLETED (matching ends); cancel → CANCELLED.
 */
import type { ErrorCode, TRequestStatus, TRequestType, TRole } from '@logi/contract';

export const LIFECYCLE_ACTIONS = [
  'approve',
  'inactivateTalkroom',
  'confirmReceive',
  'report',
  'complete',
  'cancel',
  'ownerDelete',
  'adminDelete',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/**
 * The caller's part in a request item: its OWNER (the customer who posted it), its
 * RECEIVER (who carries the approved job: the approved applicant, or the driver its
 * driver manager assigned), COMPANY (the approved driver manager while one of its
 * drivers carries the job: it sees the job but the driver does the work), an ADMIN,
 * or OTHER (anyone else, including applicants who were not approved).
 */
export const LIFECYCLE_ACTORS = ['OWNER', 'RECEIVER', 'COMPANY', 'ADMIN', 'OTHER'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

export interface LifecycleState {
  type: TRequestType;
  status: TRequestStatus;
  /** The customer inactivated the approved talkroom (meeting complete). */
  customerMeetingCompleted: boolean;
  /** The driver confirmed receipt (meeting complete). */
  driverMeetingCompleted: boolean;
  /** The driver's report holds the receipt, signature and delivery images (and a cold load's readings). */
  reportComplete: boolean;
  /** The selection deadline has come (decision 065): nobody can be approved any more. */
  selectionOver?: boolean;
}

export type LifecycleErrorCode = Extract<
  ErrorCode,
  | 'REQUEST_ITEM_NOT_FOUND'
  | 'REQUEST_ACTION_FORBIDDEN'
  | 'REQUEST_TYPE_MISMATCH'
  | 'REQUEST_STATUS_CONFLICT'
  | 'CANDIDATE_ALREADY_APPROVED'
  | 'MEETING_ALREADY_CONFIRMED'
  | 'REPORT_INCOMPLETE'
  | 'CANCEL_NOT_ALLOWED'
  | 'SELECTION_CLOSED'
  | 'DELIVERY_DELETE_NOT_ALLOWED'
  | 'WAREHOUSE_DELETE_NOT_ALLOWED'
>;

export type Decision = { ok: true; next: TRequestStatus } | { ok: false; code: LifecycleErrorCode };

/** Who may take each action. */
const ACTOR_OF: Record<LifecycleAction, LifecycleActor> = {
  approve: 'OWNER',
  inactivateTalkroom: 'OWNER',
  confirmReceive: 'RECEIVER',
  report: 'RECEIVER',
  complete: 'OWNER',
  cancel: 'OWNER',
  ownerDelete: 'OWNER',
  adminDelete: 'ADMIN',
};

/** Actions that only exist for deliveries (a warehouse has no pickup, meeting or report). */
const DELIVERY_ONLY: ReadonlySet<LifecycleAction> = new Set(['inactivateTalkroom', 'confirmReceive', 'report', 'complete']);

export interface ItemParties {
  creatorId: string;
  receiverId: string | null;
  /** Who carries the approved job; null (or absent) means the approved applicant itself. */
  carrierId?: string | null;
}

/** Who carries the approved job (DESIGN §5 "Carrier companies"); null before approval. */
export const carrierOf = (item: ItemParties): string | null => item.carrierId ?? item.receiverId;

/** The caller's part in an item; the customer role is needed to act as its owner. */
export function actorOf(item: ItemParties, caller: { userId: string; role: TRole }): LifecycleActor {
  if (caller.role === 'ADMIN') return 'ADMIN';
  if (caller.role === 'CUSTOMER' && item.creatorId === caller.userId) return 'OWNER';
  if (caller.role === 'DRIVER' || caller.role === 'DRIVER_MANAGER') {
    if (carrierOf(item) === caller.userId) return 'RECEIVER';
    if (item.receiverId === caller.userId) return 'COMPANY';
  }
  return 'OTHER';
}

/** Cancel is possible before pickup work starts. */
export function isAllowCancel(state: Pick<LifecycleState, 'type' | 'status'>): boolean {
  return state.status === 'WAITING_APPROVE' || (state.type === 'DELIVERY' && state.status === 'APPROVED');
}

/** Owner and admin may delete a delivery only while it waits; a warehouse unless matched. */
export function isAllowDelete(state: Pick<LifecycleState, 'type' | 'status'>): boolean {
  return state.type === 'DELIVERY' ? state.status === 'WAITING_APPROVE' : state.status !== 'COMPLETED';
}

const ok = (next: TRequestStatus): Decision => ({ ok: true, next });
const refuse = (code: LifecycleErrorCode): Decision => ({ ok: false, code });

function decideForStatus(state: LifecycleState, action: LifecycleAction): Decision {
  const { type, status } = state;
  switch (action) {
    case 'approve':
      if (status === 'WAITING_APPROVE' && state.selectionOver) return refuse('SELECTION_CLOSED');
      if (status === 'WAITING_APPROVE') return ok(type === 'DELIVERY' ? 'APPROVED' : 'COMPLETED');
      return refuse(status === 'CANCELLED' ? 'REQUEST_STATUS_CONFLICT' : 'CANDIDATE_ALREADY_APPROVED');
    case 'inactivateTalkroom':
      if (status !== 'APPROVED') return refuse('REQUEST_STATUS_CONFLICT');
      if (state.customerMeetingCompleted) return refuse('MEETING_ALREADY_CONFIRMED');
      return ok(state.driverMeetingCompleted ? 'IN_PROGRESS' : 'APPROVED');
    case 'confirmReceive':
      if (status !== 'APPROVED') return refuse('REQUEST_STATUS_CONFLICT');
      if (state.driverMeetingCompleted) return refuse('MEETING_ALREADY_CONFIRMED');
      return ok(state.customerMeetingCompleted ? 'IN_PROGRESS' : 'APPROVED');
    case 'report':
      // The driver may upload the report images in several calls while the work runs.
      return status === 'IN_PROGRESS' ? ok('IN_PROGRESS') : refuse('REQUEST_STATUS_CONFLICT');
    case 'complete':
      if (status !== 'IN_PROGRESS') return refuse('REQUEST_STATUS_CONFLICT');
      return state.reportComplete ? ok('COMPLETED') : refuse('REPORT_INCOMPLETE');
    case 'cancel':
      return isAllowCancel(state) ? ok('CANCELLED') : refuse('CANCEL_NOT_ALLOWED');
    case 'ownerDelete':
    case 'adminDelete':
      // Deletion is soft: the status stays, deletedAt is set by the caller.
      if (isAllowDelete(state)) return ok(status);
      return refuse(type === 'DELIVERY' ? 'DELIVERY_DELETE_NOT_ALLOWED' : 'WAREHOUSE_DELETE_NOT_ALLOWED');
  }
}

/**
 * May `actor` take `action` on a request item in `state`? Checked in this order:
 * the actor (no part in the item → 404 so ids cannot be probed; a party who may
 * see it but not take this action → 403), the item type, then the status.
 */
export function decide(state: LifecycleState, action: LifecycleAction, actor: LifecycleActor): Decision {
  if (ACTOR_OF[action] !== actor) return refuse(actor === 'OTHER' ? 'REQUEST_ITEM_NOT_FOUND' : 'REQUEST_ACTION_FORBIDDEN');
  if (state.type === 'WAREHOUSE' && DELIVERY_ONLY.has(action)) return refuse('REQUEST_TYPE_MISMATCH');
  if (state.type === 'WAREHOUSE' && (state.status === 'APPROVED' || state.status === 'IN_PROGRESS')) {
    // Not a warehouse status: a corrupt row is refused rather than moved on.
    return refuse('REQUEST_STATUS_CONFLICT');
  }
  return decideForStatus(state, action);
}

/**
 * The whole transition table: every (type, status, meeting flags, report, action,
 * actor) is either one of the rows of ALLOWED below, with its next status, or refused
 * with the code the refusal table names.
 */
import { DeliveryStatus, WarehouseStatus } from '@logi/contract';
import { describe, expect, it } from 'vitest';
import {
  LIFECYCLE_ACTIONS,
  LIFECYCLE_ACTORS,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleState,
  actorOf,
  decide,
  isAllowCancel,
  isAllowDelete,
} from './request-lifecycle';

/** `type status action actor [flags]` → next status; flags c = customer met, d = driver met, r = report complete, - = any. */
const ALLOWED: [string, string][] = [
  // delivery
  ['DELIVERY WAITING_APPROVE approve OWNER', 'APPROVED'],
  ['DELIVERY APPROVED inactivateTalkroom OWNER !c !d', 'APPROVED'],
  ['DELIVERY APPROVED inactivateTalkroom OWNER !c d', 'IN_PROGRESS'],
  ['DELIVERY APPROVED confirmReceive RECEIVER !d !c', 'APPROVED'],
  ['DELIVERY APPROVED confirmReceive RECEIVER !d c', 'IN_PROGRESS'],
  ['DELIVERY IN_PROGRESS report RECEIVER', 'IN_PROGRESS'],
  ['DELIVERY IN_PROGRESS complete OWNER r', 'COMPLETED'],
  ['DELIVERY WAITING_APPROVE cancel OWNER', 'CANCELLED'],
  ['DELIVERY APPROVED cancel OWNER', 'CANCELLED'],
  ['DELIVERY WAITING_APPROVE ownerDelete OWNER', 'WAITING_APPROVE'],
  ['DELIVERY WAITING_APPROVE adminDelete ADMIN', 'WAITING_APPROVE'],
  // warehouse
  ['WAREHOUSE WAITING_APPROVE approve OWNER', 'COMPLETED'],
  ['WAREHOUSE WAITING_APPROVE cancel OWNER', 'CANCELLED'],
  ['WAREHOUSE WAITING_APPROVE ownerDelete OWNER', 'WAITING_APPROVE'],
  ['WAREHOUSE CANCELLED ownerDelete OWNER', 'CANCELLED'],
  ['WAREHOUSE WAITING_APPROVE adminDelete ADMIN', 'WAITING_APPROVE'],
  ['WAREHOUSE CANCELLED adminDelete ADMIN', 'CANCELLED'],
];

const ACTION_ACTOR: Record<LifecycleAction, LifecycleActor> = {
  approve: 'OWNER',
  inactivateTalkroom: 'OWNER',
  confirmReceive: 'RECEIVER',
  report: 'RECEIVER',
  complete: 'OWNER',
  cancel: 'OWNER',
  ownerDelete: 'OWNER',
  adminDelete: 'ADMIN',
};

/** The refusal of a right actor on a right type, by action, when the status is not allowed. */
function statusRefusal(s: LifecycleState, action: LifecycleAction): string {
  switch (action) {
    case 'approve':
      return s.status === 'CANCELLED' ? 'REQUEST_STATUS_CONFLICT' : 'CANDIDATE_ALREADY_APPROVED';
    case 'inactivateTalkroom':
      return s.status === 'APPROVED' ? 'MEETING_ALREADY_CONFIRMED' : 'REQUEST_STATUS_CONFLICT';
    case 'confirmReceive':
      return s.status === 'APPROVED' ? 'MEETING_ALREADY_CONFIRMED' : 'REQUEST_STATUS_CONFLICT';
    case 'complete':
      return s.status === 'IN_PROGRESS' ? 'REPORT_INCOMPLETE' : 'REQUEST_STATUS_CONFLICT';
    case 'report':
      return 'REQUEST_STATUS_CONFLICT';
    case 'cancel':
      return 'CANCEL_NOT_ALLOWED';
    case 'ownerDelete':
    case 'adminDelete':
      return s.type === 'DELIVERY' ? 'DELIVERY_DELETE_NOT_ALLOWED' : 'WAREHOUSE_DELETE_NOT_ALLOWED';
  }
}

function matchesFlags(flags: string[], s: LifecycleState) {
  const value = { c: s.customerMeetingCompleted, d: s.driverMeetingCompleted, r: s.reportComplete };
  return flags.every((f) => (f.startsWith('!') ? !value[f[1] as 'c'] : value[f as 'c']));
}

function allowedNext(s: LifecycleState, action: LifecycleAction, actor: LifecycleActor): string | undefined {
  for (const [key, next] of ALLOWED) {
    const [type, status, a, who, ...flags] = key.split(' ');
    if (type === s.type && status === s.status && a === action && who === actor && matchesFlags(flags, s)) return next;
  }
  return undefined;
}

function* states(): Generator<LifecycleState> {
  const byType = { DELIVERY: DeliveryStatus.values, WAREHOUSE: WarehouseStatus.values } as const;
  for (const type of ['DELIVERY', 'WAREHOUSE'] as const) {
    for (const status of byType[type]) {
      for (let bits = 0; bits < 8; bits++) {
        yield {
          type,
          status,
          customerMeetingCompleted: Boolean(bits & 1),
          driverMeetingCompleted: Boolean(bits & 2),
          reportComplete: Boolean(bits & 4),
        };
      }
    }
  }
}

describe('decide: every (status, action, actor)', () => {
  const cases = [...states()].flatMap((s) =>
    LIFECYCLE_ACTIONS.flatMap((action) => LIFECYCLE_ACTORS.map((actor) => ({ s, action, actor }))),
  );

  it('covers every combination', () => {
    expect(cases).toHaveLength((5 + 3) * 8 * LIFECYCLE_ACTIONS.length * LIFECYCLE_ACTORS.length);
  });

  it.each(cases)(
    '$s.type $s.status c=$s.customerMeetingCompleted d=$s.driverMeetingCompleted r=$s.reportComplete: $action by $actor',
    ({ s, action, actor }) => {
      const next = allowedNext(s, action, actor);
      const decision = decide(s, action, actor);
      if (next) {
        expect(decision).toEqual({ ok: true, next });
        return;
      }
      let code: string;
      if (ACTION_ACTOR[action] !== actor) code = actor === 'OTHER' ? 'REQUEST_ITEM_NOT_FOUND' : 'REQUEST_ACTION_FORBIDDEN';
      else if (s.type === 'WAREHOUSE' && ['inactivateTalkroom', 'confirmReceive', 'report', 'complete'].includes(action)) {
        code = 'REQUEST_TYPE_MISMATCH';
      } else code = statusRefusal(s, action);
      expect(decision).toEqual({ ok: false, code });
    },
  );

  it('every row of the allowed table is reachable', () => {
    const used = new Set<string>();
    for (const { s, action, actor } of cases) {
      for (const [key] of ALLOWED) {
        const [type, status, a, who, ...flags] = key.split(' ');
        if (type === s.type && status === s.status && a === action && who === actor && matchesFlags(flags, s)) used.add(key);
      }
    }
    expect([...used].sort()).toEqual(ALLOWED.map(([k]) => k).sort());
  });

  it('refuses a warehouse row holding a delivery-only status', () => {
    const s = {
      type: 'WAREHOUSE',
      status: 'APPROVED',
      customerMeetingCompleted: false,
      driverMeetingCompleted: false,
      reportComplete: false,
    } as const;
    expect(decide(s, 'cancel', 'OWNER')).toEqual({ ok: false, code: 'REQUEST_STATUS_CONFLICT' });
  });
});

describe('the meeting needs both confirmations', () => {
  it('customer first, then driver → IN_PROGRESS only on the second', () => {
    const s: LifecycleState = {
      type: 'DELIVERY',
      status: 'APPROVED',
      customerMeetingCompleted: false,
      driverMeetingCompleted: false,
      reportComplete: false,
    };
    expect(decide(s, 'inactivateTalkroom', 'OWNER')).toEqual({ ok: true, next: 'APPROVED' });
    const after = { ...s, customerMeetingCompleted: true };
    expect(decide(after, 'confirmReceive', 'RECEIVER')).toEqual({ ok: true, next: 'IN_PROGRESS' });
  });
});

describe('isAllowCancel and isAllowDelete', () => {
  it.each([
    ['DELIVERY', 'WAITING_APPROVE', true, true],
    ['DELIVERY', 'APPROVED', true, false],
    ['DELIVERY', 'IN_PROGRESS', false, false],
    ['DELIVERY', 'COMPLETED', false, false],
    ['DELIVERY', 'CANCELLED', false, false],
    ['WAREHOUSE', 'WAITING_APPROVE', true, true],
    ['WAREHOUSE', 'COMPLETED', false, false],
    ['WAREHOUSE', 'CANCELLED', false, true],
  ] as const)('%s %s: cancel %s, delete %s', (type, status, cancel, del) => {
    expect(isAllowCancel({ type, status })).toBe(cancel);
    expect(isAllowDelete({ type, status })).toBe(del);
  });
});

const APPROVED_STATE: LifecycleState = {
  type: 'DELIVERY',
  status: 'APPROVED',
  customerMeetingCompleted: false,
  driverMeetingCompleted: false,
  reportComplete: false,
};

describe('actorOf', () => {
  const item = { creatorId: 'customer', receiverId: 'driver' };
  it.each([
    [{ userId: 'admin', role: 'ADMIN' }, 'ADMIN'],
    [{ userId: 'customer', role: 'CUSTOMER' }, 'OWNER'],
    // The owner signed in under another role acts as that role only.
    [{ userId: 'customer', role: 'DRIVER_MANAGER' }, 'OTHER'],
    [{ userId: 'driver', role: 'DRIVER' }, 'RECEIVER'],
    [{ userId: 'driver', role: 'DRIVER_MANAGER' }, 'RECEIVER'],
    [{ userId: 'driver', role: 'CUSTOMER' }, 'OTHER'],
    [{ userId: 'someone', role: 'DRIVER' }, 'OTHER'],
  ] as const)('%o → %s', (caller, actor) => {
    expect(actorOf(item, caller)).toBe(actor);
  });
  it('the assigned driver carries the job; its manager keeps a view of it', () => {
    const assigned = { creatorId: 'customer', receiverId: 'manager', carrierId: 'driver' };
    expect(actorOf(assigned, { userId: 'driver', role: 'DRIVER' })).toBe('RECEIVER');
    expect(actorOf(assigned, { userId: 'manager', role: 'DRIVER_MANAGER' })).toBe('COMPANY');
    expect(actorOf(assigned, { userId: 'other-driver', role: 'DRIVER' })).toBe('OTHER');
    expect(decide(APPROVED_STATE, 'confirmReceive', 'COMPANY')).toEqual({ ok: false, code: 'REQUEST_ACTION_FORBIDDEN' });
  });
  it('nobody is the receiver before approval', () => {
    expect(actorOf({ creatorId: 'c', receiverId: null }, { userId: 'd', role: 'DRIVER' })).toBe('OTHER');
  });
});

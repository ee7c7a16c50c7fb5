/**
 * What the owner of a request item may do next, read from the item as the server
 * sends it. It mirrors the server's transition table (apps/server/src/domain/
 * request-lifecycle.ts, decision 004) so that the page offers only actions the
 * server would accept; the server still decides every call.
 */
import { type TRequestItemDetail } from '@logi/contract';
import { MY_ITEMS_TEXT } from '../../../texts/my-items';

export interface OwnerActions {
  cancel: boolean;
  delete: boolean;
  /** The customer's half of "meeting complete". */
  meetingComplete: boolean;
  /** Approve the driver's delivery report (all three images present). */
  approveCompletion: boolean;
}

const deliveryOf = (item: TRequestItemDetail) => (item.type === 'DELIVERY' ? item.deliveryItem : null);

/** The customer has not pressed meeting complete yet (the room itself stays open through the job, decision 085). */
const meetingOpen = (item: TRequestItemDetail) => item.talkroom != null && item.talkroom.customerMeetingCompletedAt === null;

export function ownerActions(item: TRequestItemDetail): OwnerActions {
  const delivery = deliveryOf(item);
  const part = item.deliveryItem ?? item.warehouseItem;
  return {
    cancel: part?.isAllowCancel ?? false,
    // Deliveries only while waiting for approval; a warehouse unless matched (isAllowDelete).
    delete: item.type === 'DELIVERY' ? item.status === 'WAITING_APPROVE' : item.status !== 'COMPLETED',
    meetingComplete: delivery !== null && item.status === 'APPROVED' && meetingOpen(item),
    approveCompletion: delivery !== null && item.status === 'IN_PROGRESS' && delivery.isReportComplete,
  };
}

type NextStepKey = keyof (typeof MY_ITEMS_TEXT.nextStep)['DELIVERY'] & keyof (typeof MY_ITEMS_TEXT.nextStep)['WAREHOUSE'];

/** The "next step" the detail page explains in plain Japanese. */
export function nextStep(item: TRequestItemDetail): { title: string; description: string } {
  const delivery = MY_ITEMS_TEXT.nextStep.DELIVERY;
  const warehouse = MY_ITEMS_TEXT.nextStep.WAREHOUSE;
  if (item.selectionClosedAt) return item.repostedAsId ? MY_ITEMS_TEXT.detail.reposted : MY_ITEMS_TEXT.detail.selectionClosed;
  if (item.status === 'WAITING_APPROVE') {
    const key: NextStepKey = (item.numberOfCandidates ?? 0) > 0 ? 'WAITING_APPROVE' : 'WAITING_APPROVE_NO_CANDIDATES';
    return item.type === 'DELIVERY' ? delivery[key] : warehouse[key];
  }
  if (item.type === 'WAREHOUSE') return item.status === 'CANCELLED' ? warehouse.CANCELLED : warehouse.COMPLETED;
  switch (item.status) {
    case 'APPROVED':
      return meetingOpen(item) ? delivery.APPROVED : delivery.APPROVED_WAITING_DRIVER;
    case 'IN_PROGRESS':
      return item.deliveryItem?.isReportComplete ? delivery.IN_PROGRESS_REPORTED : delivery.IN_PROGRESS;
    default:
      return delivery[item.status];
  }
}

/**
 * What the carrier does next on a request it applied to, and which actions the lifecycle
 * (decision 004) will accept from it now: the driver's meeting complete while the delivery is
 * APPROVED and the driver has not confirmed; the report once the pickup work runs (IN_PROGRESS),
 * and to look at afterwards. Only the one who carries the job (the approved applicant, or the
 * driver its manager assigned) has any of them; the manager of an assigned job only watches.
 */
import { type TRequestItemDetail, type TTalkroom } from '@logi/contract';
import { APPLIED_ITEMS_TEXT as T } from '../../../texts/applied-items';
import { candidacyOf } from './candidacy';

export interface NextStep {
  text: string;
  /** The driver may press meeting complete (confirm-receive). */
  meetingComplete: boolean;
  /** The report page: to send it, or to look at what was sent. */
  report: 'send' | 'view' | null;
}

export function nextStep(
  item: TRequestItemDetail,
  room: Pick<TTalkroom, 'driverMeetingCompletedAt'> | undefined,
  userId: string,
): NextStep {
  const candidacy = candidacyOf(item);
  const none = { meetingComplete: false, report: null };
  if (candidacy !== 'APPROVED') return { text: T.candidacyHint[candidacy], ...none };
  if (item.type === 'WAREHOUSE') return { text: T.nextStep.warehouseMatched, ...none };
  if (item.carrierId !== null && item.carrierId !== userId && item.status !== 'COMPLETED') {
    return { text: T.nextStep.driverAssigned, ...none };
  }
  const complete = item.deliveryItem?.isReportComplete ?? false;
  switch (item.status) {
    case 'APPROVED': {
      const confirmed = room?.driverMeetingCompletedAt != null;
      return {
        text: confirmed ? T.nextStep.waitingCustomer : T.nextStep.meeting,
        meetingComplete: !confirmed && !!room,
        report: null,
      };
    }
    case 'IN_PROGRESS':
      return {
        text: complete
          ? T.nextStep.awaitingApproval
          : item.deliveryItem?.isTemperatureRequired
            ? T.nextStep.reportColdChain
            : T.nextStep.report,
        meetingComplete: false,
        report: complete ? 'view' : 'send',
      };
    case 'COMPLETED':
      return { text: T.nextStep.completed, meetingComplete: false, report: 'view' };
    default:
      return { text: T.candidacyHint[candidacy], ...none };
  }
}

/**
 * The request lifecycle calls (DESIGN §5, docs/decisions/004-request-lifecycle.md):
 * meeting complete (customer: inactivate the talkroom; driver: confirm receipt — both
 * for IN_PROGRESS), the delivery report, completion, cancel, and the two deletes.
 *
 * Each call is one transaction through `withEvents`: lock the request row, read its
 * lifecycle state, ask `decide`, apply what it allows, emit the event, commit. A refusal
 * throws before anything is written, so it changes nothing. The approval lives in the
 * candidates module and follows the same steps.
 */
import type { TDeliveryReportBody, TFileKind, TMessageResponse, TTransitionResponse } from '@logi/contract';
import { SUCCESS_MESSAGES, isColdChain } from '@logi/contract';
import { isSelectionOver } from '../../domain/applications';
import { isReportComplete, readingsOutOfRange, reportProgress } from '../../domain/delivery-report';
import { type LifecycleAction, actorOf, carrierOf, decide } from '../../domain/request-lifecycle';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { recordAdminAction } from '../audit-log/audit-log.service';
import { attachFiles } from '../files/files.service';
import { createJobInvoiceDraft } from '../invoices/invoices.service';
import { recordCompletedJob } from '../standard-fares/standard-fares.service';
import { recordJobFinished } from '../reviews/reviews.service';
import { type Emit, withEvents } from '../notifications/notifications.service';
import {
  type RequestItemRow,
  applicantIds,
  getRequestItemRow,
  loadLifecycleState,
  lockRequestItem,
  requestItemDetail,
  requestSubject,
} from '../request-items/request-items.access.service';
import { closeTalkrooms, findTalkroom, findTalkroomOf, recordMeeting } from '../talkrooms/talkrooms.service';
import * as repo from './request-lifecycle.repository';

/** Requests closed per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 100;

interface Transition {
  tx: Database;
  emit: Emit;
  /** The request item as locked (before the status change `decide` allowed, which `transition` applies). */
  item: RequestItemRow;
}

/**
 * May `reader` see a delivery report's images? The item's owner, the driver who carries
 * it and the approved applicant (its driver manager); the files module adds the admin.
 */
export async function canReadDeliveryReport(db: Database, reader: AuthContext, requestItemId: string): Promise<boolean> {
  const item = await getRequestItemRow(db, requestItemId).catch(() => undefined);
  if (!item) return false;
  const actor = actorOf(item, reader);
  return actor === 'OWNER' || actor === 'RECEIVER' || actor === 'COMPANY';
}

/** Tells everyone who applied that the request is gone (cancelled, or deleted while open). */
async function tellApplicantsCancelled({ tx, emit, item }: Transition, actorId: string) {
  const applicants = await applicantIds(tx, item.id);
  if (applicants.length === 0) return;
  await emit({
    type: 'REQUEST_CANCELLED',
    requestType: item.type,
    requestItemId: item.id,
    actorId,
    recipientIds: applicants,
  });
}

export function createRequestLifecycleService(deps: Deps) {
  const { db } = deps;

  /**
   * One transition: lock, decide, then `effect` (which writes and emits) — or a refusal
   * that writes nothing. Answers the item as it was locked.
   */
  async function transition(
    auth: AuthContext,
    requestItemId: string,
    action: LifecycleAction,
    effect: (t: Transition) => Promise<void>,
  ): Promise<RequestItemRow> {
    return withEvents(deps, async (tx, emit) => {
      const item = await lockRequestItem(tx, requestItemId);
      const actor = actorOf(item, auth);
      const decision = decide(await loadLifecycleState(tx, item), action, actor);
      if (!decision.ok) throw new AppError(decision.code);
      await effect({ tx, emit, item });
      if (decision.next !== item.status) await repo.setStatus(tx, item.id, decision.next);
      return item;
    });
  }

  async function answer(auth: AuthContext, requestItemId: string, message: string): Promise<TTransitionResponse> {
    return { message, requestItem: await requestItemDetail(deps, requestItemId, auth) };
  }

  /** The approved applicant's talkroom (approval always opened it). */
  async function approvedTalkroom(tx: Database, item: RequestItemRow) {
    const talkroom = item.receiverId ? await findTalkroomOf(tx, item.id, item.receiverId) : undefined;
    if (!talkroom) throw new AppError('TALKROOM_NOT_FOUND');
    return talkroom;
  }

  /** Owner or admin delete: soft, closes the talkrooms, tells applicants of an open item it is gone. */
  async function remove(
    auth: AuthContext,
    requestItemId: string,
    action: 'ownerDelete' | 'adminDelete',
  ): Promise<RequestItemRow> {
    return transition(auth, requestItemId, action, async (t) => {
      const { tx, item } = t;
      await repo.softDelete(tx, item.id, auth.userId);
      await closeTalkrooms(tx, item.id);
      if (action === 'adminDelete') {
        await recordAdminAction(tx, {
          actorId: auth.userId,
          action: 'REQUEST_DELETED',
          targetType: 'REQUEST_ITEM',
          targetId: item.id,
          before: { type: item.type, status: item.status, deleted: false },
          after: { type: item.type, status: item.status, deleted: true },
        });
      }
      // A cancelled item's applicants were told on cancel; an open one's learn it now.
      if (item.status === 'WAITING_APPROVE') await tellApplicantsCancelled(t, auth.userId);
    });
  }

  return {
    /** The customer's meeting complete (the talkroom stays open for the job); with the driver's confirmation the work starts. */
    async inactivateTalkroom(auth: AuthContext, talkroomId: string): Promise<TTransitionResponse> {
      const room = await findTalkroom(db, talkroomId);
      if (!room) throw new AppError('TALKROOM_NOT_FOUND');
      await transition(auth, room.requestItemId, 'inactivateTalkroom', async ({ tx, emit, item }) => {
        if (room.appliedUserId !== item.receiverId) throw new AppError('TALKROOM_NOT_APPROVED');
        await recordMeeting(tx, room.id, 'customer', new Date());
        await emit({
          type: 'MEETING_COMPLETE_PRESSED',
          requestItemId: item.id,
          talkroomId: room.id,
          actorId: auth.userId,
          // The approved applicant and, when its manager assigned one, the driver who carries the job.
          recipientIds: [room.appliedUserId, carrierOf(item)!],
        });
      });
      return answer(auth, room.requestItemId, SUCCESS_MESSAGES.statusUpdated);
    },

    /** The driver's meeting complete (receipt confirmed); with the customer's the work starts. */
    async confirmReceive(auth: AuthContext, requestItemId: string): Promise<TTransitionResponse> {
      await transition(auth, requestItemId, 'confirmReceive', async ({ tx, emit, item }) => {
        const room = await approvedTalkroom(tx, item);
        await recordMeeting(tx, room.id, 'driver', new Date());
        await emit({
          type: 'MEETING_COMPLETE_PRESSED',
          requestItemId: item.id,
          talkroomId: room.id,
          actorId: auth.userId,
          recipientIds: [item.creatorId],
        });
      });
      return answer(auth, requestItemId, SUCCESS_MESSAGES.statusUpdated);
    },

    /**
     * The driver's report images and a cold load's readings, in one call or several (a part
     * sent again is replaced). A reading outside the zone's range is told to both parties at
     * once; the customer is told each time a call leaves the report complete.
     */
    async report(auth: AuthContext, requestItemId: string, body: TDeliveryReportBody): Promise<TTransitionResponse> {
      let progress: { present: number; total: number } | undefined;
      await transition(auth, requestItemId, 'report', async ({ tx, emit, item }) => {
        const parts = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as repo.ReportParts;
        const { receiptImageId, recipientSignatureImageId, deliveryImageId, temperatureLogFileId } = parts;
        const attach = (fileIds: (string | undefined)[], kinds: TFileKind[]) =>
          attachFiles(tx, {
            ownerId: auth.userId,
            fileIds: fileIds.filter((id) => id !== undefined),
            entityType: 'DELIVERY_REPORT',
            entityId: item.id,
            kinds,
          });
        await attach([receiptImageId, recipientSignatureImageId, deliveryImageId], ['IMAGE']);
        await attach([temperatureLogFileId], ['DOCUMENT']);
        const report = await repo.setReport(tx, item.id, parts, new Date());
        const range = report.vehicleTemperatureRange;
        const custom = { temperatureMin: report.temperatureMin, temperatureMax: report.temperatureMax };
        const readings = readingsOutOfRange({
          vehicleTemperatureRange: range,
          pickupTemperature: body.pickupTemperature ?? null,
          deliveryTemperature: body.deliveryTemperature ?? null,
          ...custom,
        });
        if (readings.length > 0 && isColdChain(range)) {
          await emit({
            type: 'TEMPERATURE_OUT_OF_RANGE',
            requestItemId: item.id,
            subject: report.baggageName,
            range,
            custom,
            readings,
            actorId: auth.userId,
            customerId: item.creatorId,
            carrierIds: [item.receiverId!, carrierOf(item)!],
          });
        }
        progress = reportProgress(report);
        if (isReportComplete(report)) {
          await emit({
            type: 'DELIVERY_REPORT_SUBMITTED',
            requestItemId: item.id,
            driverId: auth.userId,
            customerId: item.creatorId,
          });
        }
      });
      // A part of the report is kept, not sent: the toast says which (issue 43 item 21).
      const { present, total } = progress!;
      return answer(
        auth,
        requestItemId,
        present === total ? SUCCESS_MESSAGES.reportSubmitted : SUCCESS_MESSAGES.reportPartSaved(present, total),
      );
    },

    /** The customer approves the complete report: the delivery is done and its talkroom becomes read-only. */
    async complete(auth: AuthContext, requestItemId: string): Promise<TTransitionResponse> {
      await transition(auth, requestItemId, 'complete', async ({ tx, emit, item }) => {
        await closeTalkrooms(tx, item.id);
        // The market's lane prices count the job from now (decision 092).
        await recordCompletedJob(tx, item.id);
        // The carrier's measured facts and each site's measured waiting (decision 105).
        await recordJobFinished(tx, item, 'COMPLETED', new Date());
        // The carrier's draft invoice to the shipper, for it to review and issue (decision 099).
        await createJobInvoiceDraft(tx, item.id, new Date());
        await emit({
          type: 'DELIVERY_COMPLETION_APPROVED',
          requestItemId: item.id,
          customerId: auth.userId,
          driverId: item.receiverId!,
        });
      });
      return answer(auth, requestItemId, SUCCESS_MESSAGES.completionApproved);
    },

    /** The customer cancels before pickup work starts: every talkroom closes, every applicant is told. */
    async cancel(auth: AuthContext, requestItemId: string): Promise<TTransitionResponse> {
      const { type } = await transition(auth, requestItemId, 'cancel', async (t) => {
        await closeTalkrooms(t.tx, t.item.id);
        // After the approval, the carrier's facts count the cancellation (decision 105).
        if (t.item.status === 'APPROVED') await recordJobFinished(t.tx, t.item, 'CANCELLED', new Date());
        await tellApplicantsCancelled(t, auth.userId);
      });
      return answer(
        auth,
        requestItemId,
        type === 'DELIVERY' ? SUCCESS_MESSAGES.deliveryCancelled : SUCCESS_MESSAGES.requestCancelled,
      );
    },

    /**
     * Open selection (decision 065): closes every open request whose deadline has come by `now`,
     * each in its own transaction under the row lock an approval takes too, so that a
     * last-second approval and the close never both happen. Answers how many closed.
     */
    async closeDueSelections(now = new Date()): Promise<number> {
      let closed = 0;
      for (const id of await repo.dueSelections(db, now, SWEEP_BATCH)) {
        const done = await withEvents(deps, async (tx, emit) => {
          const item = await lockRequestItem(tx, id);
          if (item.status !== 'WAITING_APPROVE' || !isSelectionOver(item, now)) return false;
          await repo.closeAtDeadline(tx, item.id, now);
          await closeTalkrooms(tx, item.id);
          const applicantIds = await repo.markApplicationsNotChosen(tx, item.id);
          await emit({
            type: 'SELECTION_DEADLINE_PASSED',
            requestItemId: item.id,
            subject: await requestSubject(tx, item.id),
            customerId: item.creatorId,
            applicantIds,
          });
          return true;
        }).catch((err: unknown) => {
          // Deleted meanwhile: nothing to close.
          if (err instanceof AppError && err.code === 'REQUEST_ITEM_NOT_FOUND') return false;
          throw err;
        });
        if (done) closed++;
      }
      return closed;
    },

    async ownerDelete(auth: AuthContext, requestItemId: string): Promise<TMessageResponse> {
      await remove(auth, requestItemId, 'ownerDelete');
      return { message: SUCCESS_MESSAGES.requestDeleted };
    },

    async adminDelete(auth: AuthContext, requestItemId: string): Promise<TMessageResponse> {
      const item = await remove(auth, requestItemId, 'adminDelete');
      return { message: item.type === 'DELIVERY' ? SUCCESS_MESSAGES.deliveryDeleted : SUCCESS_MESSAGES.requestDeleted };
    },
  };
}

export type RequestLifecycleService = ReturnType<typeof createRequestLifecycleService>;

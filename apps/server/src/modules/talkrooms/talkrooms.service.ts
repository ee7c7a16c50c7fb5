/**
 * Talkrooms and messages (docs/decisions/013-applying-candidates-talkrooms.md).
 *
 * One talkroom per candidate, opened when the applicant applies. The request's owner
 * and the applicant read and write; the admin reads; anyone else gets 404. A closed
 * talkroom (an approval that chose someone else, a warehouse match, a completed delivery,
 * a cancel, a delete) is read-only; the approved room of a delivery stays open through the
 * job, past the meeting complete (decision 085). Opening the messages marks what
 * the other party wrote as read. Posting a message is one transaction through
 * `withEvents`, which tells the other party (NEW_MESSAGE) and streams the message.
 *
 * The functions at the top are for the other modules' transactions: the candidates
 * module opens a room when someone applies and closes the others on approval, the
 * lifecycle records the meeting and closes rooms on cancel and delete.
 */
import type { TLastMessage, TMessage, TMessageListQuery, TMessagePage, TPostMessageBody, TTalkroomList } from '@logi/contract';
import { paginationMeta, Role } from '@logi/contract';
import { personName } from '../../domain/person-name';
import { type ItemParties, carrierOf } from '../../domain/request-lifecycle';
import { canSeeContacts } from '../../domain/request-visibility';
import { canWrite, senderRole, talkroomPart, talkroomParticipants } from '../../domain/talkroom-access';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { attachFiles, fileViews } from '../files/files.service';
import { markTalkroomNoticesRead, withEvents } from '../notifications/notifications.service';
import { getRequestItemRow, requestSubject, toTalkroom } from '../request-items/request-items.access.service';
import * as repo from './talkrooms.repository';

export type { TalkroomRow } from './talkrooms.repository';

// ───────────────────────── for other modules' transactions ─────────────────────────

/** The candidate's talkroom, created once however often (or concurrently) it is asked for. */
export const openTalkroom = repo.insertTalkroom;
/** Makes the item's talkrooms read-only, but `keepOpenId`. */
export const closeTalkrooms = repo.closeTalkrooms;
export const closeTalkroomsOfCandidates = repo.closeTalkroomsOfCandidates;
/** The customer's or the driver's meeting complete (records the time; the room stays open). */
export const recordMeeting = repo.recordMeeting;
export const findTalkroom = repo.findTalkroom;
export const findTalkroomOf = repo.findTalkroomOf;
export const findTalkroomsByCandidates = repo.findTalkroomsByCandidates;

/** The newest message of each talkroom as the lists show it (one query). */
export async function lastMessagesOf(db: Database, talkroomIds: readonly string[]): Promise<Map<string, TLastMessage>> {
  const rows = await repo.lastMessages(db, talkroomIds);
  return new Map([...rows].map(([id, m]) => [id, toLastMessage(m)]));
}

/** May `reader` see a message's attachments? The two parties of its talkroom (the files module adds the admin). */
export async function canReadMessage(db: Database, reader: AuthContext, messageId: string): Promise<boolean> {
  const parties = await repo.findMessageParties(db, messageId);
  return parties !== undefined && canWrite(talkroomPart(parties, parties, reader));
}

// ───────────────────────── views ─────────────────────────

function toLastMessage(m: repo.MessageRow): TLastMessage {
  return {
    id: m.id,
    content: m.content,
    senderId: m.senderId,
    fileCount: m.fileIds.length,
    createdAt: m.createdAt.toISOString(),
  };
}

type MessageWithSender = Awaited<ReturnType<typeof repo.listMessages>>['rows'][number];

/**
 * A sender as `reader` sees them. The customer stays masked (by the role label) to an
 * applicant who may not see the customer's details; a nameless account is named by
 * its company, else its role (decision 040).
 */
function senderName(item: ItemParties, sender: MessageWithSender['sender'], reader: AuthContext) {
  const role = senderRole(item, sender);
  if (role === 'CUSTOMER' && !canSeeContacts(item, reader)) return Role.labels.CUSTOMER;
  return personName(sender, sender.companyName ?? Role.labels[role]);
}

async function toMessages(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  item: ItemParties,
  reader: AuthContext,
  rows: MessageWithSender[],
): Promise<TMessage[]> {
  // Every attachment of the page in one query.
  const files = new Map(
    (
      await fileViews(
        deps,
        rows.flatMap((r) => r.message.fileIds),
      )
    ).map((f) => [f.id, f]),
  );
  return rows.map(({ message, sender }) => ({
    id: message.id,
    talkroomId: message.talkroomId,
    senderId: message.senderId,
    content: message.content,
    isRead: message.isRead,
    fileIds: message.fileIds,
    files: message.fileIds.map((id) => files.get(id)).filter((f) => f !== undefined),
    senderInfo: { id: sender.id, name: senderName(item, sender, reader), role: senderRole(item, sender) },
    createdAt: message.createdAt.toISOString(),
  }));
}

// ───────────────────────── the calls ─────────────────────────

export function createTalkroomsService(deps: Deps) {
  const { db } = deps;

  /** The item and one of its talkrooms, with the caller's part in it; 404 when the caller has none. */
  async function openFor(tx: Database, auth: AuthContext, requestItemId: string, talkroomId: string, lock = false) {
    const item = await getRequestItemRow(tx, requestItemId);
    const talkroom = await repo.findTalkroom(tx, talkroomId, lock);
    if (!talkroom || talkroom.requestItemId !== item.id) throw new AppError('TALKROOM_NOT_FOUND');
    const part = talkroomPart(item, talkroom, auth);
    if (!part) throw new AppError('TALKROOM_NOT_FOUND');
    return { item, talkroom, part };
  }

  return {
    /** The owner and the admin: every talkroom of the item; an applicant: its own. */
    async list(auth: AuthContext, requestItemId: string): Promise<TTalkroomList> {
      const item = await getRequestItemRow(db, requestItemId);
      const seesAll = auth.role === 'ADMIN' || (auth.role === 'CUSTOMER' && item.creatorId === auth.userId);
      const isCarrier = auth.role === 'DRIVER' || auth.role === 'DRIVER_MANAGER';
      if (!seesAll && !isCarrier) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      // The driver a manager assigned sees the approved applicant's room; an applicant its own.
      const applicantId = !seesAll && carrierOf(item) === auth.userId && item.receiverId ? item.receiverId : auth.userId;
      const rows = await repo.listTalkrooms(db, item.id, seesAll ? undefined : applicantId);
      if (rows.length === 0 && !seesAll) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      const ids = rows.map((r) => r.talkroom.id);
      const [last, unread] = await Promise.all([
        repo.lastMessages(db, ids),
        auth.role === 'ADMIN' ? new Map<string, number>() : repo.unreadCounts(db, ids, auth.userId),
      ]);
      return {
        data: rows.map(({ talkroom, applicant, companyName }) => {
          const lastMessage = last.get(talkroom.id);
          return {
            ...toTalkroom(talkroom),
            applicant: { id: applicant.id, name: personName(applicant, companyName ?? Role.labels.DRIVER), companyName },
            lastMessage: lastMessage ? toLastMessage(lastMessage) : null,
            unreadCount: unread.get(talkroom.id) ?? 0,
          };
        }),
      };
    },

    /** A page of messages, newest first; a party's reading marks the other's messages read. */
    async messages(auth: AuthContext, requestItemId: string, q: TMessageListQuery): Promise<TMessagePage> {
      const { item, talkroom, part } = await openFor(db, auth, requestItemId, q.talkroomId);
      if (canWrite(part)) {
        await db.transaction(async (tx) => {
          await repo.markRead(tx, talkroom.id, auth.userId);
          await markTalkroomNoticesRead(tx, auth.userId, item.id, talkroom.id);
        });
      }
      const { rows, total } = await repo.listMessages(db, talkroom.id, { limit: q.limit, offset: (q.page - 1) * q.limit });
      return {
        meta: paginationMeta(q.page, q.limit, total),
        data: await toMessages(deps, item, auth, rows),
        talkroom: toTalkroom(talkroom),
      };
    },

    /** Sends a message with the sender's uploaded files; a closed talkroom answers 409. */
    async post(auth: AuthContext, requestItemId: string, body: TPostMessageBody): Promise<TMessage> {
      const { item, row } = await withEvents(deps, async (tx, emit) => {
        // The room's row lock: a meeting complete or a cancel cannot close it under this message.
        const { item, talkroom, part } = await openFor(tx, auth, requestItemId, body.talkroomId, true);
        if (!canWrite(part)) throw new AppError('TALKROOM_NOT_FOUND');
        if (!talkroom.isActive) throw new AppError('TALKROOM_INACTIVE');
        const message = await repo.insertMessage(tx, {
          talkroomId: talkroom.id,
          senderId: auth.userId,
          content: body.content,
          fileIds: body.fileIds,
        });
        await attachFiles(tx, { ownerId: auth.userId, fileIds: body.fileIds, entityType: 'MESSAGE', entityId: message.id });
        const participantIds = talkroomParticipants(item, talkroom);
        // Named as the others see the sender in the room (the customer stays 荷主 to a carrier who may not see it).
        const readerId = participantIds.find((id) => id !== auth.userId) ?? auth.userId;
        const reader = { userId: readerId, role: readerId === item.creatorId ? 'CUSTOMER' : 'DRIVER', familyId: '' } as const;
        const senderRow = await repo.findSender(tx, auth.userId);
        const subject = await requestSubject(tx, item.id);
        await emit({
          type: 'TALKROOM_MESSAGE_POSTED',
          requestItemId: item.id,
          talkroomId: talkroom.id,
          messageId: message.id,
          senderId: auth.userId,
          senderName: senderName(item, senderRow, reader),
          subject,
          participantIds,
          content: message.content,
          fileIds: message.fileIds,
          createdAt: message.createdAt,
        });
        // The message as the room lists it, from what the transaction wrote and read: no read after it.
        return { item, row: { message, sender: senderRow } };
      });
      const [view] = await toMessages(deps, item, auth, [row]);
      return view!;
    },
  };
}

export type TalkroomsService = ReturnType<typeof createTalkroomsService>;

/**
 * Talkrooms and their messages (spec §3 Talkroom, Message; §7 GET /{id}/messages).
 * One talkroom per candidate: the request's owner and the applicant write, the admin
 * reads. Pages are newest first (see docs/decisions/013-applying-candidates-talkrooms.md).
 */
import { z } from 'zod';
import { Role } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import { MAX, ZPaginationQuery, iso, paginated, uuid } from './common';
import { ZLastMessage } from './candidates';
import { ZFileView, fileIdList } from './files';
import { ZTalkroomRef } from './request-items';

/** GET /request-items/{id}/messages */
export const ZMessageListQuery = z.lazy(() => ZPaginationQuery.unwrap().extend({ talkroomId: uuid() }));
export type TMessageListQuery = z.infer<typeof ZMessageListQuery>;

/** A message may hold at most this many characters. */
export const MESSAGE_MAX_LENGTH = MAX.note;

/** POST /request-items/{id}/messages: text, attachments (uploaded by the sender), or both. */
export const ZPostMessageBody = z.lazy(() =>
  z
    .object({
      talkroomId: uuid(),
      content: z.preprocess(
        (v) => (v === null || v === undefined ? '' : v),
        z
          .string({ error: FIELD_MESSAGES.invalidType })
          .trim()
          .max(MESSAGE_MAX_LENGTH, FIELD_MESSAGES.tooLong(MESSAGE_MAX_LENGTH)),
      ),
      fileIds: fileIdList().default([]),
    })
    .superRefine((v, ctx) => {
      if (v.content === '' && v.fileIds.length === 0)
        ctx.addIssue({ code: 'custom', path: ['content'], message: FIELD_MESSAGES.messageEmpty });
    }),
);
export type TPostMessageBody = z.infer<typeof ZPostMessageBody>;

/** Who wrote a message: the customer, or the applicant as a driver or driver manager. */
export const ZSenderInfo = z.lazy(() => z.object({ id: z.string(), name: z.string(), role: Role.schema }));

export const ZMessage = z.lazy(() =>
  z.object({
    id: z.string(),
    talkroomId: z.string(),
    senderId: z.string(),
    content: z.string(),
    /** Read by the other party (set when they open the talkroom). */
    isRead: z.boolean(),
    fileIds: z.array(z.string()),
    files: z.array(ZFileView),
    senderInfo: ZSenderInfo,
    createdAt: iso(),
  }),
);
export type TMessage = z.infer<typeof ZMessage>;

/** A page of messages, newest first, with the talkroom (isActive false → read-only). */
export const ZMessagePage = z.lazy(() => paginated(ZMessage).extend({ talkroom: ZTalkroomRef }));
export type TMessagePage = z.infer<typeof ZMessagePage>;

/** A talkroom as the lists show it: the applicant, the newest message, what the caller has not read. */
export const ZTalkroom = z.lazy(() =>
  ZTalkroomRef.unwrap().extend({
    applicant: z.object({ id: z.string(), name: z.string(), companyName: z.string().nullable() }),
    lastMessage: ZLastMessage.nullable(),
    /** Messages from the other party the caller has not read (0 for the admin). */
    unreadCount: z.number().int(),
  }),
);
export type TTalkroom = z.infer<typeof ZTalkroom>;

/** GET /request-items/{id}/talkrooms: the owner and the admin get every talkroom, an applicant its own. */
export const ZTalkroomList = z.lazy(() => z.object({ data: z.array(ZTalkroom) }));
export type TTalkroomList = z.infer<typeof ZTalkroomList>;

export const ZTalkroomIdParams = z.lazy(() => z.object({ id: uuid() }));
export type TTalkroomIdParams = z.infer<typeof ZTalkroomIdParams>;

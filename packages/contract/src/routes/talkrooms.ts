/** Talkrooms and messages: the two parties read and write, the admin reads. */
import { def } from './route-def';
import { ZRequestItemIdParams } from '../schemas/request-items';
import { ZMessage, ZMessageListQuery, ZMessagePage, ZPostMessageBody, ZTalkroomList } from '../schemas/talkrooms';

export const talkroomRoutes = {
  list: def({
    method: 'GET',
    path: '/request-items/:requestItemId/talkrooms',
    summary: '依頼のトークルーム一覧（依頼主・管理者: すべて、応募者: 自分の）',
    access: 'authenticated',
    params: ZRequestItemIdParams,
    response: ZTalkroomList,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
  messages: def({
    method: 'GET',
    path: '/request-items/:requestItemId/messages',
    summary: 'トークルームのメッセージ（新しい順。開いた当事者の未読を既読にする）',
    access: 'authenticated',
    params: ZRequestItemIdParams,
    query: ZMessageListQuery,
    response: ZMessagePage,
    errors: ['REQUEST_ITEM_NOT_FOUND', 'TALKROOM_NOT_FOUND'],
  }),
  postMessage: def({
    method: 'POST',
    path: '/request-items/:requestItemId/messages',
    summary: 'メッセージを送信（添付ファイル可。終了したトークルームは読み取り専用）',
    access: ['CUSTOMER', 'DRIVER', 'DRIVER_MANAGER'],
    status: 201,
    params: ZRequestItemIdParams,
    body: ZPostMessageBody,
    response: ZMessage,
    errors: [
      'FILE_ALREADY_ATTACHED',
      'FILE_KIND_NOT_ALLOWED',
      'FILE_NOT_FOUND',
      'FILE_NOT_UPLOADED',
      'REQUEST_ITEM_NOT_FOUND',
      'TALKROOM_INACTIVE',
      'TALKROOM_NOT_FOUND',
    ],
  }),
} as const;

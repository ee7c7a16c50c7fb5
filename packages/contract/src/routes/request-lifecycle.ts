/** The request lifecycle (spec §4; docs/decisions/004-request-lifecycle.md). */
import { CARRIERS, LIFECYCLE_DECISION_ERRORS, SHIPPER, def } from './route-def';
import { ZMessageResponse } from '../schemas/common';
import { ZRequestItemIdParams } from '../schemas/request-items';
import { ZDeliveryReportBody, ZTransitionResponse } from '../schemas/request-lifecycle';
import { ZTalkroomIdParams } from '../schemas/talkrooms';

export const requestLifecycleRoutes = {
  inactivateTalkroom: def({
    method: 'PATCH',
    path: '/request-items/talkrooms/:id/inactivate',
    summary: '打ち合わせ完了（荷主側。トークルームは配送完了まで利用可）',
    access: SHIPPER,
    params: ZTalkroomIdParams,
    response: ZTransitionResponse,
    errors: [...LIFECYCLE_DECISION_ERRORS, 'TALKROOM_NOT_APPROVED', 'TALKROOM_NOT_FOUND'],
  }),
  confirmReceive: def({
    method: 'PATCH',
    path: '/request-items/confirm-receive/:requestItemId',
    summary: '打ち合わせ完了（ドライバー: 受領確認）',
    access: CARRIERS,
    params: ZRequestItemIdParams,
    response: ZTransitionResponse,
    errors: [...LIFECYCLE_DECISION_ERRORS, 'TALKROOM_NOT_FOUND'],
  }),
  deliveryReport: def({
    method: 'POST',
    path: '/request-items/delivery-report/:requestItemId',
    summary: '配送完了報告（受領書・受取人の署名・配送画像。分けて送信可）',
    access: CARRIERS,
    params: ZRequestItemIdParams,
    body: ZDeliveryReportBody,
    response: ZTransitionResponse,
    errors: [
      ...LIFECYCLE_DECISION_ERRORS,
      'FILE_ALREADY_ATTACHED',
      'FILE_KIND_NOT_ALLOWED',
      'FILE_NOT_FOUND',
      'FILE_NOT_UPLOADED',
    ],
  }),
  complete: def({
    method: 'PATCH',
    path: '/request-items/complete/:requestItemId',
    summary: '完了報告の承認（配送完了）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZTransitionResponse,
    errors: [...LIFECYCLE_DECISION_ERRORS],
  }),
  cancel: def({
    method: 'PATCH',
    path: '/request-items/cancel/:requestItemId',
    summary: '依頼のキャンセル（集荷作業の開始前）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZTransitionResponse,
    errors: [...LIFECYCLE_DECISION_ERRORS],
  }),
  ownerDelete: def({
    method: 'DELETE',
    path: '/request-items/:requestItemId/owner',
    summary: '自分の依頼を削除（配送は承認前のみ、倉庫はマッチング完了前のみ）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZMessageResponse,
    errors: [...LIFECYCLE_DECISION_ERRORS],
  }),
  adminDelete: def({
    method: 'DELETE',
    path: '/request-items/:requestItemId',
    summary: '依頼を削除（管理者。配送は承認前のみ、倉庫はマッチング完了前のみ）',
    access: ['ADMIN'],
    params: ZRequestItemIdParams,
    response: ZMessageResponse,
    errors: [...LIFECYCLE_DECISION_ERRORS],
  }),
} as const;

/** A driver manager runs its drivers: list, remove, invitations, who carries a job (spec §7 "drivers"). */
import { def } from './route-def';
import { ZMessageResponse, ZPaginationQuery } from '../schemas/common';
import { ZRequestItemIdParams } from '../schemas/request-items';
import {
  ZAssignCarrierBody,
  ZAssignCarrierResponse,
  ZCompanyDriverListQuery,
  ZCompanyDriverPage,
  ZCompanyDriverIdParams,
  ZDriverInvitationPage,
  ZInvitationIdParams,
  ZInvitationResponse,
} from '../schemas/company-drivers';

const MANAGER = ['DRIVER_MANAGER'] as const;

export const companyDriverRoutes = {
  list: def({
    method: 'GET',
    path: '/drivers/company',
    summary: '自社のドライバー一覧（状態と担当中の案件）',
    access: MANAGER,
    query: ZCompanyDriverListQuery,
    response: ZCompanyDriverPage,
  }),
  remove: def({
    method: 'PATCH',
    path: '/drivers/remove/:driverId',
    summary: '自社のドライバーを削除（承認済み・作業中の案件がある間は不可）',
    access: MANAGER,
    params: ZCompanyDriverIdParams,
    response: ZMessageResponse,
    errors: ['DRIVER_HAS_ACTIVE_JOBS', 'DRIVER_NOT_FOUND'],
  }),
  invitations: def({
    method: 'GET',
    path: '/drivers/company/invitations',
    summary: '未登録の招待一覧',
    access: MANAGER,
    query: ZPaginationQuery,
    response: ZDriverInvitationPage,
  }),
  resendInvitation: def({
    method: 'POST',
    path: '/drivers/company/invitations/:invitationId/resend',
    summary: '招待メールを再送（新しいリンクを発行し、古いリンクは無効）',
    access: MANAGER,
    params: ZInvitationIdParams,
    response: ZInvitationResponse,
    errors: ['ALREADY_A_DRIVER', 'INVITATION_NOT_FOUND', 'INVITEE_HAS_ACCOUNT', 'INVITEE_REMOVED', 'USER_NOT_FOUND'],
  }),
  revokeInvitation: def({
    method: 'DELETE',
    path: '/drivers/company/invitations/:invitationId',
    summary: '招待を取り消し（リンクは無効）',
    access: MANAGER,
    params: ZInvitationIdParams,
    response: ZMessageResponse,
    errors: ['INVITATION_NOT_FOUND'],
  }),
  assignCarrier: def({
    method: 'PATCH',
    path: '/request-items/assign-carrier/:requestItemId',
    summary: '承認された配送の担当ドライバーを設定（集荷作業の開始まで変更可）',
    access: MANAGER,
    params: ZRequestItemIdParams,
    body: ZAssignCarrierBody,
    response: ZAssignCarrierResponse,
    errors: [
      'CARRIER_NOT_ASSIGNABLE',
      'DRIVER_INACTIVE',
      'DRIVER_NOT_FOUND',
      'REQUEST_ITEM_NOT_FOUND',
      'REQUEST_TYPE_MISMATCH',
      'TRANSPORT_CONDITIONS_NOT_FOUND',
    ],
  }),
} as const;

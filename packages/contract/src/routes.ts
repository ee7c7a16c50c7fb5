/**
 * The route table: one entry per API call with its method, path (under /api/v1),
 * schemas and who may call it. The server registers its handlers against these
 * entries and the web client types and validates its calls with them, so the two
 * sides cannot drift apart.
 */
import type { z } from 'zod';
import type { TSignInRole } from './enums';
import { ZMessageResponse } from './schemas/common';
import {
  ZChangePasswordBody,
  ZCustomerRegisterBody,
  ZDriverInviteBody,
  ZDriverManagerRegisterBody,
  ZDriverRegisterBody,
  ZEmailQuery,
  ZForgotPasswordBody,
  ZLoginBody,
  ZLoginResult,
  ZProfileBody,
  ZRegisterResponse,
  ZRequestEmailUpdateBody,
  ZResetPasswordBody,
  ZSessionUser,
  ZSignupBody,
  ZToggleStatusResponse,
  ZTokenBody,
  ZTokenQuery,
  ZUserIdParams,
  ZVerifyEmailTokenResponse,
  ZVerifyResetTokenResponse,
} from './schemas/auth';
import { ZLocationQuery, ZPostalLookupResult } from './schemas/locations';
import {
  ZAdminDeliveryListQuery,
  ZAdminWarehouseListQuery,
  ZAppliedItemsQuery,
  ZCreateDeliveryBody,
  ZCreateWarehouseBody,
  ZMyItemsQuery,
  ZRequestItemDetail,
  ZRequestItemIdParams,
  ZRequestItemPage,
  ZRequestListQuery,
  ZTopRequests,
  ZTopRequestsQuery,
} from './schemas/request-items';
import {
  ZConfirmUploadBody,
  ZFileIdParams,
  ZFileView,
  ZFileViewList,
  ZRedirect,
  ZUploadBody,
  ZUploadResponse,
} from './schemas/files';
import {
  ZBroadcastBody,
  ZHasUnreadResponse,
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZNotificationMessageBody,
  ZStreamResponse,
  ZSystemNotificationDetail,
  ZSystemNotificationList,
  ZSystemNotificationListQuery,
  ZUserNotification,
  ZUserNotificationDetail,
  ZUserNotificationList,
} from './schemas/notifications';
import {
  ZApplyFixedPriceBody,
  ZApplyResponse,
  ZApproveCandidateBody,
  ZApproveCandidateResponse,
  ZCandidate,
  ZCandidateDetailQuery,
  ZCandidateIdParams,
  ZCandidateListQuery,
  ZCandidatePage,
  ZRequestPriceBody,
} from './schemas/candidates';
import { ZDeliveryReportBody, ZTransitionResponse } from './schemas/request-lifecycle';
import {
  ZMessage,
  ZMessageListQuery,
  ZMessagePage,
  ZPostMessageBody,
  ZTalkroomIdParams,
  ZTalkroomList,
} from './schemas/talkrooms';

/** `public`: anyone; `authenticated`: any signed-in role; or the listed roles only. */
export type RouteAccess = 'public' | 'authenticated' | readonly TSignInRole[];

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  access: RouteAccess;
  /** Success status; 200 unless given. */
  status?: 200 | 201;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Auth endpoints rate-limited per client address. */
  rateLimited?: boolean;
}

// Pure (no side effects), so that a bundle keeps only the route groups it uses.
const def = /* @__NO_SIDE_EFFECTS__ */ <T extends RouteDef>(d: T) => d;

export const authRoutes = {
  signup: def({
    method: 'POST',
    path: '/auth/signup',
    summary: '会員登録（メール送信）',
    access: 'public',
    body: ZSignupBody,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  verifyEmailToken: def({
    method: 'GET',
    path: '/auth/verify-email-token',
    summary: 'メール認証トークンの確認',
    access: 'public',
    query: ZTokenQuery,
    response: ZVerifyEmailTokenResponse,
  }),
  resendVerify: def({
    method: 'GET',
    path: '/auth/resend-verify',
    summary: '認証メールの再送',
    access: 'public',
    query: ZEmailQuery,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  customerRegister: def({
    method: 'POST',
    path: '/auth/customer-register',
    summary: '荷主登録',
    access: 'public',
    status: 201,
    body: ZCustomerRegisterBody,
    response: ZRegisterResponse,
  }),
  driverManagerRegister: def({
    method: 'POST',
    path: '/auth/driver-manager-register',
    summary: 'ドライバー管理者登録',
    access: 'public',
    status: 201,
    body: ZDriverManagerRegisterBody,
    response: ZRegisterResponse,
  }),
  driverInvite: def({
    method: 'POST',
    path: '/auth/driver-invite',
    summary: 'ドライバー招待',
    access: ['DRIVER_MANAGER'],
    body: ZDriverInviteBody,
    response: ZMessageResponse,
  }),
  driverRegister: def({
    method: 'POST',
    path: '/auth/driver-register',
    summary: 'ドライバー登録（招待から）',
    access: 'public',
    status: 201,
    body: ZDriverRegisterBody,
    response: ZRegisterResponse,
  }),
  login: def({
    method: 'POST',
    path: '/auth/login',
    summary: 'ログイン',
    access: 'public',
    body: ZLoginBody,
    response: ZLoginResult,
    rateLimited: true,
  }),
  refreshToken: def({
    method: 'POST',
    path: '/auth/refresh-token',
    summary: 'トークン更新（リフレッシュトークンをBearerで送信）',
    access: 'public',
    response: ZLoginResult,
  }),
  logout: def({
    method: 'POST',
    path: '/auth/logout',
    summary: 'ログアウト',
    access: 'authenticated',
    response: ZMessageResponse,
  }),
  session: def({
    method: 'GET',
    path: '/auth/session',
    summary: 'セッションユーザー',
    access: 'authenticated',
    response: ZSessionUser,
  }),
  profile: def({
    method: 'PATCH',
    path: '/auth/profile',
    summary: 'プロフィール更新',
    access: 'authenticated',
    body: ZProfileBody,
    response: ZSessionUser,
  }),
  changePassword: def({
    method: 'PATCH',
    path: '/auth/change-password',
    summary: 'パスワード変更',
    access: 'authenticated',
    body: ZChangePasswordBody,
    response: ZMessageResponse,
  }),
  forgotPassword: def({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'パスワード再設定メール',
    access: 'public',
    body: ZForgotPasswordBody,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  verifyResetToken: def({
    method: 'GET',
    path: '/auth/verify-reset-token',
    summary: '再設定トークンの確認',
    access: 'public',
    query: ZTokenQuery,
    response: ZVerifyResetTokenResponse,
  }),
  resetPassword: def({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'パスワード再設定',
    access: 'public',
    body: ZResetPasswordBody,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  requestEmailUpdate: def({
    method: 'POST',
    path: '/auth/request-email-update',
    summary: 'メールアドレス変更の申請',
    access: 'authenticated',
    body: ZRequestEmailUpdateBody,
    response: ZMessageResponse,
    // It sends mail to an address of the caller's choosing, like signup.
    rateLimited: true,
  }),
  verifyEmailUpdate: def({
    method: 'POST',
    path: '/auth/verify-email-update',
    summary: 'メールアドレス変更の確定',
    access: 'public',
    body: ZTokenBody,
    response: ZMessageResponse,
  }),
  toggleStatus: def({
    method: 'PATCH',
    path: '/auth/users/:id/toggle-status',
    summary: 'アカウントの停止・再開（管理者）',
    access: ['ADMIN'],
    params: ZUserIdParams,
    response: ZToggleStatusResponse,
  }),
} as const;

export const locationRoutes = {
  lookup: def({
    method: 'GET',
    path: '/locations',
    summary: '郵便番号から住所を検索',
    access: 'public',
    query: ZLocationQuery,
    response: ZPostalLookupResult,
  }),
} as const;

export const fileRoutes = {
  upload: def({
    method: 'POST',
    path: '/files/upload',
    summary: 'ファイルアップロード用の署名（1ファイル1ポリシー）',
    access: 'authenticated',
    status: 201,
    body: ZUploadBody,
    response: ZUploadResponse,
  }),
  confirm: def({
    method: 'POST',
    path: '/files/confirm',
    summary: 'アップロード完了の確認（ファイル情報を返す）',
    access: 'authenticated',
    body: ZConfirmUploadBody,
    response: ZFileViewList,
  }),
  get: def({
    method: 'GET',
    path: '/files/:id',
    summary: 'ファイル情報（署名付きURL）',
    access: 'authenticated',
    params: ZFileIdParams,
    response: ZFileView,
  }),
  download: def({
    method: 'GET',
    path: '/files/:id/download',
    summary: 'ファイルのダウンロード（署名付きURLへ302リダイレクト）',
    access: 'authenticated',
    params: ZFileIdParams,
    response: ZRedirect,
  }),
} as const;

const SHIPPER = ['CUSTOMER'] as const;
const CARRIERS = ['DRIVER', 'DRIVER_MANAGER'] as const;

/** Request items (spec §7 "Request items"): creation and reading. */
export const requestItemRoutes = {
  createDelivery: def({
    method: 'POST',
    path: '/request-items/deliveries',
    summary: '配送依頼の登録',
    access: SHIPPER,
    status: 201,
    body: ZCreateDeliveryBody,
    response: ZRequestItemDetail,
  }),
  createWarehouse: def({
    method: 'POST',
    path: '/request-items/warehouses',
    summary: '倉庫依頼の登録',
    access: SHIPPER,
    status: 201,
    body: ZCreateWarehouseBody,
    response: ZRequestItemDetail,
  }),
  listPublic: def({
    method: 'GET',
    path: '/request-items/list/public',
    summary: '募集中の依頼一覧（公開）',
    access: 'public',
    query: ZRequestListQuery,
    response: ZRequestItemPage,
  }),
  listPrivate: def({
    method: 'GET',
    path: '/request-items/list/private',
    summary: '募集中の依頼一覧（ログイン中: 応募済みかを含む）',
    access: 'authenticated',
    query: ZRequestListQuery,
    response: ZRequestItemPage,
  }),
  topPublic: def({
    method: 'GET',
    path: '/request-items/top-requests/public',
    summary: 'トップの新着依頼（公開）',
    access: 'public',
    query: ZTopRequestsQuery,
    response: ZTopRequests,
  }),
  topPrivate: def({
    method: 'GET',
    path: '/request-items/top-requests/private',
    summary: 'トップの新着依頼（ログイン中）',
    access: 'authenticated',
    query: ZTopRequestsQuery,
    response: ZTopRequests,
  }),
  publicDetail: def({
    method: 'GET',
    path: '/request-items/public/:requestItemId',
    summary: '依頼の詳細（公開: 連絡先は非表示）',
    access: 'public',
    params: ZRequestItemIdParams,
    response: ZRequestItemDetail,
  }),
  privateDetail: def({
    method: 'GET',
    path: '/request-items/private/:requestItemId',
    summary: '依頼の詳細（ログイン中: 荷主情報つき）',
    access: 'authenticated',
    params: ZRequestItemIdParams,
    response: ZRequestItemDetail,
  }),
  myItems: def({
    method: 'GET',
    path: '/request-items/my-items',
    summary: '自分の依頼一覧',
    access: SHIPPER,
    query: ZMyItemsQuery,
    response: ZRequestItemPage,
  }),
  myItemDetail: def({
    method: 'GET',
    path: '/request-items/my-items/:requestItemId',
    summary: '自分の依頼の詳細（応募者数つき）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZRequestItemDetail,
  }),
  appliedItems: def({
    method: 'GET',
    path: '/request-items/applied-items',
    summary: '応募した依頼一覧',
    access: CARRIERS,
    query: ZAppliedItemsQuery,
    response: ZRequestItemPage,
  }),
  appliedItemDetail: def({
    method: 'GET',
    path: '/request-items/applied-items/:requestItemId',
    summary: '応募した依頼の詳細',
    access: CARRIERS,
    params: ZRequestItemIdParams,
    response: ZRequestItemDetail,
  }),
  deliveryDetail: def({
    method: 'GET',
    path: '/request-items/:requestItemId/delivery',
    summary: '配送依頼の詳細',
    access: 'authenticated',
    params: ZRequestItemIdParams,
    response: ZRequestItemDetail,
  }),
  warehouseDetail: def({
    method: 'GET',
    path: '/request-items/:requestItemId/warehouse',
    summary: '倉庫依頼の詳細',
    access: 'authenticated',
    params: ZRequestItemIdParams,
    response: ZRequestItemDetail,
  }),
  adminDeliveries: def({
    method: 'GET',
    path: '/request-items/delivery',
    summary: '配送依頼一覧（管理者）',
    access: ['ADMIN'],
    query: ZAdminDeliveryListQuery,
    response: ZRequestItemPage,
  }),
  adminWarehouses: def({
    method: 'GET',
    path: '/request-items/warehouse',
    summary: '倉庫依頼一覧（管理者）',
    access: ['ADMIN'],
    query: ZAdminWarehouseListQuery,
    response: ZRequestItemPage,
  }),
} as const;

/** Applying to request items and the candidates of one's own request items (spec §7). */
export const candidateRoutes = {
  requestPrice: def({
    method: 'POST',
    path: '/request-items/request-prices',
    summary: '見積もり価格を提示して応募（再提示で価格を更新）',
    access: CARRIERS,
    body: ZRequestPriceBody,
    response: ZApplyResponse,
  }),
  applyFixedPrice: def({
    method: 'POST',
    path: '/request-items/apply-fixed-price',
    summary: '提示価格で応募（固定価格の配送・倉庫）',
    access: CARRIERS,
    body: ZApplyFixedPriceBody,
    response: ZApplyResponse,
  }),
  list: def({
    method: 'GET',
    path: '/candidates',
    summary: '依頼の応募者一覧（依頼主・管理者）',
    access: ['CUSTOMER', 'ADMIN'],
    query: ZCandidateListQuery,
    response: ZCandidatePage,
  }),
  detail: def({
    method: 'GET',
    path: '/candidates/:id',
    summary: '応募者の詳細（依頼主・管理者）',
    access: ['CUSTOMER', 'ADMIN'],
    params: ZCandidateIdParams,
    query: ZCandidateDetailQuery,
    response: ZCandidate,
  }),
  approve: def({
    method: 'POST',
    path: '/candidates/:id/approve',
    summary: '応募者を承認（依頼ごとに1人。倉庫はマッチング完了）',
    access: SHIPPER,
    params: ZCandidateIdParams,
    body: ZApproveCandidateBody,
    response: ZApproveCandidateResponse,
  }),
} as const;

/** The request lifecycle (spec §4; docs/decisions/004-request-lifecycle.md). */
export const requestLifecycleRoutes = {
  inactivateTalkroom: def({
    method: 'PATCH',
    path: '/request-items/talkrooms/:id/inactivate',
    summary: '打ち合わせ完了（荷主: トークルームを終了）',
    access: SHIPPER,
    params: ZTalkroomIdParams,
    response: ZTransitionResponse,
  }),
  confirmReceive: def({
    method: 'PATCH',
    path: '/request-items/confirm-receive/:requestItemId',
    summary: '打ち合わせ完了（ドライバー: 受領確認）',
    access: CARRIERS,
    params: ZRequestItemIdParams,
    response: ZTransitionResponse,
  }),
  deliveryReport: def({
    method: 'POST',
    path: '/request-items/delivery-report/:requestItemId',
    summary: '配送完了報告（受領書・受取人の署名・配送画像。分けて送信可）',
    access: CARRIERS,
    params: ZRequestItemIdParams,
    body: ZDeliveryReportBody,
    response: ZTransitionResponse,
  }),
  complete: def({
    method: 'PATCH',
    path: '/request-items/complete/:requestItemId',
    summary: '完了報告の承認（配送完了）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZTransitionResponse,
  }),
  cancel: def({
    method: 'PATCH',
    path: '/request-items/cancel/:requestItemId',
    summary: '依頼のキャンセル（集荷作業の開始前）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZTransitionResponse,
  }),
  ownerDelete: def({
    method: 'DELETE',
    path: '/request-items/:requestItemId/owner',
    summary: '自分の依頼を削除（配送は承認前のみ、倉庫はマッチング完了前のみ）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    response: ZMessageResponse,
  }),
  adminDelete: def({
    method: 'DELETE',
    path: '/request-items/:requestItemId',
    summary: '依頼を削除（管理者。配送は承認前のみ、倉庫はマッチング完了前のみ）',
    access: ['ADMIN'],
    params: ZRequestItemIdParams,
    response: ZMessageResponse,
  }),
} as const;

/** Talkrooms and messages: the two parties read and write, the admin reads. */
export const talkroomRoutes = {
  list: def({
    method: 'GET',
    path: '/request-items/:requestItemId/talkrooms',
    summary: '依頼のトークルーム一覧（依頼主・管理者: すべて、応募者: 自分の）',
    access: 'authenticated',
    params: ZRequestItemIdParams,
    response: ZTalkroomList,
  }),
  messages: def({
    method: 'GET',
    path: '/request-items/:requestItemId/messages',
    summary: 'トークルームのメッセージ（新しい順。開いた当事者の未読を既読にする）',
    access: 'authenticated',
    params: ZRequestItemIdParams,
    query: ZMessageListQuery,
    response: ZMessagePage,
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
  }),
} as const;

export const notificationRoutes = {
  list: def({
    method: 'GET',
    path: '/notifications',
    summary: '自分の通知一覧（isSystemNotifications: true=お知らせ, false=案件通知, 省略=すべて）',
    access: 'authenticated',
    query: ZNotificationListQuery,
    response: ZUserNotificationList,
  }),
  hasUnread: def({
    method: 'GET',
    path: '/notifications/has-unread',
    summary: '未読の通知があるか',
    access: 'authenticated',
    response: ZHasUnreadResponse,
  }),
  /**
   * Server-sent events (text/event-stream), bearer token in the Authorization header.
   * Not a JSON call: the server registers it by hand; the entry documents it.
   */
  stream: def({
    method: 'GET',
    path: '/notifications/stream',
    summary: '通知・トークルームのリアルタイム配信（Server-Sent Events、Last-Event-IDで再開）',
    access: 'authenticated',
    response: ZStreamResponse,
  }),
  systemList: def({
    method: 'GET',
    path: '/notifications/system',
    summary: 'お知らせの送信履歴（管理者）',
    access: ['ADMIN'],
    query: ZSystemNotificationListQuery,
    response: ZSystemNotificationList,
  }),
  broadcast: def({
    method: 'POST',
    path: '/notifications/broadcast',
    summary: 'お知らせの一斉送信（管理者。対象: 荷主・ドライバー・ドライバー管理者）',
    access: ['ADMIN'],
    status: 201,
    body: ZBroadcastBody,
    response: ZSystemNotificationDetail,
  }),
  message: def({
    method: 'POST',
    path: '/notifications/message',
    summary: '特定のアカウントへのお知らせ送信（管理者）',
    access: ['ADMIN'],
    status: 201,
    body: ZNotificationMessageBody,
    response: ZSystemNotificationDetail,
  }),
  detail: def({
    method: 'GET',
    path: '/notifications/:notificationId',
    summary: '自分の通知の詳細（添付ファイル付き）',
    access: 'authenticated',
    params: ZNotificationIdParams,
    response: ZUserNotificationDetail,
  }),
  markAsRead: def({
    method: 'PATCH',
    path: '/notifications/:notificationId/mark-as-read',
    summary: '通知を既読にする',
    access: 'authenticated',
    params: ZNotificationIdParams,
    response: ZUserNotification,
  }),
  systemDetail: def({
    method: 'GET',
    path: '/notifications/:notificationId/system',
    summary: 'お知らせの詳細（管理者）',
    access: ['ADMIN'],
    params: ZNotificationIdParams,
    response: ZSystemNotificationDetail,
  }),
} as const;

export const API_PREFIX = '/api/v1';

/** Measured facts, measured waiting and two-way reviews (issue 48 parts 2–5, decision 105). */
import type { ErrorCode } from '../messages';
import { CARRIERS, SHIPPER, def } from './route-def';
import { ZRequestItemIdParams } from '../schemas/request-items';
import {
  ZAdminReviewList,
  ZAdminReviewListQuery,
  ZCarrierIdParams,
  ZCarrierProfile,
  ZJobReviews,
  ZJobReviewsQuery,
  ZRequestTrust,
  ZReview,
  ZReviewBody,
  ZReviewEditBody,
  ZReviewHideBody,
  ZReviewIdParams,
  ZReviewReplyBody,
  ZReviewShowBody,
} from '../schemas/reviews';

const PARTIES = [...SHIPPER, ...CARRIERS] as const;

/** A review read for a change: not found (or none of the caller's business), or not the caller's to change. */
const REVIEW_CHANGE_ERRORS = ['REVIEW_NOT_FOUND', 'REVIEW_ACTION_FORBIDDEN'] as const satisfies readonly ErrorCode[];

export const reviewRoutes = {
  jobReviews: def({
    method: 'GET',
    path: '/reviews',
    summary: '取引のレビュー（自分が書いたものと相手が書いたもの。取引の当事者と管理者）',
    access: [...PARTIES, 'ADMIN'],
    query: ZJobReviewsQuery,
    response: ZJobReviews,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
  writeReview: def({
    method: 'POST',
    path: '/reviews',
    summary: '完了した取引の相手を評価（1取引につき各側1回。相手に通知）',
    access: PARTIES,
    body: ZReviewBody,
    response: ZReview,
    errors: ['REQUEST_ITEM_NOT_FOUND', 'REVIEW_NOT_OPEN', 'REVIEW_ALREADY_WRITTEN'],
  }),
  editReview: def({
    method: 'PATCH',
    path: '/reviews/:id',
    summary: '自分のレビューの変更（投稿から7日間）',
    access: PARTIES,
    params: ZReviewIdParams,
    body: ZReviewEditBody,
    response: ZReview,
    errors: [...REVIEW_CHANGE_ERRORS, 'REVIEW_EDIT_CLOSED'],
  }),
  replyReview: def({
    method: 'POST',
    path: '/reviews/:id/reply',
    summary: '自分への評価に返信（1回のみ）',
    access: PARTIES,
    params: ZReviewIdParams,
    body: ZReviewReplyBody,
    response: ZReview,
    errors: [...REVIEW_CHANGE_ERRORS, 'REVIEW_ALREADY_REPLIED'],
  }),
  hideReview: def({
    method: 'POST',
    path: '/admin/reviews/:id/hide',
    summary: '規約に反するレビューを非表示（理由つき・監査ログに記録。削除はしない）',
    access: ['ADMIN'],
    params: ZReviewIdParams,
    body: ZReviewHideBody,
    response: ZReview,
    errors: ['REVIEW_NOT_FOUND', 'REVIEW_ALREADY_HIDDEN'],
  }),
  showReview: def({
    method: 'POST',
    path: '/admin/reviews/:id/show',
    summary: '非表示にしたレビューを再表示（理由つき・監査ログに記録）',
    access: ['ADMIN'],
    params: ZReviewIdParams,
    body: ZReviewShowBody,
    response: ZReview,
    errors: ['REVIEW_NOT_FOUND', 'REVIEW_NOT_HIDDEN'],
  }),
  adminReviews: def({
    method: 'GET',
    path: '/admin/reviews',
    summary: 'レビューの一覧（管理者。評価・表示状態・キーワードで絞り込み、新しい順）',
    access: ['ADMIN'],
    query: ZAdminReviewListQuery,
    response: ZAdminReviewList,
  }),
  carrierProfile: def({
    method: 'GET',
    path: '/carriers/:id/profile',
    summary: '運送会社（または個人ドライバー）の実績・評価と最近のレビュー',
    access: 'authenticated',
    params: ZCarrierIdParams,
    response: ZCarrierProfile,
    errors: ['CARRIER_NOT_FOUND'],
  }),
  requestTrust: def({
    method: 'GET',
    path: '/request-items/:requestItemId/trust',
    summary: '依頼の各地点の荷待ち実績（過去90日）と荷主の評価',
    access: [...PARTIES, 'ADMIN'],
    params: ZRequestItemIdParams,
    response: ZRequestTrust,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
};

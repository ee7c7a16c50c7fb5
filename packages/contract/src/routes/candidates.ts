/** Applying to request items and the candidates of one's own request items (spec §7). */
import { APPLY_ERRORS, CARRIERS, LIFECYCLE_DECISION_ERRORS, SHIPPER, def } from './route-def';
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
} from '../schemas/candidates';
import { ZBidStandardFare } from '../schemas/standard-fares';

export const candidateRoutes = {
  requestPrice: def({
    method: 'POST',
    path: '/request-items/request-prices',
    summary: '見積もり価格を提示して応募（再提示で価格を更新）',
    access: CARRIERS,
    body: ZRequestPriceBody,
    response: ZApplyResponse,
    errors: [...APPLY_ERRORS],
  }),
  applyFixedPrice: def({
    method: 'POST',
    path: '/request-items/apply-fixed-price',
    summary: '提示価格で応募（固定価格の配送・倉庫）',
    access: CARRIERS,
    body: ZApplyFixedPriceBody,
    response: ZApplyResponse,
    errors: [...APPLY_ERRORS],
  }),
  list: def({
    method: 'GET',
    path: '/candidates',
    summary: '依頼の応募者一覧（依頼主・管理者）',
    access: ['CUSTOMER', 'ADMIN'],
    query: ZCandidateListQuery,
    response: ZCandidatePage,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
  detail: def({
    method: 'GET',
    path: '/candidates/:id',
    summary: '応募者の詳細（依頼主・管理者）',
    access: ['CUSTOMER', 'ADMIN'],
    params: ZCandidateIdParams,
    query: ZCandidateDetailQuery,
    response: ZCandidate,
    errors: ['CANDIDATE_COMPANY_UNAVAILABLE', 'CANDIDATE_NOT_APPLICABLE', 'CANDIDATE_NOT_FOUND', 'REQUEST_ITEM_NOT_FOUND'],
  }),
  standardFare: def({
    method: 'GET',
    path: '/candidates/:id/standard-fare',
    summary:
      '応募（入札額）の標準的運賃に対する割合と、その比較に使った標準的運賃の内訳（依頼主・管理者・応募した本人とその運送会社）',
    access: ['CUSTOMER', 'ADMIN', ...CARRIERS],
    params: ZCandidateIdParams,
    response: ZBidStandardFare,
    errors: ['CANDIDATE_NOT_FOUND', 'REQUEST_ITEM_NOT_FOUND'],
  }),
  approve: def({
    method: 'POST',
    path: '/candidates/:id/approve',
    summary: '応募者を承認（依頼ごとに1人。倉庫はマッチング完了）',
    access: SHIPPER,
    params: ZCandidateIdParams,
    body: ZApproveCandidateBody,
    response: ZApproveCandidateResponse,
    errors: [
      ...LIFECYCLE_DECISION_ERRORS,
      'CANDIDATE_NOT_APPLICABLE',
      'CANDIDATE_NOT_FOUND',
      'CANDIDATE_WITHDRAWN',
      'TRANSPORT_CONDITIONS_NOT_FOUND',
    ],
  }),
} as const;

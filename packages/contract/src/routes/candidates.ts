/** Applying to request items and the candidates of one's own request items (spec §7). */
import { CARRIERS, SHIPPER, def } from './route-def';
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

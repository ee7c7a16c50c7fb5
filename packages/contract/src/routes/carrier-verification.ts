/**
 * A verified carrier (issue 48 part 1, decision 104): the driver manager submits its company's
 * documents; the admin reviews them from the back office's queue. Each company's verification is
 * read by its own driver manager and by the admin; anyone else is answered as if it did not exist.
 */
import { SHIPPER, def } from './route-def';
import {
  ZCarrierVerification,
  ZCarrierVerificationBody,
  ZCarrierVerificationList,
  ZCarrierVerificationListQuery,
  ZCarrierVerificationReviewBody,
  ZVerificationCompanyParams,
  ZVerifiedCarriersOnly,
  ZVerifiedCarriersOnlyBody,
} from '../schemas/carrier-verification';
import { ZRequestItemIdParams } from '../schemas/request-items';

export const carrierVerificationRoutes = {
  get: def({
    method: 'GET',
    path: '/companies/:companyId/verification',
    summary: '運送会社の認証（許可・届出、貨物保険、登録番号）と審査状況（ドライバー管理者は自社分、管理者は全社）',
    access: ['DRIVER_MANAGER', 'ADMIN'],
    params: ZVerificationCompanyParams,
    response: ZCarrierVerification,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  submit: def({
    method: 'PUT',
    path: '/companies/:companyId/verification',
    summary: '運送会社の認証を申請（自社のドライバー管理者のみ。申請中になり、運営が書類を確認します）',
    access: ['DRIVER_MANAGER'],
    params: ZVerificationCompanyParams,
    body: ZCarrierVerificationBody,
    response: ZCarrierVerification,
    errors: ['COMPANY_NOT_FOUND', 'FILE_NOT_FOUND', 'FILE_NOT_UPLOADED', 'FILE_ALREADY_ATTACHED', 'FILE_KIND_NOT_ALLOWED'],
  }),
  list: def({
    method: 'GET',
    path: '/admin/carrier-verifications',
    summary: '運送会社の認証申請の一覧（管理者。状態・会社名で絞り込み、申請の古い順）',
    access: ['ADMIN'],
    query: ZCarrierVerificationListQuery,
    response: ZCarrierVerificationList,
  }),
  review: def({
    method: 'POST',
    path: '/admin/carrier-verifications/:companyId/review',
    summary: '運送会社の認証申請を審査（管理者。確認済、または理由を添えて差戻し）',
    access: ['ADMIN'],
    params: ZVerificationCompanyParams,
    body: ZCarrierVerificationReviewBody,
    response: ZCarrierVerification,
    errors: [
      'CARRIER_VERIFICATION_NOT_FOUND',
      'CARRIER_VERIFICATION_NOT_PENDING',
      'CARRIER_VERIFICATION_INSURANCE_EXPIRED',
      'COMPANY_NOT_FOUND',
    ],
  }),
  setVerifiedOnly: def({
    method: 'PATCH',
    path: '/request-items/:requestItemId/verified-carriers-only',
    summary: '依頼の「認証済みの運送会社のみ」を変更（依頼主のみ、募集中の依頼）',
    access: SHIPPER,
    params: ZRequestItemIdParams,
    body: ZVerifiedCarriersOnlyBody,
    response: ZVerifiedCarriersOnly,
    errors: ['REQUEST_ITEM_NOT_FOUND', 'VERIFIED_ONLY_NOT_CHANGEABLE'],
  }),
} as const;

/**
 * A company's billing profile (issue 46, decision 097): the carrier's 振込先 and the shipper's
 * payment terms. Each is its company owner's; the admin may read them. A shipper never reads a
 * carrier's 振込先 here: it sees them on the invoice addressed to it.
 */
import { def } from './route-def';
import {
  ZBankAccount,
  ZBankAccountBody,
  ZBankAccountView,
  ZCompanyIdParams,
  ZPaymentTermsBody,
  ZPaymentTermsView,
} from '../schemas/billing-profile';

export const billingProfileRoutes = {
  bankAccount: def({
    method: 'GET',
    path: '/companies/:companyId/bank-account',
    summary: '振込先の取得（ドライバー管理者は自社分、管理者は全社）',
    access: ['DRIVER_MANAGER', 'ADMIN'],
    params: ZCompanyIdParams,
    response: ZBankAccountView,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  saveBankAccount: def({
    method: 'PUT',
    path: '/companies/:companyId/bank-account',
    summary: '振込先の登録・変更（自社のドライバー管理者のみ）',
    access: ['DRIVER_MANAGER'],
    params: ZCompanyIdParams,
    body: ZBankAccountBody,
    response: ZBankAccount,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  paymentTerms: def({
    method: 'GET',
    path: '/companies/:companyId/payment-terms',
    summary: '支払条件（締め日・支払日）の取得（荷主は自社分、管理者は全社）。未設定なら月末締め翌月末払い',
    access: ['CUSTOMER', 'ADMIN'],
    params: ZCompanyIdParams,
    response: ZPaymentTermsView,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  savePaymentTerms: def({
    method: 'PUT',
    path: '/companies/:companyId/payment-terms',
    summary: '支払条件の登録・変更（自社の荷主のみ。支払期日が役務の提供日から60日を超えうる条件は受け付けません）',
    access: ['CUSTOMER'],
    params: ZCompanyIdParams,
    body: ZPaymentTermsBody,
    response: ZPaymentTermsView,
    errors: ['COMPANY_NOT_FOUND'],
  }),
} as const;

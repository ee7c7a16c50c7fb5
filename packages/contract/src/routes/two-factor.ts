/** The admin's second factor: status, enrolment and disabling (the login's second step is authRoutes.loginTotp). */
import { def } from './route-def';
import { ZMessageResponse } from '../schemas/common';
import { ZTotpConfirmBody, ZTotpDisableBody, ZTotpEnrolment, ZTotpRecoveryCodes, ZTotpStatus } from '../schemas/two-factor';

export const twoFactorRoutes = {
  status: def({
    method: 'GET',
    path: '/auth/totp',
    summary: '二段階認証の状態（管理者）',
    access: ['ADMIN'],
    response: ZTotpStatus,
  }),
  startEnrolment: def({
    method: 'POST',
    path: '/auth/totp/enrolment',
    summary: '二段階認証の登録開始：シークレットとQRコード（管理者）',
    access: ['ADMIN'],
    response: ZTotpEnrolment,
    errors: ['TOTP_ALREADY_ENABLED', 'USER_NOT_FOUND'],
  }),
  confirmEnrolment: def({
    method: 'POST',
    path: '/auth/totp/enrolment/confirm',
    summary: '二段階認証の登録確定：確認コードで有効化し、リカバリーコードを一度だけ返す（管理者）',
    access: ['ADMIN'],
    body: ZTotpConfirmBody,
    response: ZTotpRecoveryCodes,
    rateLimited: true,
    errors: ['TOTP_ALREADY_ENABLED', 'TOTP_CODE_INVALID', 'TOTP_ENROLMENT_NOT_STARTED'],
  }),
  disable: def({
    method: 'POST',
    path: '/auth/totp/disable',
    summary: '二段階認証の無効化：パスワードと確認コード（管理者）',
    access: ['ADMIN'],
    body: ZTotpDisableBody,
    response: ZMessageResponse,
    rateLimited: true,
    errors: [
      'CURRENT_PASSWORD_INCORRECT',
      'LOGIN_LOCKED',
      'TOTP_CODE_INVALID',
      'TOTP_CODE_REUSED',
      'TOTP_NOT_ENABLED',
      'USER_NOT_FOUND',
    ],
  }),
} as const;

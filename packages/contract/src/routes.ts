/**
 * The route table: one entry per API call with its method, path (under /api/v1),
 * schemas and who may call it. The server registers its handlers against these
 * entries and the web client types and validates its calls with them, so the two
 * sides cannot drift apart.
 */
import type { z } from 'zod';
import type { TSignInRole } from './enums';
import { ZMessageResponse } from './schemas/common';
import * as A from './schemas/auth';
import * as L from './schemas/locations';

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

const def = <T extends RouteDef>(d: T) => d;

export const authRoutes = {
  signup: def({
    method: 'POST',
    path: '/auth/signup',
    summary: '会員登録（メール送信）',
    access: 'public',
    body: A.ZSignupBody,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  verifyEmailToken: def({
    method: 'GET',
    path: '/auth/verify-email-token',
    summary: 'メール認証トークンの確認',
    access: 'public',
    query: A.ZTokenQuery,
    response: A.ZVerifyEmailTokenResponse,
  }),
  resendVerify: def({
    method: 'GET',
    path: '/auth/resend-verify',
    summary: '認証メールの再送',
    access: 'public',
    query: A.ZEmailQuery,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  customerRegister: def({
    method: 'POST',
    path: '/auth/customer-register',
    summary: '荷主登録',
    access: 'public',
    status: 201,
    body: A.ZCustomerRegisterBody,
    response: A.ZRegisterResponse,
  }),
  driverManagerRegister: def({
    method: 'POST',
    path: '/auth/driver-manager-register',
    summary: 'ドライバー管理者登録',
    access: 'public',
    status: 201,
    body: A.ZDriverManagerRegisterBody,
    response: A.ZRegisterResponse,
  }),
  driverInvite: def({
    method: 'POST',
    path: '/auth/driver-invite',
    summary: 'ドライバー招待',
    access: ['DRIVER_MANAGER'],
    body: A.ZDriverInviteBody,
    response: ZMessageResponse,
  }),
  driverRegister: def({
    method: 'POST',
    path: '/auth/driver-register',
    summary: 'ドライバー登録（招待から）',
    access: 'public',
    status: 201,
    body: A.ZDriverRegisterBody,
    response: A.ZRegisterResponse,
  }),
  login: def({
    method: 'POST',
    path: '/auth/login',
    summary: 'ログイン',
    access: 'public',
    body: A.ZLoginBody,
    response: A.ZLoginResult,
    rateLimited: true,
  }),
  refreshToken: def({
    method: 'POST',
    path: '/auth/refresh-token',
    summary: 'トークン更新（リフレッシュトークンをBearerで送信）',
    access: 'public',
    response: A.ZLoginResult,
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
    response: A.ZSessionUser,
  }),
  profile: def({
    method: 'PATCH',
    path: '/auth/profile',
    summary: 'プロフィール更新',
    access: 'authenticated',
    body: A.ZProfileBody,
    response: A.ZSessionUser,
  }),
  changePassword: def({
    method: 'PATCH',
    path: '/auth/change-password',
    summary: 'パスワード変更',
    access: 'authenticated',
    body: A.ZChangePasswordBody,
    response: ZMessageResponse,
  }),
  forgotPassword: def({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'パスワード再設定メール',
    access: 'public',
    body: A.ZForgotPasswordBody,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  verifyResetToken: def({
    method: 'GET',
    path: '/auth/verify-reset-token',
    summary: '再設定トークンの確認',
    access: 'public',
    query: A.ZTokenQuery,
    response: A.ZVerifyResetTokenResponse,
  }),
  resetPassword: def({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'パスワード再設定',
    access: 'public',
    body: A.ZResetPasswordBody,
    response: ZMessageResponse,
    rateLimited: true,
  }),
  requestEmailUpdate: def({
    method: 'POST',
    path: '/auth/request-email-update',
    summary: 'メールアドレス変更の申請',
    access: 'authenticated',
    body: A.ZRequestEmailUpdateBody,
    response: ZMessageResponse,
    // It sends mail to an address of the caller's choosing, like signup.
    rateLimited: true,
  }),
  verifyEmailUpdate: def({
    method: 'POST',
    path: '/auth/verify-email-update',
    summary: 'メールアドレス変更の確定',
    access: 'public',
    body: A.ZTokenBody,
    response: ZMessageResponse,
  }),
  toggleStatus: def({
    method: 'PATCH',
    path: '/auth/users/:id/toggle-status',
    summary: 'アカウントの停止・再開（管理者）',
    access: ['ADMIN'],
    params: A.ZUserIdParams,
    response: A.ZToggleStatusResponse,
  }),
} as const;

export const locationRoutes = {
  lookup: def({
    method: 'GET',
    path: '/locations',
    summary: '郵便番号から住所を検索',
    access: 'public',
    query: L.ZLocationQuery,
    response: L.ZPostalLookupResult,
  }),
} as const;

export const API_PREFIX = '/api/v1';

/**
 * Words of the sign-in pages and the credential fields. Kept in small modules per
 * area: a bundle takes a whole module, so /sign-in's first load stays small.
 */
import type { TSignInRole } from '@logi/contract';

/** The sign-in role of each /sign-in/{slug} and /forgot-password/{slug} page. */
export const ROLE_SLUGS = {
  driver: 'DRIVER',
  'driver-manager': 'DRIVER_MANAGER',
  customer: 'CUSTOMER',
  admin: 'ADMIN',
} as const satisfies Record<string, TSignInRole>;
export type TRoleSlug = keyof typeof ROLE_SLUGS;

/** Labels of the credential fields (kept apart: the sign-in page bundles only these). */
export const CREDENTIAL_FIELD_TEXT = {
  email: 'メールアドレス',
  password: 'パスワード',
} as const;

/** Sign-in pages (one object per page so that each bundles only its own words). */
export const SIGN_IN_TEXT = {
  chooserTitle: 'ログイン',
  title: (role: string) => `${role}としてログイン`,
  submit: 'ログイン',
  forgotPassword: 'パスワードをお忘れの方',
  noAccount: 'アカウントをお持ちでない方',
  signUp: '新規登録はこちら',
  otherRole: 'ログインする立場を選び直す',
} as const;

/** The sign-in's second step for an account with its second factor on (decision 053). */
export const TOTP_SIGN_IN_TEXT = {
  title: '二段階認証',
  description:
    '認証アプリに表示されている6桁の確認コードを入力してください。認証アプリを使えない場合は、リカバリーコードを入力できます。',
  code: '確認コードまたはリカバリーコード',
  submit: '確認してログイン',
  restart: 'メールアドレスとパスワードの入力に戻る',
} as const;

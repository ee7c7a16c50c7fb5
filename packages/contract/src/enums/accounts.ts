/** Roles, account states and one-time token purposes. */
import { labelled } from './labelled';

export const Role = labelled(['ADMIN', 'DRIVER', 'DRIVER_MANAGER', 'CUSTOMER', 'GUEST'], {
  ADMIN: '管理者',
  DRIVER: 'ドライバー',
  DRIVER_MANAGER: 'ドライバー管理者',
  CUSTOMER: '荷主',
  GUEST: 'ゲスト',
});
export type TRole = (typeof Role.values)[number];
/** Roles a person may register for themselves after e-mail verification. */
export const SELF_REGISTRABLE_ROLES = ['CUSTOMER', 'DRIVER_MANAGER'] as const satisfies TRole[];
/** Roles that can sign in (GUEST is the signed-out state). */
export const SIGN_IN_ROLES = ['ADMIN', 'DRIVER', 'DRIVER_MANAGER', 'CUSTOMER'] as const;
export type TSignInRole = (typeof SIGN_IN_ROLES)[number];

export const AccountStatus = labelled(['ACTIVE', 'INACTIVE'], {
  ACTIVE: '有効',
  INACTIVE: '停止中',
});
export type TAccountStatus = (typeof AccountStatus.values)[number];

/** Purposes of one-time tokens sent by e-mail. */
export const ONE_TIME_TOKEN_PURPOSES = [
  'VERIFY_EMAIL',
  'RESET_PASSWORD',
  'UPDATE_EMAIL',
  'DRIVER_INVITE',
  'PAYMENT_UPDATE',
] as const;
export type TOneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

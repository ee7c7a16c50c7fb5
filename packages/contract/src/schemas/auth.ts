/**
 * The Auth calls of spec §7: bodies, queries and responses.
 * Named Z<Name> for the schema and T<Name> for its type.
 */
import { z } from 'zod';
import { AccountStatus, Role, SELF_REGISTRABLE_ROLES, SIGN_IN_ROLES } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import {
  MAX,
  clearable,
  email,
  invoiceNumber,
  iso,
  katakana,
  licenseNumber,
  optionalInvoiceNumber,
  optionalKatakana,
  optionalLicenseNumber,
  optionalText,
  optionalUrl,
  password,
  phone,
  postalCode,
  text,
  token,
  url,
  uuid,
} from './common';
import { ZTotpChallenge } from './two-factor';
import { refineRegistrationNumber } from '../invoices/registration-number';

const passwordsMatch =
  <K extends string, C extends string>(passwordKey: K, confirmKey: C) =>
  (v: Record<K | C, string>, ctx: z.RefinementCtx) => {
    if (v[passwordKey] !== v[confirmKey]) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: FIELD_MESSAGES.passwordMismatch });
    }
  };

// ───────────────────────── shapes returned ─────────────────────────

export const ZLocation = z.lazy(() =>
  z.object({
    id: z.string(),
    postalCode: z.string(),
    prefecture: z.string(),
    city: z.string(),
    town: z.string(),
    block: z.string(),
    building: z.string().nullable(),
    createdAt: iso(),
    updatedAt: iso(),
  }),
);
export type TLocation = z.infer<typeof ZLocation>;

export const ZCompany = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    nameKana: z.string(),
    website: z.string().nullable(),
    invoiceRegistrationNo: z.string().nullable(),
    generalFreightLicenseNumber: z.string().nullable(),
    lightFreightLicenseNumber: z.string().nullable(),
    location: ZLocation.nullable(),
  }),
);
export type TCompany = z.infer<typeof ZCompany>;

export const ZUserRole = z.lazy(() =>
  z.object({
    role: Role.schema,
    description: z.string(),
    emailVerified: z.boolean(),
    createdAt: iso(),
    updatedAt: iso(),
    deletedAt: iso().nullable(),
  }),
);

export const ZSessionUser = z.lazy(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    firstNameKana: z.string().nullable(),
    lastNameKana: z.string().nullable(),
    companyId: z.string().nullable(),
    parentId: z.string().nullable(),
    intentCode: z.string().nullable(),
    /**
     * The account has had a subscription (its first month paid), even if it lapsed since. With an
     * intent code: true is a lapse (→ /payments/update), false a first payment still to make
     * (→ the sign-up payment step). Decision 082.
     */
    hasSubscribed: z.boolean(),
    phone: z.string().nullable(),
    note: z.string().nullable(),
    status: AccountStatus.schema,
    /** The role this session signed in with. */
    activeRole: Role.schema,
    roles: z.array(ZUserRole),
    company: ZCompany.nullable(),
  }),
);
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZLoginResult = z.lazy(() =>
  z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
    user: ZSessionUser,
  }),
);
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** The login's answer: tokens, or a second-factor challenge (docs/decisions/053-admin-second-factor.md). */
export const ZLoginOutcome = z.lazy(() => z.union([ZLoginResult, ZTotpChallenge]));
export type TLoginOutcome = z.infer<typeof ZLoginOutcome>;

/**
 * A company's 登録番号 checked against its name where both are given (decision 090 and its
 * follow-up): the check digit refuses a 法人's wrong number; a number of a company whose name shows
 * no 法人 passes on its format alone.
 */
const registrationNumberOfCompany = (
  v: { companyName?: string | null; invoiceRegistrationNumber?: string | null },
  ctx: z.RefinementCtx,
) => refineRegistrationNumber(v.invoiceRegistrationNumber, v.companyName, ctx, 'invoiceRegistrationNumber');

// ───────────────────────── sign-up and registration ─────────────────────────

export const ZSignupBody = z.lazy(() => z.object({ email: email() }));
export type TSignupBody = z.infer<typeof ZSignupBody>;

export const ZTokenQuery = z.lazy(() => z.object({ token: token() }));
export const ZTokenBody = z.lazy(() => z.object({ token: token() }));
export const ZEmailQuery = z.lazy(() => z.object({ email: email() }));

export const ZRoleVerified = z.lazy(() =>
  z.object({
    role: Role.schema,
    emailVerified: z.boolean(),
    isCurrentUser: z.boolean(),
  }),
);
export const ZVerifyEmailTokenResponse = z.lazy(() =>
  z.object({
    message: z.string(),
    email: z.string(),
    rolesVerified: z.array(ZRoleVerified),
  }),
);
export type TVerifyEmailTokenResponse = z.infer<typeof ZVerifyEmailTokenResponse>;

/** Personal name fields, optional everywhere (spec §5). */
const nameFields = () => ({
  firstName: optionalText(MAX.name),
  lastName: optionalText(MAX.name),
  firstNameKana: optionalKatakana(),
  lastNameKana: optionalKatakana(),
});

/** Company and address fields of the customer and driver-manager registrations. */
const companyFields = () => ({
  phone: phone(),
  companyName: text(MAX.short),
  companyNameKana: katakana(),
  postalCode: postalCode(),
  prefecture: text(10),
  city: text(MAX.name),
  town: text(MAX.short),
  block: text(MAX.short),
  building: optionalText(MAX.short),
  website: optionalUrl(),
  invoiceRegistrationNumber: optionalInvoiceNumber(),
  note: optionalText(MAX.note),
});

export const ZCustomerRegisterBody = z.lazy(() =>
  z
    .object({
      ...nameFields(),
      ...companyFields(),
      email: email(),
      token: token(),
      password: password(),
      confirmPassword: text(128),
    })
    .superRefine(passwordsMatch('password', 'confirmPassword'))
    .superRefine(registrationNumberOfCompany),
);
export type TCustomerRegisterBody = z.infer<typeof ZCustomerRegisterBody>;

export const ZDriverManagerRegisterBody = z.lazy(() =>
  z
    .object({
      ...nameFields(),
      ...companyFields(),
      generalFreightLicenseNumber: optionalLicenseNumber(),
      lightFreightLicenseNumber: optionalLicenseNumber(),
      email: email(),
      token: token(),
      password: password(),
      confirmPassword: text(128),
    })
    .superRefine(passwordsMatch('password', 'confirmPassword'))
    .superRefine(registrationNumberOfCompany),
);
export type TDriverManagerRegisterBody = z.infer<typeof ZDriverManagerRegisterBody>;

export const ZRegisterResponse = z.lazy(() =>
  z.object({
    id: z.string(),
    message: z.string(),
    intentCode: z.string().nullable().optional(),
  }),
);
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZDriverInviteBody = z.lazy(() => z.object({ email: email() }));
export type TDriverInviteBody = z.infer<typeof ZDriverInviteBody>;

export const ZDriverRegisterBody = z.lazy(() =>
  z
    .object({
      ...nameFields(),
      phone: phone(),
      note: optionalText(MAX.note),
      token: token(),
      password: password(),
      confirmPassword: text(128),
    })
    .superRefine(passwordsMatch('password', 'confirmPassword')),
);
export type TDriverRegisterBody = z.infer<typeof ZDriverRegisterBody>;

// ───────────────────────── sessions ─────────────────────────

export const ZLoginBody = z.lazy(() =>
  z.object({
    email: email(),
    // A wrong password of any shape is "invalid credentials", never a format error.
    password: text(128),
    role: Role.schema,
  }),
);
export type TLoginBody = z.infer<typeof ZLoginBody>;
export const ZSignInRole = z.lazy(() => z.enum(SIGN_IN_ROLES));
export const ZSelfRegistrableRole = z.lazy(() => z.enum(SELF_REGISTRABLE_ROLES));

// ───────────────────────── profile and credentials ─────────────────────────

/**
 * A partial update of the caller's profile (and, for a company owner, the company):
 * an absent field is left as it is; an optional field sent empty is cleared; a
 * field the record requires (company name, address, phone) cannot be emptied.
 */
export const ZProfileBody = z.lazy(() =>
  z
    .object({
      firstName: clearable(text(MAX.name)),
      lastName: clearable(text(MAX.name)),
      firstNameKana: clearable(katakana()),
      lastNameKana: clearable(katakana()),
      name: clearable(text(MAX.short)),
      phone: phone().optional(),
      note: clearable(text(MAX.note)),
      companyName: text(MAX.short).optional(),
      companyNameKana: katakana().optional(),
      website: clearable(url()),
      invoiceRegistrationNumber: clearable(invoiceNumber()),
      generalFreightLicenseNumber: clearable(licenseNumber()),
      lightFreightLicenseNumber: clearable(licenseNumber()),
      postalCode: postalCode().optional(),
      prefecture: text(10).optional(),
      city: text(MAX.name).optional(),
      town: text(MAX.short).optional(),
      block: text(MAX.short).optional(),
      building: clearable(text(MAX.short)),
    })
    // Without the name in the body, the server checks the number against the stored name.
    .superRefine(registrationNumberOfCompany),
);
export type TProfileBody = z.infer<typeof ZProfileBody>;

export const ZChangePasswordBody = z.lazy(() =>
  z
    .object({
      currentPassword: text(128),
      newPassword: password(),
      confirmNewPassword: text(128),
    })
    .superRefine(passwordsMatch('newPassword', 'confirmNewPassword')),
);
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const ZForgotPasswordBody = z.lazy(() => z.object({ email: email(), role: Role.schema }));
export type TForgotPasswordBody = z.infer<typeof ZForgotPasswordBody>;

export const ZVerifyResetTokenResponse = z.lazy(() => z.object({ valid: z.boolean() }));

export const ZResetPasswordBody = z.lazy(() =>
  z
    .object({ token: token(), password: password(), confirmPassword: text(128) })
    .superRefine(passwordsMatch('password', 'confirmPassword')),
);
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

export const ZRequestEmailUpdateBody = z.lazy(() => z.object({ email: email() }));

export const ZUserIdParams = z.lazy(() => z.object({ id: uuid() }));

export const ZToggleStatusResponse = z.lazy(() =>
  z.object({
    message: z.string(),
    id: z.string(),
    status: AccountStatus.schema,
    /** Child accounts whose status changed with this one. */
    affectedChildIds: z.array(z.string()),
  }),
);
export type TToggleStatusResponse = z.infer<typeof ZToggleStatusResponse>;

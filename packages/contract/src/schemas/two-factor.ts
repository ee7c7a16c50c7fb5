/**
 * The admin's second factor (TOTP, docs/decisions/053-admin-second-factor.md): the login's
 * second step, enrolment, its recovery codes and disabling.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { text, token } from './common';

/** A six-digit code of the authenticator app. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: 16 base32 characters, shown in groups of four (the hyphens are optional). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{4}(-?[a-z2-7]{4}){3}$/i;

const totpCode = () => z.string({ error: FIELD_MESSAGES.totpCode }).trim().regex(TOTP_CODE_PATTERN, FIELD_MESSAGES.totpCode);
const totpOrRecoveryCode = () =>
  z
    .string({ error: FIELD_MESSAGES.totpOrRecoveryCode })
    .trim()
    .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), FIELD_MESSAGES.totpOrRecoveryCode);

/** What the password step answers instead of tokens when the account has its second factor on. */
export const ZTotpChallenge = z.lazy(() =>
  z.object({
    totpRequired: z.literal(true),
    /** Signed, short-lived: proves the password step; sent back with the code. */
    challengeToken: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
export type TTotpChallenge = z.infer<typeof ZTotpChallenge>;

export const ZTotpLoginBody = z.lazy(() =>
  z.object({
    challengeToken: token(),
    /** The current six-digit code, or one of the recovery codes. */
    code: totpOrRecoveryCode(),
  }),
);
export type TTotpLoginBody = z.infer<typeof ZTotpLoginBody>;

export const ZTotpStatus = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    enabledAt: z.iso.datetime({ offset: true }).nullable(),
    recoveryCodesRemaining: z.number().int(),
  }),
);
export type TTotpStatus = z.infer<typeof ZTotpStatus>;

/** The new secret, once: as text for manual entry, as the otpauth URI and as its QR code. */
export const ZTotpEnrolment = z.lazy(() =>
  z.object({
    secret: z.string(),
    otpauthUri: z.string(),
    /** A data: URL of the QR code's image (PNG). */
    qrCodeDataUrl: z.string(),
  }),
);
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

export const ZTotpConfirmBody = z.lazy(() => z.object({ code: totpCode() }));
export type TTotpConfirmBody = z.infer<typeof ZTotpConfirmBody>;

/** The recovery codes, shown this once; the server keeps only their hashes. */
export const ZTotpRecoveryCodes = z.lazy(() => z.object({ message: z.string(), recoveryCodes: z.array(z.string()) }));
export type TTotpRecoveryCodes = z.infer<typeof ZTotpRecoveryCodes>;

export const ZTotpDisableBody = z.lazy(() =>
  z.object({
    // A wrong password of any shape is "incorrect", never a format error.
    password: text(128),
    code: totpCode(),
  }),
);
export type TTotpDisableBody = z.infer<typeof ZTotpDisableBody>;

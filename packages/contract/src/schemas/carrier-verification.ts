/**
 * A verified carrier (issue 48 part 1, decision 104): what a driver manager submits for its
 * company (its 許可 or 届出 number, its cargo insurance with the certificate, its 登録番号), how the
 * company and the back office read it, and the admin's answer. A company of one (an owner-driver)
 * is a driver manager without drivers, so the same form serves it.
 */
import { z } from 'zod';
import { japanDay } from '../charges';
import { CarrierPermitKind, CarrierVerificationOutcome, CarrierVerificationStatus } from '../enums/carrier-verification';
import { isCalendarDay } from '../invoices/days';
import { FIELD_MESSAGES } from '../messages';
import { MAX, ZPaginationQuery, invoiceNumber, iso, licenseNumber, option, optionalText, paginated, text, uuid } from './common';
import { ZFileView } from './files';

/** The largest 補償額 accepted (10 billion yen): a typing slip, not a policy, beyond it. */
export const MAX_COVERAGE_YEN = 10_000_000_000;
/** The admin's reason for 差戻し. */
export const RETURN_REASON_MAX = 500;
/** The reminder goes this many days before the insurance's expiry (issue 48). */
export const INSURANCE_REMINDER_DAYS = 30;

/** A calendar day (YYYY-MM-DD) not before today in Japan: the insurance must still be in force. */
const expiryDay = () =>
  z
    .string({ error: FIELD_MESSAGES.required })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .refine(isCalendarDay, { error: FIELD_MESSAGES.date })
    .refine((day) => day >= japanDay(new Date()), { error: FIELD_MESSAGES.insuranceExpiryPast });

/** PUT /companies/:companyId/verification: the documents, submitted for review (→ 申請中). */
export const ZCarrierVerificationBody = z.lazy(() =>
  z.object({
    permitKind: option(CarrierPermitKind.values),
    /** 一般貨物自動車運送事業の許可番号, or 貨物軽自動車運送事業の届出番号 (the 届出書's number). */
    permitNumber: licenseNumber(),
    insurer: text(MAX.short),
    /** 補償額 in integer yen (per accident, as the certificate states it). */
    coverageYen: z
      .number({ error: FIELD_MESSAGES.coverageAmount })
      .int(FIELD_MESSAGES.coverageAmount)
      .min(1, FIELD_MESSAGES.coverageAmount)
      .max(MAX_COVERAGE_YEN, FIELD_MESSAGES.tooBig(MAX_COVERAGE_YEN)),
    insuranceExpiresOn: expiryDay(),
    /** An uploaded image or PDF of the insurance certificate (証券), by the caller (files module). */
    certificateFileId: uuid(),
    /** 適格請求書発行事業者の登録番号, checked against the company's name as the profile checks it. */
    invoiceRegistrationNumber: invoiceNumber(),
  }),
);
export type TCarrierVerificationBody = z.infer<typeof ZCarrierVerificationBody>;

/** A company's verification as its driver manager and the admin read it. */
export const ZCarrierVerification = z.lazy(() =>
  z.object({
    companyId: z.string(),
    companyName: z.string(),
    status: CarrierVerificationStatus.schema,
    /** The badge now: 確認済 and the insurance still in force (Japan's day). */
    isVerified: z.boolean(),
    /** Nothing submitted yet: the company's profile fills these in (the 許可番号 and 登録番号). */
    permitKind: CarrierPermitKind.schema.nullable(),
    permitNumber: z.string().nullable(),
    insurer: z.string().nullable(),
    coverageYen: z.number().int().nullable(),
    /** YYYY-MM-DD. */
    insuranceExpiresOn: z.string().nullable(),
    certificate: ZFileView.nullable(),
    invoiceRegistrationNumber: z.string().nullable(),
    submittedAt: iso().nullable(),
    reviewedAt: iso().nullable(),
    /** The admin's reason when 差戻し. */
    returnReason: z.string().nullable(),
    lapsedAt: iso().nullable(),
  }),
);
export type TCarrierVerification = z.infer<typeof ZCarrierVerification>;

/** GET /admin/carrier-verifications: the back office's queue, 申請中 first by default. */
export const ZCarrierVerificationListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    status: option(
      CarrierVerificationStatus.values.filter((s) => s !== 'NONE') as ['PENDING', 'VERIFIED', 'RETURNED', 'LAPSED'],
    ).optional(),
    /** Part of the company's name or kana, or the manager's e-mail. */
    keyword: optionalText(MAX.short),
  }),
);
export type TCarrierVerificationListQuery = z.infer<typeof ZCarrierVerificationListQuery>;

export const ZCarrierVerificationListItem = z.lazy(() =>
  z.object({
    companyId: z.string(),
    companyName: z.string(),
    managerName: z.string(),
    managerEmail: z.string(),
    status: CarrierVerificationStatus.schema,
    isVerified: z.boolean(),
    permitKind: CarrierPermitKind.schema,
    insuranceExpiresOn: z.string(),
    submittedAt: iso(),
    reviewedAt: iso().nullable(),
  }),
);
export type TCarrierVerificationListItem = z.infer<typeof ZCarrierVerificationListItem>;
export const ZCarrierVerificationList = z.lazy(() => paginated(ZCarrierVerificationListItem));
export type TCarrierVerificationList = z.infer<typeof ZCarrierVerificationList>;

/** POST /admin/carrier-verifications/:companyId/review: 確認済, or 差戻し with the reason. */
export const ZCarrierVerificationReviewBody = z.lazy(() =>
  z
    .object({
      outcome: option(CarrierVerificationOutcome.values),
      reason: optionalText(RETURN_REASON_MAX),
    })
    .superRefine((v, ctx) => {
      if (v.outcome === 'RETURNED' && !v.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: FIELD_MESSAGES.required });
    }),
);
export type TCarrierVerificationReviewBody = z.infer<typeof ZCarrierVerificationReviewBody>;

/** PATCH /request-items/:requestItemId/verified-carriers-only: the shipper's requirement on an open request. */
export const ZVerifiedCarriersOnlyBody = z.lazy(() =>
  z.object({ verifiedCarriersOnly: z.boolean({ error: FIELD_MESSAGES.invalidType }) }),
);
export type TVerifiedCarriersOnlyBody = z.infer<typeof ZVerifiedCarriersOnlyBody>;
export const ZVerifiedCarriersOnly = z.lazy(() =>
  z.object({ requestItemId: z.string(), verifiedCarriersOnly: z.boolean(), message: z.string() }),
);
export type TVerifiedCarriersOnly = z.infer<typeof ZVerifiedCarriersOnly>;

export const ZVerificationCompanyParams = z.lazy(() => z.object({ companyId: uuid() }));

/**
 * Trust between strangers (issue 48 parts 2–5, decision 105): a carrier's measured facts, the
 * measured waiting at a request's sites, and the two-way reviews after a job.
 */
import { z } from 'zod';
import { ReviewSide, ReviewTag, TransportType } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import { MAX, ZPaginationQuery, iso, option, optionalText, paginated, text, uuid } from './common';

/** The rules both sides apply (thresholds, windows, lengths). */
export const TRUST_RULES = {
  minRating: 1,
  maxRating: 5,
  maxComment: 500,
  maxReply: 500,
  maxHideReason: 500,
  /** A review may be edited for this long after it was written, then it is fixed. */
  editDays: 7,
  /** The carrier's facts cover the jobs finished in the last 12 months. */
  factsMonths: 12,
  /** Fewer finished jobs than this: no facts are shown. */
  factsMinJobs: 3,
  /** Fewer stops with a recorded arrival than this: no on-time rate is shown. */
  onTimeMinStops: 3,
  /** Fewer visible reviews than this: the count is shown, the average is not. */
  ratingMinReviews: 3,
  /** A site's waiting covers the stops that arrived in the last 90 days … */
  siteDays: 90,
  /** … and is shown only from this many measured stops on. */
  siteMinStops: 3,
  /** The market's filter: sites whose average waiting is under this many minutes. */
  shortWaitMinutes: 60,
  /** A stop over this many minutes (waiting and handling) counts as long. */
  longStopMinutes: 120,
} as const;

const rating = () =>
  z
    .number({ error: FIELD_MESSAGES.invalidType })
    .int(FIELD_MESSAGES.integer)
    .min(TRUST_RULES.minRating, FIELD_MESSAGES.tooSmall(TRUST_RULES.minRating))
    .max(TRUST_RULES.maxRating, FIELD_MESSAGES.tooBig(TRUST_RULES.maxRating));
const tags = () =>
  z
    .array(ReviewTag.schema)
    .max(ReviewTag.values.length)
    .default([])
    .transform((t) => [...new Set(t)]);

/** POST /reviews: the caller's side rates the other side of a completed job. */
export const ZReviewBody = z.lazy(() =>
  z.object({
    requestItemId: uuid(),
    rating: rating(),
    tags: tags(),
    comment: optionalText(TRUST_RULES.maxComment),
  }),
);
export type TReviewBody = z.infer<typeof ZReviewBody>;

/** PATCH /reviews/{id}: the author changes its review while the edit window is open. */
export const ZReviewEditBody = z.lazy(() =>
  z.object({ rating: rating(), tags: tags(), comment: optionalText(TRUST_RULES.maxComment) }),
);
export type TReviewEditBody = z.infer<typeof ZReviewEditBody>;

/** POST /reviews/{id}/reply: the reviewed side answers once. */
export const ZReviewReplyBody = z.lazy(() => z.object({ reply: text(TRUST_RULES.maxReply) }));
export type TReviewReplyBody = z.infer<typeof ZReviewReplyBody>;

/** POST /admin/reviews/{id}/hide: the admin hides a review that breaks the rules, with the reason. */
export const ZReviewHideBody = z.lazy(() => z.object({ reason: text(TRUST_RULES.maxHideReason) }));
export type TReviewHideBody = z.infer<typeof ZReviewHideBody>;

/** POST /admin/reviews/{id}/show: the admin shows a hidden review again, with the reason (decision 109). */
export const ZReviewShowBody = ZReviewHideBody;
export type TReviewShowBody = TReviewHideBody;

/** The back office's review list filter: shown or hidden. */
export const REVIEW_VISIBILITY = ['VISIBLE', 'HIDDEN'] as const;

/** GET /admin/reviews: every review, newest first, filtered by rating, visibility and a keyword. */
export const ZAdminReviewListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    rating: z.coerce
      .number({ error: FIELD_MESSAGES.integer })
      .int(FIELD_MESSAGES.integer)
      .min(TRUST_RULES.minRating, FIELD_MESSAGES.tooSmall(TRUST_RULES.minRating))
      .max(TRUST_RULES.maxRating, FIELD_MESSAGES.tooBig(TRUST_RULES.maxRating))
      .optional(),
    visibility: option(REVIEW_VISIBILITY).optional(),
    /** Part of the comment or reply, or of the author's or the rated party's company name or e-mail. */
    keyword: optionalText(MAX.short),
  }),
);
export type TAdminReviewListQuery = z.infer<typeof ZAdminReviewListQuery>;

export const ZReviewIdParams = z.lazy(() => z.object({ id: uuid() }));
export const ZJobReviewsQuery = z.lazy(() => z.object({ requestItemId: uuid() }));
export type TJobReviewsQuery = z.infer<typeof ZJobReviewsQuery>;

/** A review as its readers see it; a hidden one keeps only its rating out of sight (the admin sees it all). */
export const ZReview = z.lazy(() =>
  z.object({
    id: z.string(),
    requestItemId: z.string(),
    /** Who wrote it: the shipper (about the carrier) or the carrier (about the shipper). */
    side: ReviewSide.schema,
    authorName: z.string(),
    rating: z.number().int(),
    tags: z.array(ReviewTag.schema),
    comment: z.string().nullable(),
    reply: z.string().nullable(),
    repliedAt: iso().nullable(),
    /** Until when the author may still change it. */
    editableUntil: iso(),
    hidden: z.boolean(),
    /** The admin's reason: shown to the admin and to the author. */
    hiddenReason: z.string().nullable(),
    createdAt: iso(),
    updatedAt: iso(),
  }),
);
export type TReview = z.infer<typeof ZReview>;

/** A review in the back office's list: the review as the admin sees it, who was rated, and when it was hidden. */
export const ZAdminReviewListItem = z.lazy(() =>
  ZReview.unwrap().extend({
    subjectName: z.string(),
    hiddenAt: iso().nullable(),
  }),
);
export type TAdminReviewListItem = z.infer<typeof ZAdminReviewListItem>;
export const ZAdminReviewList = z.lazy(() => paginated(ZAdminReviewListItem));
export type TAdminReviewList = z.infer<typeof ZAdminReviewList>;

/** GET /reviews?requestItemId=: a job's two reviews as one of its parties (or the admin) sees them. */
export const ZJobReviews = z.lazy(() =>
  z.object({
    requestItemId: z.string(),
    /** The caller's side in the job; null for the admin. */
    mySide: ReviewSide.schema.nullable(),
    /** The job is complete: reviews may be written. */
    open: z.boolean(),
    mine: ZReview.nullable(),
    theirs: ZReview.nullable(),
  }),
);
export type TJobReviews = z.infer<typeof ZJobReviews>;

/** Average and count of the visible reviews about a party; the average only from a few reviews on. */
export const ZRatingSummary = z.lazy(() =>
  z.object({
    count: z.number().int(),
    /** One decimal; null below TRUST_RULES.ratingMinReviews. */
    average: z.number().nullable(),
  }),
);
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

/** Arrivals at one kind of stop within its window: on time / measured (stops with a recorded arrival). */
export const ZOnTime = z.lazy(() =>
  z.object({
    onTime: z.number().int(),
    measured: z.number().int(),
    /** 0–1. */
    rate: z.number(),
  }),
);
export type TOnTime = z.infer<typeof ZOnTime>;

/**
 * A carrier's measured facts over the last TRUST_RULES.factsMonths months: null figures below the
 * thresholds (the screen says 実績が少ないため表示なし).
 */
export const ZCarrierFacts = z.lazy(() =>
  z.object({
    periodMonths: z.number().int(),
    /** Enough finished jobs to show anything. */
    shown: z.boolean(),
    completedJobs: z.number().int().nullable(),
    cancelledAfterApproval: z.number().int().nullable(),
    pickupOnTime: ZOnTime.nullable(),
    deliveryOnTime: ZOnTime.nullable(),
  }),
);
export type TCarrierFacts = z.infer<typeof ZCarrierFacts>;

/** What a shipper reads about a carrier company (or an independent driver) beside its bid. */
export const ZCarrierTrust = z.lazy(() =>
  z.object({
    /** The carrier: the driver manager (its company with its drivers) or the independent driver. */
    carrierId: z.string(),
    facts: ZCarrierFacts,
    rating: ZRatingSummary,
  }),
);
export type TCarrierTrust = z.infer<typeof ZCarrierTrust>;

export const ZCarrierIdParams = z.lazy(() => z.object({ id: uuid() }));

/** GET /carriers/{id}/profile: a carrier's name, facts, rating and its newest visible reviews. */
export const ZCarrierProfile = z.lazy(() =>
  z.object({
    carrierId: z.string(),
    name: z.string(),
    companyName: z.string().nullable(),
    facts: ZCarrierFacts,
    rating: ZRatingSummary,
    reviews: z.array(ZReview),
  }),
);
export type TCarrierProfile = z.infer<typeof ZCarrierProfile>;

/** The measured waiting at one site of a request (a pickup or delivery stop's normalised address). */
export const ZSiteWaiting = z.lazy(() =>
  z.object({
    position: z.number().int(),
    transportType: TransportType.schema,
    /** The address as the request states it. */
    site: z.string(),
    /** Measured stops at the site over the last TRUST_RULES.siteDays days. */
    stops: z.number().int(),
    /** Enough stops to show the figures. */
    shown: z.boolean(),
    averageWaitingMinutes: z.number().int().nullable(),
    averageHandlingMinutes: z.number().int().nullable(),
    /** Share of the stops over two hours (waiting and handling), 0–1. */
    overTwoHoursShare: z.number().nullable(),
  }),
);
export type TSiteWaiting = z.infer<typeof ZSiteWaiting>;

/** GET /request-items/{id}/trust: what a carrier reads about a request before bidding. */
export const ZRequestTrust = z.lazy(() =>
  z.object({
    requestItemId: z.string(),
    shipperRating: ZRatingSummary,
    sites: z.array(ZSiteWaiting),
  }),
);
export type TRequestTrust = z.infer<typeof ZRequestTrust>;

/**
 * Applying to a request item and its candidates (spec §3 Candidate, §7 Candidates and
 * "request-prices" / "apply-fixed-price"). See docs/decisions/013-applying-candidates-talkrooms.md.
 */
import { z } from 'zod';
import { CandidateSort, CandidateStatus, RequestStatus } from '../enums/index';
import { ZPaginationQuery, iso, paginated, uuid } from './common';
import { REQUEST_ITEM_RULES, ZTalkroomRef, optionalCharge } from './request-items';
import { FIELD_MESSAGES } from '../messages';
import { ZBidFareShare, optionalDistanceKm } from './standard-fares';
import { ZCarrierTrust } from './reviews';

const requiredOrType = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidType;

const requestItemId = () => uuid();

/** POST /request-items/request-prices: a bid on an estimation request; bidding again updates it. */
export const ZRequestPriceBody = z.lazy(() =>
  z.object({
    requestItemId: requestItemId(),
    /** Integer yen. */
    price: z
      .number({ error: requiredOrType })
      .int(FIELD_MESSAGES.integer)
      .min(1, FIELD_MESSAGES.tooSmall(1))
      .max(REQUEST_ITEM_RULES.maxPrice, FIELD_MESSAGES.tooBig(REQUEST_ITEM_RULES.maxPrice)),
    /** The carrier's own 附帯業務 and fuel surcharge, when they differ from the request's (decision 067). */
    incidentalCharge: optionalCharge(),
    fuelSurcharge: optionalCharge(),
    /** The road km the carrier reckons for the route (its standard-fare breakdown uses it); absent: the request's. */
    distanceKm: optionalDistanceKm(),
  }),
);
export type TRequestPriceBody = z.infer<typeof ZRequestPriceBody>;

/** POST /request-items/apply-fixed-price: apply at the listed price (fixed delivery, per-unit warehouse). */
export const ZApplyFixedPriceBody = z.lazy(() => z.object({ requestItemId: requestItemId() }));
export type TApplyFixedPriceBody = z.infer<typeof ZApplyFixedPriceBody>;

/** GET /candidates: the candidates of one of the caller's request items (the admin: of any). */
export const ZCandidateListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    requestId: requestItemId(),
    /** The order (decision 105): newest application (default), lowest price, best rating, best on-time rate. */
    sort: CandidateSort.schema.default('NEWEST'),
  }),
);
export type TCandidateListQuery = z.infer<typeof ZCandidateListQuery>;

export const ZCandidateIdParams = z.lazy(() => z.object({ id: uuid() }));
export type TCandidateIdParams = z.infer<typeof ZCandidateIdParams>;

/** GET /candidates/{id}?requestItemId= */
export const ZCandidateDetailQuery = z.lazy(() => z.object({ requestItemId: requestItemId() }));
export type TCandidateDetailQuery = z.infer<typeof ZCandidateDetailQuery>;

/** POST /candidates/{id}/approve */
export const ZApproveCandidateBody = z.lazy(() => z.object({ requestItemId: requestItemId() }));
export type TApproveCandidateBody = z.infer<typeof ZApproveCandidateBody>;

/** The newest message of a talkroom, as lists show it. */
export const ZLastMessage = z.lazy(() =>
  z.object({
    id: z.string(),
    content: z.string(),
    senderId: z.string(),
    /** Attachments only: the list shows a file icon. */
    fileCount: z.number().int(),
    createdAt: iso(),
  }),
);
export type TLastMessage = z.infer<typeof ZLastMessage>;

export const ZCandidateCompany = z.lazy(() => z.object({ id: z.string(), name: z.string(), nameKana: z.string() }));

/** An application as the request's owner (and the admin) sees it. */
export const ZCandidate = z.lazy(() =>
  z.object({
    id: z.string(),
    requestItemId: z.string(),
    /** The applicant (a driver or a driver manager). */
    applicantId: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string(),
    /** Null in lists when the applicant has no company; the detail answers 404 instead (spec §8). */
    company: ZCandidateCompany.nullable(),
    note: z.string().nullable(),
    /** The bid in integer yen (the listed price for a fixed-price application). */
    price: z.number().int(),
    /** The bid's own 附帯業務 charge and fuel surcharge (decision 067); null: the request's. */
    incidentalCharge: z.number().int().nullable(),
    fuelSurcharge: z.number().int().nullable(),
    /** The road km the carrier stated with its bid; null: none stated. */
    distanceKm: z.number().nullable(),
    /** The bid against the request's standard fare (decision 100); null: a warehouse request. */
    standardFare: ZBidFareShare.nullable(),
    status: CandidateStatus.schema,
    talkroom: ZTalkroomRef.nullable(),
    lastMessage: ZLastMessage.nullable(),
    /** The applicant's driver manager (the applicant itself when it is a manager). */
    driverManagerId: z.string().nullable(),
    /** The applicant's company is verified now (認証済み, decision 104): a driver bids for its company. */
    carrierVerified: z.boolean(),
    /** An approved driver manager's assigned driver (null while the manager carries the job itself). */
    carrier: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
    /** The carrier company's measured facts and rating (decision 105). */
    trust: ZCarrierTrust,
    createdAt: iso(),
    updatedAt: iso(),
  }),
);
export type TCandidate = z.infer<typeof ZCandidate>;

export const ZCandidatePage = z.lazy(() => paginated(ZCandidate));
export type TCandidatePage = z.infer<typeof ZCandidatePage>;

/** The answer to a bid or a fixed-price application (spec §8 says 出荷人様; the product says 荷主様 everywhere, decision 086). */
export const ZApplyResponse = z.lazy(() =>
  z.object({
    message: z.string(),
    /** False when the caller had already applied (the application was kept, a bid updated). */
    isNew: z.boolean(),
    candidate: z.object({
      id: z.string(),
      requestItemId: z.string(),
      price: z.number().int(),
      status: CandidateStatus.schema,
      talkroom: ZTalkroomRef,
      createdAt: iso(),
      updatedAt: iso(),
    }),
  }),
);
export type TApplyResponse = z.infer<typeof ZApplyResponse>;

/** The answer to an approval: the approved candidate and the request's new status. */
export const ZApproveCandidateResponse = z.lazy(() =>
  z.object({
    message: z.string(),
    candidate: ZCandidate,
    requestItem: z.object({ id: z.string(), status: RequestStatus.schema, receiverId: z.string() }),
  }),
);
export type TApproveCandidateResponse = z.infer<typeof ZApproveCandidateResponse>;

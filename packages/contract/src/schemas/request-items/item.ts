/** A request item as the lists and the detail return it, with its people and talkrooms. */
import { z } from 'zod';
import { CandidateStatus, RequestStatus, RequestType } from '../../enums/index';
import { iso, paginated } from '../common';
import { ZDeliveryItem, ZFileRef, ZRequestPrice, ZWarehouseItem } from './item-parts';
import { ZAgreedCharges, ZTransportConditions } from './transport-conditions';
import { ZBidFareShare, ZRequestStandardFare, ZStandardFareFigure } from '../standard-fares';

/** The customer who posted the request (private views; sample values when hidden). */
export const ZRequestCustomer = z.lazy(() =>
  z.object({
    id: z.string(),
    companyName: z.string(),
    customerName: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    invoice: z.string().nullable(),
  }),
);
export type TRequestCustomer = z.infer<typeof ZRequestCustomer>;

/** The approved applicant. */
export const ZRequestReceiver = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
  }),
);

export const ZTalkroomRef = z.lazy(() =>
  z.object({
    id: z.string(),
    requestItemId: z.string(),
    candidateId: z.string(),
    appliedUserId: z.string(),
    /** Messages may be sent: the approved room of a delivery stays open until the job ends (decision 085). */
    isActive: z.boolean(),
    lastMessageAt: iso().nullable(),
    /** The customer's and the driver's "meeting complete" (both → pickup work). */
    customerMeetingCompletedAt: iso().nullable(),
    driverMeetingCompletedAt: iso().nullable(),
  }),
);
export type TTalkroomRef = z.infer<typeof ZTalkroomRef>;

/** The caller's own application to the item. */
export const ZMyCandidate = z.lazy(() =>
  z.object({
    id: z.string(),
    price: z.number().int(),
    status: CandidateStatus.schema,
    createdAt: iso(),
    /** A delivery: the bid against the standard fare (decision 100). */
    standardFare: ZBidFareShare.optional(),
  }),
);

/**
 * A request item as every list returns it. `isHidden` is true when the caller may
 * not see the customer's contact details and message: they then hold HIDDEN_SAMPLES.
 */
export const ZRequestItem = z.lazy(() =>
  z.object({
    id: z.string(),
    type: RequestType.schema,
    status: RequestStatus.schema,
    price: ZRequestPrice,
    message: z.string().nullable(),
    isHidden: z.boolean(),
    deliveryItem: ZDeliveryItem.nullable(),
    warehouseItem: ZWarehouseItem.nullable(),
    images: z.array(ZFileRef),
    creatorId: z.string(),
    receiverId: z.string().nullable(),
    /**
     * Who carries the approved job (DESIGN §5 "Carrier companies"): the approved applicant,
     * or the driver its driver manager assigned. Null until a candidate is approved.
     */
    carrierId: z.string().nullable(),
    isNewArrival: z.boolean(),
    isNearDate: z.boolean(),
    /** Open selection (decision 065): the customer chooses by then; null: no deadline. */
    selectionDeadline: iso().nullable(),
    /** When the deadline passed without an approval and the request closed (status CANCELLED). */
    selectionClosedAt: iso().nullable(),
    /** The request posted again with the same contents after it closed. */
    repostedAsId: z.string().nullable(),
    /** Only verified carrier companies may apply (decision 104). */
    verifiedCarriersOnly: z.boolean(),
    /** Private list and detail: the caller has applied. */
    isApplied: z.boolean().optional(),
    /** Owner and admin views; every detail while the request is open (how many have applied). */
    numberOfCandidates: z.number().int().optional(),
    /** Applied-items: the caller's application; a detail for the owner or admin: the approved one (the agreed price). */
    candidate: ZMyCandidate.optional(),
    /** Private detail and admin lists. */
    customer: ZRequestCustomer.optional(),
    /** The market lists and every detail of a delivery: its standard fare in brief (decision 100). */
    standardFare: ZStandardFareFigure.optional(),
    createdAt: iso(),
    updatedAt: iso(),
  }),
);
export type TRequestItem = z.infer<typeof ZRequestItem>;

/** A request item's detail: adds the approved applicant and the talkrooms the caller may open. */
export const ZRequestItemDetail = z.lazy(() =>
  ZRequestItem.unwrap().extend({
    receiver: ZRequestReceiver.nullable(),
    /** The driver who carries the job, when the approved applicant's company assigned one of its drivers. */
    carrier: ZRequestReceiver.nullable(),
    /** The caller's own talkroom (an applicant's), or the approved one for the owner. */
    talkroom: ZTalkroomRef.nullable(),
    /** Owner and admin: every talkroom of the item. */
    talkrooms: z.array(ZTalkroomRef),
    /**
     * The parties and the admin: the 運送条件書 (decisions 067, 084) in force — the newest version —
     * and every version issued, oldest first (each stays downloadable).
     */
    transportConditions: ZTransportConditions.nullable(),
    /** The parties and the admin, once a delivery is approved: the charges agreed, with tax and total. */
    agreedCharges: ZAgreedCharges.nullable(),
    /** A delivery's standard fare in full, computed on read for whoever may read it (decision 100); null: a warehouse. */
    standardFareBreakdown: ZRequestStandardFare.nullable(),
  }),
);
export type TRequestItemDetail = z.infer<typeof ZRequestItemDetail>;

export const ZRequestItemPage = z.lazy(() => paginated(ZRequestItem));
export type TRequestItemPage = z.infer<typeof ZRequestItemPage>;
export const ZTopRequests = z.lazy(() => z.object({ data: z.array(ZRequestItem) }));
export type TTopRequests = z.infer<typeof ZTopRequests>;

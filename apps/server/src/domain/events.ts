/**
 * Domain events: everything that happens to a request item, an account or a
 * subscription and that someone must be told about. A service that causes one
 * hands it to the notifications module inside its own transaction:
 *
 *   await withEvents(deps, async (tx, emit) => {
 *     … lock the request row, change its status …
 *     await emit({ type: 'CANDIDATE_APPROVED', requestType: 'DELIVERY', requestItemId, talkroomId,
 *                  customerId: auth.userId, approvedUserId });
 *   });
 *
 * Each event carries the ids its notifications need, and the recipients the
 * causing service already knows (it holds the locked rows), so that writing
 * the notifications needs no further lookup. Who is told what is decided in
 * domain/notification-plan.ts (docs/decisions/009-notifications.md has the table).
 */
import type { CustomTemperatureRange, TColdChainRange, TRequestType, TSignInRole } from '@logi/contract';

/** A driver or driver manager applied to a request item (bid or fixed-price apply). → the customer. */
export interface CandidateApplied {
  type: 'CANDIDATE_APPLIED';
  requestType: TRequestType;
  requestItemId: string;
  /** The request's name as its notifications show it (baggage name, or where the warehouse is). */
  subject: string;
  /** The applicant (actor). */
  candidateUserId: string;
  /** The request item's owner. */
  customerId: string;
}

/** The customer approved one candidate; for a delivery a talkroom opens, a warehouse ends matching. → the approved applicant. */
export interface CandidateApproved {
  type: 'CANDIDATE_APPROVED';
  requestType: TRequestType;
  requestItemId: string;
  talkroomId: string | null;
  /** The customer who approved (actor). */
  customerId: string;
  approvedUserId: string;
}

/** The other applicants of a request item whose candidate was approved. → each of them. */
export interface CandidatesNotChosen {
  type: 'CANDIDATES_NOT_CHOSEN';
  requestType: TRequestType;
  requestItemId: string;
  userIds: string[];
}

/** A message was posted in a talkroom. → NEW_MESSAGE to the other participants; the message itself to all of them. */
export interface TalkroomMessagePosted {
  type: 'TALKROOM_MESSAGE_POSTED';
  requestItemId: string;
  talkroomId: string;
  messageId: string;
  /** The author (actor); gets the live message on the stream (other tabs), but no notification. */
  senderId: string;
  /** How the author is named to the others (decision 040), and what the request is: for the notification. */
  senderName: string;
  subject: string;
  /** Everyone in the talkroom: the customer and the applicant (the sender included or not). */
  participantIds: string[];
  content: string;
  fileIds: string[];
  createdAt: Date;
}

/** One side pressed "meeting complete" (customer inactivates the talkroom / driver confirms receipt). → the other side. */
export interface MeetingCompletePressed {
  type: 'MEETING_COMPLETE_PRESSED';
  requestItemId: string;
  talkroomId: string;
  actorId: string;
  recipientIds: string[];
}

/** The customer (or an admin) cancelled a request item. → the approved driver and/or the applicants. */
export interface RequestCancelled {
  type: 'REQUEST_CANCELLED';
  requestType: TRequestType;
  requestItemId: string;
  actorId: string;
  recipientIds: string[];
}

/** The driver submitted the delivery report (receipt, signature, delivery images). → the customer. */
export interface DeliveryReportSubmitted {
  type: 'DELIVERY_REPORT_SUBMITTED';
  requestItemId: string;
  driverId: string;
  customerId: string;
}

/**
 * The report recorded a cold-chain reading outside the request's temperature zone
 * (decision 064). → the customer and the carrier side (approved applicant and its driver).
 */
export interface TemperatureOutOfRange {
  type: 'TEMPERATURE_OUT_OF_RANGE';
  requestItemId: string;
  /** The request's name as its notifications show it (baggage name). */
  subject: string;
  range: TColdChainRange;
  /** The shipper's own range within the zone (decision 085). */
  custom: CustomTemperatureRange;
  readings: { point: 'PICKUP' | 'DELIVERY'; celsius: number }[];
  actorId: string;
  customerId: string;
  carrierIds: string[];
}

/**
 * Open selection (decision 065): the deadline came without an approval and the request closed.
 * → the customer (it may post it again) and every applicant.
 */
export interface SelectionDeadlinePassed {
  type: 'SELECTION_DEADLINE_PASSED';
  requestItemId: string;
  subject: string;
  customerId: string;
  applicantIds: string[];
}

/**
 * The customer posted a request closed at its deadline again (decision 065): a new request with the
 * same contents. → everyone who applied to the closed one, told where to apply again.
 */
export interface RequestReposted {
  type: 'REQUEST_REPOSTED';
  /** The new request (the copy). */
  requestItemId: string;
  subject: string;
  customerId: string;
  applicantIds: string[];
}

/** The customer approved the delivery report: the delivery is complete. → the driver. */
export interface DeliveryCompletionApproved {
  type: 'DELIVERY_COMPLETION_APPROVED';
  requestItemId: string;
  customerId: string;
  driverId: string;
}

/** A party of a completed job reviewed the other side (decision 105). → the reviewed side. */
export interface ReviewReceived {
  type: 'REVIEW_RECEIVED';
  requestItemId: string;
  authorId: string;
  /** The reviewed side's accounts; `asShipper`: they open the job as its owner (my-items). */
  recipientIds: string[];
  asShipper: boolean;
}

/** A driver manager assigned one of its drivers to carry its approved job. → that driver. */
export interface DriverAssigned {
  type: 'DRIVER_ASSIGNED';
  requestItemId: string;
  /** The driver manager (actor). */
  managerId: string;
  driverId: string;
}

/** A registration of a role finished (customer, driver manager, invited driver). → the account. */
export interface RegistrationCompleted {
  type: 'REGISTRATION_COMPLETED';
  userId: string;
  role: TSignInRole;
}

/** A subscription renewal failed (payment webhook). → the driver manager. */
export interface SubscriptionPaymentFailed {
  type: 'SUBSCRIPTION_PAYMENT_FAILED';
  userId: string;
  /** The pending intent the user must settle on /payments/update. */
  intentCode: string | null;
}

/** An issued invoice's due date is near or past (issue 46, once of each). → the shipper and the carrier. */
export interface InvoicePaymentDue {
  type: 'INVOICE_PAYMENT_DUE';
  reminder: 'DUE_SOON' | 'OVERDUE';
  number: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** The job billed: the invoice page of each party hangs under it. */
  requestItemId: string;
  shipperId: string;
  carrierId: string;
}

/** A carrier issued an invoice or a monthly statement (issue 46, decision 102). → the shipper. */
export interface InvoiceIssued {
  type: 'INVOICE_ISSUED';
  documentId: string;
  /** A monthly statement (its page is the document's own); else a job's invoice (under the job). */
  statement: boolean;
  number: string;
  requestItemId: string | null;
  shipperId: string;
}

/** The product posted one occurrence of a shipper's schedule (定期便, decision 107). → the shipper. */
export interface ScheduledRequestPosted {
  type: 'SCHEDULED_REQUEST_POSTED';
  userId: string;
  requestItemId: string;
  templateName: string;
  /** The occurrence's day, YYYY-MM-DD. */
  date: string;
}

/** An occurrence was not posted: too late to post after downtime. → the shipper. */
export interface ScheduledRequestSkipped {
  type: 'SCHEDULED_REQUEST_SKIPPED';
  userId: string;
  templateName: string;
  date: string;
}

/** The carrier tapped 到着 or 出発 at a stop (issue 49 item 5). → the shipper, unless muted for the request. */
export interface TransportStopEvent {
  type: 'TRANSPORT_STOP_EVENT';
  customerId: string;
  requestItemId: string;
  subject: string;
  /** 集荷地・配達先 and its place, e.g. 「配達先（大阪府大阪市北区）」. */
  stopLabel: string;
  event: 'ARRIVED' | 'DEPARTED';
  occurredAt: Date;
}

/** An admin's announcement to every account holding one of the roles. */
export interface SystemBroadcast {
  type: 'SYSTEM_BROADCAST';
  actorId: string;
  targetRoles: ('CUSTOMER' | 'DRIVER' | 'DRIVER_MANAGER')[];
  title: string;
  message: string;
  fileIds: string[];
}

/** An admin's announcement to one account (POST /notifications/message). */
export interface SystemMessage {
  type: 'SYSTEM_MESSAGE';
  actorId: string;
  userId: string;
  title: string;
  message: string;
  fileIds: string[];
}

/**
 * A carrier company's verification moved (decision 104): the admin's answer, the insurance's
 * expiry near, or the verification lapsed. → the company's driver manager, by notification and mail.
 */
export interface CarrierVerificationNotice {
  type: 'CARRIER_VERIFICATION_NOTICE';
  notice: 'VERIFIED' | 'RETURNED' | 'INSURANCE_EXPIRING' | 'LAPSED';
  managerId: string;
  /** RETURNED: the admin's reason. */
  reason: string | null;
  /** The insurance's last day, YYYY-MM-DD. */
  insuranceExpiresOn: string;
}

export type DomainEvent =
  | CandidateApplied
  | CarrierVerificationNotice
  | CandidateApproved
  | CandidatesNotChosen
  | TalkroomMessagePosted
  | MeetingCompletePressed
  | RequestCancelled
  | DeliveryReportSubmitted
  | TemperatureOutOfRange
  | SelectionDeadlinePassed
  | RequestReposted
  | DeliveryCompletionApproved
  | ReviewReceived
  | DriverAssigned
  | RegistrationCompleted
  | SubscriptionPaymentFailed
  | InvoicePaymentDue
  | InvoiceIssued
  | ScheduledRequestPosted
  | ScheduledRequestSkipped
  | TransportStopEvent
  | SystemBroadcast
  | SystemMessage;

export type DomainEventType = DomainEvent['type'];

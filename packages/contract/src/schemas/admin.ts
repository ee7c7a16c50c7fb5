/**
 * The admin back office (spec §3 Customer / Driver list items, §7 customers and drivers,
 * DESIGN §5 audit log): account lists and details, transaction histories, the operator
 * overview and the audit log.
 */
import { z } from 'zod';
import {
  AccountStatus,
  AuditAction,
  AuditTargetType,
  BackgroundJobState,
  CarrierRole,
  RequestStatus,
  RequestType,
  Role,
} from '../enums/index';
import { MAX, ZPaginationQuery, iso, option, optionalText, paginated, uuid } from './common';
import { ZRequestPrice } from './request-items';

export const ADMIN_LIST_RULES = {
  maxKeywordLength: 50,
  /** Days on the overview chart. */
  overviewDays: 30,
} as const;

// ───────────────────────── queries ─────────────────────────

const accountFilters = () => ({
  /** Substring of the name, kana, company name or its kana, e-mail or phone (one or two characters are enough). */
  keyword: optionalText(ADMIN_LIST_RULES.maxKeywordLength),
  status: option(AccountStatus.values).optional(),
  /** The company's prefecture (東京都) or prefecture and city (東京都千代田区). */
  location: optionalText(MAX.short),
});

/** GET /customers. */
export const ZCustomerListQuery = z.lazy(() => ZPaginationQuery.unwrap().extend(accountFilters()));
export type TCustomerListQuery = z.infer<typeof ZCustomerListQuery>;

/** GET /drivers and /drivers/{id}/sub-accounts. */
export const ZDriverListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({ ...accountFilters(), roleType: option(CarrierRole.values).optional() }),
);
export type TDriverListQuery = z.infer<typeof ZDriverListQuery>;

export const ZCustomerIdParams = z.lazy(() => z.object({ customerId: uuid() }));
export const ZDriverIdParams = z.lazy(() => z.object({ driverId: uuid() }));

// ───────────────────────── accounts ─────────────────────────

export const ZAccountCompany = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    nameKana: z.string(),
    website: z.string().nullable(),
    invoiceRegistrationNo: z.string().nullable(),
    generalFreightLicenseNumber: z.string().nullable(),
    lightFreightLicenseNumber: z.string().nullable(),
  }),
);

/** Spec §3 Customer list item (`address`: the company's address in one line). */
export const ZCustomerListItem = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    nameKana: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string(),
    company: ZAccountCompany.nullable(),
    address: z.string().nullable(),
    note: z.string().nullable(),
    status: AccountStatus.schema,
    createdAt: iso(),
  }),
);
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

/** Spec §3 Driver list item: a customer list item plus its carrier roles and its parent (a driver's manager). */
export const ZDriverListItem = z.lazy(() =>
  ZCustomerListItem.unwrap().extend({
    roles: z.array(Role.schema),
    parentId: z.string().nullable(),
    parentName: z.string().nullable(),
    /** A manager's drivers. */
    subAccountCount: z.number().int(),
  }),
);
export type TDriverListItem = z.infer<typeof ZDriverListItem>;

export const ZCustomerList = z.lazy(() => paginated(ZCustomerListItem));
export type TCustomerList = z.infer<typeof ZCustomerList>;
export const ZDriverList = z.lazy(() => paginated(ZDriverListItem));
export type TDriverList = z.infer<typeof ZDriverList>;

/** Name parts of the detail's basic info. */
const personParts = () => ({
  lastName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastNameKana: z.string().nullable(),
  firstNameKana: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export const ZCustomerDetail = z.lazy(() => ZCustomerListItem.unwrap().extend(personParts()));
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;
export const ZDriverDetail = z.lazy(() => ZDriverListItem.unwrap().extend(personParts()));
export type TDriverDetail = z.infer<typeof ZDriverDetail>;

// ───────────────────────── transaction histories ─────────────────────────

/** The other side of a deal: the carrier for a customer's history, the customer for a carrier's. */
export const ZCounterpart = z.lazy(() => z.object({ id: z.string(), name: z.string(), companyName: z.string().nullable() }));

/** One request item of an account's history: what, its status, with whom and for how much. */
export const ZTransactionHistoryItem = z.lazy(() =>
  z.object({
    requestItemId: z.string(),
    type: RequestType.schema,
    status: RequestStatus.schema,
    /** The baggage of a delivery; the place of a warehouse. */
    title: z.string(),
    /** The posted price (null: estimation). */
    price: z.number().int().nullable(),
    /** The approved candidate's price; null before approval. */
    agreedPrice: z.number().int().nullable(),
    counterpart: ZCounterpart.nullable(),
    /** Who carried it for the company (a manager's history): the approved applicant. */
    carrier: ZCounterpart.nullable(),
    createdAt: iso(),
    approvedAt: iso().nullable(),
    completedAt: iso().nullable(),
  }),
);
export type TTransactionHistoryItem = z.infer<typeof ZTransactionHistoryItem>;
export const ZTransactionHistory = z.lazy(() => paginated(ZTransactionHistoryItem));
export type TTransactionHistory = z.infer<typeof ZTransactionHistory>;

// ───────────────────────── request lists ─────────────────────────

/**
 * One row of the admin's delivery or warehouse list (GET /request-items/delivery, /warehouse):
 * only what the list's columns and its CSV show (decision 087); the detail has the rest.
 */
export const ZAdminRequestRow = z.lazy(() =>
  z.object({
    id: z.string(),
    type: RequestType.schema,
    status: RequestStatus.schema,
    /** The baggage of a delivery; the prefecture and city of a warehouse. */
    title: z.string(),
    /** A delivery's first pickup and last delivery, prefecture and city; null for a warehouse. */
    pickupPlace: z.string().nullable(),
    deliveryPlace: z.string().nullable(),
    /** The customer who posted it. */
    customer: ZCounterpart,
    /** The posted price (null: estimation). */
    price: ZRequestPrice,
    /** The approved candidate's price; null before approval. */
    agreedPrice: z.number().int().nullable(),
    numberOfCandidates: z.number().int(),
    createdAt: iso(),
  }),
);
export type TAdminRequestRow = z.infer<typeof ZAdminRequestRow>;
export const ZAdminRequestList = z.lazy(() => paginated(ZAdminRequestRow));
export type TAdminRequestList = z.infer<typeof ZAdminRequestList>;

// ───────────────────────── overview ─────────────────────────

export const ZPeriodCounts = z.lazy(() =>
  z.object({
    posted: z.number().int(),
    matched: z.number().int(),
    completed: z.number().int(),
    /** Sum of the agreed prices of the requests completed in the period, in yen. */
    completedValue: z.number().int(),
    signUps: z.number().int(),
  }),
);
export type TPeriodCounts = z.infer<typeof ZPeriodCounts>;

export const ZOverviewDay = z.lazy(() =>
  z.object({
    /** YYYY-MM-DD in Japan time. */
    date: z.string(),
    posted: z.number().int(),
    matched: z.number().int(),
    completed: z.number().int(),
  }),
);
export type TOverviewDay = z.infer<typeof ZOverviewDay>;

export const ZAdminOverview = z.lazy(() =>
  z.object({
    /** Requests waiting for approval now. */
    openRequests: z.number().int(),
    activeCustomers: z.number().int(),
    activeCarriers: z.number().int(),
    /** Since Monday 00:00 and since the 1st 00:00, Japan time. */
    thisWeek: ZPeriodCounts,
    thisMonth: ZPeriodCounts,
    days: z.array(ZOverviewDay),
    generatedAt: iso(),
  }),
);
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

// ───────────────────────── audit log ─────────────────────────

export const ZAuditLogQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    targetId: uuid().optional(),
    action: option(AuditAction.values).optional(),
  }),
);
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogEntry = z.lazy(() =>
  z.object({
    id: z.string(),
    action: AuditAction.schema,
    targetType: AuditTargetType.schema,
    targetId: z.string(),
    /** Null: the system did it (a background job, e.g. a verification lapsing on expiry). */
    actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: iso(),
  }),
);
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;
export const ZAuditLog = z.lazy(() => paginated(ZAuditLogEntry));
export type TAuditLog = z.infer<typeof ZAuditLog>;

// ───────────────────────── background jobs (decision 101) ─────────────────────────

/** GET /admin/jobs: newest first; every state unless one is named. */
export const ZBackgroundJobListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    state: option(BackgroundJobState.values).optional(),
  }),
);
export type TBackgroundJobListQuery = z.infer<typeof ZBackgroundJobListQuery>;

export const ZBackgroundJobIdParams = z.lazy(() => z.object({ jobId: uuid() }));

export const ZBackgroundJob = z.lazy(() =>
  z.object({
    id: z.string(),
    /** The queue name (BackgroundJob's values; a job since removed keeps its old name). */
    name: z.string(),
    state: BackgroundJobState.schema,
    /** Runs begun so far, and how many it may have in all. */
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    createdAt: iso(),
    /** Not run before this instant (a deferred job, or a retry's wait). */
    runAfter: iso(),
    startedAt: iso().nullable(),
    finishedAt: iso().nullable(),
    /** The last failure's message: of a failed job, or of one waiting for its retry. */
    error: z.string().nullable(),
  }),
);
export type TBackgroundJob = z.infer<typeof ZBackgroundJob>;

const count = () => z.number().int();
export const ZBackgroundJobList = z.lazy(() =>
  paginated(ZBackgroundJob).extend({
    /** How many jobs each state holds now (the tabs). */
    counts: z.object({
      QUEUED: count(),
      RETRYING: count(),
      RUNNING: count(),
      COMPLETED: count(),
      FAILED: count(),
      CANCELLED: count(),
    } satisfies Record<(typeof BackgroundJobState.values)[number], unknown>),
  }),
);
export type TBackgroundJobList = z.infer<typeof ZBackgroundJobList>;

/**
 * The database tables (Drizzle). Migrations under ../../drizzle are generated
 * from this file with `npm run db:generate` and committed.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import {
  AccountStatus,
  AuditAction,
  AuditTargetType,
  BankAccountType,
  CandidateStatus,
  CarrierPermitKind,
  CarrierVerificationStatus,
  Elevator,
  FileKind,
  IncidentalWork,
  InvoiceDocumentKind,
  InvoiceLineKind,
  InvoiceStatus,
  NotificationKind,
  NotificationType,
  ONE_TIME_TOKEN_PURPOSES,
  PriceType,
  RequestStatus,
  ReviewSide,
  ReviewTag,
  RequestType,
  Role,
  TAX_CATEGORIES,
  TemperatureRange,
  TollsPaidBy,
  TransportType,
  VehicleType,
  SUBSCRIPTION_STATUSES,
  StopTimeEvent,
  type TCoupon,
  type TPaymentMethod,
} from '@logi/contract';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
/** Binary content kept in the row (a generated document of a few kilobytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').defaultNow().notNull(),
  updatedAt: ts('updated_at')
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};

export const locations = pgTable(
  'locations',
  {
    id: id(),
    postalCode: text('postal_code').notNull(),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    town: text('town').notNull(),
    block: text('block').notNull(),
    building: text('building'),
    ...timestamps,
  },
  (t) => [index('locations_prefecture_city_idx').on(t.prefecture, t.city)],
);

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  nameKana: text('name_kana').notNull(),
  website: text('website'),
  invoiceRegistrationNo: text('invoice_registration_no'),
  generalFreightLicenseNumber: text('general_freight_license_number'),
  lightFreightLicenseNumber: text('light_freight_license_number'),
  locationId: uuid('location_id').references(() => locations.id),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lowercase; one account per e-mail. */
    email: text('email').notNull(),
    /** Null until the person sets a password when registering a role. */
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    firstName: text('first_name'),
    lastName: text('last_name'),
    firstNameKana: text('first_name_kana'),
    lastNameKana: text('last_name_kana'),
    phone: text('phone'),
    note: text('note'),
    companyId: uuid('company_id').references(() => companies.id),
    /** A driver's manager: drivers are child accounts in the manager's company. */
    parentId: uuid('parent_id'),
    status: text('status', { enum: AccountStatus.values }).notNull().default('ACTIVE'),
    /** True when this account was suspended because its parent was; reactivating the parent restores it. */
    suspendedWithParent: boolean('suspended_with_parent').notNull().default(false),
    /** Pending payment intent: set until the driver manager's subscription is paid. */
    intentCode: text('intent_code'),
    /**
     * The admin lists' keyword search (domain/request-search.ts): unigrams and bigrams of
     * the names, kana, company name and kana, e-mail and phone, and that text normalised.
     * Written by accounts.repository whenever one of those fields changes.
     */
    searchTerms: text('search_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull().default(''),
    /**
     * The account's live roles, sorted: a copy of user_roles kept by accounts.repository's
     * grantRole in the same transaction, so the admin lists filter and order by role
     * through one index instead of walking every account (decision 063).
     */
    roles: text('roles', { enum: Role.values })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_parent_id_idx').on(t.parentId),
    index('users_company_id_idx').on(t.companyId),
    index('users_search_idx')
      .using('gin', t.searchTerms)
      .where(sql`deleted_at is null`),
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's customer and carrier lists, newest first (their filters must state these
    // predicates). The search text rides along, so a keyword search walks the list's index alone,
    // testing the text there, and reads no account (decision 087).
    index('users_customers_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText)
      .where(sql`deleted_at is null and roles @> '{CUSTOMER}'::text[]`),
    index('users_carriers_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText)
      .where(sql`deleted_at is null and roles && '{DRIVER,DRIVER_MANAGER}'::text[]`),
    // The suspended accounts and the carrier companies (driver managers), newest first: a few
    // among many, which the lists above would otherwise find only by reading every account
    // they hold.
    index('users_inactive_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and status = 'INACTIVE'`),
    index('users_managers_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and roles @> '{DRIVER_MANAGER}'::text[]`),
  ],
);

const UNSHOWN_USER_COLUMNS = ['passwordHash', 'searchTerms', 'searchText'] as const;
/**
 * The users columns an answer about an account reads: not the password hash, nor the search
 * index, whose arrays of hundreds of terms would be sent, parsed and dropped on every row.
 */
export const userColumns = Object.fromEntries(
  Object.entries(getTableColumns(users)).filter(([key]) => !(UNSHOWN_USER_COLUMNS as readonly string[]).includes(key)),
) as Omit<typeof users._.columns, (typeof UNSHOWN_USER_COLUMNS)[number]>;

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: Role.values }).notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    ...timestamps,
    deletedAt: ts('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
);

/** One family per sign-in; every refresh rotates the token inside the family. */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: Role.values }).notNull(),
    createdAt: ts('created_at').defaultNow().notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('token_families_user_id_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => tokenFamilies.id),
    /** sha256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_id_idx').on(t.familyId)],
);

/**
 * Failed logins per e-mail address, known or not (decision 043): the key is the sha256 of
 * the lowercased address, so that addresses nobody registered are not kept in clear.
 */
export const loginThrottles = pgTable('login_throttles', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  lockedUntil: ts('locked_until'),
});

/**
 * An admin's second factor (decision 053): the TOTP secret, encrypted with AES-256-GCM
 * (platform/tokens/secret-box.ts), pending until a first code confirms it; the last
 * time step used, so that a code is accepted once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** Null while the enrolment waits for its first code. */
  enabledAt: ts('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** When the challenge that last signed in was issued: that challenge and every older one are spent. */
  lastChallengeIssuedAt: ts('last_challenge_issued_at'),
  ...timestamps,
});

/** One-time recovery codes of an enabled second factor, stored as sha256. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('totp_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** E-mail link tokens: verification, password reset, e-mail update, driver invite. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    purpose: text('purpose', { enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id),
    /** Purpose-specific data: the role of a reset, the inviting manager … */
    payload: jsonb('payload')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_email_purpose_idx').on(t.email, t.purpose),
    // A manager's pending driver invitations.
    index('one_time_tokens_inviter_idx')
      .on(sql`(${t.payload}->>'parentId')`, t.createdAt)
      .where(sql`purpose = 'DRIVER_INVITE' and consumed_at is null`),
  ],
);

/** Transactional outbox: written with the event, delivered by the dispatcher. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').defaultNow().notNull(),
    lastError: text('last_error'),
    createdAt: ts('created_at').defaultNow().notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_to_idx').on(t.to)],
);

/**
 * Uploaded files. A row is created when the upload is signed; `isUploaded` turns true once
 * the object exists in storage; the file is attached to one entity (entityType + entityId)
 * by its owner, once.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** Storage key: uploads/<ownerId>/<fileId>/<safe name>. */
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    /** The MIME type signed into the upload policy. */
    fileType: text('file_type').notNull(),
    kind: text('kind', { enum: FileKind.values }).notNull(),
    /** The folder hint the client sent (`filePath`). */
    filePath: text('file_path').notNull().default(''),
    /** Size limit signed into the policy, in bytes. */
    maxBytes: integer('max_bytes').notNull(),
    isUploaded: boolean('is_uploaded').notNull().default(false),
    uploadedAt: ts('uploaded_at'),
    /** Actual size in bytes, known once uploaded. */
    size: integer('size'),
    /** The entity the file belongs to: null until attached. */
    entityType: text('entity_type'),
    entityId: uuid('entity_id'),
    attachedAt: ts('attached_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('files_key_key').on(t.key),
    index('files_owner_id_idx').on(t.ownerId),
    index('files_entity_idx').on(t.entityType, t.entityId),
  ],
);

// ───────────────────────── the marketplace ─────────────────────────

/**
 * Open = shown on the market lists; the partial indexes below serve exactly this predicate.
 * Sort columns are DESC NULLS FIRST, as `ORDER BY … DESC` means, or the index cannot give the order.
 */
const OPEN = sql`status = 'WAITING_APPROVE' and deleted_at is null`;
const LIVE = sql`deleted_at is null`;

/**
 * A delivery or warehouse request. Status, price and the columns every list filters
 * on live here so that a list page is one indexed query over one table:
 * `filterTags` holds V:<vehicleType>, P:<pickup prefecture[+city]>, D:<delivery
 * prefecture[+city]>, W:<warehouse prefecture[+city]>, T:<stop kind>; `searchTerms`
 * the character unigrams and bigrams of the searchable text (GIN, `@>`), so a
 * one- or two-character Japanese keyword is found through an index; `searchText`
 * the normalised text itself for the exact substring recheck.
 */
export const requestItems = pgTable(
  'request_items',
  {
    id: id(),
    type: text('type', { enum: RequestType.values }).notNull(),
    status: text('status', { enum: RequestStatus.values }).notNull().default('WAITING_APPROVE'),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    /** The approved applicant; null until a candidate is approved. */
    receiverId: uuid('receiver_id').references(() => users.id),
    /**
     * Who carries the approved job (DESIGN §5 "Carrier companies"): the approved applicant,
     * or the driver its driver manager assigned. Set with receiverId on approval.
     */
    carrierId: uuid('carrier_id').references(() => users.id),
    priceType: text('price_type', { enum: PriceType.values }).notNull(),
    /** Integer yen; null for an estimation request (the applicants bid). */
    price: integer('price'),
    message: text('message'),
    /** The earliest pickup `timeFrom` of a delivery (the "near pickup date" filter); null for a warehouse. */
    firstPickupAt: ts('first_pickup_at'),
    filterTags: text('filter_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchTerms: text('search_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull().default(''),
    /** When a candidate was approved (the match), and when the request completed: the overview counts by them. */
    approvedAt: ts('approved_at'),
    completedAt: ts('completed_at'),
    /** Open selection (decision 065): the customer chooses by then, or the request closes. */
    selectionDeadline: ts('selection_deadline'),
    /** When the deadline passed without an approval and the request closed (status CANCELLED). */
    selectionClosedAt: ts('selection_closed_at'),
    /** The copy the customer posted after it closed (one repost per request). */
    repostedAsId: uuid('reposted_as_id'),
    /** 「認証済みの運送会社のみ」 (decision 104): only a verified company's carriers may apply. */
    verifiedCarriersOnly: boolean('verified_carriers_only').notNull().default(false),
    ...timestamps,
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id),
  },
  (t) => [
    // The market lists: open items, newest first, narrowed by tags, keyword or pickup date. The
    // filtered columns trail the order's (id is unique, so they never change it): a filtered or
    // deep page and its count walk this index alone, without a heap page per open request
    // (decision 108). search_terms stays out: a long message could pass a B-tree entry's size.
    index('request_items_open_market_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.type, t.priceType, t.firstPickupAt, t.filterTags)
      .where(OPEN),
    index('request_items_open_tags_idx').using('gin', t.filterTags).where(OPEN),
    // Is this request open? From the index alone, for a carrier's open applications (decision 111).
    index('request_items_open_id_idx').on(t.id).where(OPEN),
    index('request_items_open_pickup_idx').on(t.firstPickupAt).where(OPEN),
    // Admin lists: per type, any status, newest first; keyword over every live item.
    index('request_items_type_created_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(LIVE),
    index('request_items_type_status_created_idx')
      .on(t.type, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(LIVE),
    index('request_items_search_idx').using('gin', t.searchTerms).where(LIVE),
    // The reference number (依頼番号, contract's requestReference): the id's last 8 hex digits.
    index('request_items_reference_idx').on(sql`right(replace(${t.id}::text, '-', ''), 8)`),
    // My items (owner) and the approved applicant's items.
    index('request_items_creator_created_idx')
      .on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(LIVE),
    index('request_items_receiver_idx').on(t.receiverId).where(LIVE),
    // The admin overview: posted, matched and completed per day.
    // BRIN: rows are appended in created_at order; it serves ranges but never a list's sort.
    index('request_items_created_brin').using('brin', t.createdAt),
    index('request_items_approved_idx').on(t.approvedAt).where(LIVE),
    index('request_items_completed_idx').on(t.completedAt).where(LIVE),
    // 実運送体制管理簿: matched deliveries by the month of their first pickup.
    index('request_items_matched_pickup_idx')
      .on(t.firstPickupAt)
      .where(sql`type = 'DELIVERY' and status in ('APPROVED', 'IN_PROGRESS', 'COMPLETED') and deleted_at is null`),
    // The deadline sweep: open requests whose selection deadline has come.
    index('request_items_selection_deadline_idx')
      .on(t.selectionDeadline)
      .where(sql`status = 'WAITING_APPROVE' and deleted_at is null and selection_deadline is not null`),
    // A driver's current jobs (the company driver list, the removal check, applied-items).
    index('request_items_carrier_idx').on(t.carrierId, t.status).where(LIVE),
  ],
);

/**
 * The market's keyword postings (decision 110): for each open request, one row per search term
 * (its unigrams, and its bigrams with the text that follows them), per filter tag and for its type
 * (`R:<type>`), in the market's order. A keyword page walks the rows of each word's first term in
 * creation order, confirming the word on them, merged with its filters' rows on (created_at,
 * request_item_id): never every open request matching a common word read and sorted. Written only
 * by the triggers of migration 0040, in the transaction that writes the request.
 */
export const requestItemOpenTerms = pgTable(
  'request_item_open_terms',
  {
    /** A search term has at most two characters; a tag (V:…, P:…, R:…) at least three: they never collide. */
    term: text('term').notNull(),
    createdAt: ts('created_at').notNull(),
    requestItemId: uuid('request_item_id').notNull(),
    /**
     * A bigram's following texts, each after a line break: where it occurs, the text from it to the
     * end of its piece, at most 10 characters (distinct). Null for a unigram or a tag, and for a
     * bigram too frequent in its request to keep them (migration 0040).
     */
    following: text('following'),
  },
  (t) => [
    index('request_item_open_terms_idx').on(
      t.term,
      t.createdAt.desc().nullsFirst(),
      t.requestItemId.desc().nullsFirst(),
      t.following,
    ),
  ],
);

/** Ordered images of a request item (luggage photos, warehouse photos). */
export const requestItemImages = pgTable(
  'request_item_images',
  {
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestItemId, t.fileId] }), uniqueIndex('request_item_images_file_key').on(t.fileId)],
);

/** The delivery half of a DELIVERY request item, with the driver's report images. */
export const deliveryItems = pgTable(
  'delivery_items',
  {
    id: id(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    vehicleType: text('vehicle_type', { enum: VehicleType.values }).notNull(),
    vehicleTemperatureRange: text('vehicle_temperature_range', { enum: TemperatureRange.values }).notNull(),
    baggageName: text('baggage_name').notNull(),
    material: text('material'),
    /** Weight per piece, kg. */
    weight: numeric('weight', { precision: 12, scale: 2, mode: 'number' }),
    /** Total weight, kg. */
    totalWeight: numeric('total_weight', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The real road distance the shipper entered, km to 0.1 (issue 45); null: the standard fare estimates it. */
    distanceKm: numeric('distance_km', { precision: 7, scale: 1, mode: 'number' }),
    /** Number of pieces. */
    totalAmount: integer('total_amount'),
    size: text('size'),
    receiptImageId: uuid('receipt_image_id').references(() => files.id),
    recipientSignatureImageId: uuid('recipient_signature_image_id').references(() => files.id),
    deliveryImageId: uuid('delivery_image_id').references(() => files.id),
    /** Written transport conditions (decision 067): 附帯業務, its charge (null: in the fare), waiting, tolls, fuel, payment. */
    incidentalWork: text('incidental_work', { enum: IncidentalWork.values })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    incidentalCharge: integer('incidental_charge'),
    waitingChargePer30Min: integer('waiting_charge_per_30_min'),
    /** Null: the request left it out (nothing agreed). */
    tollsPaidBy: text('tolls_paid_by', { enum: TollsPaidBy.values }),
    fuelSurcharge: integer('fuel_surcharge'),
    paymentTerms: text('payment_terms'),
    /** Cold-chain evidence (decision 064): ℃ measured at pickup and at delivery, and the data logger's file. */
    pickupTemperature: numeric('pickup_temperature', { precision: 4, scale: 1, mode: 'number' }),
    deliveryTemperature: numeric('delivery_temperature', { precision: 4, scale: 1, mode: 'number' }),
    /** The shipper's own range within the zone (decision 085), ℃ inclusive; null: the zone's limit on that side. */
    temperatureMin: numeric('temperature_min', { precision: 4, scale: 1, mode: 'number' }),
    temperatureMax: numeric('temperature_max', { precision: 4, scale: 1, mode: 'number' }),
    temperatureLogFileId: uuid('temperature_log_file_id').references(() => files.id),
    reportedAt: ts('reported_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('delivery_items_request_item_key').on(t.requestItemId)],
);

/** The ordered stops of a delivery: pickups, transits (経由1, 経由2 …) and deliveries. */
export const transportStops = pgTable(
  'transport_stops',
  {
    id: id(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    position: integer('position').notNull(),
    transportType: text('transport_type', { enum: TransportType.values }).notNull(),
    postalCode: text('postal_code'),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    town: text('town').notNull(),
    block: text('block').notNull(),
    building: text('building'),
    name: text('name'),
    phone: text('phone'),
    timeFrom: ts('time_from').notNull(),
    timeTo: ts('time_to').notNull(),
    elevator: text('elevator', { enum: Elevator.values }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('transport_stops_request_item_position_key').on(t.requestItemId, t.position)],
);

/**
 * The carrier's taps at a stop (荷待ち・荷役時間, decision 061): one row per stop and event,
 * at the time the device recorded it. `clientId` is made by the device, so a queued tap sent
 * again finds its row instead of adding one.
 */
export const stopTimeRecords = pgTable(
  'stop_time_records',
  {
    id: id(),
    clientId: uuid('client_id').notNull(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => transportStops.id),
    event: text('event', { enum: StopTimeEvent.values }).notNull(),
    /** When the carrier tapped (the device's time, checked for order and bounds). */
    occurredAt: ts('occurred_at').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('stop_time_records_client_key').on(t.clientId),
    uniqueIndex('stop_time_records_stop_event_key').on(t.stopId, t.event),
    index('stop_time_records_request_item_idx').on(t.requestItemId),
    // The shipper's monthly report: arrivals in a month.
    index('stop_time_records_arrived_idx')
      .on(t.occurredAt)
      .where(sql`event = 'ARRIVED'`),
  ],
);

/**
 * A correction of a recorded stop time (decision 085): the record keeps the corrected time, each
 * correction keeps the time before it, the reason and who made it, so that the first tap and
 * every change stay readable to both parties. Rows are only ever inserted.
 */
export const stopTimeCorrections = pgTable(
  'stop_time_corrections',
  {
    id: id(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => stopTimeRecords.id),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    previousAt: ts('previous_at').notNull(),
    correctedAt: ts('corrected_at').notNull(),
    reason: text('reason').notNull(),
    correctedBy: uuid('corrected_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [index('stop_time_corrections_request_item_idx').on(t.requestItemId, t.createdAt)],
);

/** The warehouse half of a WAREHOUSE request item. */
export const warehouseItems = pgTable(
  'warehouse_items',
  {
    id: id(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    roomTemperatureRange: text('room_temperature_range', { enum: TemperatureRange.values }).notNull(),
    /** How much is to be stored (pallets, cases …: the customer's unit count). */
    requestAmount: integer('request_amount').notNull(),
    /** Floor area in tsubo. */
    acreage: numeric('acreage', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    postalCode: text('postal_code'),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    town: text('town').notNull(),
    block: text('block').notNull(),
    building: text('building'),
    vehicleTypes: text('vehicle_types', { enum: VehicleType.values })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [uniqueIndex('warehouse_items_request_item_key').on(t.requestItemId)],
);

/** An application to a request item with its bid; one per (request item, applicant). */
export const candidates = pgTable(
  'candidates',
  {
    id: id(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id),
    /** The applicant's driver manager (the applicant itself when it is a manager). */
    driverManagerId: uuid('driver_manager_id').references(() => users.id),
    companyId: uuid('company_id').references(() => companies.id),
    /** The bid in integer yen (the fixed price when applying to a fixed-price request). */
    price: integer('price').notNull(),
    /** The bid's own 附帯業務 charge and fuel surcharge (decision 067); null: the request's. */
    incidentalCharge: integer('incidental_charge'),
    fuelSurcharge: integer('fuel_surcharge'),
    /** The road km the carrier stated with its bid (its standard-fare breakdown uses it, decision 100); null: none. */
    distanceKm: numeric('distance_km', { precision: 6, scale: 1, mode: 'number' }),
    status: text('status', { enum: CandidateStatus.values }).notNull().default('APPLIED'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('candidates_request_item_applicant_key').on(t.requestItemId, t.applicantId),
    // At most one approved candidate per request item, whatever races.
    uniqueIndex('candidates_one_approved_key')
      .on(t.requestItemId)
      .where(sql`status = 'APPROVED'`),
    // The request last, after the unique id (it never changes the order): a carrier's open
    // applications are read from this index alone (decision 111).
    index('candidates_applicant_created_idx').on(
      t.applicantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.requestItemId,
    ),
    index('candidates_driver_manager_idx').on(t.driverManagerId),
  ],
);

/**
 * One talkroom per candidate. `customerMeetingCompletedAt` is set when the customer
 * inactivates it, `driverMeetingCompletedAt` when the driver confirms receipt; both
 * move a delivery to IN_PROGRESS.
 */
/**
 * 運送条件書 (decisions 067, 084): version 1 issued on a delivery's approval, a new version each
 * time the carrier company names (or changes) the driver. Immutable: `content` is the snapshot the
 * PDF was made from, `pdf` the document itself; nothing updates or deletes a row, and a new
 * version names the one it replaces.
 */
export const transportConditionDocuments = pgTable(
  'transport_condition_documents',
  {
    id: id(),
    /** 第TC-XXXX-XXXX号 (version 1), 第TC-XXXX-XXXX-2号 …: the request's reference. */
    number: text('number').notNull(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    /** 1, 2, …: the newest is the one in force. */
    version: integer('version').notNull().default(1),
    /** Why it was issued: the approval or a driver's assignment. */
    reason: text('reason', { enum: ['APPROVED', 'CARRIER_ASSIGNED'] })
      .notNull()
      .default('APPROVED'),
    /** The version this one replaces. */
    supersedesId: uuid('supersedes_id'),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    content: jsonb('content').notNull(),
    pdf: bytea('pdf').notNull(),
    issuedAt: ts('issued_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('transport_condition_documents_number_key').on(t.number),
    uniqueIndex('transport_condition_documents_request_item_version_key').on(t.requestItemId, t.version),
    foreignKey({ columns: [t.supersedesId], foreignColumns: [t.id] }),
  ],
);

export const talkrooms = pgTable(
  'talkrooms',
  {
    id: id(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    appliedUserId: uuid('applied_user_id')
      .notNull()
      .references(() => users.id),
    isActive: boolean('is_active').notNull().default(true),
    customerMeetingCompletedAt: ts('customer_meeting_completed_at'),
    driverMeetingCompletedAt: ts('driver_meeting_completed_at'),
    lastMessageAt: ts('last_message_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('talkrooms_candidate_key').on(t.candidateId),
    index('talkrooms_request_item_idx').on(t.requestItemId),
    index('talkrooms_applied_user_idx').on(t.appliedUserId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    talkroomId: uuid('talkroom_id')
      .notNull()
      .references(() => talkrooms.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull().default(''),
    /** Attachments: ids of uploaded files, in order. */
    fileIds: uuid('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isRead: boolean('is_read').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('messages_talkroom_created_idx').on(t.talkroomId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * A notification: written once per event (or admin announcement), delivered to its
 * recipients through user_notifications. System notifications (announcements) carry
 * attachments and, for a broadcast, the roles it was sent to.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    kind: text('kind', { enum: NotificationKind.values }).notNull(),
    type: text('type', { enum: NotificationType.values }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The web route to open (spec §2); a system notification opens its own detail page. */
    link: text('link'),
    fileIds: uuid('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Broadcast: the roles it was sent to. */
    targetRoles: text('target_roles', { enum: Role.values }).array(),
    /** POST /notifications/message: the one account it was sent to. */
    targetUserId: uuid('target_user_id').references(() => users.id),
    /** The admin who sent a system notification. */
    senderId: uuid('sender_id').references(() => users.id),
    requestItemId: uuid('request_item_id'),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [index('notifications_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc())],
);

/**
 * A notification as one user received it; `kind` is copied so the two tabs filter without a join.
 *
 * Shaped for a broadcast, which writes one row per recipient in one statement (decision 009):
 * - The primary key leads with the notification: a broadcast's rows go to the end of it, and it
 *   serves the lookups by notification (recipients, counts). Led by the user, it was one more index
 *   whose pages a second broadcast to the same accounts split.
 * - `notification_id` has no foreign key: these rows are written only in the transaction that
 *   writes their notification, from the id it returned, and notifications are never deleted. The
 *   key's check ran once per recipient.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    notificationId: uuid('notification_id').notNull(),
    kind: text('kind', { enum: NotificationKind.values }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('user_notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.notificationId.desc()),
    index('user_notifications_user_kind_created_idx').on(t.userId, t.kind, t.createdAt.desc(), t.notificationId.desc()),
    index('user_notifications_user_read_idx').on(t.userId, t.isRead),
  ],
);

/**
 * The realtime stream's log: one row per published event (never one per recipient),
 * addressed to users or, for a broadcast, to its notification's recipients. `id` is the SSE event id; a client reconnecting with
 * Last-Event-ID gets the rows after it. Ids are taken under an advisory lock held until
 * commit, so they are in commit order. Pruned after a retention period.
 */
export const streamEvents = pgTable(
  'stream_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userIds: uuid('user_ids').array(),
    /** The notification carried; a broadcast (no user ids) goes to its recipients (user_notifications), live and on replay. */
    notificationId: uuid('notification_id').references(() => notifications.id),
    /** The SSE event name: notification | talkroom-message. */
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [index('stream_events_created_at_idx').on(t.createdAt)],
);

/**
 * The admin audit log (DESIGN §5): every suspend, reactivate, delete and broadcast, written
 * in the same transaction as the action, with the target's state before and after. Append
 * only: no code updates or deletes a row, and no call does.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    /** Null: the system acted (a background job, e.g. a carrier's verification lapsing, decision 104). */
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action', { enum: AuditAction.values }).notNull(),
    targetType: text('target_type', { enum: AuditTargetType.values }).notNull(),
    targetId: uuid('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_target_idx').on(t.targetId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The driver manager's card subscription as the product knows it: a mirror of the
 * provider's subscription, refreshed from the provider on every call and webhook
 * that touches it (decision 025). One row per manager.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    customerId: text('customer_id').notNull(),
    /** Null until a subscription was created at the provider. */
    subscriptionId: text('subscription_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('incomplete'),
    currentPeriodStart: ts('current_period_start'),
    currentPeriodEnd: ts('current_period_end'),
    trialStart: ts('trial_start'),
    trialEnd: ts('trial_end'),
    /** The default card (spec §3 default_payment_method), as the provider describes it. */
    paymentMethod: jsonb('payment_method').$type<TPaymentMethod>(),
    coupon: jsonb('coupon').$type<TCoupon>(),
    nextChargeAmount: integer('next_charge_amount'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_user_id_key').on(t.userId),
    uniqueIndex('subscriptions_subscription_id_key').on(t.subscriptionId),
  ],
);

/** Every provider webhook event handled, by its id: a repeated delivery is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').defaultNow().notNull(),
});

/**
 * The subscription's paperwork (issue 46 item 1, decision 098): one row per paid invoice of the
 * provider, holding what its 適格請求書 and 領収書 print as recorded with the payment. Rows are only
 * inserted: a later change of a profile or of the issuer setting never changes an issued document.
 */
export const subscriptionDocuments = pgTable(
  'subscription_documents',
  {
    id: id(),
    /** Makes the 書類番号 (SUB-000001 …): in the order payments were recorded. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** The provider's invoice: a repeated event or a second path to the same payment records it once. */
    providerInvoiceId: text('provider_invoice_id').notNull(),
    /** The printed content, frozen (SubscriptionDocumentContent). */
    content: jsonb('content').notNull(),
    paidAt: ts('paid_at').notNull(),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('subscription_documents_provider_invoice_key').on(t.provider, t.providerInvoiceId),
    uniqueIndex('subscription_documents_seq_key').on(t.seq),
    index('subscription_documents_user_paid_idx').on(t.userId, t.paidAt),
  ],
);

/**
 * The sandbox provider's own objects (customers, cards, subscriptions, invoices,
 * idempotency keys, its clock), as Stripe keeps them on its side: JSON by id.
 */
export const paymentSandboxObjects = pgTable(
  'payment_sandbox_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [index('payment_sandbox_objects_type_idx').on(t.type)],
);

/**
 * The diesel price the standard fare's fuel surcharge is read against (issue 45 item 5, decision
 * 092): set by an admin from a day on, with its history. The price in force on a day is the row
 * with the latest `effectiveFrom` on or before it (the newest row of that day). Rows are only
 * ever inserted; a correction is a new row.
 */
export const fuelPrices = pgTable(
  'fuel_prices',
  {
    id: id(),
    /** The first day (Japan time) it applies. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    yenPerLitre: numeric('yen_per_litre', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    setBy: uuid('set_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [index('fuel_prices_effective_idx').on(t.effectiveFrom.desc(), t.createdAt.desc())],
);

/**
 * The lane facts of each completed delivery (issue 45 item 4, decision 092), written when it
 * completes (and by the backfill for those completed before): the market's own prices are read
 * from here by one index range scan, never from the request tables. No party is kept.
 */
export const completedJobLanes = pgTable(
  'completed_job_lanes',
  {
    requestItemId: uuid('request_item_id')
      .primaryKey()
      .references(() => requestItems.id),
    /** The first pickup's and the last delivery's prefecture. */
    pickupPrefecture: text('pickup_prefecture').notNull(),
    deliveryPrefecture: text('delivery_prefecture').notNull(),
    /** small | medium | large | trailer (the standard fare's classes) | light (軽車両). */
    vehicleClass: text('vehicle_class').notNull(),
    /** The route's estimated road km (the same estimate a quote shows). */
    distanceKm: numeric('distance_km', { precision: 7, scale: 1, mode: 'number' }).notNull(),
    /** The agreed charges excluding tax (the approved bid's fare, 附帯業務 and fuel surcharge). */
    priceYen: integer('price_yen').notNull(),
    completedAt: ts('completed_at').notNull(),
  },
  (t) => [
    // The lane is the prefix, the distance its range; the period and the price ride along in the
    // key so the statistics are an index-only scan (Drizzle has no INCLUDE).
    index('completed_job_lanes_lane_idx').on(
      t.pickupPrefecture,
      t.deliveryPrefecture,
      t.vehicleClass,
      t.distanceKm,
      t.completedAt,
      t.priceYen,
    ),
  ],
);

/**
 * A carrier company's bank details (振込先, issue 46, decision 097): one per company, printed on the
 * invoices it issues. Read by its owner and the admin; a shipper sees them only on an invoice.
 */
export const companyBankAccounts = pgTable('company_bank_accounts', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  bankName: text('bank_name').notNull(),
  branchName: text('branch_name').notNull(),
  accountType: text('account_type', { enum: BankAccountType.values }).notNull(),
  /** 7 digits, kept as text: a leading 0 is part of the number. */
  accountNumber: text('account_number').notNull(),
  /** 口座名義 in full-width katakana. */
  accountHolder: text('account_holder').notNull(),
  ...timestamps,
});

/** A day of the month payment terms name: the 5th … 25th or the month's last (decision 090). */
const TERM_DAY_VALUES = ['5', '10', '15', '20', '25', 'END'] as const;

/**
 * A shipper company's payment terms (締め日・支払日, issue 46, decisions 090 and 097): no row is
 * 月末締め翌月末払い. Only terms the 60-day rule allows are written (paymentTermsRefusal).
 */
export const shipperPaymentTerms = pgTable('shipper_payment_terms', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  closingDay: text('closing_day', { enum: TERM_DAY_VALUES }).notNull(),
  /** 0 当月, 1 翌月, 2 翌々月 (counted from the closing's month). */
  payMonth: integer('pay_month').notNull(),
  payDay: text('pay_day', { enum: TERM_DAY_VALUES }).notNull(),
  ...timestamps,
});
// ───────────────────────── the carrier's invoices (issue 46, decision 099) ─────────────────────────

/**
 * An invoice document from the carrier company to the shipper: a job's 適格請求書, the 赤伝 that
 * cancels an issued one, or (later) a month's statement; the jobs it bills are in
 * invoice_document_jobs, its lines in invoice_lines. A draft is edited by the carrier; once
 * ISSUED nothing but the payment fields changes, and the row is kept until `kept_through` —
 * the database refuses anything else (triggers of migration 0030).
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: id(),
    kind: text('kind', { enum: InvoiceDocumentKind.values }).notNull(),
    status: text('status', { enum: InvoiceStatus.values }).notNull().default('DRAFT'),
    /** Fixed at issue (INV-XXXX-XXXX-1 …); null while a draft. */
    number: text('number'),
    /** The carrier's account that took the job (the approved applicant) and its company. */
    issuerUserId: uuid('issuer_user_id')
      .notNull()
      .references(() => users.id),
    issuerCompanyId: uuid('issuer_company_id').references(() => companies.id),
    /** The shipper who posted the job, and its company. */
    recipientUserId: uuid('recipient_user_id')
      .notNull()
      .references(() => users.id),
    recipientCompanyId: uuid('recipient_company_id').references(() => companies.id),
    /** The Japan-time day the service was received (the last job's completion): picks the tax rates. */
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    /** A monthly statement's period (the shipper's 締め日; both ends included); null for a job's invoice. */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    /** The carrier's 登録番号 as it was at issue; null with `qualified` false: not a 適格請求書. */
    registrationNumber: text('registration_number'),
    qualified: boolean('qualified').notNull().default(false),
    /** The terms the due date came from (PaymentTerms), and the date printed. */
    paymentTerms: jsonb('payment_terms'),
    dueDate: date('due_date', { mode: 'string' }),
    /** The document a 赤伝 cancels, or the one a corrected invoice replaces. */
    correctsDocumentId: uuid('corrects_document_id'),
    /** InvoiceTotals: per rate the amount excluding tax, the tax rounded once, and the totals. */
    totals: jsonb('totals').notNull(),
    /** 小計（税抜）, 消費税 and 合計（税込）: the amount a search finds (negative for a 赤伝). */
    subtotal: integer('subtotal').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Everything the PDF prints, as issued (parties, lines, totals), and the PDF itself. */
    content: jsonb('content'),
    pdf: bytea('pdf'),
    issuedAt: ts('issued_at'),
    /** The Japan-time day of the issue: the document's date (取引年月日). */
    issuedOn: date('issued_on', { mode: 'string' }),
    /** The last day the issued document must be kept (decision 090's retention rule). */
    keptThrough: date('kept_through', { mode: 'string' }),
    // The payment: the only fields an issued document may still change.
    paidOn: date('paid_on', { mode: 'string' }),
    paidAmount: integer('paid_amount'),
    paidMarkedAt: ts('paid_marked_at'),
    paidMarkedBy: uuid('paid_marked_by').references(() => users.id),
    receiptConfirmedAt: ts('receipt_confirmed_at'),
    receiptConfirmedBy: uuid('receipt_confirmed_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoice_documents_number_key').on(t.number),
    foreignKey({ columns: [t.correctsDocumentId], foreignColumns: [t.id] }),
    index('invoice_documents_issuer_company_idx').on(t.issuerCompanyId, t.issuedOn),
    index('invoice_documents_issuer_user_idx').on(t.issuerUserId, t.issuedOn),
    index('invoice_documents_recipient_idx').on(t.recipientUserId, t.issuedOn),
    index('invoice_documents_corrects_idx').on(t.correctsDocumentId),
    index('invoice_documents_open_due_idx')
      .on(t.dueDate)
      .where(sql`status = 'ISSUED' and kind <> 'CANCELLATION' and receipt_confirmed_at is null`),
  ],
);

/** The jobs a document bills: one for a job's invoice, several for a month's statement. */
export const invoiceDocumentJobs = pgTable(
  'invoice_document_jobs',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => invoiceDocuments.id, { onDelete: 'cascade' }),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.requestItemId] }), index('invoice_document_jobs_item_idx').on(t.requestItemId)],
);

/**
 * Which issued document bills a job now (decision 102): one row per job, so a job is never on two
 * live documents — a job's invoice and a monthly statement, or two of either. Written by the
 * database itself (trigger of migration 0033): a document's jobs are claimed when it is issued
 * (an INVOICE or a MONTHLY_STATEMENT) and released when the 赤伝 cancelling it is issued.
 */
export const invoiceJobClaims = pgTable('invoice_job_claims', {
  requestItemId: uuid('request_item_id')
    .primaryKey()
    .references(() => requestItems.id),
  documentId: uuid('document_id')
    .notNull()
    .references(() => invoiceDocuments.id, { onDelete: 'cascade' }),
});

/** A line of a document: what it bills, the amount (yen, excluding tax) and its tax category. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => invoiceDocuments.id, { onDelete: 'cascade' }),
    /** The job the line belongs to (a statement's lines come from several). */
    requestItemId: uuid('request_item_id').references(() => requestItems.id),
    position: integer('position').notNull(),
    kind: text('kind', { enum: InvoiceLineKind.values }).notNull(),
    description: text('description').notNull(),
    /** Integer yen excluding tax; negative only on a 赤伝's lines. */
    amount: integer('amount').notNull(),
    taxCategory: text('tax_category', { enum: TAX_CATEGORIES as [string, ...string[]] }).notNull(),
    /** A toll's receipt image (files module, entity INVOICE_LINE). */
    receiptFileId: uuid('receipt_file_id').references(() => files.id),
    ...timestamps,
  },
  (t) => [index('invoice_lines_document_idx').on(t.documentId, t.position)],
);

/**
 * The due-date reminders each issued invoice has had (issue 46, decision 099): each kind
 * (DUE_SOON, OVERDUE) is told once, whichever instance runs the daily job.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    // Kept as long as its invoice: deleted with it once its keeping period has passed.
    documentId: uuid('document_id')
      .notNull()
      .references(() => invoiceDocuments.id, { onDelete: 'cascade' }),
    reminder: text('reminder', { enum: ['DUE_SOON', 'OVERDUE'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.reminder] })],
);

/**
 * A shipper's saved places (住所録, issue 49, decision 106): the sites it ships from and to, picked
 * into a request's stops. Each belongs to one customer account (customers have no members).
 */
export const savedPlaces = pgTable(
  'saved_places',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    postalCode: text('postal_code'),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    town: text('town').notNull(),
    block: text('block').notNull(),
    building: text('building'),
    contactName: text('contact_name'),
    phone: text('phone'),
    elevator: text('elevator', { enum: Elevator.values }),
    /** 受付時間, as the shipper writes it (e.g. 平日 9:00〜17:00). */
    hours: text('hours'),
    note: text('note'),
    ...timestamps,
  },
  // The owner's list in name order, paged in SQL.
  (t) => [index('saved_places_owner_name_idx').on(t.ownerId, t.name, t.id)],
);

/**
 * A carrier company's verification (issue 48 part 1, decision 104): the documents its driver
 * manager submitted last and where their review stands. One row per company; a new submission
 * replaces the documents (the audit log keeps each step). The certificate is a file attached to
 * entity CARRIER_VERIFICATION with the company's id.
 */
export const carrierVerifications = pgTable(
  'carrier_verifications',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CarrierVerificationStatus.values }).notNull(),
    permitKind: text('permit_kind', { enum: CarrierPermitKind.values }).notNull(),
    permitNumber: text('permit_number').notNull(),
    insurer: text('insurer').notNull(),
    coverageYen: bigint('coverage_yen', { mode: 'number' }).notNull(),
    /** The last day the insurance is in force (Japan's calendar). */
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }).notNull(),
    certificateFileId: uuid('certificate_file_id')
      .notNull()
      .references(() => files.id),
    invoiceRegistrationNo: text('invoice_registration_no').notNull(),
    submittedBy: uuid('submitted_by')
      .notNull()
      .references(() => users.id),
    submittedAt: ts('submitted_at').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    returnReason: text('return_reason'),
    lapsedAt: ts('lapsed_at'),
    ...timestamps,
  },
  (t) => [
    index('carrier_verifications_status_idx').on(t.status, t.submittedAt),
    index('carrier_verifications_expiry_idx')
      .on(t.insuranceExpiresOn)
      .where(sql`${t.status} = 'VERIFIED'`),
  ],
);

/**
 * What the expiry job told each company, once per kind per insurance expiry (decision 104):
 * the reminder 30 days ahead and the lapse. A renewed policy has a new expiry, so it is told again.
 */
export const carrierVerificationNotices = pgTable(
  'carrier_verification_notices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['INSURANCE_EXPIRING', 'LAPSED'] }).notNull(),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.insuranceExpiresOn] })],
);

/**
 * A carrier's finished delivery (issue 48 part 2, decision 105): one row per delivery that was
 * completed, or cancelled after its approval, written in the transaction that finished it. The
 * carrier is the approved applicant's driver manager (its company with its drivers) or the
 * independent driver. The stop counts are fixed then: stop times are written only while the job is
 * under way. The candidates list sums a carrier's last 12 months from the index alone.
 */
export const carrierJobFacts = pgTable(
  'carrier_job_facts',
  {
    requestItemId: uuid('request_item_id')
      .primaryKey()
      .references(() => requestItems.id),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => users.id),
    /** COMPLETED, or CANCELLED (by the shipper, after the approval). */
    outcome: text('outcome', { enum: ['COMPLETED', 'CANCELLED'] }).notNull(),
    finishedAt: ts('finished_at').notNull(),
    /** Pickup and delivery stops with a recorded arrival, and those that arrived by the window's end. */
    pickupMeasured: integer('pickup_measured').notNull().default(0),
    pickupOnTime: integer('pickup_on_time').notNull().default(0),
    deliveryMeasured: integer('delivery_measured').notNull().default(0),
    deliveryOnTime: integer('delivery_on_time').notNull().default(0),
  },
  (t) => [
    // The carrier is the prefix, the period its range; the figures ride along (index-only scan).
    index('carrier_job_facts_carrier_idx').on(
      t.carrierId,
      t.finishedAt,
      t.outcome,
      t.pickupMeasured,
      t.pickupOnTime,
      t.deliveryMeasured,
      t.deliveryOnTime,
    ),
  ],
);

/**
 * A measured stop at a site (issue 48 part 3, decision 105): each pickup or delivery stop of a
 * completed delivery whose arrival and handling start were recorded. `siteKey` is the stop's
 * normalised address (domain/site-key.ts). A site's last 90 days are one index range.
 */
export const siteStopFacts = pgTable(
  'site_stop_facts',
  {
    stopId: uuid('stop_id')
      .primaryKey()
      .references(() => transportStops.id),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    siteKey: text('site_key').notNull(),
    arrivedAt: ts('arrived_at').notNull(),
    /** 到着→荷役開始 and 荷役開始→荷役終了 in whole minutes; handling null when the end was not recorded. */
    waitingMinutes: integer('waiting_minutes').notNull(),
    handlingMinutes: integer('handling_minutes'),
    /** Waiting and handling over two hours. */
    overLimit: boolean('over_limit').notNull(),
  },
  (t) => [
    index('site_stop_facts_site_idx').on(t.siteKey, t.arrivedAt, t.waitingMinutes, t.handlingMinutes, t.overLimit),
    // The nightly refresh: the sites whose stops leave the 90-day window.
    index('site_stop_facts_arrived_idx').on(t.arrivedAt),
  ],
);

/**
 * A review of one side of a completed delivery by the other (issue 48 part 4, decision 105): one
 * per job and side, editable for 7 days, answered once by the reviewed side. The admin may hide
 * one (with the reason, in the audit log); nothing deletes a row.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id),
    /** The side that wrote it: SHIPPER rates the carrier, CARRIER rates the shipper. */
    side: text('side', { enum: ReviewSide.values }).notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** Who is rated: the carrier (driver manager or independent driver) or the shipper. */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    tags: text('tags', { enum: ReviewTag.values })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    comment: text('comment'),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    repliedBy: uuid('replied_by').references(() => users.id),
    hiddenAt: ts('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_request_item_side_key').on(t.requestItemId, t.side),
    // A party's rating (average, count) from the index alone; its newest reviews in order.
    index('reviews_subject_visible_idx')
      .on(t.subjectId, t.createdAt.desc(), t.rating)
      .where(sql`hidden_at is null`),
  ],
);

/**
 * A shipper's named request template (issue 49 item 2, decision 107): a delivery's create body,
 * without its photos and selection deadline; its dates are those of the request it came from.
 */
export const requestTemplates = pgTable(
  'request_templates',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [index('request_templates_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A template's schedule (定期便, issue 49 item 3): at most one per template. */
export const requestSchedules = pgTable(
  'request_schedules',
  {
    templateId: uuid('template_id')
      .primaryKey()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    weekdays: integer('weekdays').array().notNull(),
    everyNWeeks: integer('every_n_weeks').notNull(),
    /** HH:mm, Japan time. */
    pickupTime: text('pickup_time').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    holidayPolicy: text('holiday_policy', { enum: ['SKIP', 'NEXT_WORKING_DAY'] }).notNull(),
    leadDays: integer('lead_days').notNull(),
    active: boolean('active').notNull().default(true),
    /** The Japan day from which the job decides occurrences: none before the schedule was set. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('request_schedules_active_idx').on(t.active)],
);

/**
 * One row per occurrence of a schedule that was decided (posted or skipped) or changed before
 * it: the unique (template, day) is what keeps two instances from posting one occurrence twice.
 */
export const scheduleOccurrences = pgTable(
  'schedule_occurrences',
  {
    id: id(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['PLANNED', 'POSTED', 'SKIPPED'] }).notNull(),
    skipReason: text('skip_reason', { enum: ['BY_SHIPPER', 'TOO_LATE', 'HOLIDAY'] }),
    /** A change of this occurrence only: { pickupTime?, price?, message? }. */
    edit: jsonb('edit').$type<{ pickupTime?: string; price?: number; message?: string }>(),
    requestItemId: uuid('request_item_id').references(() => requestItems.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('schedule_occurrences_template_date_uq').on(t.templateId, t.date)],
);

/** A shipper who muted the stop notifications (到着・出発) of one request (issue 49 item 5). */
export const stopNotificationMutes = pgTable(
  'stop_notification_mutes',
  {
    requestItemId: uuid('request_item_id')
      .notNull()
      .references(() => requestItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestItemId, t.userId] })],
);

/**
 * The database tables (Drizzle). Migrations under ../../drizzle are generated
 * from this file with `npm run db:generate` and committed.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { AccountStatus, ONE_TIME_TOKEN_PURPOSES, Role } from '@logi/contract';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').defaultNow().notNull(),
  updatedAt: ts('updated_at')
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};

export const locations = pgTable('locations', {
  id: id(),
  postalCode: text('postal_code').notNull(),
  prefecture: text('prefecture').notNull(),
  city: text('city').notNull(),
  town: text('town').notNull(),
  block: text('block').notNull(),
  building: text('building'),
  ...timestamps,
});

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
    ...timestamps,
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_parent_id_idx').on(t.parentId),
    index('users_company_id_idx').on(t.companyId),
  ],
);

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

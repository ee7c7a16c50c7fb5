/**
 * Accounts: the session user, profile, e-mail change and the admin's status
 * toggle. Other modules reach users only through the functions exported here.
 */
import type { TMessageResponse, TProfileBody, TRole, TSessionUser, TToggleStatusResponse } from '@logi/contract';
import { FIELD_MESSAGES, SUCCESS_MESSAGES, checkRegistrationNumber, registrationHolderOf } from '@logi/contract';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailTemplates } from '../../platform/mail/templates';
import {
  consumeOneTimeToken,
  findOneTimeToken,
  issueOneTimeToken,
  retireUserTokens,
} from '../../platform/tokens/one-time-tokens';
import { publishAccountsChanged } from '../../platform/realtime/bus';
import { revokeUserSessions } from '../../platform/tokens/sessions';
import { recordAdminAction } from '../audit-log/audit-log.service';
import * as repo from './accounts.repository';
import { toSessionUser } from './session-user';

export {
  findUserByEmail,
  findUserById,
  findUserByIdIncludingDeleted,
  findUserWithPaymentDue,
  findChildren,
  findRoles,
  findAuthState,
  findUserWithCompany,
  indexUnindexedAccounts,
} from './accounts.repository';
export type { UserRow, UserRoleRow } from './accounts.repository';
// Registration writes accounts inside its own transaction (with the token it consumes).
export {
  findUserByEmailIncludingDeleted,
  insertUser,
  updateUser,
  grantRole,
  insertCompany,
  findCompany,
} from './accounts.repository';
export type { NewCompany, NewLocation } from './accounts.repository';

/** The signed-in user with roles, company and company location; 404 when gone. */
export async function getSessionUser(db: Database, userId: string, activeRole: TRole): Promise<TSessionUser> {
  const [row, roles] = await Promise.all([repo.findUserWithCompany(db, userId), repo.findRoles(db, userId)]);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toSessionUser(row.user, roles, row.company, row.location, activeRole, row.subscriptionId !== null);
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await repo.updateUser(db, userId, { passwordHash });
}

export interface NewAccount {
  email: string;
  password: string;
  roles: TRole[];
  firstName?: string;
  lastName?: string;
  firstNameKana?: string;
  lastNameKana?: string;
  phone?: string;
  note?: string;
  parentId?: string;
  companyId?: string;
  company?: repo.NewCompany;
  location?: repo.NewLocation;
  intentCode?: string | null;
}

/**
 * Creates a verified account with its roles (and company) in one transaction.
 * Used by the demo seed and by tests to set up accounts that exist already.
 */
export async function createAccount(deps: Pick<Deps, 'db' | 'passwords'>, input: NewAccount): Promise<repo.UserRow> {
  const passwordHash = await deps.passwords.hash(input.password);
  return deps.db.transaction(async (tx) => {
    const companyId =
      input.companyId ?? (input.company && input.location ? await repo.insertCompany(tx, input.company, input.location) : null);
    const user = await repo.insertUser(tx, {
      email: input.email.toLowerCase(),
      passwordHash,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      firstNameKana: input.firstNameKana ?? null,
      lastNameKana: input.lastNameKana ?? null,
      phone: input.phone ?? null,
      note: input.note ?? null,
      parentId: input.parentId ?? null,
      companyId,
      intentCode: input.intentCode ?? null,
    });
    for (const role of input.roles) await repo.grantRole(tx, user.id, role);
    return user;
  });
}

// ───────────────────────── profile, e-mail change, status toggle ─────────────────────────

/** Fields of the profile body that belong to the company (and its location). */
const COMPANY_FIELDS = [
  'companyName',
  'companyNameKana',
  'website',
  'invoiceRegistrationNumber',
  'generalFreightLicenseNumber',
  'lightFreightLicenseNumber',
  'postalCode',
  'prefecture',
  'city',
  'town',
  'block',
  'building',
] as const satisfies readonly (keyof TProfileBody)[];

/** Only the keys that were sent: an absent field stays as it is. */
function sent<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The profile body as column values of users, companies and locations. */
function profileChanges(body: TProfileBody) {
  return {
    user: sent({
      firstName: body.firstName,
      lastName: body.lastName,
      firstNameKana: body.firstNameKana,
      lastNameKana: body.lastNameKana,
      // users.name is never null: clearing it falls back to the full name.
      name: body.name === null ? '' : body.name,
      phone: body.phone,
      note: body.note,
    }),
    company: sent({
      name: body.companyName,
      nameKana: body.companyNameKana,
      website: body.website,
      invoiceRegistrationNo: body.invoiceRegistrationNumber,
      generalFreightLicenseNumber: body.generalFreightLicenseNumber,
      lightFreightLicenseNumber: body.lightFreightLicenseNumber,
    }),
    location: sent({
      postalCode: body.postalCode,
      prefecture: body.prefecture,
      city: body.city,
      town: body.town,
      block: body.block,
      building: body.building,
    }),
    companyFields: COMPANY_FIELDS.filter((field) => body[field] !== undefined),
  };
}

/** The company the user owns: a customer's or driver manager's own account, never a driver's. */
async function ownedCompanyId(db: Database, user: repo.UserRow): Promise<string | null> {
  if (user.parentId || !user.companyId) return null;
  const roles = await repo.findRoles(db, user.id);
  const owner = roles.some((r) => r.emailVerified && (r.role === 'CUSTOMER' || r.role === 'DRIVER_MANAGER'));
  return owner ? user.companyId : null;
}

/**
 * The 登録番号 against the company name when the body sends one of the two (the body's schema
 * checks them when it sends both): the other is the stored one. A 法人's number must pass the
 * 法人番号 check digit, so renaming a shop to a 株式会社 also checks the number it keeps.
 */
async function checkRegistrationAgainstName(db: Database, companyId: string, body: TProfileBody): Promise<void> {
  const numberSent = body.invoiceRegistrationNumber !== undefined;
  if (numberSent === (body.companyName !== undefined)) return;
  const company = await repo.findCompany(db, companyId);
  const number = numberSent ? body.invoiceRegistrationNumber : company?.invoiceRegistrationNo;
  if (!number) return;
  const check = checkRegistrationNumber(number, registrationHolderOf(body.companyName ?? company?.name));
  if (!check.accepted) {
    throw new AppError('VALIDATION_FAILED', [
      { path: 'body.invoiceRegistrationNumber', message: check.message ?? FIELD_MESSAGES.invoiceNumber },
    ]);
  }
}

/**
 * Locks the account to toggle and, first, its parent: every toggle takes the
 * locks parent → child, so a manager and one of its drivers toggled at once
 * cannot deadlock. Admin accounts are not toggled here and answer as unknown.
 */
async function lockToggleTarget(tx: Database, userId: string) {
  const seen = await repo.findUserById(tx, userId);
  if (!seen) throw new AppError('USER_NOT_FOUND');
  const parent = seen.parentId ? await repo.findUserById(tx, seen.parentId, true) : undefined;
  const user = await repo.findUserById(tx, userId, true);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const roles = await repo.findRoles(tx, user.id);
  if (roles.some((r) => r.role === 'ADMIN')) throw new AppError('USER_NOT_FOUND');
  return { user, parent };
}

export function createAccountsService(deps: Deps) {
  const { db, config } = deps;

  async function suspend(tx: Database, user: repo.UserRow): Promise<TToggleStatusResponse> {
    const children = await repo.findChildren(tx, user.id, true);
    const affectedChildIds = children.filter((c) => c.status === 'ACTIVE').map((c) => c.id);
    await repo.setStatus(tx, [user.id], 'INACTIVE', false);
    await repo.setStatus(tx, affectedChildIds, 'INACTIVE', true);
    await revokeUserSessions(tx, [user.id, ...children.map((c) => c.id)], 'SUSPENDED');
    return { message: SUCCESS_MESSAGES.accountSuspended, id: user.id, status: 'INACTIVE', affectedChildIds };
  }

  async function activate(tx: Database, user: repo.UserRow, parent?: repo.UserRow): Promise<TToggleStatusResponse> {
    if (parent && parent.status !== 'ACTIVE') throw new AppError('PARENT_SUSPENDED');
    const children = await repo.findChildren(tx, user.id, true);
    // Children suspended on their own stay suspended.
    const affectedChildIds = children.filter((c) => c.status !== 'ACTIVE' && c.suspendedWithParent).map((c) => c.id);
    await repo.setStatus(tx, [user.id, ...affectedChildIds], 'ACTIVE', false);
    return { message: SUCCESS_MESSAGES.accountActivated, id: user.id, status: 'ACTIVE', affectedChildIds };
  }

  return {
    /** Personal fields for everyone; company fields only for the company's owner. */
    async updateProfile(auth: AuthContext, body: TProfileBody): Promise<TSessionUser> {
      const changes = profileChanges(body);
      const changed = await db.transaction(async (tx) => {
        const user = await repo.findUserById(tx, auth.userId, true);
        if (!user) throw new AppError('USER_NOT_FOUND');
        if (changes.companyFields.length > 0) {
          const companyId = await ownedCompanyId(tx, user);
          if (!companyId) {
            const details = changes.companyFields.map((f) => ({ path: `body.${f}`, message: FIELD_MESSAGES.companyOwnerOnly }));
            throw new AppError('COMPANY_OWNER_ONLY', details);
          }
          await checkRegistrationAgainstName(tx, companyId, body);
          await repo.updateCompany(tx, companyId, changes.company, changes.location);
        }
        if (Object.keys(changes.user).length > 0) await repo.updateUser(tx, user.id, changes.user);
        // The company's drivers show its name and address too.
        return changes.companyFields.length > 0
          ? [user.id, ...(await repo.findChildren(tx, user.id)).map((c) => c.id)]
          : [user.id];
      });
      await publishAccountsChanged(deps.realtime, changed);
      return getSessionUser(db, auth.userId, auth.role);
    },

    /** Sends a confirmation link to the new address; the address changes only when it is opened. */
    async requestEmailUpdate(auth: AuthContext, email: string): Promise<TMessageResponse> {
      await db.transaction(async (tx) => {
        const user = await repo.findUserById(tx, auth.userId, true);
        if (!user) throw new AppError('USER_NOT_FOUND');
        if (user.email === email) throw new AppError('EMAIL_SAME_AS_CURRENT');
        if (await repo.isEmailTakenByOther(tx, email, user.id)) throw new AppError('EMAIL_ALREADY_REGISTERED');
        // Only the newest request counts: a link sent to a mistyped address dies with it.
        await retireUserTokens(tx, user.id, 'UPDATE_EMAIL');
        const token = await issueOneTimeToken(tx, { purpose: 'UPDATE_EMAIL', email, userId: user.id });
        await enqueueMail(tx, email, mailTemplates.verifyEmailUpdate(config.appUrl, token));
      });
      deps.mailWritten();
      return { message: SUCCESS_MESSAGES.emailUpdateMailSent };
    },

    /** Public: the link may be opened on another device. Every session must sign in again. */
    async verifyEmailUpdate(token: string): Promise<TMessageResponse> {
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          const found = await findOneTimeToken(tx, 'UPDATE_EMAIL', token, true);
          if (found.state !== 'valid' || !found.token.userId) throw new AppError('VERIFICATION_TOKEN_INVALID');
          const user = await repo.findUserById(tx, found.token.userId, true);
          if (!user) throw new AppError('USER_NOT_FOUND');
          const email = found.token.email;
          if (await repo.isEmailTakenByOther(tx, email, user.id)) throw new AppError('EMAIL_ALREADY_REGISTERED');
          await repo.updateUser(tx, user.id, { email });
          await consumeOneTimeToken(tx, found.token.id);
          await revokeUserSessions(tx, [user.id], 'EMAIL_CHANGED');
          return user.id;
        });
      } catch (err) {
        // Two accounts confirming the same new address at once: the unique index picks one.
        if (isUniqueViolation(err)) throw new AppError('EMAIL_ALREADY_REGISTERED');
        throw err;
      }
      await publishAccountsChanged(deps.realtime, [userId]);
      return { message: SUCCESS_MESSAGES.emailUpdated };
    },

    /** ACTIVE ⇄ INACTIVE; a parent takes the children it suspended back with it. */
    async toggleStatus(auth: AuthContext, userId: string): Promise<TToggleStatusResponse> {
      const result = await db.transaction(async (tx) => {
        const { user, parent } = await lockToggleTarget(tx, userId);
        const toggled = user.status === 'ACTIVE' ? await suspend(tx, user) : await activate(tx, user, parent);
        await recordAdminAction(tx, {
          actorId: auth.userId,
          action: toggled.status === 'INACTIVE' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_ACTIVATED',
          targetType: 'USER',
          targetId: user.id,
          before: { status: user.status },
          after: { status: toggled.status, affectedChildIds: toggled.affectedChildIds },
        });
        return toggled;
      });
      // The suspended accounts' open notification streams end.
      await publishAccountsChanged(deps.realtime, [result.id, ...result.affectedChildIds]);
      return result;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

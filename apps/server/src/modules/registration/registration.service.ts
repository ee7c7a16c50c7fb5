/**
 * Registration: sign-up by e-mail link, the customer and driver-manager
 * registrations that complete it, and driver invitations.
 *
 * One account per e-mail. An account may hold CUSTOMER and DRIVER_MANAGER, each
 * verified separately; a DRIVER is a child account of its manager (same company)
 * and holds no other role. No user row exists before registration: a pending
 * sign-up is only a VERIFY_EMAIL token for the address.
 */
import {
  SELF_REGISTRABLE_ROLES,
  SUCCESS_MESSAGES,
  type ErrorCode,
  type TCustomerRegisterBody,
  type TDriverManagerRegisterBody,
  type TDriverRegisterBody,
  type TMessageResponse,
  type TRegisterResponse,
  type TRole,
  type TVerifyEmailTokenResponse,
} from '@logi/contract';
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
  issueOneTimeTokenRow,
} from '../../platform/tokens/one-time-tokens';
import { publishAccountsChanged } from '../../platform/realtime/bus';
import { newOpaqueToken } from '../../platform/tokens/opaque-tokens';
import * as accounts from '../accounts/accounts.service';
import { withEvents } from '../notifications/notifications.service';
import * as repo from './registration.repository';

type SelfRegistrableRole = (typeof SELF_REGISTRABLE_ROLES)[number];

interface Account {
  user: accounts.UserRow;
  roles: accounts.UserRoleRow[];
}

/** The account holding the address; a deleted one counts, as its address cannot be reused. */
async function findAccount(db: Database, email: string, lock = false): Promise<Account | undefined> {
  const user = await accounts.findUserByEmailIncludingDeleted(db, email, lock);
  return user ? { user, roles: await accounts.findRoles(db, user.id) } : undefined;
}

const holdsVerified = (account: Account | undefined, role: TRole) =>
  account?.roles.some((r) => r.role === role && r.emailVerified) ?? false;

const isDriver = (account: Account) => account.user.parentId !== null || account.roles.some((r) => r.role === 'DRIVER');

/** Drivers, admins and deleted accounts cannot take a self-registrable role. */
const isClosedToSignUp = (account: Account) =>
  account.user.deletedAt !== null || isDriver(account) || account.roles.some((r) => r.role === 'ADMIN');

/** Nothing left to sign up for: a driver or admin, or an account holding every self-registrable role. */
const isFullyRegistered = (account: Account) =>
  isClosedToSignUp(account) || SELF_REGISTRABLE_ROLES.every((role) => holdsVerified(account, role));

type RoleRegisterBody = TCustomerRegisterBody & Partial<TDriverManagerRegisterBody>;

interface RoleRegistration {
  role: SelfRegistrableRole;
  body: RoleRegisterBody;
  /** The error when the account already holds the role. */
  alreadyHeld: Extract<ErrorCode, 'EMAIL_ALREADY_VERIFIED' | 'EMAIL_ALREADY_REGISTERED'>;
  /** Set on the account (the driver manager's pending sign-up payment). */
  intentCode?: string;
}

export function createRegistrationService(deps: Deps) {
  const { db, config, passwords } = deps;

  /** Issues a fresh sign-up link (retiring older ones) and writes its mail, in the caller's transaction. */
  async function sendSignUpLink(tx: Database, email: string, account: Account | undefined) {
    const token = await issueOneTimeToken(tx, { purpose: 'VERIFY_EMAIL', email, userId: account?.user.id ?? null });
    await enqueueMail(tx, email, mailTemplates.verifyEmail(config.appUrl, token));
  }

  /**
   * The common flow of the customer and driver-manager registrations: the link's
   * token is locked and consumed; an existing account (holding the other role) proves
   * its password and gains the role, keeping its company; otherwise a new account
   * with its company is created.
   */
  async function registerRole(r: RoleRegistration): Promise<string> {
    // Hashed before the transaction so no lock is held while argon2 works.
    const passwordHash = await passwords.hash(r.body.password);
    const accountId = await withEvents(deps, async (tx, emit) => {
      const found = await findOneTimeToken(tx, 'VERIFY_EMAIL', r.body.token, true);
      if (found.state === 'missing') throw new AppError('VERIFICATION_TOKEN_INVALID');
      if (found.state !== 'valid') throw new AppError('VERIFICATION_TOKEN_EXPIRED');
      if (r.body.email !== found.token.email) throw new AppError('EMAIL_MISMATCH');
      const account = await findAccount(tx, r.body.email, true);
      const userId = account ? await addRoleToAccount(tx, account, r, passwordHash) : await createAccount(tx, r, passwordHash);
      await consumeOneTimeToken(tx, found.token.id);
      await emit({ type: 'REGISTRATION_COMPLETED', userId, role: r.role });
      return userId;
    });
    // An existing account gained a role (and maybe a pending payment).
    await publishAccountsChanged(deps.realtime, [accountId]);
    return accountId;
  }

  async function addRoleToAccount(tx: Database, account: Account, r: RoleRegistration, passwordHash: string) {
    if (isClosedToSignUp(account)) throw new AppError('EMAIL_ALREADY_REGISTERED');
    if (holdsVerified(account, r.role)) throw new AppError(r.alreadyHeld);
    const { user } = account;
    if (user.passwordHash && !(await passwords.verify(user.passwordHash, r.body.password))) {
      throw new AppError('EXISTING_PASSWORD_REQUIRED');
    }
    const changes = { ...(user.passwordHash ? {} : { passwordHash }), ...(r.intentCode ? { intentCode: r.intentCode } : {}) };
    if (Object.keys(changes).length > 0) await accounts.updateUser(tx, user.id, changes);
    await accounts.grantRole(tx, user.id, r.role);
    return user.id;
  }

  async function createAccount(tx: Database, { role, body, intentCode }: RoleRegistration, passwordHash: string) {
    const companyId = await accounts.insertCompany(
      tx,
      {
        name: body.companyName,
        nameKana: body.companyNameKana,
        website: body.website ?? null,
        invoiceRegistrationNo: body.invoiceRegistrationNumber ?? null,
        generalFreightLicenseNumber: body.generalFreightLicenseNumber ?? null,
        lightFreightLicenseNumber: body.lightFreightLicenseNumber ?? null,
      },
      {
        postalCode: body.postalCode,
        prefecture: body.prefecture,
        city: body.city,
        town: body.town,
        block: body.block,
        building: body.building ?? null,
      },
    );
    const user = await accounts.insertUser(tx, {
      email: body.email,
      passwordHash,
      ...personalFields(body),
      companyId,
      intentCode: intentCode ?? null,
    });
    await accounts.grantRole(tx, user.id, role);
    return user.id;
  }

  return {
    async signup(email: string): Promise<TMessageResponse> {
      await db.transaction(async (tx) => {
        const account = await findAccount(tx, email);
        if (account && isFullyRegistered(account)) throw new AppError('EMAIL_ALREADY_REGISTERED');
        await sendSignUpLink(tx, email, account);
      });
      deps.mailWritten();
      return { message: SUCCESS_MESSAGES.registrationMailSent };
    },

    async resendVerify(email: string): Promise<TMessageResponse> {
      await db.transaction(async (tx) => {
        const account = await findAccount(tx, email);
        if (!account && !(await repo.hasSignUpToken(tx, email))) throw new AppError('USER_NOT_FOUND');
        if (account && isFullyRegistered(account)) throw new AppError('RESEND_ALREADY_VERIFIED');
        await sendSignUpLink(tx, email, account);
      });
      deps.mailWritten();
      return { message: SUCCESS_MESSAGES.registrationMailSent };
    },

    /** Reads the link without consuming it: the registration form uses it to offer the roles. */
    async verifyEmailToken(token: string, caller: AuthContext | null): Promise<TVerifyEmailTokenResponse> {
      const found = await findOneTimeToken(db, 'VERIFY_EMAIL', token);
      if (found.state !== 'valid') throw new AppError('VERIFICATION_TOKEN_INVALID');
      const { email } = found.token;
      const account = await findAccount(db, email);
      const isCurrentUser = account !== undefined && caller?.userId === account.user.id;
      return {
        message: SUCCESS_MESSAGES.emailVerified,
        email,
        rolesVerified: SELF_REGISTRABLE_ROLES.map((role) => ({
          role,
          emailVerified: holdsVerified(account, role),
          isCurrentUser,
        })),
      };
    },

    async customerRegister(body: TCustomerRegisterBody): Promise<TRegisterResponse> {
      const id = await registerRole({ role: 'CUSTOMER', body, alreadyHeld: 'EMAIL_ALREADY_VERIFIED' });
      return { id, message: SUCCESS_MESSAGES.customerRegistered };
    },

    async driverManagerRegister(body: TDriverManagerRegisterBody): Promise<TRegisterResponse> {
      const intentCode = newOpaqueToken();
      const id = await registerRole({ role: 'DRIVER_MANAGER', body, alreadyHeld: 'EMAIL_ALREADY_REGISTERED', intentCode });
      return { id, message: SUCCESS_MESSAGES.driverManagerRegistered, intentCode };
    },

    async driverInvite(caller: AuthContext, email: string): Promise<TMessageResponse> {
      await db.transaction((tx) => sendDriverInvite(tx, config.appUrl, caller.userId, email));
      deps.mailWritten();
      return { message: SUCCESS_MESSAGES.driverInvited };
    },

    async driverRegister(body: TDriverRegisterBody): Promise<TRegisterResponse> {
      const passwordHash = await passwords.hash(body.password);
      const id = await withEvents(deps, async (tx, emit) => {
        const found = await findOneTimeToken(tx, 'DRIVER_INVITE', body.token, true);
        if (found.state === 'missing' || found.state === 'expired') throw new AppError('INVITE_TOKEN_INVALID');
        if (found.state === 'consumed') throw new AppError('INVITE_TOKEN_USED');
        const { email, payload } = found.token;
        const existing = await findAccount(tx, email, true);
        if (existing) throw new AppError(isDriver(existing) ? 'INVITE_TOKEN_INVALID' : 'EMAIL_ALREADY_REGISTERED');
        const parent = await findInvitingManager(tx, payload);
        const user = await accounts.insertUser(tx, {
          email,
          passwordHash,
          ...personalFields(body),
          parentId: parent.id,
          companyId: parent.companyId,
        });
        await accounts.grantRole(tx, user.id, 'DRIVER');
        await consumeOneTimeToken(tx, found.token.id);
        await emit({ type: 'REGISTRATION_COMPLETED', userId: user.id, role: 'DRIVER' });
        return user.id;
      });
      return { id, message: SUCCESS_MESSAGES.driverRegistered, intentCode: null };
    },
  };
}

/**
 * Sends a driver invitation from the manager, in the caller's transaction: a fresh link
 * (retiring earlier unused links to the address) and its mail. Answers the invitation's
 * token row id. The address must belong to nobody yet: a removed driver's address stays
 * with its account and cannot be invited again (decision 030).
 */
export async function sendDriverInvite(tx: Database, appUrl: string, managerId: string, email: string): Promise<string> {
  const manager = await accounts.findUserById(tx, managerId);
  const company = manager?.companyId ? await accounts.findCompany(tx, manager.companyId) : undefined;
  if (!manager || !company) throw new AppError('USER_NOT_FOUND');
  const invitee = await findAccount(tx, email);
  if (invitee?.user.deletedAt && isDriver(invitee)) throw new AppError('INVITEE_REMOVED');
  if (invitee) throw new AppError(isDriver(invitee) ? 'ALREADY_A_DRIVER' : 'INVITEE_HAS_ACCOUNT');
  const { id, token } = await issueOneTimeTokenRow(tx, {
    purpose: 'DRIVER_INVITE',
    email,
    payload: { parentId: manager.id, companyId: company.id },
  });
  await enqueueMail(tx, email, mailTemplates.driverInvite(appUrl, token, company.name));
  return id;
}

/**
 * The manager who sent an invite, locked so that a suspension cannot slip past
 * the check; 404 when the manager is gone, suspended or no longer a manager of that company.
 */
async function findInvitingManager(tx: Database, payload: Record<string, string>) {
  const parent = payload.parentId ? await accounts.findUserById(tx, payload.parentId, true) : undefined;
  if (!parent || parent.status !== 'ACTIVE' || !parent.companyId || parent.companyId !== payload.companyId) {
    throw new AppError('USER_NOT_FOUND');
  }
  if (!holdsVerified({ user: parent, roles: await accounts.findRoles(tx, parent.id) }, 'DRIVER_MANAGER')) {
    throw new AppError('USER_NOT_FOUND');
  }
  return { id: parent.id, companyId: parent.companyId };
}

/** The person's own fields, common to every registration form. */
function personalFields(
  body: Pick<TDriverRegisterBody, 'firstName' | 'lastName' | 'firstNameKana' | 'lastNameKana' | 'phone' | 'note'>,
) {
  return {
    firstName: body.firstName ?? null,
    lastName: body.lastName ?? null,
    firstNameKana: body.firstNameKana ?? null,
    lastNameKana: body.lastNameKana ?? null,
    phone: body.phone,
    note: body.note ?? null,
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

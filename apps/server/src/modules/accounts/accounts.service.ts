/**
 * Accounts: the session user, profile, e-mail change and the admin's status
 * toggle. Other modules reach users only through the functions exported here.
 */
import type { TRole, TSessionUser } from '@logi/contract';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import * as repo from './accounts.repository';
import { toSessionUser } from './session-user';

export { findUserByEmail, findUserById, findRoles, findAuthState } from './accounts.repository';
export type { UserRow, UserRoleRow } from './accounts.repository';

/** The signed-in user with roles, company and company location; 404 when gone. */
export async function getSessionUser(db: Database, userId: string, activeRole: TRole): Promise<TSessionUser> {
  const row = await repo.findUserWithCompany(db, userId);
  if (!row) throw new AppError('USER_NOT_FOUND');
  const roles = await repo.findRoles(db, userId);
  return toSessionUser(row.user, roles, row.company, row.location, activeRole);
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

/** Pure mapping of rows to the contract's SessionUser (dates as ISO strings). */
import { Role, type TCompany, type TLocation, type TRole, type TSessionUser } from '@logi/contract';
import { personName } from '../../domain/person-name';
import type { CompanyRow, LocationRow, UserRoleRow, UserRow } from './accounts.repository';

const iso = (d: Date) => d.toISOString();

export function toLocation(l: LocationRow): TLocation {
  return { ...l, createdAt: iso(l.createdAt), updatedAt: iso(l.updatedAt) };
}

export function toCompany(c: CompanyRow, l: LocationRow | null): TCompany {
  return {
    id: c.id,
    name: c.name,
    nameKana: c.nameKana,
    website: c.website,
    invoiceRegistrationNo: c.invoiceRegistrationNo,
    generalFreightLicenseNumber: c.generalFreightLicenseNumber,
    lightFreightLicenseNumber: c.lightFreightLicenseNumber,
    location: l ? toLocation(l) : null,
  };
}

export function toSessionUser(
  u: UserRow,
  roles: UserRoleRow[],
  company: CompanyRow | null,
  location: LocationRow | null,
  activeRole: TRole,
  hasSubscribed: boolean,
): TSessionUser {
  return {
    id: u.id,
    email: u.email,
    // The account's own display name first (the profile sets it), never the e-mail (decision 040).
    name: u.name || personName(u, company?.name ?? Role.labels[activeRole]),
    firstName: u.firstName,
    lastName: u.lastName,
    firstNameKana: u.firstNameKana,
    lastNameKana: u.lastNameKana,
    companyId: u.companyId,
    parentId: u.parentId,
    intentCode: u.intentCode,
    hasSubscribed,
    phone: u.phone,
    note: u.note,
    status: u.status,
    activeRole,
    roles: roles.map((r) => ({
      role: r.role,
      description: Role.labels[r.role],
      emailVerified: r.emailVerified,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      deletedAt: r.deletedAt ? iso(r.deletedAt) : null,
    })),
    company: company ? toCompany(company, location) : null,
  };
}

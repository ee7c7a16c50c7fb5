/**
 * The admin back office (spec §7 customers and drivers, DESIGN §5): account lists with
 * keyword, status and location filters, details, transaction histories, driver
 * sub-accounts and the operator overview. Admin only (the route table); an id that is
 * not a customer (or not a carrier) answers 404 like an unknown one.
 */
import type {
  TAdminOverview,
  TCustomerDetail,
  TCustomerList,
  TCustomerListItem,
  TCustomerListQuery,
  TDriverDetail,
  TDriverList,
  TDriverListItem,
  TDriverListQuery,
  TPaginationQuery,
  TRole,
  TTransactionHistory,
  TTransactionHistoryItem,
} from '@logi/contract';
import { ADMIN_LIST_RULES, paginationMeta } from '@logi/contract';
import { overviewPeriods } from '../../domain/overview-periods';
import { type PersonNameParts, personName } from '../../domain/person-name';
import { keywordSearch } from '../../domain/request-search';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import * as repo from './admin.repository';

const CARRIER_ROLES: TRole[] = ['DRIVER', 'DRIVER_MANAGER'];

const pageOf = (q: TPaginationQuery): repo.Page => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

const joined = (parts: (string | null | undefined)[], separator = '') => parts.filter(Boolean).join(separator) || null;

/** The admin may see contact data: an account without a name is named by its company, else its e-mail. */
const adminName = (u: PersonNameParts & { email: string }, companyName: string | null | undefined) =>
  personName(u, companyName || u.email);

function toCustomer({ user, company, location }: repo.AccountRow): TCustomerListItem {
  return {
    id: user.id,
    name: adminName(user, company?.name),
    nameKana: joined([user.lastNameKana, user.firstNameKana], ' '),
    phone: user.phone,
    email: user.email,
    company: company && {
      id: company.id,
      name: company.name,
      nameKana: company.nameKana,
      website: company.website,
      invoiceRegistrationNo: company.invoiceRegistrationNo,
      generalFreightLicenseNumber: company.generalFreightLicenseNumber,
      lightFreightLicenseNumber: company.lightFreightLicenseNumber,
    },
    address:
      location &&
      joined([location.prefecture, location.city, location.town, location.block, location.building && ` ${location.building}`]),
    note: user.note,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}

function toDriver(row: repo.AccountRow): TDriverListItem {
  return {
    ...toCustomer(row),
    roles: row.roles,
    parentId: row.user.parentId,
    parentName: row.parent?.id ? adminName(row.parent, row.company?.name) : null,
    subAccountCount: row.subAccountCount,
  };
}

const detailParts = ({ user, location }: repo.AccountRow) => ({
  lastName: user.lastName,
  firstName: user.firstName,
  lastNameKana: user.lastNameKana,
  firstNameKana: user.firstNameKana,
  postalCode: location?.postalCode ?? null,
});

function toHistoryItem(row: repo.HistoryRow, side: 'customer' | 'carrier'): TTransactionHistoryItem {
  const party = (
    p: { id: string | null; name: string | null; lastName: string | null; firstName: string | null; email: string | null } | null,
    companyName: string | null,
  ) =>
    p?.id ? { id: p.id, name: adminName({ ...p, name: p.name ?? '', email: p.email ?? '' }, companyName), companyName } : null;
  const carrier = party(row.carrier, row.carrierCompany);
  const { item } = row;
  return {
    requestItemId: item.id,
    type: item.type,
    status: item.status,
    title: item.type === 'DELIVERY' ? (row.baggageName ?? '') : `${row.warehouse?.prefecture ?? ''}${row.warehouse?.city ?? ''}`,
    price: item.price,
    agreedPrice: row.agreedPrice,
    counterpart: side === 'customer' ? carrier : party(row.customer, row.customerCompany),
    carrier,
    createdAt: item.createdAt.toISOString(),
    approvedAt: item.approvedAt?.toISOString() ?? null,
    completedAt: item.completedAt?.toISOString() ?? null,
  };
}

export function createAdminService(db: Database) {
  async function listAccounts(roles: TRole[], q: TDriverListQuery, parentId?: string) {
    return repo.listAccounts(
      db,
      {
        roles: q.roleType ? [q.roleType] : roles,
        keyword: q.keyword ? (keywordSearch(q.keyword) ?? undefined) : undefined,
        status: q.status,
        location: q.location,
        parentId,
      },
      pageOf(q),
    );
  }

  async function getCustomerRow(id: string) {
    const row = await repo.findAccount(db, { roles: ['CUSTOMER'], id });
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
    return row;
  }

  async function getDriverRow(id: string) {
    const row = await repo.findAccount(db, { roles: CARRIER_ROLES, id });
    if (!row) throw new AppError('DRIVER_NOT_FOUND');
    return row;
  }

  const history = (
    q: TPaginationQuery,
    side: 'customer' | 'carrier',
    { rows, total }: { rows: repo.HistoryRow[]; total: number },
  ) => ({
    meta: paginationMeta(q.page, q.limit, total),
    data: rows.map((row) => toHistoryItem(row, side)),
  });

  return {
    async customers(q: TCustomerListQuery): Promise<TCustomerList> {
      const { rows, total } = await listAccounts(['CUSTOMER'], q);
      return { meta: paginationMeta(q.page, q.limit, total), data: rows.map(toCustomer) };
    },

    async customer(id: string): Promise<TCustomerDetail> {
      const row = await getCustomerRow(id);
      return { ...toCustomer(row), ...detailParts(row) };
    },

    async customerRequestItems(id: string, q: TPaginationQuery): Promise<TTransactionHistory> {
      await getCustomerRow(id);
      return history(q, 'customer', await repo.customerHistory(db, id, pageOf(q)));
    },

    async drivers(q: TDriverListQuery): Promise<TDriverList> {
      const { rows, total } = await listAccounts(CARRIER_ROLES, q);
      return { meta: paginationMeta(q.page, q.limit, total), data: rows.map(toDriver) };
    },

    async driver(id: string): Promise<TDriverDetail> {
      const row = await getDriverRow(id);
      return { ...toDriver(row), ...detailParts(row) };
    },

    async driverRequestItems(id: string, q: TPaginationQuery): Promise<TTransactionHistory> {
      await getDriverRow(id);
      return history(q, 'carrier', await repo.carrierHistory(db, id, pageOf(q)));
    },

    /** A manager's drivers (child accounts); a driver has none. */
    async driverSubAccounts(id: string, q: TDriverListQuery): Promise<TDriverList> {
      await getDriverRow(id);
      const { rows, total } = await listAccounts(CARRIER_ROLES, q, id);
      return { meta: paginationMeta(q.page, q.limit, total), data: rows.map(toDriver) };
    },

    async overview(now = new Date()): Promise<TAdminOverview> {
      const periods = overviewPeriods(now, ADMIN_LIST_RULES.overviewDays);
      const [openRequests, activeCustomers, activeCarriers, week, month, weekSignUps, monthSignUps, daily] = await Promise.all([
        repo.countOpenRequests(db),
        repo.countActiveAccounts(db, ['CUSTOMER']),
        repo.countActiveAccounts(db, CARRIER_ROLES),
        repo.requestCountsSince(db, periods.weekStart),
        repo.requestCountsSince(db, periods.monthStart),
        repo.countSignUpsSince(db, periods.weekStart),
        repo.countSignUpsSince(db, periods.monthStart),
        repo.dailyRequestCounts(db, periods.firstDay),
      ]);
      const byDay = (rows: { day: number; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
      const posted = byDay(daily.posted);
      const matched = byDay(daily.matched);
      const completed = byDay(daily.completed);
      return {
        openRequests,
        activeCustomers,
        activeCarriers,
        thisWeek: { ...week, signUps: weekSignUps },
        thisMonth: { ...month, signUps: monthSignUps },
        days: periods.dates.map((date, i) => ({
          date,
          posted: posted.get(i) ?? 0,
          matched: matched.get(i) ?? 0,
          completed: completed.get(i) ?? 0,
        })),
        generatedAt: now.toISOString(),
      };
    },
  };
}

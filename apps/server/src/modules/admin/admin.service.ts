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
  TTransactionHistory,
  TTransactionHistoryItem,
} from '@logi/contract';
import { ADMIN_LIST_RULES, paginationMeta } from '@logi/contract';
import { countingStart, overviewActivity, overviewPeriods } from '../../domain/overview-periods';
import { type PersonNameParts, personName } from '../../domain/person-name';
import { keywordSearch } from '../../domain/request-search';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import type { ListTotal } from '../../platform/db/list-page';
import type { MemoStats } from '../../platform/metrics/metrics';
import * as repo from './admin.repository';
import { createSearches } from './admin.searches';

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

async function countOverview(db: Database, now: Date): Promise<TAdminOverview> {
  const periods = overviewPeriods(now, ADMIN_LIST_RULES.overviewDays);
  const [accounts, counted] = await Promise.all([
    repo.accountFigures(db, periods),
    repo.dailyActivity(db, countingStart(periods)),
  ]);
  const activity = overviewActivity(periods, counted);
  return {
    openRequests: accounts.openRequests,
    activeCustomers: accounts.activeCustomers,
    activeCarriers: accounts.activeCarriers,
    thisWeek: { ...activity.thisWeek, signUps: accounts.weekSignUps },
    thisMonth: { ...activity.thisMonth, signUps: accounts.monthSignUps },
    days: activity.days,
    generatedAt: now.toISOString(),
  };
}

export interface AdminServiceOptions {
  /** How long one count of the overview answers later calls (decision 063). */
  overviewCacheSeconds: number;
  /** How long a keyword search's matches serve its pages (admin.searches.ts, decision 087). */
  searchCacheSeconds: number;
  /** Counts the searches' hits and misses (GET /metrics). */
  searchStats?: MemoStats;
}

export function createAdminService(
  db: Database,
  options: AdminServiceOptions = { overviewCacheSeconds: 0, searchCacheSeconds: 0 },
  // Read on every call: a test's clock applies.
  clock: () => number = Date.now,
) {
  let latest: { pending: boolean; expires: number; value: Promise<TAdminOverview> } | undefined;
  const searches = createSearches(options.searchCacheSeconds, clock, options.searchStats);

  /** A page of accounts as the list answers it, each row through `present`. */
  async function accountPage<T>(
    group: repo.AccountGroup,
    q: TDriverListQuery,
    present: (row: repo.AccountRow) => T,
    parentId?: string,
  ) {
    const filter: repo.AccountFilter = {
      group,
      role: q.roleType,
      keyword: q.keyword ? (keywordSearch(q.keyword) ?? undefined) : undefined,
      status: q.status,
      location: q.location,
      parentId,
    };
    const page = pageOf(q);
    let found: { rows: repo.AccountRow[] } & ListTotal;
    if (filter.keyword) {
      // A search reads its matches once for its pages (admin.searches.ts); the rows by id.
      const { ids, ...total } = await searches.page('accounts', { ...filter, keyword: q.keyword }, page, (upTo) =>
        repo.matchingAccountIds(db, filter, upTo),
      );
      found = { rows: await repo.accountsByIds(db, ids), ...total };
    } else {
      found = await repo.listAccounts(db, filter, page);
    }
    const { rows, total, totalIsLowerBound } = found;
    return { meta: paginationMeta(q.page, q.limit, total, totalIsLowerBound), data: rows.map(present) };
  }

  async function getCustomerRow(id: string) {
    const row = await repo.findAccount(db, { group: 'customers', id });
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
    return row;
  }

  async function getDriverRow(id: string) {
    const row = await repo.findAccount(db, { group: 'carriers', id });
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
      return accountPage('customers', q, toCustomer);
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
      return accountPage('carriers', q, toDriver);
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
      return accountPage('carriers', q, toDriver, id);
    },

    /** The operator's figures; one count serves the calls made while it runs and for `overviewCacheSeconds` after. */
    overview(): Promise<TAdminOverview> {
      const now = new Date(clock());
      if (latest && (latest.pending || now.getTime() < latest.expires)) return latest.value;
      const entry = { pending: true, expires: 0, value: countOverview(db, now) };
      latest = entry;
      entry.value.then(
        () => Object.assign(entry, { pending: false, expires: clock() + options.overviewCacheSeconds * 1000 }),
        // A failed count is never kept.
        () => latest === entry && (latest = undefined),
      );
      return entry.value;
    },
  };
}

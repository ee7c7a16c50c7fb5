/**
 * /dashboard/customers and /dashboard/drivers, their detail pages (basic info,
 * sub-accounts, transaction histories) and the suspend / reactivate action.
 */
import { Role, type TCustomerDetail, type TDriverDetail } from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDialog } from '../../../components/ui/dialog-registry';
import { EmailAddress } from '../../../components/ui/email-address';
import { formatDate } from '../../../lib/format';
import { DataList } from '../list-kit/data-list';
import { useListParams } from '../list-kit/use-list-params';
import { AccountStatusBadge, DetailHeader, DetailTabs, Fields, Loading, TextLink } from '../parts';
import {
  customerHistoryQuery,
  customerQuery,
  customersQuery,
  driverHistoryQuery,
  driverQuery,
  driversQuery,
  fetchCustomerHistory,
  fetchCustomers,
  fetchDriverHistory,
  fetchDrivers,
  fetchSubAccounts,
  subAccountsQuery,
} from '../queries';
import { AuditTrail } from '../audit-trail';
import { CompanyBankAccount, CompanyPaymentTerms } from './billing-fields';
import { VerificationStatusBadge, companyVerificationQuery } from '../carrier-verifications/verification-pages';
import { CARRIER_VERIFICATION_TEXT } from '../../../texts/carrier-verification';
import {
  ACCOUNT_FILTER_KEYS,
  DRIVER_FILTER_KEYS,
  customerColumns,
  customerFilters,
  driverColumns,
  driverFilters,
  historyColumns,
} from './account-columns';
import { formatPhone } from '../../../lib/phone';

const D = DASHBOARD_TEXT;
const A = D.account;

/** Which kind of account a page shows: the back office lists customers (荷主) and drivers apart. */
type Side = 'customer' | 'driver';

export function CustomersPage() {
  const { page, filters, setPage, setFilters } = useListParams(ACCOUNT_FILTER_KEYS);
  const result = useQuery(customersQuery({ page, ...filters }));
  return (
    <DataList
      label="荷主アカウント一覧"
      columns={customerColumns}
      rowKey={(r) => r.id}
      result={result}
      onPageChange={setPage}
      filters={customerFilters}
      values={filters}
      onFiltersChange={setFilters}
      fetchPage={(p, limit) => fetchCustomers({ ...filters, page: p, limit })}
    />
  );
}

export function DriversPage() {
  const { page, filters, setPage, setFilters } = useListParams(DRIVER_FILTER_KEYS);
  const result = useQuery(driversQuery({ page, ...filters }));
  return (
    <DataList
      label="ドライバーアカウント一覧"
      columns={driverColumns}
      rowKey={(r) => r.id}
      result={result}
      onPageChange={setPage}
      filters={driverFilters}
      values={filters}
      onFiltersChange={setFilters}
      fetchPage={(p, limit) => fetchDrivers({ ...filters, page: p, limit })}
    />
  );
}

function basicFields(a: TCustomerDetail | TDriverDetail) {
  return [
    [A.name, a.name],
    [A.nameKana, a.nameKana],
    [A.email, <EmailAddress key="email" email={a.email} />],
    [A.phone, a.phone && formatPhone(a.phone)],
    [A.company, a.company?.name],
    [A.companyKana, a.company?.nameKana],
    [A.postalCode, a.postalCode],
    [A.address, a.address],
    [A.website, a.company?.website],
    [A.invoice, a.company?.invoiceRegistrationNo],
    [A.note, a.note],
    [A.status, <AccountStatusBadge key="status" status={a.status} />],
    [A.createdAt, formatDate(a.createdAt)],
  ] as const;
}

function ToggleButton({ account, kind }: { account: TCustomerDetail | TDriverDetail; kind: Side }) {
  const dialog = useDialog();
  const props = {
    accountId: account.id,
    name: account.name,
    status: account.status,
    isManager: 'roles' in account && account.roles.includes('DRIVER_MANAGER'),
  };
  const suspend = account.status === 'ACTIVE';
  return (
    <Button
      variant={suspend ? 'destructive' : 'default'}
      onClick={() => dialog.open(kind === 'customer' ? 'admin-toggle-active-customer' : 'admin-toggle-active-driver', props)}
    >
      {suspend ? A.suspend : A.activate}
    </Button>
  );
}

/** An account's transaction history; its page is local to the tab. */
function History({ side, id }: { side: Side; id: string }) {
  const [page, setPage] = useState(1);
  const result = useQuery(side === 'customer' ? customerHistoryQuery(id, page) : driverHistoryQuery(id, page));
  return (
    <DataList
      label={D.tabs.histories}
      columns={historyColumns}
      rowKey={(r) => r.requestItemId}
      result={result}
      onPageChange={setPage}
      fetchPage={(p, limit) => (side === 'customer' ? fetchCustomerHistory(id, p, limit) : fetchDriverHistory(id, p, limit))}
    />
  );
}

function SubAccounts({ driverId }: { driverId: string }) {
  const [page, setPage] = useState(1);
  const result = useQuery(subAccountsQuery(driverId, { page }));
  return (
    <DataList
      label={D.tabs.subAccounts}
      columns={driverColumns}
      rowKey={(r) => r.id}
      result={result}
      onPageChange={setPage}
      fetchPage={(p, limit) => fetchSubAccounts(driverId, { page: p, limit })}
    />
  );
}

/** What only a driver's basic info shows: roles, the parent account, the licences. */
function driverFields(d: TDriverDetail) {
  return [
    [A.role, d.roles.map((r) => Role.labels[r]).join('・')],
    [A.parent, d.parentId ? <TextLink to={`/dashboard/drivers/${d.parentId}`}>{d.parentName}</TextLink> : null],
    [A.generalLicense, d.company?.generalFreightLicenseNumber],
    [A.lightLicense, d.company?.lightFreightLicenseNumber],
  ] as const;
}

/** The company's billing profile: a manager's 振込先, a customer's payment terms (a driver's company is its manager's). */
function CompanyBilling({ side, account }: { side: Side; account: TCustomerDetail | TDriverDetail }) {
  if (!account.company) return null;
  if (side === 'customer') return <CompanyPaymentTerms companyId={account.company.id} />;
  const manager = 'roles' in account && account.roles.includes('DRIVER_MANAGER') && !account.parentId;
  return manager ? (
    <>
      <CompanyVerification companyId={account.company.id} />
      <CompanyBankAccount companyId={account.company.id} />
    </>
  ) : null;
}

/** A customer's or a driver's detail: basic info, (a driver's) sub-accounts, transaction histories. */
function AccountDetail({
  side,
  id,
  account,
}: {
  side: Side;
  id: string;
  account: { data?: TCustomerDetail | TDriverDetail; isPending: boolean; isError: boolean };
}) {
  return (
    <Loading query={account}>
      {(a) => (
        <div className="flex flex-col gap-4">
          <DetailHeader
            title={a.company?.name ? `${a.company.name} / ${a.name}` : a.name}
            badges={<AccountStatusBadge status={a.status} />}
            actions={<ToggleButton account={a} kind={side} />}
          />
          <DetailTabs
            base={`/dashboard/${side}s/${id}`}
            tabs={[
              {
                value: '',
                label: D.tabs.basic,
                content: () => (
                  <div className="flex flex-col gap-4">
                    <Fields
                      items={side === 'driver' && 'roles' in a ? [...basicFields(a), ...driverFields(a)] : basicFields(a)}
                    />
                    <CompanyBilling side={side} account={a} />
                    <AuditTrail targetId={a.id} />
                  </div>
                ),
              },
              ...(side === 'driver'
                ? [{ value: 'sub-accounts', label: D.tabs.subAccounts, content: () => <SubAccounts driverId={id} /> }]
                : []),
              {
                value: 'transaction-histories',
                label: D.tabs.histories,
                content: () => <History side={side} id={id} />,
              },
            ]}
          />
        </div>
      )}
    </Loading>
  );
}

export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  return <AccountDetail side="customer" id={customerId} account={useQuery(customerQuery(customerId))} />;
}

export function DriverDetailPage() {
  const { driverId = '' } = useParams();
  return <AccountDetail side="driver" id={driverId} account={useQuery(driverQuery(driverId))} />;
}

/** A carrier company's verification (decision 104): 認証済み or its state, and the way to its documents. */
function CompanyVerification({ companyId }: { companyId: string }) {
  const verification = useQuery(companyVerificationQuery(companyId));
  if (!verification.data) return null;
  return (
    <section aria-label={CARRIER_VERIFICATION_TEXT.title} className="flex flex-wrap items-center gap-3 text-sm">
      <span className="font-semibold">{CARRIER_VERIFICATION_TEXT.title}</span>
      <VerificationStatusBadge status={verification.data.status} isVerified={verification.data.isVerified} />
      {verification.data.status !== 'NONE' && (
        <TextLink to={`/dashboard/carrier-verifications/${companyId}`}>{CARRIER_VERIFICATION_TEXT.open}</TextLink>
      )}
    </section>
  );
}

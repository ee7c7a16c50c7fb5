/** The server state of the back office: query options per call and the admin's mutations. */
import {
  adminRoutes,
  authRoutes,
  billingProfileRoutes,
  notificationRoutes,
  standardFareRoutes,
  requestItemRoutes,
  requestLifecycleRoutes,
  talkroomRoutes,
  type TAdminDeliveryListQuery,
  type TAdminWarehouseListQuery,
  type TAuditAction,
  type TBackgroundJobState,
  type TBroadcastBody,
  type TFuelPriceBody,
  type TCustomerListQuery,
  type TDriverListQuery,
} from '@logi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every back-office query starts with this key: one invalidation after an action refreshes them all. */
export const ADMIN_KEY = ['admin'] as const;
export const LIST_LIMIT = 10;

type Signal = { signal?: AbortSignal };
/**
 * A list's filters as the URL holds them (strings); the server validates each value and
 * answers 400 with a Japanese message for one it does not know.
 */
export type UrlFilters = Partial<Record<string, string>>;
type Paged = { page: number; limit?: number; [filter: string]: string | number | undefined };
const asQuery = <Q>(q: Paged) => q as unknown as Q;

// Each list keeps the previous page on screen while the next loads.
const list = { placeholderData: keepPreviousData };

export const fetchCustomers = (q: Paged, o: Signal = {}) =>
  api.call(adminRoutes.customers, { query: asQuery<TCustomerListQuery>({ limit: LIST_LIMIT, ...q }) }, o);
export const customersQuery = (q: Paged) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'customers', q], queryFn: ({ signal }) => fetchCustomers(q, { signal }), ...list });

/** A company's 振込先 and payment terms, which the admin may read (decision 097). */
export const companyBankAccountQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'companies', companyId, 'bank-account'],
    queryFn: ({ signal }) => api.call(billingProfileRoutes.bankAccount, { params: { companyId } }, { signal }),
  });
export const companyPaymentTermsQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'companies', companyId, 'payment-terms'],
    queryFn: ({ signal }) => api.call(billingProfileRoutes.paymentTerms, { params: { companyId } }, { signal }),
  });

export const customerQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'customer', customerId],
    queryFn: ({ signal }) => api.call(adminRoutes.customer, { params: { customerId } }, { signal }),
  });

export const fetchCustomerHistory = (customerId: string, page: number, limit = LIST_LIMIT, o: Signal = {}) =>
  api.call(adminRoutes.customerRequestItems, { params: { customerId }, query: { page, limit } }, o);
export const customerHistoryQuery = (customerId: string, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'customer', customerId, 'history', page],
    queryFn: ({ signal }) => fetchCustomerHistory(customerId, page, LIST_LIMIT, { signal }),
    ...list,
  });

export const fetchDrivers = (q: Paged, o: Signal = {}) =>
  api.call(adminRoutes.drivers, { query: asQuery<TDriverListQuery>({ limit: LIST_LIMIT, ...q }) }, o);
export const driversQuery = (q: Paged) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'drivers', q], queryFn: ({ signal }) => fetchDrivers(q, { signal }), ...list });

export const driverQuery = (driverId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'driver', driverId],
    queryFn: ({ signal }) => api.call(adminRoutes.driver, { params: { driverId } }, { signal }),
  });

export const fetchDriverHistory = (driverId: string, page: number, limit = LIST_LIMIT, o: Signal = {}) =>
  api.call(adminRoutes.driverRequestItems, { params: { driverId }, query: { page, limit } }, o);
export const driverHistoryQuery = (driverId: string, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'driver', driverId, 'history', page],
    queryFn: ({ signal }) => fetchDriverHistory(driverId, page, LIST_LIMIT, { signal }),
    ...list,
  });

export const fetchSubAccounts = (driverId: string, q: Paged, o: Signal = {}) =>
  api.call(
    adminRoutes.driverSubAccounts,
    { params: { driverId }, query: asQuery<TDriverListQuery>({ limit: LIST_LIMIT, ...q }) },
    o,
  );
export const subAccountsQuery = (driverId: string, q: Paged) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'driver', driverId, 'sub-accounts', q],
    queryFn: ({ signal }) => fetchSubAccounts(driverId, q, { signal }),
    ...list,
  });

export const overviewQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'overview'],
  queryFn: ({ signal }) => api.call(adminRoutes.overview, undefined, { signal }),
});

export const fetchAuditLog = (action: TAuditAction | undefined, page: number, limit = LIST_LIMIT, o: Signal = {}) =>
  api.call(adminRoutes.auditLog, { query: { page, limit, action } }, o);
export const auditLogPageQuery = (action: TAuditAction | undefined, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'audit-log', 'all', action, page],
    queryFn: ({ signal }) => fetchAuditLog(action, page, LIST_LIMIT, { signal }),
    ...list,
  });

export const auditLogQuery = (targetId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'audit-log', targetId],
    queryFn: ({ signal }) => api.call(adminRoutes.auditLog, { query: { targetId, page: 1, limit: 50 } }, { signal }),
  });

// ───────────────────────── background jobs ─────────────────────────

export const fetchJobs = (state: TBackgroundJobState | undefined, page: number, limit = LIST_LIMIT, o: Signal = {}) =>
  api.call(adminRoutes.jobs, { query: { page, limit, state } }, o);
export const jobsQuery = (state: TBackgroundJobState | undefined, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'jobs', state, page],
    queryFn: ({ signal }) => fetchJobs(state, page, LIST_LIMIT, { signal }),
    ...list,
  });

// ───────────────────────── requests ─────────────────────────

export const fetchDeliveries = (f: UrlFilters, page: number, limit = LIST_LIMIT, o: Signal = {}) =>
  api.call(adminRoutes.deliveries, { query: asQuery<TAdminDeliveryListQuery>({ ...f, page, limit }) }, o);
export const deliveriesQuery = (f: UrlFilters, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'deliveries', f, page],
    queryFn: ({ signal }) => fetchDeliveries(f, page, LIST_LIMIT, { signal }),
    ...list,
  });

export const fetchWarehouses = (f: UrlFilters, page: number, limit = LIST_LIMIT, o: Signal = {}) =>
  api.call(adminRoutes.warehouses, { query: asQuery<TAdminWarehouseListQuery>({ ...f, page, limit }) }, o);
export const warehousesQuery = (f: UrlFilters, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'warehouses', f, page],
    queryFn: ({ signal }) => fetchWarehouses(f, page, LIST_LIMIT, { signal }),
    ...list,
  });

export const requestDetailQuery = (requestItemId: string, type: 'DELIVERY' | 'WAREHOUSE') =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'request', requestItemId],
    queryFn: ({ signal }) =>
      api.call(
        type === 'DELIVERY' ? requestItemRoutes.deliveryDetail : requestItemRoutes.warehouseDetail,
        { params: { requestItemId } },
        { signal },
      ),
  });

export const talkroomsQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'request', requestItemId, 'talkrooms'],
    queryFn: ({ signal }) => api.call(talkroomRoutes.list, { params: { requestItemId } }, { signal }),
  });

export const messagesQuery = (requestItemId: string, talkroomId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'request', requestItemId, 'messages', talkroomId],
    queryFn: ({ signal }) =>
      api.call(talkroomRoutes.messages, { params: { requestItemId }, query: { talkroomId, page: 1, limit: 100 } }, { signal }),
  });

// ───────────────────────── notifications ─────────────────────────

export const fetchSystemNotifications = (keyword: string | undefined, page: number, limit = LIST_LIMIT, o: Signal = {}) =>
  api.call(notificationRoutes.systemList, { query: { page, limit, keyword } }, o);
export const systemNotificationsQuery = (keyword: string | undefined, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'notifications', keyword, page],
    queryFn: ({ signal }) => fetchSystemNotifications(keyword, page, LIST_LIMIT, { signal }),
    ...list,
  });

export const systemNotificationQuery = (notificationId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'notification', notificationId],
    queryFn: ({ signal }) => api.call(notificationRoutes.systemDetail, { params: { notificationId } }, { signal }),
  });

// ───────────────────────── actions ─────────────────────────

function useAdminMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export const useToggleStatus = () => useAdminMutation((id: string) => api.call(authRoutes.toggleStatus, { params: { id } }));

export const useAdminDelete = () =>
  useAdminMutation((requestItemId: string) => api.call(requestLifecycleRoutes.adminDelete, { params: { requestItemId } }));

export const useRetryJob = () => useAdminMutation((jobId: string) => api.call(adminRoutes.retryJob, { params: { jobId } }));

export const useBroadcast = () => useAdminMutation((body: TBroadcastBody) => api.call(notificationRoutes.broadcast, { body }));

/** The diesel price in force and its history (issue 45, decision 092). */
export const fuelPricesQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'fuel-prices'],
    queryFn: ({ signal }) => api.call(standardFareRoutes.fuelPrices, undefined, { signal }),
  });

export const useSetFuelPrice = () =>
  useAdminMutation((body: TFuelPriceBody) => api.call(standardFareRoutes.setFuelPrice, { body }));

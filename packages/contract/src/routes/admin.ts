/** The admin back office calls (spec §7 customers and drivers; ours: overview and audit log). */
import { def } from './route-def';
import {
  ZAdminOverview,
  ZAdminRequestList,
  ZAuditLog,
  ZAuditLogQuery,
  ZCustomerDetail,
  ZCustomerIdParams,
  ZCustomerList,
  ZCustomerListQuery,
  ZDriverDetail,
  ZDriverIdParams,
  ZDriverList,
  ZDriverListQuery,
  ZTransactionHistory,
} from '../schemas/admin';
import { ZPaginationQuery } from '../schemas/common';
import { ZAdminDeliveryListQuery, ZAdminWarehouseListQuery } from '../schemas/request-items';

const ADMIN = ['ADMIN'] as const;

export const adminRoutes = {
  customers: def({
    method: 'GET',
    path: '/customers',
    summary: '荷主アカウント一覧（管理者）',
    access: ADMIN,
    query: ZCustomerListQuery,
    response: ZCustomerList,
  }),
  customer: def({
    method: 'GET',
    path: '/customers/:customerId',
    summary: '荷主アカウントの詳細（管理者）',
    access: ADMIN,
    params: ZCustomerIdParams,
    response: ZCustomerDetail,
  }),
  customerRequestItems: def({
    method: 'GET',
    path: '/customers/:customerId/request-items',
    summary: '荷主の取引履歴: 依頼とその状態・相手・合意金額（管理者）',
    access: ADMIN,
    params: ZCustomerIdParams,
    query: ZPaginationQuery,
    response: ZTransactionHistory,
  }),
  drivers: def({
    method: 'GET',
    path: '/drivers',
    summary: 'ドライバー・ドライバー管理者アカウント一覧（管理者）',
    access: ADMIN,
    query: ZDriverListQuery,
    response: ZDriverList,
  }),
  driver: def({
    method: 'GET',
    path: '/drivers/:driverId',
    summary: 'ドライバーアカウントの詳細（管理者）',
    access: ADMIN,
    params: ZDriverIdParams,
    response: ZDriverDetail,
  }),
  driverRequestItems: def({
    method: 'GET',
    path: '/drivers/:driverId/request-items',
    summary: 'ドライバーの取引履歴: 承認された依頼（管理者の場合は配下のドライバーの分も）（管理者）',
    access: ADMIN,
    params: ZDriverIdParams,
    query: ZPaginationQuery,
    response: ZTransactionHistory,
  }),
  driverSubAccounts: def({
    method: 'GET',
    path: '/drivers/:driverId/sub-accounts',
    summary: 'ドライバー管理者の子アカウント一覧（管理者）',
    access: ADMIN,
    params: ZDriverIdParams,
    query: ZDriverListQuery,
    response: ZDriverList,
  }),
  deliveries: def({
    method: 'GET',
    path: '/request-items/delivery',
    summary: '配送依頼一覧: 一覧の列の分だけ（合意金額つき）（管理者）',
    access: ADMIN,
    query: ZAdminDeliveryListQuery,
    response: ZAdminRequestList,
  }),
  warehouses: def({
    method: 'GET',
    path: '/request-items/warehouse',
    summary: '倉庫依頼一覧: 一覧の列の分だけ（合意金額つき）（管理者）',
    access: ADMIN,
    query: ZAdminWarehouseListQuery,
    response: ZAdminRequestList,
  }),
  overview: def({
    method: 'GET',
    path: '/admin/overview',
    summary: '運営の概況: 今週・今月の件数、成約金額、30日間の推移（管理者）',
    access: ADMIN,
    response: ZAdminOverview,
  }),
  auditLog: def({
    method: 'GET',
    path: '/admin/audit-log',
    summary: '管理操作の記録（追記のみ。変更・削除の手段はない）（管理者）',
    access: ADMIN,
    query: ZAuditLogQuery,
    response: ZAuditLog,
  }),
} as const;

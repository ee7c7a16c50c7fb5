/** The admin dashboard area. The router lazy-loads this module as one chunk. */
export { DashboardLayout } from './dashboard-layout';
export { CustomerDetailPage, CustomersPage, DriverDetailPage, DriversPage } from './accounts/account-pages';
export {
  DeliveriesPage,
  DeliveryDetailPage,
  type DeliveryRecords,
  WarehouseDetailPage,
  WarehousesPage,
} from './requests/request-pages';
export {
  DashboardNotificationCreatePage,
  DashboardNotificationDetailPage,
  DashboardNotificationsPage,
} from './notifications/notification-pages';
export { AuditLogPage } from './audit-trail';
export { FuelPricesPage } from './fuel-prices/fuel-prices-page';
export { JobsPage } from './jobs-page';
export { CarrierVerificationDetailPage, CarrierVerificationsPage } from './carrier-verifications/verification-pages';
export { AdminReviewsPage } from './reviews/review-pages';

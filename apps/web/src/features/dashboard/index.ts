/** The admin dashboard area. The router lazy-loads this module as one chunk. */
export { DashboardLayout } from './dashboard-layout';
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const DashboardSettingsPage = ComingSoonPage;
export const DeliveriesPage = ComingSoonPage;
export const DeliveryDetailPage = ComingSoonPage;
export const WarehousesPage = ComingSoonPage;
export const WarehouseDetailPage = ComingSoonPage;
export const DriversPage = ComingSoonPage;
export const DriverDetailPage = ComingSoonPage;
export const CustomersPage = ComingSoonPage;
export const CustomerDetailPage = ComingSoonPage;
export const DashboardNotificationsPage = ComingSoonPage;
export const DashboardNotificationCreatePage = ComingSoonPage;
export const DashboardNotificationDetailPage = ComingSoonPage;

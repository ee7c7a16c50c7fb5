/** The notifications area. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const NotificationsPage = ComingSoonPage;
export const NotificationDetailPage = ComingSoonPage;

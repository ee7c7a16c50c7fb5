/** The notifications area (/notifications, /notifications/detail/:id). The router lazy-loads this module as one chunk. */
export { NotificationsPage } from './notifications-page';
export { NotificationDetailPage } from './notification-detail-page';

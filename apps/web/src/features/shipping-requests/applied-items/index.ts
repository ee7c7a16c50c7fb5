/** The carrier's requests and the delivery report (/shipping-requests/applied-items/…). The router lazy-loads this module as one chunk. */
export { AppliedItemsPage } from './applied-items-page';
export { AppliedItemDetailPage } from './applied-item-detail-page';
export { DeliveryReportPage } from './delivery-report-page';

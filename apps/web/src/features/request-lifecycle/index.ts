/** The carrier's delivery report (/shipping-requests/applied-items/detail/{id}/report). The router lazy-loads this module as one chunk. */
export { DeliveryReportPage } from './delivery-report-page';

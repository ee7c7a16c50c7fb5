/** The carrier's requests and the delivery report (/shipping-requests/applied-items/…). The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../../components/ui/coming-soon';

export const AppliedItemsPage = ComingSoonPage;
export const AppliedItemDetailPage = ComingSoonPage;
export const DeliveryReportPage = ComingSoonPage;

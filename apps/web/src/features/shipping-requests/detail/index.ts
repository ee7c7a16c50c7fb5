/** One request as a carrier sees it: detail, price estimation and the applied page (/shipping-requests/detail/{id}, /applied/{type}). The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../../components/ui/coming-soon';

export const RequestDetailPage = ComingSoonPage;
export const PriceEstimationPage = ComingSoonPage;
export const AppliedPage = ComingSoonPage;

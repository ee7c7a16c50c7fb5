/** One request as a carrier sees it: detail, price estimation and the applied page (/shipping-requests/detail/{id}, /applied/{type}). The router lazy-loads this module as one chunk. */
import { lazyPage } from '../../../components/ui/lazy-page';

export { RequestDetailPage } from './request-detail-page';
export { AppliedPage } from './applied-page';
// The form loads only when a carrier opens the bid page.
export const PriceEstimationPage = lazyPage(() => import('./price-estimation-page'), 'PriceEstimationPage');

/** Finding requests: the results list and the filter page (/shipping-requests/results, /filter). The router lazy-loads this module as one chunk. */
import { lazyPage } from '../../../components/ui/lazy-page';

export { ResultsPage } from './results-page';
// The form (date picker, selects) loads only when the filter page opens.
export const FilterPage = lazyPage(() => import('./filter-page'), 'FilterPage');

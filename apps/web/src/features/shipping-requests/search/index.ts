/** Finding requests: the results list and the filter page (/shipping-requests/results, /filter). The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../../components/ui/coming-soon';

export const ResultsPage = ComingSoonPage;
export const FilterPage = ComingSoonPage;

/** Posting a delivery or warehouse request (/shipping-requests/create, /create/success). The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../../components/ui/coming-soon';

export const CreateRequestPage = ComingSoonPage;
export const CreateRequestSuccessPage = ComingSoonPage;

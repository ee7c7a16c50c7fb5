/** The customer's requests and their candidates (/shipping-requests/my-items/…). The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../../components/ui/coming-soon';

export const MyItemsPage = ComingSoonPage;
export const MyItemDetailPage = ComingSoonPage;
export const CandidatesPage = ComingSoonPage;
export const CandidateDetailPage = ComingSoonPage;
export const CandidatesApprovedPage = ComingSoonPage;

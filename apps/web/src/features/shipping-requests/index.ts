/** The shipping-requests area: search, detail, talkrooms, create, my items, candidates, applied items. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const ResultsPage = ComingSoonPage;
export const FilterPage = ComingSoonPage;
export const RequestDetailPage = ComingSoonPage;
export const PriceEstimationPage = ComingSoonPage;
export const TalkroomPage = ComingSoonPage;
export const TalkroomMessagesPage = ComingSoonPage;
export const CreateRequestPage = ComingSoonPage;
export const CreateRequestSuccessPage = ComingSoonPage;
export const MyItemsPage = ComingSoonPage;
export const MyItemDetailPage = ComingSoonPage;
export const CandidatesPage = ComingSoonPage;
export const CandidateDetailPage = ComingSoonPage;
export const CandidatesApprovedPage = ComingSoonPage;
export const AppliedItemsPage = ComingSoonPage;
export const AppliedItemDetailPage = ComingSoonPage;
export const DeliveryReportPage = ComingSoonPage;
export const AppliedPage = ComingSoonPage;

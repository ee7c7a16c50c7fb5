/** The customer's requests and their candidates (/shipping-requests/my-items/…). The router lazy-loads this module as one chunk. */
export { MyItemsPage } from './my-items-page';
export { MyItemDetailPage } from './my-item-detail-page';
export { CandidatesPage, CandidateDetailPage, CandidatesApprovedPage } from './candidates-pages';

/** A customer's request's candidates: the list, one candidate, the page after approval (…/my-items/detail/{id}/candidates/…). The router lazy-loads this module as one chunk. */
export { CandidatesPage, CandidateDetailPage, CandidatesApprovedPage } from './candidates-pages';

/** Reviews and a carrier's profile (decision 105): app/ puts the panel into both parties' job details. */
export { ReviewPanel } from './review-panel';
export { CarrierProfilePage } from './carrier-profile-page';

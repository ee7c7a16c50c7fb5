/** Posting a delivery or warehouse request (/shipping-requests/create, /create/success). The router lazy-loads this module as one chunk. */
export { CreateRequestPage } from './create-request-page';
export { CreateRequestSuccessPage } from './create-request-success-page';

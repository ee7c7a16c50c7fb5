/** A job's invoice (/shipping-requests/{my-items,applied-items}/detail/{id}/invoice). The router lazy-loads this module as one chunk. */
export { InvoicePage } from './invoice-page';

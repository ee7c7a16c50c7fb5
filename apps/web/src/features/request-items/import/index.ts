/** The CSV import of delivery requests (/shipping-requests/import). The router lazy-loads this module as one chunk. */
export { DeliveryImportPage } from './delivery-import-page';

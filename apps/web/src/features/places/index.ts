/** The shipper's 住所録 (/my-page/places). The router lazy-loads this module as one chunk. */
export { PlacesPage } from './places-page';

/**
 * The carrier's requests (/shipping-requests/applied-items/…). The router lazy-loads this module as one chunk;
 * the detail page takes the stop-times panel from app/applied-item-detail.tsx (a feature never imports another).
 */
export { AppliedItemsPage } from './applied-items-page';
export { AppliedItemDetailPage } from './applied-item-detail-page';

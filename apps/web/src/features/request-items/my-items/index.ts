/**
 * The customer's requests (/shipping-requests/my-items/…). The router lazy-loads this module as one chunk;
 * the detail page takes the stop-times panel from app/my-item-detail.tsx (a feature never imports another).
 */
export { MyItemsPage } from './my-items-page';
export { MyItemDetailPage } from './my-item-detail-page';

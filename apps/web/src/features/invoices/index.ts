/** The invoices: a job's (/shipping-requests/{my-items,applied-items}/detail/{id}/invoice) and the lists (/my-page/invoices, /dashboard/invoices). The router lazy-loads this module as one chunk. */
export { InvoiceDocumentPage, InvoicePage } from './invoice-page';
export { AdminInvoiceListPage, InvoiceListPage } from './invoice-list-page';

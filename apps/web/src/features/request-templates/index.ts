/** /my-page/templates: the shipper's templates and scheduled requests (定期便, decision 107). The router lazy-loads this module as one chunk. */
export { TemplatesPage } from './templates-page';

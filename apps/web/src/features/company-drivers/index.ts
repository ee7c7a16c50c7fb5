/** A driver manager's drivers (/manager/drivers). The router lazy-loads this module as one chunk. */
export { ManagerDriversPage } from './drivers-page';

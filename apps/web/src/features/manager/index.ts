/** A driver manager's drivers (/manager/drivers). The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const ManagerDriversPage = ComingSoonPage;

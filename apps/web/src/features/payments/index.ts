/** The payments area: verify, update, request-update. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const PaymentVerifyPage = ComingSoonPage;
export const PaymentUpdatePage = ComingSoonPage;
export const PaymentRequestUpdatePage = ComingSoonPage;

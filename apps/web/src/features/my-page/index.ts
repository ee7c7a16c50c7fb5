/** The my-page area: profile, e-mail, password, credit card. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export { AccountSettingsPage, MyPage, ProfilePage, UpdateEmailPage, UpdatePasswordPage } from './my-page';
// The credit card belongs to the payments work.
export const CreditCardPage = ComingSoonPage;

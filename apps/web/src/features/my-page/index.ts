/** The my-page area: profile, e-mail, password, credit card. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const MyPage = ComingSoonPage;
export const ProfilePage = ComingSoonPage;
export const UpdateEmailPage = ComingSoonPage;
export const UpdatePasswordPage = ComingSoonPage;
export const CreditCardPage = ComingSoonPage;

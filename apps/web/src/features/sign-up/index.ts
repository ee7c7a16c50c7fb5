/** The sign-up area and the started guide. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const SignUpPage = ComingSoonPage;
export const SignUpEmailSentPage = ComingSoonPage;
export const SignUpVerifyEmailPage = ComingSoonPage;
export const SignUpRolePage = ComingSoonPage;
export const CustomerSignUpPage = ComingSoonPage;
export const CustomerSignUpSucceedPage = ComingSoonPage;
export const DriverManagerSignUpPage = ComingSoonPage;
export const DriverManagerPaymentPage = ComingSoonPage;
export const DriverManagerSignUpSucceedPage = ComingSoonPage;
export const DriverSignUpPage = ComingSoonPage;
export const DriverSignUpSucceedPage = ComingSoonPage;
export const StartedGuidePage = ComingSoonPage;

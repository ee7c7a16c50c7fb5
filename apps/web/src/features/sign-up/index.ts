/** The sign-up area and the started guide. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export { SignUpPage, SignUpEmailSentPage } from './sign-up-start-page';
export { SignUpVerifyEmailPage, SignUpRolePage } from './verify-pages';
export { CustomerSignUpPage, DriverManagerSignUpPage, DriverSignUpPage } from './register-pages';
export {
  CustomerSignUpSucceedPage,
  DriverManagerSignUpSucceedPage,
  DriverSignUpSucceedPage,
  StartedGuidePage,
} from './succeed-pages';
// The payment step belongs to the payments work.
export const DriverManagerPaymentPage = ComingSoonPage;

/** The auth area: sign-in, forgot and reset password, e-mail update. The router lazy-loads this module as one chunk. */
import { ComingSoonPage } from '../../components/ui/coming-soon';

export const SignInPage = ComingSoonPage;
export const ForgotPasswordPage = ComingSoonPage;
export const ResetPasswordPage = ComingSoonPage;
export const VerifyEmailUpdatePage = ComingSoonPage;
export const EmailSentPage = ComingSoonPage;

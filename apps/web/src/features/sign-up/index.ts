/** The sign-up area and the started guide. The router lazy-loads this module as one chunk. */
export { SignUpPage, SignUpEmailSentPage } from './sign-up-start-page';
export { SignUpVerifyEmailPage, SignUpRolePage } from './verify-pages';
export { CustomerSignUpPage, DriverManagerSignUpPage, DriverSignUpPage } from './register-pages';
export { CustomerSignUpSucceedPage, DriverSignUpSucceedPage, StartedGuidePage } from './succeed-pages';

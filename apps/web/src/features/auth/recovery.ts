/** The auth area's other pages: forgot and reset password, e-mail update, e-mail sent. One lazy chunk. */
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { VerifyEmailUpdatePage } from './verify-email-update-page';
export { EmailSentPage } from './email-sent-page';

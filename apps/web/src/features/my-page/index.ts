/** The my-page area: profile, e-mail, password, the carrier's verification (the credit card is in the payments area). The router lazy-loads this module as one chunk. */
export { AccountSettingsPage, MyPage, ProfilePage, UpdateEmailPage, UpdatePasswordPage } from './my-page';
export { CarrierVerificationPage } from './verification-page';

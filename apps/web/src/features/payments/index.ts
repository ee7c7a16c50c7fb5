/** The payments area: the sign-up payment step, the credit-card page, card updates. The router lazy-loads this module as one chunk. */
export { SignUpPaymentPage, SignUpPaymentSucceedPage } from './sign-up-payment-pages';
export { CreditCardPage } from './credit-card-page';
export { PaymentRequestUpdatePage, PaymentUpdatePage, PaymentVerifyPage } from './update-pages';

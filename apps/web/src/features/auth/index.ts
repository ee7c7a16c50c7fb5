/**
 * The sign-in pages. The router lazy-loads this module as one chunk; it is the
 * first load of /sign-in, kept within the 150 kB budget (docs/decisions/012), so the
 * rarer account-recovery pages live in their own chunk (./recovery.ts).
 */
export { SignInPage } from './sign-in-page';

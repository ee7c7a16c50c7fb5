/** What happens after a successful login: where the user goes (spec §2, decision 012). */
import { type TLoginResult, type TSignInRole } from '@logi/contract';
import { ROLE_SLUGS, type TRoleSlug } from '../../texts/sign-in';
import { HOME_BY_ROLE, pendingPaymentPath } from '../../lib/landing-paths';

/** The role of a /sign-in/{slug} page; undefined for an unknown slug. */
export function roleOfSlug(slug: string | undefined): TSignInRole | undefined {
  return slug && Object.hasOwn(ROLE_SLUGS, slug) ? ROLE_SLUGS[slug as TRoleSlug] : undefined;
}

/** The slug of a role's sign-in and forgot-password pages. */
export function slugOfRole(role: string | null | undefined): TRoleSlug | undefined {
  return (Object.keys(ROLE_SLUGS) as TRoleSlug[]).find((slug) => ROLE_SLUGS[slug] === role);
}

/** A pending payment goes to its payment page first (sign-up step or /payments/update); otherwise the role's landing page. */
export function landingAfterSignIn(result: Pick<TLoginResult, 'user'>): string {
  return pendingPaymentPath(result.user) ?? HOME_BY_ROLE[result.user.activeRole];
}

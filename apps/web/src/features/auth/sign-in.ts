/** What happens after a successful login: where the user goes (spec §2, decision 012). */
import { ROLE_SLUGS, type TLoginResult, type TRoleSlug, type TSignInRole } from '@logi/contract';
import { HOME_BY_ROLE } from '../../app/route-access';

/** The role of a /sign-in/{slug} page; undefined for an unknown slug. */
export function roleOfSlug(slug: string | undefined): TSignInRole | undefined {
  return slug && Object.hasOwn(ROLE_SLUGS, slug) ? ROLE_SLUGS[slug as TRoleSlug] : undefined;
}

/** The slug of a role's sign-in and forgot-password pages. */
export function slugOfRole(role: string | null | undefined): TRoleSlug | undefined {
  return (Object.keys(ROLE_SLUGS) as TRoleSlug[]).find((slug) => ROLE_SLUGS[slug] === role);
}

/** A pending payment intent goes to /payments/update first; otherwise the role's landing page. */
export function landingAfterSignIn(result: Pick<TLoginResult, 'user'>): string {
  const { intentCode, activeRole } = result.user;
  if (intentCode) return `/payments/update?${new URLSearchParams({ intentCode }).toString()}`;
  return HOME_BY_ROLE[activeRole];
}

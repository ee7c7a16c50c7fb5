/**
 * The route guard of spec §2 as a pure decision: given a location and the auth
 * state, stay or go elsewhere. The router runs it before every navigation and
 * again whenever the auth state changes. It is convenience only: the server
 * authorizes every call.
 */
import { SIGN_IN_ROLES, type TRole } from '@logi/contract';
import { matchPath } from 'react-router';
import { pendingPaymentPath } from '../lib/landing-paths';
import { PARAM_VALUES, PUBLIC_ROUTES, ROUTES_BY_ROLE, UNGUARDED_ROUTES } from './route-access';

export interface GuardAuth {
  isSignedIn: boolean;
  role: TRole;
  intentCode: string | null;
  /** The account has had a subscription: its pending intent is a lapse, not the first payment. */
  hasSubscribed: boolean;
}

export type GuardOutcome = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: GuardOutcome = { kind: 'allow' };
const redirect = (to: string): GuardOutcome => ({ kind: 'redirect', to });

function matches(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => {
    const match = matchPath({ path: pattern, end: true }, pathname);
    if (!match) return false;
    return Object.entries(match.params).every(([name, value]) => !PARAM_VALUES[name] || PARAM_VALUES[name].includes(value ?? ''));
  });
}

export const isPublicPath = (pathname: string) => matches(PUBLIC_ROUTES, pathname);
export const isGuestOnlyPath = (pathname: string) => matches(ROUTES_BY_ROLE.GUEST, pathname);
export const isAllowedFor = (role: TRole, pathname: string) => isPublicPath(pathname) || matches(ROUTES_BY_ROLE[role], pathname);
const isAllowedForSomeone = (pathname: string) =>
  isPublicPath(pathname) || isGuestOnlyPath(pathname) || SIGN_IN_ROLES.some((role) => matches(ROUTES_BY_ROLE[role], pathname));

/** The sign-in page for a path: the admin one for the dashboard tree. */
export function signInPathFor(pathname: string): string {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? '/sign-in/admin' : '/sign-in';
}

const MY_PAGE = /^\/my-page(\/|$)/;

/** Decides where a user may be; see spec §2 "Route guard". */
export function decideRoute(pathname: string, auth: GuardAuth): GuardOutcome {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((UNGUARDED_ROUTES as readonly string[]).includes(path)) return allow;
  if (!isAllowedForSomeone(path)) return redirect('/not-found');
  if (auth.isSignedIn && isGuestOnlyPath(path)) return redirect('/conflict');
  const payment = auth.isSignedIn ? pendingPaymentPath(auth) : null;
  if (payment && !isPublicPath(path) && !MY_PAGE.test(path)) return redirect(payment);
  const role: TRole = auth.isSignedIn ? auth.role : 'GUEST';
  if (isAllowedFor(role, path)) return allow;
  // Another role's page: a guest is asked to sign in; a signed-in user learns nothing about it.
  return auth.isSignedIn ? redirect('/not-found') : redirect(signInPathFor(path));
}

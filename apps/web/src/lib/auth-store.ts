/**
 * The signed-in state of spec §3/§4/§9: tokens, user and role flags, persisted in
 * the `auth-store` cookie (path /, Secure, SameSite=Strict, 14 days). Signed out,
 * the user is the default GUEST. A tiny external store read with
 * useSyncExternalStore: no store library is needed for one object.
 */
import { AUTH_COOKIE, Role, type TLoginResult, type TRole, type TSessionUser, ZSessionUser } from '@logi/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readCookie, writeCookie } from './cookies';

export { AUTH_COOKIE };
export const AUTH_COOKIE_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/**
 * The user as the store keeps it: the session user without `company`, which is
 * server state (GET /auth/session) and would swell the cookie past its 4 KB limit.
 * Built on first use, as the contract's schemas are (decision 077).
 */
export const ZAuthUser = z.lazy(() =>
  ZSessionUser.unwrap()
    .omit({ company: true })
    // A cookie written before the field existed: the routing it had (a pending intent → /payments/update)
    // until the page's session check brings the account's own answer.
    .extend({ hasSubscribed: z.boolean().default(true) }),
);
export type TAuthUser = z.infer<typeof ZAuthUser>;

const EPOCH = '1970-01-01T00:00:00.000Z';

/** The signed-out user: the single role GUEST (spec §4). */
export const GUEST_USER: Readonly<TAuthUser> = {
  id: '',
  email: '',
  name: '',
  firstName: null,
  lastName: null,
  firstNameKana: null,
  lastNameKana: null,
  companyId: null,
  parentId: null,
  intentCode: null,
  hasSubscribed: false,
  phone: null,
  note: null,
  status: 'ACTIVE',
  activeRole: 'GUEST',
  roles: [
    { role: 'GUEST', description: Role.labels.GUEST, emailVerified: false, createdAt: EPOCH, updatedAt: EPOCH, deletedAt: null },
  ],
};

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  user: TAuthUser;
  /** True until the persisted state has been restored (spec §4). */
  loading: boolean;
  /** Signed in with a token and a role other than GUEST. */
  isSignedIn: boolean;
  isAdmin: boolean;
  isDriver: boolean;
  isDriverManager: boolean;
  isCustomer: boolean;
  /** The role the session acts as: GUEST when signed out. */
  role: TRole;
}

/** What the cookie holds; flags and loading are derived, not stored. Built on first use (decision 077). */
const ZPersisted = z.lazy(() =>
  z.object({
    accessToken: z.string().nullable(),
    refreshToken: z.string().nullable(),
    user: ZAuthUser,
  }),
);
type Persisted = z.infer<typeof ZPersisted>;

/**
 * The role flags follow the role the session signed in with (`activeRole`, one
 * of `roles`): an account holding CUSTOMER and DRIVER_MANAGER acts as one of them
 * per session, as its access token does (docs/decisions/012-web-shell-auth-and-guard.md).
 */
function derive(p: Persisted, loading: boolean): AuthState {
  const signedIn = p.accessToken !== null && p.user.activeRole !== 'GUEST';
  const role: TRole = signedIn ? p.user.activeRole : 'GUEST';
  return {
    ...p,
    loading,
    isSignedIn: signedIn,
    role,
    isAdmin: role === 'ADMIN',
    isDriver: role === 'DRIVER',
    isDriverManager: role === 'DRIVER_MANAGER',
    isCustomer: role === 'CUSTOMER',
  };
}

const signedOut = (): Persisted => ({ accessToken: null, refreshToken: null, user: GUEST_USER });

function stripCompany(user: TSessionUser | TAuthUser): TAuthUser {
  const { company: _company, ...rest } = user as TSessionUser;
  return ZAuthUser.parse(rest);
}

/** What a value of the cookie holds; null for none, or one that is not the store's. */
function readPersisted(raw: string | null | undefined): Persisted | null {
  if (!raw) return null;
  try {
    const parsed = ZPersisted.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON
  }
}

export function createAuthStore() {
  let state = derive(signedOut(), true);
  const listeners = new Set<() => void>();

  function set(next: Persisted, persist = true) {
    state = derive(next, false);
    if (persist) {
      writeCookie(AUTH_COOKIE, JSON.stringify(next), {
        path: '/',
        maxAgeSeconds: AUTH_COOKIE_MAX_AGE_SECONDS,
        secure: true,
        sameSite: 'Strict',
      });
    }
    for (const listener of listeners) listener();
  }

  const persisted = (): Persisted => ({ accessToken: state.accessToken, refreshToken: state.refreshToken, user: state.user });
  /** Whether the store already holds `p`: then setting it would only re-render every reader. */
  const holds = (p: Persisted) =>
    p.accessToken === state.accessToken &&
    p.refreshToken === state.refreshToken &&
    JSON.stringify(p.user) === JSON.stringify(state.user);

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Reads the cookie (a missing or unreadable one means signed out) and clears `loading`.
     * `cookie`: the value to read instead, where there is no document (the server painting a
     * visitor's page, prerender.tsx); null means no cookie.
     */
    restore(cookie?: string | null): AuthState {
      const next = readPersisted(cookie === undefined ? readCookie(AUTH_COOKIE) : cookie) ?? signedOut();
      if (state.loading || !holds(next)) set(next, false);
      return state;
    },
    /**
     * Adopts a session another tab wrote to the cookie (it refreshed the tokens
     * first); returns whether the tokens changed. A cookie without a session is ignored.
     */
    adoptNewerSession(): boolean {
      const cookie = readPersisted(readCookie(AUTH_COOKIE));
      if (!cookie?.accessToken || cookie.accessToken === state.accessToken) return false;
      set(cookie, false);
      return true;
    },
    /** After login or a token refresh: tokens, user and role flags. */
    signIn(result: TLoginResult): void {
      set({ accessToken: result.accessToken, refreshToken: result.refreshToken, user: stripCompany(result.user) });
    },
    /**
     * A fresher copy of the user (GET /auth/session, PATCH /auth/profile). The same user again,
     * as every page's session check mostly brings, changes nothing: no cookie write, and no
     * synchronous re-render of every reader right after the page comes alive (issue 15).
     */
    setUser(user: TSessionUser | TAuthUser): void {
      const next = { ...persisted(), user: stripCompany(user) };
      if (!holds(next)) set(next);
    },
    /** Signing out resets to the default GUEST state. */
    signOut(): void {
      set(signedOut());
    },
    /** A pending payment intent (failed renewal, or a driver manager's sign-up before payment). */
    setIntentCode(intentCode: string): void {
      set({ ...persisted(), user: { ...state.user, intentCode } });
    },
    /** Paid: no pending intent, and the account has subscribed (a later lapse is not a first payment). */
    clearIntentCode(): void {
      set({ ...persisted(), user: { ...state.user, intentCode: null, hasSubscribed: true } });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** The app's one auth store. */
export const authStore = createAuthStore();

/** The auth state (or a slice of it); re-renders when it changes. */
export function useAuth(): AuthState;
export function useAuth<T>(select: (state: AuthState) => T): T;
export function useAuth<T>(select?: (state: AuthState) => T): T | AuthState {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
  return select ? select(state) : state;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../test/session-user';
import { AUTH_COOKIE, createAuthStore } from './auth-store';
import { readCookie } from './cookies';

/** What the page wrote to document.cookie (the attributes are invisible when reading it back). */
function recordCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

function clearCookies() {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

const login = (role: Parameters<typeof sessionUser>[0] = 'CUSTOMER', overrides = {}) => ({
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  user: sessionUser(role, overrides),
});

beforeEach(clearCookies);
afterEach(() => vi.restoreAllMocks());

describe('auth store', () => {
  it('starts loading as GUEST and clears loading after restoring an empty cookie jar', () => {
    const store = createAuthStore();
    expect(store.getState()).toMatchObject({ loading: true, isSignedIn: false, role: 'GUEST' });
    const state = store.restore();
    expect(state).toMatchObject({
      loading: false,
      accessToken: null,
      refreshToken: null,
      isSignedIn: false,
      isAdmin: false,
      isDriver: false,
      isDriverManager: false,
      isCustomer: false,
      role: 'GUEST',
    });
    expect(state.user.roles.map((r) => r.role)).toEqual(['GUEST']);
  });

  it('persists a sign-in in the auth-store cookie (path /, Secure, SameSite=Strict, 14 days) that a new page restores', () => {
    const writes = recordCookieWrites();
    const first = createAuthStore();
    first.restore();
    first.signIn(login('DRIVER_MANAGER'));

    const written = writes.at(-1)!;
    expect(written.startsWith(`${AUTH_COOKIE}=`)).toBe(true);
    expect(written.toLowerCase()).toContain('path=/');
    expect(written.toLowerCase()).toContain('secure');
    expect(written.toLowerCase()).toContain('samesite=strict');
    expect(written).toContain(`max-age=${14 * 24 * 60 * 60}`);

    // A reload: a fresh store reads the same cookie.
    const reloaded = createAuthStore().restore();
    expect(reloaded).toMatchObject({
      loading: false,
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      isSignedIn: true,
      isDriverManager: true,
      isCustomer: false,
      role: 'DRIVER_MANAGER',
    });
    expect(reloaded.user.name).toBe('山田 花子');
  });

  it('keeps the user slim (no company) so that the cookie stays well under 4 KB', () => {
    const store = createAuthStore();
    store.signIn(login('CUSTOMER', { note: 'あ'.repeat(100) }));
    expect(store.getState().user).not.toHaveProperty('company');
    const raw = document.cookie.split('; ').find((c) => c.startsWith(`${AUTH_COOKIE}=`))!;
    expect(raw.length).toBeLessThan(4096);
  });

  it('derives one role flag from the role the session signed in with', () => {
    const store = createAuthStore();
    const both = sessionUser('CUSTOMER');
    both.roles.push({ ...both.roles[0]!, role: 'DRIVER_MANAGER' });
    store.signIn({ ...login(), user: both });
    expect(store.getState()).toMatchObject({ isCustomer: true, isDriverManager: false, isAdmin: false, isDriver: false });
    store.signIn(login('ADMIN'));
    expect(store.getState()).toMatchObject({ isAdmin: true, isCustomer: false });
    store.signIn(login('DRIVER'));
    expect(store.getState()).toMatchObject({ isDriver: true, isAdmin: false });
  });

  it('resets to GUEST on sign-out, in memory and in the cookie', () => {
    const store = createAuthStore();
    store.signIn(login());
    store.signOut();
    expect(store.getState()).toMatchObject({ accessToken: null, refreshToken: null, isSignedIn: false, role: 'GUEST' });
    expect(createAuthStore().restore()).toMatchObject({ isSignedIn: false, accessToken: null });
  });

  it('sets and clears the intent code, and keeps it across a reload', () => {
    const store = createAuthStore();
    store.signIn(login('DRIVER_MANAGER'));
    store.setIntentCode('pi_123');
    expect(store.getState().user.intentCode).toBe('pi_123');
    expect(createAuthStore().restore().user.intentCode).toBe('pi_123');
    store.clearIntentCode();
    expect(store.getState().user.intentCode).toBeNull();
    expect(createAuthStore().restore().user.intentCode).toBeNull();
    // Cleared by a payment: the account has subscribed.
    expect(store.getState().user.hasSubscribed).toBe(true);
  });

  it('reads a cookie written before hasSubscribed with the routing it had (a lapse) until the session answers', () => {
    const { company: _company, hasSubscribed: _hasSubscribed, ...user } = sessionUser('DRIVER_MANAGER', { intentCode: 'pi_1' });
    document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(JSON.stringify({ accessToken: 'a', refreshToken: 'r', user }))}; path=/`;
    expect(createAuthStore().restore()).toMatchObject({ isSignedIn: true, user: { intentCode: 'pi_1', hasSubscribed: true } });
  });

  it('treats an unreadable or foreign cookie as signed out', () => {
    document.cookie = `${AUTH_COOKIE}=${encodeURIComponent('{"accessToken":42}')}; path=/`;
    expect(createAuthStore().restore()).toMatchObject({ isSignedIn: false, loading: false });
    document.cookie = `${AUTH_COOKIE}=not-json; path=/`;
    expect(createAuthStore().restore()).toMatchObject({ isSignedIn: false, loading: false });
  });

  it('tells subscribers about every change', () => {
    const store = createAuthStore();
    const seen: boolean[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().isSignedIn));
    store.signIn(login());
    store.signOut();
    unsubscribe();
    store.signIn(login());
    expect(seen).toEqual([true, false]);
  });

  it('changes nothing when the session brings the same user again, and tells subscribers when it does not', () => {
    const store = createAuthStore();
    const signedIn = login('CUSTOMER');
    store.signIn(signedIn);
    const writes = recordCookieWrites();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().user.name));

    store.setUser(signedIn.user);
    expect(seen).toEqual([]);
    expect(writes).toEqual([]);

    store.setUser({ ...signedIn.user, name: '佐藤 次郎' });
    expect(seen).toEqual(['佐藤 次郎']);
    expect(writes).toHaveLength(1);
    expect(createAuthStore().restore().user.name).toBe('佐藤 次郎');
  });

  it('adopts tokens another tab wrote, but never a signed-out cookie', () => {
    const tab = createAuthStore();
    tab.signIn(login());
    const other = createAuthStore();
    other.signIn({ ...login(), accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(tab.adoptNewerSession()).toBe(true);
    expect(tab.getState().accessToken).toBe('access-2');
    clearCookies();
    expect(tab.adoptNewerSession()).toBe(false);
    expect(tab.getState().accessToken).toBe('access-2');
    expect(readCookie(AUTH_COOKIE)).toBeUndefined();
  });
});

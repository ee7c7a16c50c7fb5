import { describe, expect, it } from 'vitest';
import { landingAfterSignIn, roleOfSlug, slugOfRole } from './sign-in';

const result = (
  activeRole: 'ADMIN' | 'DRIVER' | 'DRIVER_MANAGER' | 'CUSTOMER',
  intentCode: string | null = null,
  hasSubscribed = true,
) => ({ user: { activeRole, intentCode, hasSubscribed } }) as unknown as Parameters<typeof landingAfterSignIn>[0];

describe('the /sign-in/{slug} pages', () => {
  it.each([
    ['driver', 'DRIVER'],
    ['driver-manager', 'DRIVER_MANAGER'],
    ['customer', 'CUSTOMER'],
    ['admin', 'ADMIN'],
  ] as const)('%s signs in as %s, and back', (slug, role) => {
    expect(roleOfSlug(slug)).toBe(role);
    expect(slugOfRole(role)).toBe(slug);
  });

  it.each([undefined, '', 'guest', 'toString', '__proto__', 'Customer'])('knows no role for %s', (slug) => {
    expect(roleOfSlug(slug)).toBeUndefined();
  });
});

describe('where a user lands after signing in', () => {
  it.each([
    ['ADMIN', '/dashboard'],
    ['CUSTOMER', '/shipping-requests/my-items'],
    ['DRIVER', '/'],
    ['DRIVER_MANAGER', '/'],
  ] as const)('%s → %s', (role, path) => {
    expect(landingAfterSignIn(result(role))).toBe(path);
  });

  it('a lapsed payment goes to the payment update page first', () => {
    expect(landingAfterSignIn(result('DRIVER_MANAGER', 'pi_1 2&x'))).toBe('/payments/update?intentCode=pi_1+2%26x');
  });

  it('a company that never paid goes to the sign-up payment step', () => {
    expect(landingAfterSignIn(result('DRIVER_MANAGER', 'pi_1', false))).toBe('/sign-up/driver-manager/payment?intentCode=pi_1');
  });
});

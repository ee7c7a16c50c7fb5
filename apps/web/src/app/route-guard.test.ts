/**
 * The route guard of spec §2 against every route of spec §2, for every role,
 * with and without a pending payment intent. The expected outcome of each row
 * follows from the spec's lists below (typed from the spec, not from
 * route-access.ts, so a wrong entry there fails here).
 */
import type { TRole } from '@logi/contract';
import { describe, expect, it } from 'vitest';
import { type GuardAuth, decideRoute } from './route-guard';

type Who = TRole;
const D = 'DRIVER';
const DM = 'DRIVER_MANAGER';
const C = 'CUSTOMER';
const A = 'ADMIN';

/** Spec §2 "Shared public". */
const PUBLIC = [
  '/',
  '/shipping-requests/results',
  '/shipping-requests/filter',
  '/shipping-requests/detail/0190a1b2-0000-7000-8000-000000000001',
  '/sign-up/driver-manager/payment',
  '/sign-up/driver-manager/succeed',
  '/payments/verify',
  '/payments/update',
  '/verify-email-update',
];

/** Spec §2 guest pages: started-guide, sign-in, sign-up, email-sent, forgot-password and reset-password. */
const GUEST_ONLY = [
  '/started-guide',
  '/sign-in',
  '/sign-in/driver',
  '/sign-in/driver-manager',
  '/sign-in/customer',
  '/sign-in/admin',
  '/sign-up',
  '/sign-up/email-sent',
  '/sign-up/role',
  '/sign-up/verify-email',
  '/sign-up/driver',
  '/sign-up/driver/succeed',
  '/sign-up/driver-manager',
  '/sign-up/customer',
  '/sign-up/customer/succeed',
  '/email-sent',
  '/forgot-password',
  '/forgot-password/driver',
  '/forgot-password/driver-manager',
  '/forgot-password/customer',
  '/forgot-password/reset-password',
];

const item = '/shipping-requests/my-items/detail/r1';
/** Pages a set of roles may open (spec §2 "Allowed routes per role"). */
const RESTRICTED: [string, Who[]][] = [
  // shared logged-in
  ['/my-page', [D, DM, C]],
  ['/my-page/profile', [D, DM, C]],
  ['/my-page/update-email', [D, DM, C]],
  ['/my-page/update-password', [D, DM, C]],
  // the kept invoices (issue 46 item 5): a carrier's or a shipper's own
  ['/my-page/invoices', [D, DM, C]],
  ['/my-page/invoices/i1', [D, DM, C]],
  // the shipper's 住所録 and CSV import (issue 49, decision 106)
  ['/my-page/places', [C]],
  ['/shipping-requests/import', [C]],
  ['/my-page/templates', [C]],
  ['/notifications', [D, DM, C]],
  ['/notifications/detail/n1', [D, DM, C]],
  ['/shipping-requests/detail/r1/talkrooms/t1', [D, DM, C]],
  ['/shipping-requests/detail/r1/talkrooms/t1/messages', [D, DM, C]],
  // driver (and so driver manager)
  ['/shipping-requests/applied-items', [D, DM]],
  ['/shipping-requests/applied-items/detail/r1', [D, DM]],
  ['/shipping-requests/detail/r1/price-estimation', [D, DM]],
  ['/shipping-requests/applied/delivery', [D, DM]],
  ['/shipping-requests/applied/warehouse', [D, DM]],
  // the report: the driver writes it, the customer reads it
  ['/shipping-requests/applied-items/detail/r1/report', [D, DM, C]],
  // a completed job's invoice (issue 46): the carrier's side and the shipper's
  ['/shipping-requests/applied-items/detail/r1/invoice', [D, DM]],
  [`${item}/invoice`, [C]],
  // driver manager only
  ['/manager/drivers', [DM]],
  ['/payments/request-update', [DM]],
  ['/my-page/credit-card', [DM]],
  // customer
  ['/shipping-requests/create', [C]],
  ['/shipping-requests/create/success', [C]],
  ['/shipping-requests/my-items', [C]],
  [item, [C]],
  [`${item}/candidates`, [C]],
  [`${item}/candidates/detail/c1`, [C]],
  [`${item}/candidates/approved`, [C]],
  [`${item}/candidates/delivery`, [C]],
  [`${item}/candidates/delivery/detail/c1`, [C]],
  [`${item}/candidates/delivery/approved`, [C]],
  [`${item}/candidates/warehouse`, [C]],
  [`${item}/candidates/warehouse/detail/c1`, [C]],
  [`${item}/candidates/warehouse/approved`, [C]],
  // admin: the dashboard tree (tabs of a detail page are path segments)
  ...(
    [
      '/dashboard',
      '/dashboard/settings',
      '/dashboard/deliveries',
      '/dashboard/deliveries/r1',
      '/dashboard/deliveries/r1/transports',
      '/dashboard/deliveries/r1/talkrooms',
      '/dashboard/deliveries/r1/delivery-confirmation',
      '/dashboard/warehouses',
      '/dashboard/warehouses/r1',
      '/dashboard/warehouses/r1/warehouse-info',
      '/dashboard/warehouses/r1/talkrooms',
      '/dashboard/drivers',
      '/dashboard/drivers/u1',
      '/dashboard/drivers/u1/sub-accounts',
      '/dashboard/drivers/u1/transaction-histories',
      '/dashboard/customers',
      '/dashboard/customers/u1',
      '/dashboard/customers/u1/transaction-histories',
      '/dashboard/notifications',
      '/dashboard/notifications/create',
      '/dashboard/notifications/n1',
      // ours: the background jobs (decision 101)
      '/dashboard/jobs',
      // ours: every invoice (issue 46 item 5)
      '/dashboard/invoices',
    ] as const
  ).map((path): [string, Who[]] => [path, [A]]),
];

/** Paths no role may open. */
const NOBODY = [
  '/no-such-page',
  '/shipping-requests',
  '/shipping-requests/applied/parcel',
  `${item}/candidates/parcel`,
  '/my-page/unknown',
  '/dashboard/drivers/u1/unknown-tab',
  '/manager',
];

const UNGUARDED = ['/conflict', '/not-found'];

const ROLES: Who[] = ['GUEST', A, D, DM, C];
const INTENT = 'pi_123';

const auth = (role: Who, intentCode: string | null = null, hasSubscribed = true): GuardAuth => ({
  isSignedIn: role !== 'GUEST',
  role,
  intentCode,
  hasSubscribed,
});
const signInFor = (path: string) => (path.startsWith('/dashboard') ? '/sign-in/admin' : '/sign-in');

/** Spec §2 "Route guard", applied to the lists above. */
function expected(role: Who, path: string, intentCode: string | null, hasSubscribed: boolean): string {
  if (UNGUARDED.includes(path)) return 'allow';
  if (NOBODY.includes(path)) return '/not-found';
  const signedIn = role !== 'GUEST';
  if (GUEST_ONLY.includes(path)) return signedIn ? '/conflict' : 'allow';
  if (PUBLIC.includes(path)) return 'allow';
  // A lapse is paid on /payments/update; a company that never paid subscribes on the sign-up payment step (decision 082).
  if (signedIn && intentCode && !path.startsWith('/my-page'))
    return `${hasSubscribed ? '/payments/update' : '/sign-up/driver-manager/payment'}?intentCode=${intentCode}`;
  const allowed = RESTRICTED.find(([p]) => p === path)?.[1] ?? [];
  if (allowed.includes(role)) return 'allow';
  return signedIn ? '/not-found' : signInFor(path);
}

const outcome = (path: string, a: GuardAuth) => {
  const result = decideRoute(path, a);
  return result.kind === 'allow' ? 'allow' : result.to;
};

const ALL_PATHS = [...UNGUARDED, ...NOBODY, ...PUBLIC, ...GUEST_ONLY, ...RESTRICTED.map(([p]) => p)];
const rows = ROLES.flatMap((role) =>
  [null, INTENT].flatMap((intentCode) =>
    [true, false].flatMap((hasSubscribed) => ALL_PATHS.map((path) => ({ role, path, intentCode, hasSubscribed }))),
  ),
);

describe('route guard: every route of spec §2 × every role × intent code × first payment or lapse', () => {
  it.each(rows)('$role $path intent=$intentCode subscribed=$hasSubscribed', ({ role, path, intentCode, hasSubscribed }) => {
    expect(outcome(path, auth(role, intentCode, hasSubscribed))).toBe(expected(role, path, intentCode, hasSubscribed));
  });
});

describe('route guard: the rules in words', () => {
  it('sends a signed-in user on a guest-only page to /conflict', () => {
    expect(outcome('/sign-in/customer', auth(C))).toBe('/conflict');
    expect(outcome('/sign-up', auth(A))).toBe('/conflict');
  });

  it('sends a signed-out visitor of a member page to /sign-in, and of the dashboard to the admin sign-in', () => {
    expect(outcome('/my-page', auth('GUEST'))).toBe('/sign-in');
    expect(outcome('/shipping-requests/create', auth('GUEST'))).toBe('/sign-in');
    expect(outcome('/dashboard/customers', auth('GUEST'))).toBe('/sign-in/admin');
  });

  it('sends a path allowed for nobody to /not-found, and another role’s page too', () => {
    expect(outcome('/nothing/here', auth('GUEST'))).toBe('/not-found');
    expect(outcome('/manager/drivers', auth(C))).toBe('/not-found');
    expect(outcome('/dashboard', auth(DM))).toBe('/not-found');
  });

  it('holds a user with a pending payment on /payments/update, except public pages and /my-page', () => {
    expect(outcome('/notifications', auth(DM, 'pi_9'))).toBe('/payments/update?intentCode=pi_9');
    expect(outcome('/manager/drivers', auth(DM, 'pi 9&x'))).toBe('/payments/update?intentCode=pi+9%26x');
    expect(outcome('/my-page/credit-card', auth(DM, 'pi_9'))).toBe('allow');
    expect(outcome('/payments/update', auth(DM, 'pi_9'))).toBe('allow');
    expect(outcome('/', auth(DM, 'pi_9'))).toBe('allow');
  });

  it('holds a company that never paid on the sign-up payment step (price, coupon), not on the lapse page', () => {
    expect(outcome('/shipping-requests/applied-items', auth(DM, 'pi_9', false))).toBe(
      '/sign-up/driver-manager/payment?intentCode=pi_9',
    );
    expect(outcome('/sign-up/driver-manager/payment', auth(DM, 'pi_9', false))).toBe('allow');
    expect(outcome('/my-page/credit-card', auth(DM, 'pi_9', false))).toBe('allow');
  });

  it('ignores an intent code while signed out', () => {
    expect(outcome('/sign-up/driver-manager/payment', auth('GUEST', 'pi_9'))).toBe('allow');
    expect(outcome('/sign-in', auth('GUEST', 'pi_9'))).toBe('allow');
  });

  it('reads a trailing slash as the same page', () => {
    expect(outcome('/my-page/', auth(C))).toBe('allow');
    expect(outcome('/my-page/', auth('GUEST'))).toBe('/sign-in');
  });
});

/**
 * Who may open which page (spec §2 "Allowed routes per role"): the one table the
 * route guard reads. Patterns use React Router syntax. Every role also has the
 * PUBLIC routes; GUEST routes are guest-only (a signed-in user is sent to /conflict).
 * A path that no list allows is allowed for nobody (→ /not-found).
 */
import type { TRole } from '@logi/contract';

/** Pages that never check roles: the guard's own destinations. */
export const UNGUARDED_ROUTES = ['/conflict', '/not-found'] as const;

/** Shared public: anyone, signed in or not. */
export const PUBLIC_ROUTES = [
  '/',
  '/shipping-requests/results',
  '/shipping-requests/filter',
  '/shipping-requests/detail/:id',
  '/sign-up/driver-manager/payment',
  '/sign-up/driver-manager/succeed',
  '/payments/verify',
  '/payments/update',
  '/verify-email-update',
] as const;

/** Guest only: signed out (a signed-in user goes to /conflict). */
const GUEST_ROUTES = [
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

/** Shared logged-in (driver, driver manager, customer). */
const SIGNED_IN_ROUTES = [
  '/my-page',
  '/my-page/profile',
  '/my-page/update-email',
  '/my-page/update-password',
  // the kept invoices: a carrier's own (its company's for a manager), a shipper's received ones
  '/my-page/invoices',
  '/my-page/invoices/:invoiceId',
  '/notifications',
  '/notifications/detail/:notificationId',
  // a carrier's measured facts and reviews (decision 105)
  '/carriers/:id',
  '/shipping-requests/detail/:id/talkrooms/:talkroomId',
  '/shipping-requests/detail/:id/talkrooms/:talkroomId/messages',
];

const DRIVER_ROUTES = [
  '/shipping-requests/applied-items',
  '/shipping-requests/applied-items/detail/:id',
  '/shipping-requests/applied-items/detail/:id/report',
  '/shipping-requests/applied-items/detail/:id/invoice',
  '/shipping-requests/detail/:id/price-estimation',
  '/shipping-requests/applied/:type',
];

const DRIVER_MANAGER_ROUTES = [
  '/manager/drivers',
  '/payments/request-update',
  '/my-page/credit-card',
  '/my-page/verification',
  '/carrier-register',
];

const candidates = '/shipping-requests/my-items/detail/:id/candidates';
const CUSTOMER_ROUTES = [
  '/my-page/places',
  '/shipping-requests/import',
  '/shipping-requests/create',
  '/shipping-requests/create/success',
  '/shipping-requests/my-items',
  '/shipping-requests/my-items/detail/:id',
  '/shipping-requests/my-items/detail/:id/invoice',
  '/shipping-requests/my-items/stop-times',
  // templates and scheduled requests (定期便, decision 107)
  '/my-page/templates',
  '/carrier-register',
  candidates,
  `${candidates}/detail/:candidateId`,
  `${candidates}/approved`,
  ...['delivery', 'warehouse'].flatMap((type) => [
    `${candidates}/${type}`,
    `${candidates}/${type}/detail/:candidateId`,
    `${candidates}/${type}/approved`,
  ]),
  '/shipping-requests/applied-items/detail/:id/report',
];

/**
 * The admin dashboard tree. A detail page's first tab is its index; the other
 * tabs are path segments (docs/decisions/012-web-shell-auth-and-guard.md).
 */
export const DASHBOARD_ROUTES = [
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/audit-log',
  '/dashboard/fuel-prices',
  '/dashboard/jobs',
  '/dashboard/carrier-verifications',
  '/dashboard/carrier-verifications/:companyId',
  '/dashboard/reviews',
  '/dashboard/invoices',
  '/dashboard/deliveries',
  '/dashboard/deliveries/:requestItemId',
  '/dashboard/deliveries/:requestItemId/transports',
  '/dashboard/deliveries/:requestItemId/talkrooms',
  '/dashboard/deliveries/:requestItemId/delivery-confirmation',
  '/dashboard/warehouses',
  '/dashboard/carrier-register',
  '/dashboard/warehouses/:requestItemId',
  '/dashboard/warehouses/:requestItemId/warehouse-info',
  '/dashboard/warehouses/:requestItemId/talkrooms',
  '/dashboard/drivers',
  '/dashboard/drivers/:driverId',
  '/dashboard/drivers/:driverId/sub-accounts',
  '/dashboard/drivers/:driverId/transaction-histories',
  '/dashboard/customers',
  '/dashboard/customers/:customerId',
  '/dashboard/customers/:customerId/transaction-histories',
  '/dashboard/notifications',
  '/dashboard/notifications/create',
  '/dashboard/notifications/:notificationId',
];

/** The routes each role has besides PUBLIC_ROUTES. */
export const ROUTES_BY_ROLE: Record<TRole, readonly string[]> = {
  GUEST: GUEST_ROUTES,
  ADMIN: DASHBOARD_ROUTES,
  DRIVER: [...SIGNED_IN_ROUTES, ...DRIVER_ROUTES],
  DRIVER_MANAGER: [...SIGNED_IN_ROUTES, ...DRIVER_ROUTES, ...DRIVER_MANAGER_ROUTES],
  CUSTOMER: [...SIGNED_IN_ROUTES, ...CUSTOMER_ROUTES],
};

/** Route parameters with a closed set of values; another value is allowed for nobody. */
export const PARAM_VALUES: Record<string, readonly string[]> = {
  type: ['delivery', 'warehouse'],
};

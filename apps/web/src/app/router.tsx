/**
 * Every page of spec §2 as a data router. Each area is one lazily loaded chunk
 * (features/<area>/index.ts); the shell (header, guard, conflict and not-found
 * pages) is in the entry chunk. The root loader runs the route guard before
 * every navigation (shouldRevalidate: always) and again when the auth state
 * changes (RootLayout revalidates).
 */
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, createBrowserRouter, redirect } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api';
import { authStore } from '../lib/auth-store';
import { ConflictPage } from './conflict-page';
import { RouteErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';
import { RootLayout, RouteLoading } from './root-layout';
import { decideRoute } from './route-guard';
import { SiteLayout } from './site-layout';

type Area = Record<string, unknown>;

interface PageOptions {
  /**
   * Give the page the TanStack Query provider (default). The auth area (sign-in,
   * password reset) opts out so that its first load stays small: its pages call
   * `api` directly.
   */
  query?: boolean;
}

/** A lazy route whose component is the named export of an area module. */
function page<M extends Area>(load: () => Promise<M>, name: keyof M & string, { query = true }: PageOptions = {}) {
  return {
    lazy: async () => {
      const [area, provider] = await Promise.all([load(), query ? import('../lib/query-provider') : null]);
      const Component = area[name] as ComponentType | undefined;
      if (!Component) throw new Error(`The area module does not export ${name}`);
      return { Component: provider ? provider.withQueryClient(Component) : Component };
    },
  } satisfies Pick<RouteObject, 'lazy'>;
}

const home = () => import('../features/request-items/home');
const auth = () => import('../features/auth');
const authRecovery = () => import('../features/auth/recovery');
const signUp = () => import('../features/sign-up');
const myPage = () => import('../features/my-page');
const places = () => import('../features/places');
const notifications = () => import('../features/notifications');
const companyDrivers = () => import('../features/company-drivers');
const payments = () => import('../features/payments');
// The request-items feature is split by screen group so a carrier's search and
// detail pages do not load the posting form; the other shipping-requests pages are
// the features of their domain (candidates, talkrooms, stop-times, request-lifecycle).
const search = () => import('../features/request-items/search');
const detail = () => import('../features/request-items/detail');
const create = () => import('../features/request-items/create');
const deliveryImport = () => import('../features/request-items/import');
const myItems = () => import('../features/request-items/my-items');
const myItemDetail = () => import('./my-item-detail');
const appliedItems = () => import('../features/request-items/applied-items');
const appliedItemDetail = () => import('./applied-item-detail');
const candidates = () => import('../features/candidates');
const talkroom = () => import('../features/talkrooms');
const stopTimeReport = () => import('../features/stop-times/report');
const deliveryReport = () => import('../features/request-lifecycle');
const invoices = () => import('../features/invoices');
const requestTemplates = () => import('../features/request-templates');
const carrierRegister = () => import('../features/carrier-register');
const reviews = () => import('../features/reviews');
const admin = () => import('../features/admin');
const adminOverview = () => import('../features/admin/overview');
const adminDeliveryDetail = () => import('./admin-delivery-detail');

export function guardLoader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const state = authStore.getState();
  const outcome = decideRoute(pathname, {
    isSignedIn: state.isSignedIn,
    role: state.role,
    intentCode: state.user.intentCode,
    hasSubscribed: state.user.hasSubscribed,
  });
  if (outcome.kind === 'redirect') throw redirect(outcome.to);
  return null;
}

const noQuery = { query: false };
const candidatesPath = 'shipping-requests/my-items/detail/:id/candidates';

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteLoading,
    ErrorBoundary: RouteErrorPage,
    loader: guardLoader,
    shouldRevalidate: () => true,
    children: [
      {
        Component: SiteLayout,
        children: [
          { index: true, ...page(home, 'HomePage') },

          { path: 'sign-in', ...page(auth, 'SignInPage', noQuery) },
          { path: 'sign-in/:role', ...page(auth, 'SignInPage', noQuery) },
          { path: 'forgot-password', ...page(authRecovery, 'ForgotPasswordPage', noQuery) },
          { path: 'forgot-password/reset-password', ...page(authRecovery, 'ResetPasswordPage', noQuery) },
          { path: 'forgot-password/:role', ...page(authRecovery, 'ForgotPasswordPage', noQuery) },
          { path: 'verify-email-update', ...page(authRecovery, 'VerifyEmailUpdatePage', noQuery) },
          { path: 'email-sent', ...page(authRecovery, 'EmailSentPage', noQuery) },

          { path: 'sign-up', ...page(signUp, 'SignUpPage') },
          { path: 'sign-up/email-sent', ...page(signUp, 'SignUpEmailSentPage') },
          { path: 'sign-up/verify-email', ...page(signUp, 'SignUpVerifyEmailPage') },
          { path: 'sign-up/role', ...page(signUp, 'SignUpRolePage') },
          { path: 'sign-up/customer', ...page(signUp, 'CustomerSignUpPage') },
          { path: 'sign-up/customer/succeed', ...page(signUp, 'CustomerSignUpSucceedPage') },
          { path: 'sign-up/driver-manager', ...page(signUp, 'DriverManagerSignUpPage') },
          { path: 'sign-up/driver-manager/payment', ...page(payments, 'SignUpPaymentPage') },
          { path: 'sign-up/driver-manager/succeed', ...page(payments, 'SignUpPaymentSucceedPage') },
          { path: 'sign-up/driver', ...page(signUp, 'DriverSignUpPage') },
          { path: 'sign-up/driver/succeed', ...page(signUp, 'DriverSignUpSucceedPage') },
          { path: 'started-guide', ...page(signUp, 'StartedGuidePage') },

          { path: 'my-page', ...page(myPage, 'MyPage') },
          { path: 'my-page/profile', ...page(myPage, 'ProfilePage') },
          { path: 'my-page/update-email', ...page(myPage, 'UpdateEmailPage') },
          { path: 'my-page/update-password', ...page(myPage, 'UpdatePasswordPage') },
          { path: 'my-page/credit-card', ...page(payments, 'CreditCardPage') },
          { path: 'my-page/verification', ...page(myPage, 'CarrierVerificationPage') },
          { path: 'my-page/invoices', ...page(invoices, 'InvoiceListPage') },
          { path: 'my-page/invoices/:invoiceId', ...page(invoices, 'InvoiceDocumentPage') },
          { path: 'my-page/places', ...page(places, 'PlacesPage') },
          { path: 'my-page/templates', ...page(requestTemplates, 'TemplatesPage') },

          { path: 'notifications', ...page(notifications, 'NotificationsPage') },
          { path: 'notifications/detail/:notificationId', ...page(notifications, 'NotificationDetailPage') },

          { path: 'manager/drivers', ...page(companyDrivers, 'ManagerDriversPage') },

          { path: 'payments/verify', ...page(payments, 'PaymentVerifyPage') },
          { path: 'payments/update', ...page(payments, 'PaymentUpdatePage') },
          { path: 'payments/request-update', ...page(payments, 'PaymentRequestUpdatePage') },

          { path: 'shipping-requests/results', ...page(search, 'ResultsPage') },
          { path: 'shipping-requests/filter', ...page(search, 'FilterPage') },
          { path: 'shipping-requests/detail/:id', ...page(detail, 'RequestDetailPage') },
          { path: 'shipping-requests/detail/:id/price-estimation', ...page(detail, 'PriceEstimationPage') },
          { path: 'shipping-requests/detail/:id/talkrooms/:talkroomId', ...page(talkroom, 'TalkroomPage') },
          { path: 'shipping-requests/detail/:id/talkrooms/:talkroomId/messages', ...page(talkroom, 'TalkroomMessagesPage') },
          { path: 'shipping-requests/create', ...page(create, 'CreateRequestPage') },
          { path: 'shipping-requests/create/success', ...page(create, 'CreateRequestSuccessPage') },
          { path: 'shipping-requests/import', ...page(deliveryImport, 'DeliveryImportPage') },
          { path: 'shipping-requests/my-items', ...page(myItems, 'MyItemsPage') },
          { path: 'shipping-requests/my-items/detail/:id', ...page(myItemDetail, 'MyItemDetailPage') },
          { path: 'shipping-requests/my-items/detail/:id/invoice', ...page(invoices, 'InvoicePage') },
          { path: 'shipping-requests/my-items/stop-times', ...page(stopTimeReport, 'StopTimeReportPage') },
          { path: 'carrier-register', ...page(carrierRegister, 'CarrierRegisterPage') },
          { path: 'carriers/:id', ...page(reviews, 'CarrierProfilePage') },
          { path: candidatesPath, ...page(candidates, 'CandidatesPage') },
          { path: `${candidatesPath}/detail/:candidateId`, ...page(candidates, 'CandidateDetailPage') },
          { path: `${candidatesPath}/approved`, ...page(candidates, 'CandidatesApprovedPage') },
          // :type is delivery or warehouse (the guard sends any other value to /not-found)
          { path: `${candidatesPath}/:type`, ...page(candidates, 'CandidatesPage') },
          { path: `${candidatesPath}/:type/detail/:candidateId`, ...page(candidates, 'CandidateDetailPage') },
          { path: `${candidatesPath}/:type/approved`, ...page(candidates, 'CandidatesApprovedPage') },
          { path: 'shipping-requests/applied-items', ...page(appliedItems, 'AppliedItemsPage') },
          { path: 'shipping-requests/applied-items/detail/:id', ...page(appliedItemDetail, 'AppliedItemDetailPage') },
          { path: 'shipping-requests/applied-items/detail/:id/report', ...page(deliveryReport, 'DeliveryReportPage') },
          { path: 'shipping-requests/applied-items/detail/:id/invoice', ...page(invoices, 'InvoicePage') },
          { path: 'shipping-requests/applied/:type', ...page(detail, 'AppliedPage') },

          { path: 'conflict', Component: ConflictPage },
          { path: 'not-found', Component: NotFoundPage },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        path: 'dashboard',
        ...page(admin, 'DashboardLayout'),
        children: [
          // The overview is the dashboard's home (decision 035; the spec redirected to drivers).
          { index: true, ...page(adminOverview, 'OverviewPage') },
          { path: 'settings', ...page(myPage, 'AccountSettingsPage') },
          { path: 'audit-log', ...page(admin, 'AuditLogPage') },
          { path: 'fuel-prices', ...page(admin, 'FuelPricesPage') },
          { path: 'jobs', ...page(admin, 'JobsPage') },
          { path: 'carrier-verifications', ...page(admin, 'CarrierVerificationsPage') },
          { path: 'carrier-verifications/:companyId', ...page(admin, 'CarrierVerificationDetailPage') },
          { path: 'reviews', ...page(admin, 'AdminReviewsPage') },
          { path: 'invoices', ...page(invoices, 'AdminInvoiceListPage') },
          { path: 'deliveries', ...page(admin, 'DeliveriesPage') },
          // :tab? — transports, talkrooms, delivery-confirmation; none is the basic-info tab
          { path: 'deliveries/:requestItemId/:tab?', ...page(adminDeliveryDetail, 'AdminDeliveryDetailPage') },
          { path: 'warehouses', ...page(admin, 'WarehousesPage') },
          { path: 'carrier-register', ...page(carrierRegister, 'CarrierRegisterPage') },
          { path: 'warehouses/:requestItemId/:tab?', ...page(admin, 'WarehouseDetailPage') },
          { path: 'drivers', ...page(admin, 'DriversPage') },
          { path: 'drivers/:driverId/:tab?', ...page(admin, 'DriverDetailPage') },
          { path: 'customers', ...page(admin, 'CustomersPage') },
          { path: 'customers/:customerId/:tab?', ...page(admin, 'CustomerDetailPage') },
          { path: 'notifications', ...page(admin, 'DashboardNotificationsPage') },
          { path: 'notifications/create', ...page(admin, 'DashboardNotificationCreatePage') },
          { path: 'notifications/:notificationId', ...page(admin, 'DashboardNotificationDetailPage') },
        ],
      },
    ],
  },
];

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/** The app's router, wired so that the end of a session lands on /sign-in (tests pass a memory router). */
export function createAppRouter(create: RouterFactory = createBrowserRouter) {
  const router = create(routes);
  setSessionExpiredHandler((target) => {
    // Nothing cached for the old session may show to whoever signs in next.
    void import('../lib/query-client').then(({ queryClient }) => queryClient.clear());
    void router.navigate(target.pathname, { state: { notice: target.message } });
  });
  return router;
}

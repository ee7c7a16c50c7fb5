/** The server state of the payments area: the plan and card form, the subscription, coupon prices. */
import { paymentRoutes, subscriptionDocumentRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const PAYMENTS_KEY = ['payments'] as const;

export const setupQuery = queryOptions({
  queryKey: [...PAYMENTS_KEY, 'setup'],
  queryFn: ({ signal }) => api.call(paymentRoutes.setup, undefined, { signal }),
  staleTime: Infinity,
});

export const subscriptionQuery = queryOptions({
  queryKey: [...PAYMENTS_KEY, 'subscription'],
  queryFn: ({ signal }) => api.call(paymentRoutes.currentSubscription, undefined, { signal }),
});

/** The paid months with their 適格請求書 and 領収書 (under PAYMENTS_KEY: a payment refreshes them). */
export const documentsQuery = queryOptions({
  queryKey: [...PAYMENTS_KEY, 'documents'],
  queryFn: ({ signal }) => api.call(subscriptionDocumentRoutes.list, undefined, { signal }),
});

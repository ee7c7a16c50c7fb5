/** The server state of the payments area: the plan and card form, the subscription, coupon prices. */
import { paymentRoutes } from '@logi/contract';
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

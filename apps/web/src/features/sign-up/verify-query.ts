/** GET /auth/verify-email-token for a sign-up link's token (read, never consumed, so it can be cached). */
import { authRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const verifyEmailTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email-token', token],
    queryFn: ({ signal }) => api.call(authRoutes.verifyEmailToken, { query: { token } }, { signal }),
    enabled: token !== '',
    staleTime: 60_000,
  });

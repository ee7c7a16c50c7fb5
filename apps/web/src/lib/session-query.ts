/** GET /auth/session: the signed-in user with the company (server state; the auth store keeps a slim copy). */
import { authRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export const sessionQuery = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: ({ signal }) => api.call(authRoutes.session, undefined, { signal }),
});

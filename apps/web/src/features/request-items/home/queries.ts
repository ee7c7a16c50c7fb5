/** The home's top requests: the newest open requests, public for guests and private when signed in. */
import { requestItemRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';

export const topRequestsQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'top', signedIn ? 'private' : 'public'],
    queryFn: ({ signal }) =>
      api.call(signedIn ? requestItemRoutes.topPrivate : requestItemRoutes.topPublic, { query: {} }, { signal }),
  });

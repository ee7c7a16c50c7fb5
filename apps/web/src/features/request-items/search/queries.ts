/** The server state of search: the market list, public for guests and private when signed in. */
import { type TRequestListQuery, requestItemRoutes } from '@logi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';

export const marketListQuery = (query: TRequestListQuery, signedIn: boolean) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'market', signedIn ? 'private' : 'public', query],
    queryFn: ({ signal }) =>
      api.call(signedIn ? requestItemRoutes.listPrivate : requestItemRoutes.listPublic, { query }, { signal }),
    // A new page or filter keeps the old rows on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

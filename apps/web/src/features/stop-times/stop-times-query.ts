/** The stop times of a job as the panel and the correction form read and update them. */
import { stopTimeRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../lib/request-item-queries';

export const stopTimesQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, requestItemId, 'stop-times'],
    queryFn: ({ signal }) => api.call(stopTimeRoutes.stopTimes, { params: { requestItemId } }, { signal }),
  });

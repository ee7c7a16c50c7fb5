/**
 * The shipper's saved places (住所録, decision 106): what the 住所録 page and the create form's
 * stop picker both read and change, so both show the same list after a change.
 */
import { placeRoutes, type TPlaceBody } from '@logi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

export const PLACES_KEY = ['places'] as const;
/** Lists: default page 1, limit 10 (spec §9). */
export const PLACES_PAGE_LIMIT = 10;
/** The picker offers this many, in name order (the API's largest page). */
export const PLACE_PICKER_LIMIT = 100;

export const placesQuery = (page: number, keyword = '') =>
  queryOptions({
    queryKey: [...PLACES_KEY, 'page', page, keyword],
    queryFn: ({ signal }) =>
      api.call(placeRoutes.list, { query: { page, limit: PLACES_PAGE_LIMIT, ...(keyword ? { keyword } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const placePickerQuery = () =>
  queryOptions({
    queryKey: [...PLACES_KEY, 'picker'],
    queryFn: ({ signal }) => api.call(placeRoutes.list, { query: { page: 1, limit: PLACE_PICKER_LIMIT } }, { signal }),
  });

function usePlaceMutation<V, R>(call: (variables: V) => Promise<R>, errorToast = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorToast },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLACES_KEY }),
  });
}

/** The form shows a refused field under itself (no toast); the one-tap save asks for a toast. */
export const useCreatePlace = (errorToast = false) =>
  usePlaceMutation((body: TPlaceBody) => api.call(placeRoutes.create, { body }), errorToast);

export const useUpdatePlace = () =>
  usePlaceMutation(
    ({ placeId, body }: { placeId: string; body: TPlaceBody }) => api.call(placeRoutes.update, { params: { placeId }, body }),
    false,
  );

export const useDeletePlace = () => usePlaceMutation((placeId: string) => api.call(placeRoutes.remove, { params: { placeId } }));

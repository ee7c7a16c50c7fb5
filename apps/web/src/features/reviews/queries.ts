/** The server state of reviews (decision 105): a job's two reviews, writing, editing, replying; a carrier's profile. */
import { type TReviewBody, type TReviewEditBody, reviewRoutes } from '@logi/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../lib/request-item-queries';

const REVIEWS_KEY = [...REQUEST_ITEMS_KEY, 'reviews'] as const;

export const jobReviewsQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'job', requestItemId],
    queryFn: ({ signal }) => api.call(reviewRoutes.jobReviews, { query: { requestItemId } }, { signal }),
  });

export const carrierProfileQuery = (carrierId: string) =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'carrier', carrierId],
    queryFn: ({ signal }) => api.call(reviewRoutes.carrierProfile, { params: { id: carrierId } }, { signal }),
  });

export function useReviewMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
  return {
    write: useMutation({ mutationFn: (body: TReviewBody) => api.call(reviewRoutes.writeReview, { body }), onSuccess }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TReviewEditBody }) =>
        api.call(reviewRoutes.editReview, { params: { id }, body }),
      onSuccess,
    }),
    reply: useMutation({
      mutationFn: ({ id, reply }: { id: string; reply: string }) =>
        api.call(reviewRoutes.replyReview, { params: { id }, body: { reply } }),
      onSuccess,
    }),
  };
}

/**
 * /dashboard/reviews (decisions 105, 109): every review, newest first, filtered by rating, by
 * visibility and by a keyword (comment, company name, e-mail), paged on the server; the admin hides
 * a review that breaks the rules, or shows a hidden one again, each with a reason that goes to the
 * audit log. Nothing is deleted.
 */
import {
  type REVIEW_VISIBILITY,
  ReviewSide,
  ReviewTag,
  UI_TEXT,
  ZReviewHideBody,
  reviewRoutes,
  type TAdminReviewListItem,
  type TAdminReviewListQuery,
  type TReviewHideBody,
} from '@logi/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, FormTextArea, applyFieldErrors, useZodForm } from '../../../components/form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ApiError, api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { TRUST_TEXT } from '../../../texts/reviews';
import { DataList, type ListColumn, type ListFilter } from '../list-kit/data-list';
import { useListParams } from '../list-kit/use-list-params';
import { dateTimeOrNone } from '../parts';
import { ADMIN_KEY, LIST_LIMIT } from '../queries';

const T = TRUST_TEXT.admin;
type Visibility = (typeof REVIEW_VISIBILITY)[number];
interface ListValues {
  rating?: string;
  visibility?: string;
  keyword?: string;
}

const fetchReviews = (v: ListValues, page: number, limit = LIST_LIMIT, o: { signal?: AbortSignal } = {}) =>
  api.call(
    reviewRoutes.adminReviews,
    {
      query: {
        page,
        limit,
        rating: v.rating ? Number(v.rating) : undefined,
        visibility: v.visibility as Visibility | undefined,
        keyword: v.keyword,
      } as TAdminReviewListQuery,
    },
    o,
  );
const REVIEWS_KEY = [...ADMIN_KEY, 'reviews'] as const;
const reviewsQuery = (v: ListValues, page: number) =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, v.rating, v.visibility, v.keyword, page],
    queryFn: ({ signal }) => fetchReviews(v, page, LIST_LIMIT, { signal }),
    placeholderData: keepPreviousData,
  });

type Pending = { review: TAdminReviewListItem; action: 'hide' | 'show' } | null;

const KEYS = ['rating', 'visibility', 'keyword'] as const;
const filters: ListFilter<(typeof KEYS)[number]>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: T.keyword },
  {
    kind: 'select',
    key: 'rating',
    label: T.rating,
    options: [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: T.stars(n) })),
  },
  {
    kind: 'select',
    key: 'visibility',
    label: T.visibility,
    options: [
      { value: 'VISIBLE', label: T.visible },
      { value: 'HIDDEN', label: T.hidden },
    ],
  },
];

export function AdminReviewsPage() {
  const { page, filters: values, setPage, setFilters } = useListParams(KEYS);
  const result = useQuery(reviewsQuery(values, page));
  const [pending, setPending] = useState<Pending>(null);
  const columns: ListColumn<TAdminReviewListItem>[] = [
    { id: 'createdAt', header: T.writtenAt, cell: (r) => dateTimeOrNone(r.createdAt), csv: (r) => r.createdAt },
    { id: 'rating', header: T.rating, cell: (r) => T.stars(r.rating), csv: (r) => r.rating },
    {
      id: 'direction',
      header: T.direction,
      wraps: true,
      cell: (r) => (
        <span className="flex flex-col">
          <span>{T.directionValue(r.authorName, r.subjectName)}</span>
          <span className="text-xs text-muted-foreground">{T.side(ReviewSide.labels[r.side])}</span>
        </span>
      ),
      csv: (r) => T.directionValue(r.authorName, r.subjectName),
    },
    {
      id: 'comment',
      header: T.comment,
      wraps: true,
      cell: (r) => (
        <span className="flex flex-col gap-1">
          <span>{r.comment ?? T.noComment}</span>
          {r.tags.length > 0 && (
            <span className="text-xs text-muted-foreground">{r.tags.map((t) => ReviewTag.labels[t]).join('・')}</span>
          )}
        </span>
      ),
      csv: (r) => r.comment,
    },
    {
      id: 'status',
      header: T.status,
      wraps: true,
      cell: (r) =>
        r.hidden ? (
          <Badge variant="destructive">{T.hiddenReason(r.hiddenReason)}</Badge>
        ) : (
          <Badge variant="success">{T.visible}</Badge>
        ),
      csv: (r) => (r.hidden ? T.hiddenReason(r.hiddenReason) : T.visible),
    },
    {
      id: 'action',
      header: T.action,
      cell: (r) => (
        <Button
          size="sm"
          variant={r.hidden ? 'outline' : 'destructive'}
          aria-label={`${r.hidden ? T.show : T.hide}: ${T.rowLabel(r.authorName, r.rating)}`}
          onClick={() => setPending({ review: r, action: r.hidden ? 'show' : 'hide' })}
        >
          {r.hidden ? T.show : T.hide}
        </Button>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{T.description}</p>
      <DataList
        label={UI_TEXT.dashboard.reviews}
        columns={columns}
        rowKey={(r) => r.id}
        result={result}
        onPageChange={setPage}
        filters={filters}
        values={values}
        onFiltersChange={setFilters}
        fetchPage={(p, limit) => fetchReviews(values, p, limit)}
      />
      <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        {pending && <ReasonDialog pending={pending} close={() => setPending(null)} />}
      </Dialog>
    </div>
  );
}

function ReasonDialog({ pending, close }: { pending: NonNullable<Pending>; close: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(ZReviewHideBody, { defaultValues: { reason: '' } });
  const hiding = pending.action === 'hide';
  const change = useMutation({
    mutationFn: (body: TReviewHideBody) =>
      api.call(hiding ? reviewRoutes.hideReview : reviewRoutes.showReview, { params: { id: pending.review.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
  });
  async function submit(body: TReviewHideBody) {
    try {
      await change.mutateAsync(body);
      toast.success(hiding ? T.hiddenDone : T.shownDone);
      close();
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form as never, error.details))) toastError(error);
    }
  }
  const title = hiding ? T.hideTitle : T.showTitle;
  return (
    // While the call runs the dialog stays: closing it would hide the outcome.
    <DialogContent
      hideClose={change.isPending}
      onInteractOutside={(e) => change.isPending && e.preventDefault()}
      onEscapeKeyDown={(e) => change.isPending && e.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{hiding ? T.hideDescription : T.showDescription}</DialogDescription>
      </DialogHeader>
      <p className="text-sm">
        {T.rowLabel(pending.review.authorName, pending.review.rating)}
        {pending.review.comment ? `「${pending.review.comment}」` : ''}
      </p>
      <Form form={form} onSubmit={submit} aria-label={title}>
        <FormTextArea name="reason" label={T.reason} maxLength={500} required span={12} />
        <DialogFooter className="col-span-12">
          <Button type="button" variant="outline" onClick={close} disabled={change.isPending}>
            {UI_TEXT.common.cancel}
          </Button>
          <Button type="submit" variant={hiding ? 'destructive' : 'default'} loading={change.isPending}>
            {hiding ? T.hide : T.show}
          </Button>
        </DialogFooter>
      </Form>
    </DialogContent>
  );
}

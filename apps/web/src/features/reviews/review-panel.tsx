/**
 * A completed job's reviews (decision 105), on both parties' job detail: the caller's own review
 * (written once, changed for 7 days) and the other side's (answered once).
 */
import { ReviewTag, type TReview, type TReviewSide, type TReviewTag } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { DetailSection } from '../../components/request-item';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { LiveFields } from '../../components/form/form';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { TRUST_TEXT } from '../../texts/reviews';
import { jobReviewsQuery, useReviewMutations } from './queries';

const T = TRUST_TEXT.reviews;
const other = (side: TReviewSide): TReviewSide => (side === 'SHIPPER' ? 'CARRIER' : 'SHIPPER');

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" aria-label={`${T.rating} ${rating}`} data-testid="review-rating">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
        />
      ))}
      <span className="ml-1 text-sm tabular-nums">{rating}</span>
    </span>
  );
}

/** A review as read: rating, tags, comment, the reply; or that the admin hid it. */
export function ReviewView({ review }: { review: TReview }) {
  return (
    <div className="flex flex-col gap-1" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="text-xs text-muted-foreground">
          {review.authorName}・{formatDateTime(review.createdAt)}
        </span>
      </div>
      {review.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1">
          {review.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs">
              {ReviewTag.labels[tag]}
            </li>
          ))}
        </ul>
      )}
      {review.comment && <p className="text-sm break-words whitespace-pre-wrap">{review.comment}</p>}
      {review.hidden && <p className="text-xs text-destructive">{T.hidden(review.hiddenReason)}</p>}
      {review.reply && (
        <p className="ml-3 border-l-2 pl-2 text-sm break-words whitespace-pre-wrap" data-testid="review-reply">
          {T.reply}: {review.reply}
        </p>
      )}
    </div>
  );
}

function ReviewForm({
  requestItemId,
  side,
  existing,
  onDone,
}: {
  requestItemId: string;
  side: TReviewSide;
  existing?: TReview;
  onDone?: () => void;
}) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [tags, setTags] = useState<TReviewTag[]>(existing?.tags ?? []);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const { write, edit } = useReviewMutations();
  const pending = write.isPending || edit.isPending;
  const submit = async () => {
    const body = { rating, tags, comment: comment || undefined };
    if (existing) {
      await edit.mutateAsync({ id: existing.id, body });
      toast.success(T.saved);
    } else {
      await write.mutateAsync({ requestItemId, ...body });
      toast.success(T.posted);
    }
    onDone?.();
  };
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={T.writeTitle(T.counterpart[other(side)])}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <LiveFields>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-bold">{T.rating}</legend>
          <div className="flex gap-1" role="radiogroup" aria-label={T.rating}>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={rating === n}
                aria-label={`${T.rating} ${n}`}
                onClick={() => setRating(n)}
                className={cn('flex size-10 items-center justify-center rounded-md border', n <= rating && 'bg-amber-50')}
              >
                <Star
                  aria-hidden
                  className={cn('size-5', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
                />
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-bold">{T.tags}</legend>
          <div className="flex flex-wrap gap-2">
            {ReviewTag.values.map((tag) => (
              <label key={tag} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={tags.includes(tag)}
                  onChange={(e) => setTags(e.target.checked ? [...tags, tag] : tags.filter((t) => t !== tag))}
                />
                {ReviewTag.labels[tag]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm font-bold">
          {T.comment}
          <Textarea value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} />
        </label>
        <Button type="submit" disabled={rating === 0} loading={pending} className="self-start">
          {existing ? T.save : T.submit}
        </Button>
      </LiveFields>
    </form>
  );
}

function ReplyForm({ review }: { review: TReview }) {
  const [reply, setReply] = useState('');
  const { reply: send } = useReviewMutations();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send.mutateAsync({ id: review.id, reply }).then(() => toast.success(T.replied));
      }}
    >
      <LiveFields>
        <Textarea
          aria-label={T.replyPlaceholder}
          placeholder={T.replyPlaceholder}
          value={reply}
          maxLength={500}
          rows={2}
          onChange={(e) => setReply(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={reply.trim() === ''} loading={send.isPending} className="self-start">
          {T.sendReply}
        </Button>
      </LiveFields>
    </form>
  );
}

function Mine({ requestItemId, side, review }: { requestItemId: string; side: TReviewSide; review: TReview | null }) {
  const [editing, setEditing] = useState(false);
  if (!review || editing) {
    return (
      <ReviewForm requestItemId={requestItemId} side={side} existing={review ?? undefined} onDone={() => setEditing(false)} />
    );
  }
  const editable = Date.now() < new Date(review.editableUntil).getTime();
  return (
    <div className="flex flex-col gap-2">
      <ReviewView review={review} />
      <p className="text-xs text-muted-foreground">
        {editable ? T.editableUntil(formatDateTime(review.editableUntil)) : T.fixed}
      </p>
      {editable && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setEditing(true)}>
          {T.edit}
        </Button>
      )}
    </div>
  );
}

/** The reviews of a job for one of its parties; nothing until the job is done. */
export function ReviewPanel({ requestItemId }: { requestItemId: string }) {
  const reviews = useQuery({ ...jobReviewsQuery(requestItemId), meta: { errorToast: false } });
  if (!reviews.data || !reviews.data.mySide) return null;
  const { mySide, open, mine, theirs } = reviews.data;
  if (!open) return null;
  return (
    <DetailSection title={T.title}>
      <div className="flex flex-col gap-4">
        <section aria-label={T.mine} className="flex flex-col gap-2">
          <h3 className="text-sm font-bold">{T.mine}</h3>
          <Mine requestItemId={requestItemId} side={mySide} review={mine} />
        </section>
        <section aria-label={T.theirs} className="flex flex-col gap-2">
          <h3 className="text-sm font-bold">{T.theirs}</h3>
          {theirs ? (
            <>
              <ReviewView review={theirs} />
              {theirs.reply === null && <ReplyForm review={theirs} />}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{T.noneYet}</p>
          )}
        </section>
      </div>
    </DetailSection>
  );
}

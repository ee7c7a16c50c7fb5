/**
 * /shipping-requests/create/success: the request is posted. Links to it in the customer's
 * requests (my-items detail, by the id the create call answered) and to post another.
 */
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { clearDeliveryDraft } from './prefill';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { RequestSummary } from '../../../components/request-item';
import { requestItemQuery } from '../../../lib/request-item-queries';

export function CreateRequestSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const type = params.get('type') === 'warehouse' ? 'warehouse' : 'delivery';
  // What was posted, as the owner sees it: the summary to check it by (posting is for customers).
  const posted = useQuery({ ...requestItemQuery(id ?? '', 'CUSTOMER'), enabled: Boolean(id) });
  // Posted: the delivery form's draft in this browser is done with (decision 107).
  const userId = useAuth((s) => s.user.id);
  useEffect(() => {
    if (type === 'delivery' && id) clearDeliveryDraft(userId);
  }, [type, id, userId]);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-5 rounded-lg border bg-card p-6 text-center shadow-xs sm:p-8">
      <CircleCheck aria-hidden className="size-12 text-success" />
      <div className="flex flex-col gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">{T.success.title}</h1>
        <p className="text-sm text-muted-foreground">{T.success.lead}</p>
      </div>
      {posted.data && (
        <div className="w-full text-left" data-testid="posted-summary">
          <RequestSummary item={posted.data} titleAs="h2" />
        </div>
      )}
      <div className="flex w-full flex-col gap-2">
        {id && (
          <Link
            to={`/shipping-requests/my-items/detail/${encodeURIComponent(id)}`}
            className={cn(buttonVariants({ size: 'lg' }), 'w-full')}
          >
            {T.success.toDetail}
          </Link>
        )}
        <Link
          to={`/shipping-requests/create?type=${type}`}
          className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full')}
        >
          {T.success.createAnother}
        </Link>
        <Link to="/shipping-requests/my-items" className={cn(buttonVariants({ variant: 'link' }), 'w-full')}>
          {T.success.toMyItems}
        </Link>
      </div>
    </div>
  );
}

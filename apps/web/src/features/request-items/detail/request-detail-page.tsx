/** /shipping-requests/detail/{id}: every field of a request, and the ways to apply to it. */
import { REQUEST_DETAIL_TEXT as T } from '../../../texts/request-items';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth-store';
import { RequestDetailBody, RequestSummary } from '../../../components/request-item';
import { ApplyPanel } from './apply-panel';
import { requestDetailQuery } from './queries';
import { RequestTrustSection } from './request-trust-section';
import { StandardFareSection } from './standard-fare-section';

export function BackToResults() {
  return (
    <Link
      to="/shipping-requests/results"
      className="inline-flex min-h-10 items-center gap-1 self-start text-sm text-primary underline-offset-4 hover:underline"
    >
      <ChevronLeft aria-hidden className="size-4" />
      {T.backToResults}
    </Link>
  );
}

export function RequestDetailPage() {
  const { id = '' } = useParams();
  const signedIn = useAuth((s) => s.isSignedIn);
  const detail = useQuery({ ...requestDetailQuery(id, signedIn), meta: { errorToast: false } });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-3">
      <BackToResults />
      {detail.isPending ? (
        <SkeletonRows rows={4} rowClassName="h-28" />
      ) : detail.isError ? (
        <EmptyState titleAs="h1" title={T.notFound} />
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
          <RequestSummary item={detail.data} />
          <aside className="flex flex-col gap-4 empty:hidden lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <ApplyPanel item={detail.data} />
            <StandardFareSection item={detail.data} signedIn={signedIn} />
          </aside>
          <div className="flex flex-col gap-4 lg:col-start-1">
            <RequestTrustSection item={detail.data} signedIn={signedIn} />
            <RequestDetailBody item={detail.data} withSummary={false} />
          </div>
        </div>
      )}
    </div>
  );
}

/** /carriers/{id}: a carrier company's (or independent driver's) measured facts, rating and newest reviews (decision 105). */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DetailSection } from '../../components/request-item';
import { CarrierFacts, RatingSummary } from '../../components/trust';
import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { TRUST_TEXT as T } from '../../texts/reviews';
import { carrierProfileQuery } from './queries';
import { ReviewView } from './review-panel';

export function CarrierProfilePage() {
  const { id = '' } = useParams();
  const profile = useQuery({ ...carrierProfileQuery(id), meta: { errorToast: false } });
  if (profile.isPending) return <SkeletonRows rows={3} rowClassName="h-28" />;
  if (profile.isError) return <EmptyState titleAs="h1" />;
  const p = profile.data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold">{p.name}</h1>
      <p className="text-sm text-muted-foreground">{T.profile.title}</p>
      <DetailSection title={T.rating.label}>
        <RatingSummary rating={p.rating} />
        <CarrierFacts facts={p.facts} />
      </DetailSection>
      <DetailSection title={T.profile.reviews}>
        {p.reviews.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.profile.noReviews}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {p.reviews.map((r) => (
              <li key={r.id}>
                <ReviewView review={r} />
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
    </div>
  );
}

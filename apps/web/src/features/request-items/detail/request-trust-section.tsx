/** What a signed-in carrier reads before bidding (decision 105): each site's measured waiting and the shipper's rating. */
import { type TRequestItemDetail, reviewRoutes } from '@logi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DetailSection } from '../../../components/request-item';
import { RatingSummary, SiteWaitingRow } from '../../../components/trust';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';
import { TRUST_TEXT as T } from '../../../texts/reviews';

const requestTrustQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'trust', requestItemId],
    queryFn: ({ signal }) => api.call(reviewRoutes.requestTrust, { params: { requestItemId } }, { signal }),
  });

export function RequestTrustSection({ item, signedIn }: { item: TRequestItemDetail; signedIn: boolean }) {
  const trust = useQuery({ ...requestTrustQuery(item.id), enabled: signedIn, meta: { errorToast: false } });
  if (!signedIn || !trust.data) return null;
  return (
    <DetailSection title={T.site.title}>
      <div className="flex items-center gap-2 text-sm">
        <span className="text-muted-foreground">{T.site.shipperRating}</span>
        <RatingSummary rating={trust.data.shipperRating} />
      </div>
      {trust.data.sites.length > 0 && (
        <ul className="flex flex-col gap-2">
          {trust.data.sites.map((site) => (
            <SiteWaitingRow key={`${site.position}`} site={site} />
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{T.site.note}</p>
    </DetailSection>
  );
}

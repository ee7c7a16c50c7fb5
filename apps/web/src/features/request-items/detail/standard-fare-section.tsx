/**
 * A request's standard fare on its detail (issue 45, decision 100): the figure, its breakdown one
 * tap away, and what the market actually paid on the same lane (median, range, count; nothing
 * below five jobs, in the server's words). The lane prices are for signed-in callers only.
 */
import { FAIR_PRICE_TEXT, type TLanePrices, type TRequestItemDetail, candidateRoutes, standardFareRoutes } from '@logi/contract';
import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DetailSection,
  FareShare,
  StandardFareBreakdown,
  StandardFareDetails,
  StandardFareFigure,
} from '../../../components/request-item';
import { api } from '../../../lib/api';
import { formatYen } from '../../../lib/format';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';
import { FAIR_PRICE_WEB_TEXT as T } from '../../../texts/fair-price';

const L = FAIR_PRICE_TEXT.lanePrices;

export const lanePricesQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'lane-prices', requestItemId],
    queryFn: ({ signal }) => api.call(standardFareRoutes.requestLanePrices, { params: { requestItemId } }, { signal }),
  });

function LanePrices({ lanes }: { lanes: TLanePrices }) {
  return (
    <section aria-label={L.title} className="flex flex-col gap-1.5 text-sm" data-testid="lane-prices">
      <h3 className="font-medium">{L.title}</h3>
      {lanes.prices ? (
        <dl className="flex flex-col gap-1">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{T.lanePrices.median}</dt>
            <dd className="font-bold tabular-nums">{formatYen(lanes.prices.median)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{T.lanePrices.range}</dt>
            <dd className="tabular-nums">
              {formatYen(lanes.prices.p10)}〜{formatYen(lanes.prices.p90)}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{T.lanePrices.count}</dt>
            <dd className="tabular-nums">{L.count(lanes.prices.count)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted-foreground">{lanes.message}</p>
      )}
      <p className="text-xs text-muted-foreground">{lanes.basis}</p>
    </section>
  );
}

/** The caller's own bid against the standard fare, with the breakdown it was measured against (loaded when opened). */
function OwnBidFare({ candidateId }: { candidateId: string }) {
  const [opened, setOpened] = useState(false);
  const fare = useQuery({
    queryKey: [...REQUEST_ITEMS_KEY, 'bid-standard-fare', candidateId],
    queryFn: ({ signal }) => api.call(candidateRoutes.standardFare, { params: { id: candidateId } }, { signal }),
    enabled: opened,
    meta: { errorToast: false },
  });
  return (
    <StandardFareDetails summary={T.ownBidBreakdown} onOpen={() => setOpened(true)}>
      {fare.data ? (
        <StandardFareBreakdown fare={fare.data.breakdown} />
      ) : fare.isError ? (
        <p className="text-sm text-muted-foreground">{T.loadFailed}</p>
      ) : opened ? (
        // Busy only once asked: a closed breakdown is not loading anything.
        <p className="text-sm text-muted-foreground" aria-busy="true">
          {T.loading}
        </p>
      ) : null}
    </StandardFareDetails>
  );
}

export function StandardFareSection({ item, signedIn }: { item: TRequestItemDetail; signedIn: boolean }) {
  const fare = item.standardFareBreakdown;
  const lanes = useQuery({ ...lanePricesQuery(item.id), enabled: signedIn && fare !== null, meta: { errorToast: false } });
  if (!fare || !item.standardFare) return null;
  return (
    <DetailSection title={T.heading}>
      <div data-testid="standard-fare-section" className="flex flex-col gap-3">
        <StandardFareFigure figure={item.standardFare} className="text-sm text-foreground" />
        <StandardFareDetails>
          <StandardFareBreakdown fare={fare} />
        </StandardFareDetails>
        {item.candidate?.standardFare && (
          <>
            <FareShare share={item.candidate.standardFare} className="text-sm" />
            {item.candidate.standardFare.distanceKm !== null && <OwnBidFare candidateId={item.candidate.id} />}
          </>
        )}
        {signedIn &&
          (lanes.data ? (
            <LanePrices lanes={lanes.data} />
          ) : lanes.isError ? (
            <p className="text-sm text-muted-foreground">{T.lanePrices.loadFailed}</p>
          ) : (
            <p className="text-sm text-muted-foreground" aria-busy="true">
              {T.loading}
            </p>
          ))}
      </div>
    </DetailSection>
  );
}

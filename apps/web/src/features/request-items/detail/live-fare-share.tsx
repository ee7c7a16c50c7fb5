/**
 * 「標準的運賃の87%」 as the carrier types its bid (issue 45, decision 100): the bid's 税抜 (its
 * fare with its charges, chargesOf) against the request's standard fare (税抜), computed here as
 * the server computes it for the candidates list. A distance the carrier states is priced by the
 * quote (POST /standard-fares/quote) at that distance.
 */
import {
  type TDeliveryItem,
  type TStandardFareFigure,
  chargesOf,
  quoteBodyOfDelivery,
  shareOfStandardFare,
  standardFareRoutes,
} from '@logi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';
import { FAIR_PRICE_WEB_TEXT as T } from '../../../texts/fair-price';

export interface BidFormValues {
  price?: number;
  incidentalCharge?: number;
  fuelSurcharge?: number;
  distanceKm?: number;
}

const amount = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** The request's standard fare at another distance, as the quote computes it. */
const quoteAtDistance = (requestItemId: string, d: TDeliveryItem, distanceKm: number) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'standard-fare-at', requestItemId, distanceKm],
    queryFn: ({ signal }) =>
      api.call(
        standardFareRoutes.quote,
        {
          body: quoteBodyOfDelivery(d, distanceKm),
        },
        { signal },
      ),
    staleTime: Infinity,
  });

export function LiveFareShare({
  control,
  requestItemId,
  delivery,
  standardFare,
}: {
  control: Control<BidFormValues>;
  requestItemId: string;
  delivery: TDeliveryItem;
  standardFare: TStandardFareFigure;
}) {
  const [price, incidentalCharge, fuelSurcharge, distanceKm] = useWatch({
    control,
    name: ['price', 'incidentalCharge', 'fuelSurcharge', 'distanceKm'],
  });
  // The quote is asked for the distance once typing settles, and only for a distance it accepts.
  const km = useDeferredValue(
    amount(distanceKm) && distanceKm! > 0 && distanceKm! <= 5000 ? Math.round(distanceKm! * 10) / 10 : undefined,
  );
  const quote = useQuery({ ...quoteAtDistance(requestItemId, delivery, km ?? 0), enabled: km !== undefined });
  const atDistance: TStandardFareFigure | null | undefined =
    km === undefined
      ? standardFare
      : quote.data &&
        (quote.data.standardFare.covered
          ? { covered: true, subtotal: quote.data.standardFare.subtotal, total: quote.data.standardFare.total, estimated: false }
          : { covered: false, message: quote.data.standardFare.message });
  const fare = amount(price);
  const percent =
    fare && fare > 0 && atDistance
      ? shareOfStandardFare(
          chargesOf(fare, { incidentalCharge: amount(incidentalCharge), fuelSurcharge: amount(fuelSurcharge) }, delivery)
            .subtotal,
          atDistance,
        )
      : null;
  if (!standardFare.covered && km === undefined) return null;
  return (
    <div className="col-span-12 flex flex-col gap-0.5 rounded-md bg-muted px-3 py-2">
      <p role="status" aria-live="polite" className="text-sm font-bold tabular-nums" data-testid="live-fare-share">
        {percent !== null ? T.share(percent) : atDistance && !atDistance.covered ? atDistance.message : T.bid.liveNone}
      </p>
      <p className="text-xs text-muted-foreground">{T.shareBasis}</p>
    </div>
  );
}

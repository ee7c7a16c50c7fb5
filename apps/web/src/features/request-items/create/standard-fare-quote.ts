/**
 * The create form's live 標準的運賃 quote (issue 45, decision 092): the draft as the form holds
 * it becomes the quote's body once it has enough for one (every stop's prefecture, city, day and
 * window, the vehicle, the total weight), then POST /standard-fares/quote, debounced so that
 * typing does not send a call per keystroke. The panel and the fixed-price warning share it
 * (the same query key, so one call).
 */
import { ZStandardFareQuoteBody, standardFareRoutes, type TStandardFareQuoteBody } from '@logi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { api } from '../../../lib/api';
import { stopInstant, type TDeliveryForm } from './request-forms';

/** Quiet time after the last change before the quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 400;

type DraftFields = Pick<
  TDeliveryForm,
  'transports' | 'vehicleType' | 'vehicleTemperatureRange' | 'totalWeight' | 'incidentalWork' | 'distanceKm'
>;

/**
 * The quote's body of a draft, or null while it lacks something a quote needs. A distance that
 * is not (yet) a valid one is left out, so the estimate shows; the form says what is wrong with
 * it on submit. The form has no handling or waiting minutes, so none are sent.
 */
export function quoteDraftOf(v: DraftFields): TStandardFareQuoteBody | null {
  const transports = [];
  for (const s of v.transports ?? []) {
    const [from, to] = (s.timeRange ?? '').split('-');
    if (!s.prefecture || !s.city || !s.date || !from || !to) return null;
    transports.push({
      transportType: s.transportType,
      prefecture: s.prefecture,
      city: s.city,
      timeFrom: stopInstant(s.date, from),
      timeTo: stopInstant(s.date, to),
    });
  }
  const draft = {
    vehicleType: v.vehicleType,
    vehicleTemperatureRange: v.vehicleTemperatureRange,
    totalWeight: v.totalWeight,
    transports,
    incidentalWork: v.incidentalWork ?? [],
  };
  const withDistance = ZStandardFareQuoteBody.safeParse({ ...draft, distanceKm: v.distanceKm });
  if (withDistance.success) return withDistance.data;
  const parsed = ZStandardFareQuoteBody.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const WATCHED = ['transports', 'vehicleType', 'vehicleTemperatureRange', 'totalWeight', 'incidentalWork', 'distanceKm'] as const;

/** The quote of the form's draft; `asked` is false while the draft has too little for one. */
export function useStandardFareQuote() {
  const [transports, vehicleType, vehicleTemperatureRange, totalWeight, incidentalWork, distanceKm] = useWatch<
    TDeliveryForm,
    typeof WATCHED
  >({ name: WATCHED });
  // The body as text: a stable value to wait on and to key the query by.
  const body = useMemo(() => {
    const draft = quoteDraftOf({ transports, vehicleType, vehicleTemperatureRange, totalWeight, incidentalWork, distanceKm });
    return draft && JSON.stringify(draft);
  }, [transports, vehicleType, vehicleTemperatureRange, totalWeight, incidentalWork, distanceKm]);
  const settled = useDebounced(body, QUOTE_DEBOUNCE_MS);
  const draft = useMemo(() => (settled ? (JSON.parse(settled) as TStandardFareQuoteBody) : null), [settled]);
  const query = useQuery({
    queryKey: ['standard-fare-quote', settled],
    queryFn: ({ signal }) => api.call(standardFareRoutes.quote, { body: draft! }, { signal }),
    enabled: draft !== null,
    // The last figure stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    // The panel says it failed where the figure would be; no toast while the shipper types.
    meta: { errorToast: false },
  });
  return { asked: draft !== null, draft, query };
}

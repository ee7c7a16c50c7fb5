/** The server state of one request as a carrier sees it: public for guests, private when signed in. */
import { candidateRoutes, requestItemRoutes } from '@logi/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';

export const requestDetailQuery = (requestItemId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: [...REQUEST_ITEMS_KEY, 'detail', signedIn ? 'private' : 'public', requestItemId],
    queryFn: ({ signal }) =>
      api.call(
        signedIn ? requestItemRoutes.privateDetail : requestItemRoutes.publicDetail,
        { params: { requestItemId } },
        { signal },
      ),
  });

/** How a carrier applies: a bid on an estimation, or the listed price (fixed delivery, per-unit warehouse). */
export type ApplyWay = 'bid' | 'fixed';

/** A bid's own charges (decision 067); absent: the request's conditions. */
export interface BidCharges {
  incidentalCharge?: number;
  fuelSurcharge?: number;
  /** The road km the carrier states with its bid (its standard-fare share uses it). */
  distanceKm?: number;
}

export function applyCall(way: ApplyWay, requestItemId: string, price: number, charges: BidCharges = {}) {
  return way === 'bid'
    ? api.call(candidateRoutes.requestPrice, { body: { requestItemId, price, ...charges } })
    : api.call(candidateRoutes.applyFixedPrice, { body: { requestItemId } });
}

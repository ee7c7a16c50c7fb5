/**
 * The fair-price meter's calls in `npm run bench` (issue 45, decisions 092 and 094): the quote of a
 * draft (computed, no table read but the cached fuel price), the market's lane prices (one index
 * range scan of the completed jobs' facts) for a draft's lane and for a request, and the market
 * list with its standard-fare column (computed per row on read, the list's SQL unchanged) over
 * pages that the short market cache does not all hold. Bar: p99 < 50 ms.
 */
import { estimateRouteDistance } from '@logi/contract/standard-fare';
import type { Load } from './processes';

type FareScenario = Load & { name: string; bar: { p99: number } };

/** Busy and quiet lanes of the generated data's addresses: from, to and the class a 4t or 2t truck takes. */
const ROUTES = [
  { from: ['東京都', '千代田区'], to: ['大阪府', '大阪市北区'], vehicleType: 'FOUR_T_TRUCK', vehicleClass: 'medium' },
  { from: ['東京都', '大田区'], to: ['神奈川県', '横浜市中区'], vehicleType: 'TWO_T_TRUCK', vehicleClass: 'small' },
  { from: ['愛知県', '名古屋市中区'], to: ['東京都', '港区'], vehicleType: 'TEN_T_TRUCK', vehicleClass: 'large' },
  { from: ['福岡県', '福岡市博多区'], to: ['熊本県', '熊本市中央区'], vehicleType: 'FOUR_T_TRUCK', vehicleClass: 'medium' },
] as const;

const place = ([prefecture, city]: readonly [string, string]) => ({ prefecture, city });

/** A draft of each route as the create form would send it, a week ahead. */
function drafts(): string[] {
  const day = new Date(Date.now() + 7 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  return ROUTES.map((r) =>
    JSON.stringify({
      vehicleType: r.vehicleType,
      vehicleTemperatureRange: 'ROOM',
      totalWeight: 1500,
      transports: [
        { transportType: 'PICKUP', ...place(r.from), timeFrom: `${day}T08:00:00+09:00`, timeTo: `${day}T09:00:00+09:00` },
        { transportType: 'DELIVERY', ...place(r.to), timeFrom: `${day}T15:00:00+09:00`, timeTo: `${day}T17:00:00+09:00` },
      ],
      incidentalWork: ['LOADING'],
      handlingMinutes: 60,
      waitingMinutes: 45,
    }),
  );
}

function lanePaths(): string[] {
  return ROUTES.map((r) => {
    const km = estimateRouteDistance([place(r.from), place(r.to)])!.km;
    const query = new URLSearchParams({
      pickupPrefecture: r.from[0],
      deliveryPrefecture: r.to[0],
      vehicleClass: r.vehicleClass,
      distanceKm: String(km),
    });
    return `/api/v1/standard-fares/lane-prices?${query}`;
  });
}

/**
 * `signedIn`: a customer's (or any role's) auth headers; `csrf`: the CSRF pair the quote's POST
 * carries; `openItems`: delivery requests any signed-in carrier may read, for the request's lane.
 */
export function fareScenarios(
  customer: Record<string, string>,
  driver: Record<string, string>,
  csrf: Record<string, string>,
  openItems: string[],
): FareScenario[] {
  const bar = { p99: 50 };
  return [
    {
      name: 'POST standard-fares/quote',
      method: 'POST',
      path: '/api/v1/standard-fares/quote',
      headers: { ...customer, ...csrf, 'content-type': 'application/json' },
      body: { template: '%s', ids: drafts() },
      bar,
    },
    { name: 'GET standard-fares/lane-prices (draft)', path: lanePaths(), headers: customer, bar },
    {
      name: 'GET list/private with the standard-fare column (pages 1–50)',
      path: Array.from({ length: 50 }, (_, i) => `/api/v1/request-items/list/private?page=${i + 1}`),
      headers: driver,
      bar,
    },
    {
      name: 'GET list/public with the standard-fare column (anonymous, 4t from 東京都, pages 1–20)',
      path: Array.from(
        { length: 20 },
        (_, i) =>
          `/api/v1/request-items/list/public?vehicleType=FOUR_T_TRUCK&pickupLocation=${encodeURIComponent('東京都')}&page=${i + 1}`,
      ),
      bar,
    },
    {
      name: 'GET request-items/{id}/lane-prices',
      path: openItems.map((id) => `/api/v1/request-items/${id}/lane-prices`),
      headers: driver,
      bar,
    },
  ];
}

/**
 * Trust between strangers in `npm run bench` (issue 48, decision 105): a shipper's candidates list
 * with each bid's carrier facts and rating (newest first, and sorted by rating and on-time rate),
 * a request's measured site waiting, and the market with the short-wait filter (one more tag on
 * the market's GIN/created-at plans). Bar: p99 < 50 ms.
 */
import pg from 'pg';
import { BENCH_CUSTOMER_EMAIL } from './bench-data';
import type { Load } from './processes';

type TrustScenario = Load & { name: string; bar: { p99: number } };

/** The bench customer's requests that drew bids, most bids first (its candidates lists). */
export async function requestsWithBids(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `select r.id from request_items r join users u on u.id = r.creator_id
       where u.email = $1 and r.deleted_at is null
         and exists (select 1 from candidates c where c.request_item_id = r.id)
       order by (select count(*) from candidates c where c.request_item_id = r.id) desc
       limit 200`,
      [BENCH_CUSTOMER_EMAIL],
    );
    return rows.map((r) => r.id);
  } catch {
    return [];
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `customer`: the bench customer's auth headers (owner of `ownRequests`); `driver`: a carrier's;
 * `openItems`: open delivery requests any carrier may read.
 */
export function trustScenarios(
  customer: Record<string, string>,
  driver: Record<string, string>,
  ownRequests: string[],
  openItems: string[],
): TrustScenario[] {
  const bar = { p99: 50 };
  const candidates = (sort: string) => ownRequests.map((id) => `/api/v1/candidates?requestId=${id}&sort=${sort}`);
  return [
    ...(ownRequests.length === 0
      ? []
      : [
          { name: 'GET candidates with facts and ratings (newest)', path: candidates('NEWEST'), headers: customer, bar },
          { name: 'GET candidates sorted by rating', path: candidates('RATING'), headers: customer, bar },
          { name: 'GET candidates sorted by on-time rate', path: candidates('ON_TIME'), headers: customer, bar },
        ]),
    {
      name: 'GET request-items/{id}/trust (site waiting, shipper rating)',
      path: openItems.map((id) => `/api/v1/request-items/${id}/trust`),
      headers: driver,
      bar,
    },
    {
      name: 'GET list/private shortWait=true (pages 1–20)',
      path: Array.from({ length: 20 }, (_, i) => `/api/v1/request-items/list/private?shortWait=true&page=${i + 1}`),
      headers: driver,
      bar,
    },
    {
      name: 'GET list/public shortWait=true, 4t from 東京都 (anonymous)',
      path: `/api/v1/request-items/list/public?shortWait=true&vehicleType=FOUR_T_TRUCK&pickupLocation=${encodeURIComponent('東京都')}`,
      bar,
    },
  ];
}

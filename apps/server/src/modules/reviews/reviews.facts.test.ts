/**
 * Measured facts and measured waiting (decision 105) against hand-computed fixtures: a carrier's
 * completed jobs, cancellations after approval and on-time arrivals (Japan-time windows, stops
 * without times), the thresholds below which nothing shows, a site's waiting over 90 days, the
 * candidates' sort and the market's short-wait filter.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCandidatePage, TCarrierProfile, TRequestItemPage, TRequestTrust } from '@logi/contract';
import { siteStopFacts } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { API, type Party, UNKNOWN, bid, expectError, party } from '../../../test/marketplace-fixtures';
import { deliveryBody, makeDeliveryRequest, stop } from '../../../test/request-item-fixtures';
import { type Cast, appWithCast, approvedDelivery } from '../../../test/scenario';
import { MIN, ago, completedJob } from './reviews.test-support';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

/** The same instant written in Japan time (+09:00), as the create form sends a window. */
const jstText = (d: Date) => new Date(d.getTime() + 9 * 60 * MIN).toISOString().replace('Z', '+09:00').replace('.000', '');

async function profile(who: Party, carrierId: string): Promise<TCarrierProfile> {
  const res = await t.call('GET', `/api/v1/carriers/${carrierId}/profile`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function candidates(who: Party, requestId: string, sort?: string): Promise<TCandidatePage> {
  const res = await t.call('GET', `${API.candidates}?requestId=${requestId}${sort ? `&sort=${sort}` : ''}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("a carrier's measured facts (the driver manager's company, its drivers' jobs included)", () => {
  it('shows nothing below three completed jobs, then the counts and on-time rates computed by hand', async () => {
    const empty = await profile(people.customer, people.manager.id);
    expect(empty.facts).toEqual({
      periodMonths: 12,
      shown: false,
      completedJobs: null,
      cancelledAfterApproval: null,
      pickupOnTime: null,
      deliveryOnTime: null,
    });

    // Job 1: pickup arrives 1 minute before its window ends (on time); delivery 1 minute after (late).
    const end1 = ago(300);
    await completedJob(t, people.customer, people.driver, {
      pickup: { windowEnd: end1, arrived: 301 },
      delivery: { windowEnd: ago(120), arrived: 119 },
    });
    // Job 2: the pickup window ends at an instant written in Japan time; the arrival is at that
    // very instant (tapped in UTC): on time. The delivery has no taps: not measured.
    const end2 = new Date(Math.floor(ago(200).getTime() / MIN) * MIN);
    await completedJob(t, people.customer, people.driver, {
      pickup: { windowEnd: new Date(jstText(end2)), arrived: end2 },
    });
    expect((await profile(people.customer, people.manager.id)).facts.shown).toBe(false);

    // Job 3, carried by the manager itself: pickup late by 10 minutes, delivery on time.
    await completedJob(t, people.customer, people.manager, {
      pickup: { windowEnd: ago(400), arrived: 390 },
      delivery: { windowEnd: ago(60), arrived: 100 },
    });
    // One more approved job, cancelled by the shipper before pickup: counted as such.
    const cancelled = await approvedDelivery(t, people.customer, people.otherDriver);
    expect((await t.call('PATCH', API.cancel(cancelled.item.id), { token: people.customer.token })).statusCode).toBe(200);

    const facts = (await profile(people.otherCustomer, people.manager.id)).facts;
    expect(facts).toEqual({
      periodMonths: 12,
      shown: true,
      completedJobs: 3,
      cancelledAfterApproval: 1,
      // Pickups: on time, on time, late = 2 of 3 measured.
      pickupOnTime: { onTime: 2, measured: 3, rate: 2 / 3 },
      // Deliveries: late, (none), on time = 2 measured, under the three needed: not shown.
      deliveryOnTime: null,
    });
  });

  it('shows the facts and rating of each bid on the candidates list, and sorts by price, rating and on-time rate', async () => {
    const newcomer = await party(t, ['DRIVER_MANAGER']);
    const item = await makeDeliveryRequest(t, people.otherCustomer.token, { price: undefined });
    await bid(t, newcomer, item.id, 30000);
    await bid(t, people.driver, item.id, 50000);

    const newest = await candidates(people.otherCustomer, item.id);
    expect(newest.data.map((c) => c.applicantId)).toEqual([people.driver.id, newcomer.id]);
    const experienced = newest.data[0]!.trust;
    expect(experienced.carrierId).toBe(people.manager.id);
    expect(experienced.facts).toMatchObject({ shown: true, completedJobs: 3, cancelledAfterApproval: 1 });
    expect(newest.data[1]!.trust.facts.shown).toBe(false);

    expect((await candidates(people.otherCustomer, item.id, 'PRICE')).data.map((c) => c.price)).toEqual([30000, 50000]);
    // The newcomer has no measured arrivals: last.
    expect((await candidates(people.otherCustomer, item.id, 'ON_TIME')).data.map((c) => c.applicantId)).toEqual([
      people.driver.id,
      newcomer.id,
    ]);
    // Nobody has three reviews: both unknown, the newest application first.
    expect((await candidates(people.otherCustomer, item.id, 'RATING')).data.map((c) => c.applicantId)).toEqual([
      people.driver.id,
      newcomer.id,
    ]);
  });

  it('answers 404 for an id that is not a carrier', async () => {
    expectError(
      await t.call('GET', `/api/v1/carriers/${UNKNOWN}/profile`, { token: people.customer.token }),
      404,
      'CARRIER_NOT_FOUND',
    );
    expectError(
      await t.call('GET', `/api/v1/carriers/${people.customer.id}/profile`, { token: people.manager.token }),
      404,
      'CARRIER_NOT_FOUND',
    );
    // A driver of a company is not a carrier of its own: its company is.
    expectError(
      await t.call('GET', `/api/v1/carriers/${people.driver.id}/profile`, { token: people.manager.token }),
      404,
      'CARRIER_NOT_FOUND',
    );
  });
});

describe('the measured waiting at a site (GET /request-items/{id}/trust) and the market filter', () => {
  // One premises written three ways: full-width digits, 丁目・番・号, and a full-width dash.
  const ginza = [
    { town: '銀座', block: '１丁目２番３号' },
    { town: '銀座', block: '1-2-3' },
    { town: '銀座１', block: '２－３' },
  ];
  const umeda = { postalCode: '530-0001', prefecture: '大阪府', city: '大阪市北区', town: '梅田', block: '3-1' };

  async function trust(who: Party, id: string): Promise<TRequestTrust> {
    const res = await t.call('GET', `/api/v1/request-items/${id}/trust`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function market(query: string): Promise<string[]> {
    const res = await t.call('GET', `/api/v1/request-items/list/private?limit=100&${query}`, { token: people.manager.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TRequestItemPage).data.map((i) => i.id);
  }

  it('shows a site from its third measured stop on: average waiting and handling, and the share over two hours', async () => {
    const shipper = await party(t, ['CUSTOMER']);
    const carrier = await party(t, ['DRIVER_MANAGER']);
    const at = (n: number) => ({
      transports: [stop(ginza[n]), stop({ transportType: 'DELIVERY', ...umeda, timeFrom: stop().timeTo, timeTo: stop().timeTo })],
    });
    // Ginza waits 30, 60 and 150 minutes, handles 20 each; Umeda waits 10 each (no handling end recorded).
    const waits = [30, 60, 150];
    const later = await makeDeliveryRequest(t, shipper.token, { transports: at(1).transports });
    for (const [n, wait] of waits.entries()) {
      if (n === 2) {
        const two = await trust(carrier, later.id);
        expect(two.sites[0]).toMatchObject({ stops: 2, shown: false, averageWaitingMinutes: null, overTwoHoursShare: null });
      }
      await completedJob(
        t,
        shipper,
        carrier,
        {
          pickup: { arrived: 500, started: 500 - wait, finished: 500 - wait - 20 },
          delivery: { arrived: 200, started: 190 },
        },
        at(n),
      );
    }
    // A stop without its handling start is not measured at all.
    await completedJob(t, shipper, carrier, { pickup: { arrived: 300 } }, at(0));

    const seen = await trust(people.driver, later.id);
    expect(seen.sites).toEqual([
      {
        position: 0,
        transportType: 'PICKUP',
        site: '東京都中央区銀座1-2-3',
        stops: 3,
        shown: true,
        // (30 + 60 + 150) / 3 = 80; handling 20; over two hours: 150 + 20 = 170 only.
        averageWaitingMinutes: 80,
        averageHandlingMinutes: 20,
        overTwoHoursShare: 1 / 3,
      },
      {
        position: 1,
        transportType: 'DELIVERY',
        site: '大阪府大阪市北区梅田3-1',
        stops: 3,
        shown: true,
        averageWaitingMinutes: 10,
        averageHandlingMinutes: null,
        overTwoHoursShare: 0,
      },
    ]);

    // The market's filter: a request whose only measured site is Umeda (short) qualifies; one
    // that also stops at Ginza (80 minutes on average) does not; one at unmeasured sites neither.
    const umedaOnly = await makeDeliveryRequest(t, shipper.token, {
      transports: [
        stop({ town: '丸の内', block: '9-9' }),
        stop({ transportType: 'DELIVERY', ...umeda, timeFrom: stop().timeTo, timeTo: stop().timeTo }),
      ],
    });
    const unmeasured = await makeDeliveryRequest(
      t,
      shipper.token,
      deliveryBody({
        transports: [
          stop({ town: '有楽町', block: '1-1' }),
          stop({ transportType: 'DELIVERY', town: '京橋', block: '2-2', timeFrom: stop().timeTo, timeTo: stop().timeTo }),
        ],
      }),
    );
    const short = await market('shortWait=true');
    expect(short).toContain(umedaOnly.id);
    expect(short).not.toContain(later.id);
    expect(short).not.toContain(unmeasured.id);
    const all = await market('');
    expect(all).toEqual(expect.arrayContaining([umedaOnly.id, later.id, unmeasured.id]));

    // A stop older than 90 days leaves the window: Umeda falls to two measured stops.
    const db = t.app.deps.db;
    const [oldest] = await db.select().from(siteStopFacts).where(eq(siteStopFacts.siteKey, '大阪府大阪市北区梅田3-1')).limit(1);
    await db
      .update(siteStopFacts)
      .set({ arrivedAt: new Date(Date.now() - 91 * 24 * 60 * MIN) })
      .where(eq(siteStopFacts.stopId, oldest!.stopId));
    expect((await trust(carrier, umedaOnly.id)).sites[1]).toMatchObject({ stops: 2, shown: false });
  });

  it('answers 404 to a caller who may not read the request, and to an unknown request', async () => {
    const { item } = await approvedDelivery(t, people.customer, people.driver);
    expectError(
      await t.call('GET', `/api/v1/request-items/${item.id}/trust`, { token: people.otherCustomer.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
    expectError(
      await t.call('GET', `/api/v1/request-items/${UNKNOWN}/trust`, { token: people.driver.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
  });
});

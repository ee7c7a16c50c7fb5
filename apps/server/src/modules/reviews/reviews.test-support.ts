/**
 * What the measured-facts and review tests share: a delivery carried to completion through the
 * API with the taps each stop is given, its windows set to end at given instants.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TCreateDeliveryBody, TStopTimeEvent, TStopTimesResponse } from '@logi/contract';
import { requestItems, transportStops } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { API, type Party } from '../../../test/marketplace-fixtures';
import { approvedDelivery, reportInFull, startPickup } from '../../../test/scenario';

export const MIN = 60_000;
export const ago = (minutes: number) => new Date(Date.now() - minutes * MIN);

/** A stop's taps (minutes ago, or an instant; absent: not tapped) and the end of its window. */
export interface StopPlan {
  windowEnd?: Date;
  arrived?: number | Date;
  started?: number;
  finished?: number;
}

const when = (v: number | Date) => (typeof v === 'number' ? ago(v) : v);

async function tap(t: TestApp, who: Party, requestItemId: string, stopId: string, event: TStopTimeEvent, at: Date) {
  const occurredAt = at.toISOString();
  const res = await t.call('POST', `/api/v1/request-items/${requestItemId}/stop-times`, {
    token: who.token,
    body: { clientId: randomUUID(), stopId, event, occurredAt },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Taps a stop as planned. */
async function tapStop(t: TestApp, who: Party, requestItemId: string, stopId: string, plan: StopPlan) {
  if (plan.arrived !== undefined) await tap(t, who, requestItemId, stopId, 'ARRIVED', when(plan.arrived));
  if (plan.started !== undefined) await tap(t, who, requestItemId, stopId, 'LOADING_STARTED', ago(plan.started));
  if (plan.finished !== undefined) await tap(t, who, requestItemId, stopId, 'LOADING_FINISHED', ago(plan.finished));
}

/**
 * `customer` posts a delivery, `carrier` wins it, taps the first pickup and the delivery stop as
 * planned (their windows ending when told), reports and the customer approves: COMPLETED.
 */
export async function completedJob(
  t: TestApp,
  customer: Party,
  carrier: Party,
  plan: { pickup?: StopPlan; delivery?: StopPlan } = {},
  overrides: Partial<TCreateDeliveryBody> = {},
) {
  const deal = await approvedDelivery(t, customer, carrier, overrides);
  const db = t.app.deps.db;
  // Approved ten hours ago, so that the taps may lie in the past.
  await db
    .update(requestItems)
    .set({ approvedAt: ago(600) })
    .where(eq(requestItems.id, deal.item.id));
  const read = await t.call('GET', `/api/v1/request-items/${deal.item.id}/stop-times`, { token: customer.token });
  const { stops } = read.json() as TStopTimesResponse;
  const pickup = stops.find((s) => s.transportType === 'PICKUP')!;
  const delivery = stops.find((s) => s.transportType === 'DELIVERY')!;
  for (const [stop, p] of [
    [pickup, plan.pickup],
    [delivery, plan.delivery],
  ] as const) {
    if (!p) continue;
    // The window as it stood when the job ran (the create form only takes future windows).
    if (p.windowEnd) await db.update(transportStops).set({ timeTo: p.windowEnd }).where(eq(transportStops.id, stop.stopId));
    await tapStop(t, carrier, deal.item.id, stop.stopId, p);
  }
  await startPickup(t, deal, customer, carrier);
  await reportInFull(t, carrier, deal.item.id, { pickupTemperature: -20, deliveryTemperature: -20 });
  const done = await t.call('PATCH', API.complete(deal.item.id), { token: customer.token });
  expect(done.statusCode, done.body).toBe(200);
  return deal;
}

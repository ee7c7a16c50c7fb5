/**
 * What the stop-times tests share: the call's path, instants minutes ago, and an approved job
 * whose taps may lie in the past.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TCreateDeliveryBody, TStopTimesResponse } from '@logi/contract';
import { requestItems } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { type Cast, approvedDelivery } from '../../../test/scenario';

export const MIN = 60_000;
export const times = (id: string) => `/api/v1/request-items/${id}/stop-times`;
export const ago = (minutes: number) => new Date(Date.now() - minutes * MIN).toISOString();

/** A delivery the driver won, approved six hours ago (so that taps may lie in the past), with its first pickup and delivery stop. */
export async function approvedJob(t: TestApp, people: Cast, overrides: Partial<TCreateDeliveryBody> = {}) {
  const { item } = await approvedDelivery(t, people.customer, people.driver, overrides);
  await t.app.deps.db
    .update(requestItems)
    .set({ approvedAt: new Date(Date.now() - 6 * 60 * MIN) })
    .where(eq(requestItems.id, item.id));
  const read = await t.call('GET', times(item.id), { token: people.customer.token });
  expect(read.statusCode, read.body).toBe(200);
  const { stops } = read.json() as TStopTimesResponse;
  return {
    item,
    pickup: stops.find((s) => s.transportType === 'PICKUP')!,
    delivery: stops.find((s) => s.transportType === 'DELIVERY')!,
  };
}

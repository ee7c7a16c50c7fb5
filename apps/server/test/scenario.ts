/**
 * A deal at a given stage in one call, so that a test reads as its scenario: "a delivery the
 * driver won", "pickup under way". Every step goes through the real API as the web makes it
 * (marketplace-fixtures, request-item-fixtures) and throws unless it succeeds.
 */
import { expect } from 'vitest';
import type { TCreateDeliveryBody, TCreateWarehouseBody, TRequestItemDetail } from '@logi/contract';
import { uploadedPng } from '../src/modules/files/files.test-support';
import { createTestApp, type TestApp } from './helpers';
import { API, type Party, applyFixed, approve, cast } from './marketplace-fixtures';
import { makeDeliveryRequest, makeWarehouseRequest } from './request-item-fixtures';

export type Cast = Awaited<ReturnType<typeof cast>>;

/** A fresh app with the cast signed in: how a marketplace test file starts. */
export async function appWithCast(env: Record<string, string> = {}): Promise<{ t: TestApp; people: Cast }> {
  const t = await createTestApp(env);
  return { t, people: await cast(t) };
}

/** A deal: the request, the approved application and its talkroom. */
export interface Deal {
  item: TRequestItemDetail;
  candidateId: string;
  talkroomId: string;
}

/** `carrier` applies at the request's fixed price and its owner approves the application. */
export async function applyAndApprove(t: TestApp, owner: Party, carrier: Party, requestItemId: string) {
  const applied = await applyFixed(t, carrier, requestItemId);
  await approve(t, owner, applied.candidate.id, requestItemId);
  return { candidateId: applied.candidate.id, talkroomId: applied.candidate.talkroom.id };
}

/** A fixed-price delivery (冷凍 unless told) `customer` posted and gave to `carrier`'s application: APPROVED. */
export async function approvedDelivery(
  t: TestApp,
  customer: Party,
  carrier: Party,
  overrides: Partial<TCreateDeliveryBody> = {},
): Promise<Deal> {
  const item = await makeDeliveryRequest(t, customer.token, overrides);
  return { item, ...(await applyAndApprove(t, customer, carrier, item.id)) };
}

/** A warehouse `customer` posted and gave to `carrier`'s application: matching ends there (COMPLETED). */
export async function matchedWarehouse(
  t: TestApp,
  customer: Party,
  carrier: Party,
  overrides: Partial<TCreateWarehouseBody> = {},
): Promise<Deal> {
  const item = await makeWarehouseRequest(t, customer.token, overrides);
  return { item, ...(await applyAndApprove(t, customer, carrier, item.id)) };
}

/** Both sides pressed meeting complete on an approved delivery: pickup work is under way (IN_PROGRESS). */
export async function startPickup(
  t: TestApp,
  deal: { item: { id: string }; talkroomId: string },
  customer: Party,
  carrier: Party,
) {
  expect((await t.call('PATCH', API.inactivate(deal.talkroomId), { token: customer.token })).statusCode).toBe(200);
  expect((await t.call('PATCH', API.confirmReceive(deal.item.id), { token: carrier.token })).statusCode).toBe(200);
}

/** The three images of a delivery report, uploaded by the carrier. */
export async function reportImages(t: TestApp, carrier: Party) {
  return {
    receiptImageId: await uploadedPng(t, carrier.token, '受領書.png'),
    recipientSignatureImageId: await uploadedPng(t, carrier.token, '署名.png'),
    deliveryImageId: await uploadedPng(t, carrier.token, '配送.png'),
  };
}

/** The carrier reports the delivery in full: the three images and, for a cold load, the two readings. */
export async function reportInFull(
  t: TestApp,
  carrier: Party,
  requestItemId: string,
  readings: { pickupTemperature: number; deliveryTemperature: number },
) {
  const body = { ...(await reportImages(t, carrier)), ...readings };
  const res = await t.call('POST', API.report(requestItemId), { token: carrier.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return body;
}

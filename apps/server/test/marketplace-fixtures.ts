/**
 * The people of a deal and the marketplace calls as the web makes them: applying,
 * approving, the lifecycle transitions and talkroom messages, each through the real API.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  ERROR_MESSAGES,
  type ErrorCode,
  type TApplyResponse,
  type TNotificationType,
  type TRole,
  type TSignInRole,
} from '@logi/contract';
import { requestItems, talkrooms } from '../src/db/schema';
import type { NewAccount } from '../src/modules/accounts/accounts.service';
import { login, makeManagerWithDrivers, makeUser } from './fixtures';
import type { TestApp } from './helpers';

export interface Party {
  id: string;
  email: string;
  token: string;
}

/** An account signed in with `role` (the first of `roles` unless given). */
export async function party(t: TestApp, roles: TRole[], extra: Partial<NewAccount> = {}, role?: TSignInRole): Promise<Party> {
  const user = await makeUser(t, roles, extra);
  const session = await login(t, user.email, role ?? (roles[0] as TSignInRole));
  return { id: user.id, email: user.email, token: session.accessToken };
}

/** A customer, a second customer, a driver manager with two drivers, and an admin. */
export async function cast(t: TestApp) {
  const { manager, drivers } = await makeManagerWithDrivers(t, 2);
  const signIn = async (u: { id: string; email: string }, role: TSignInRole): Promise<Party> => ({
    id: u.id,
    email: u.email,
    token: (await login(t, u.email, role)).accessToken,
  });
  return {
    customer: await party(t, ['CUSTOMER']),
    otherCustomer: await party(t, ['CUSTOMER']),
    manager: await signIn(manager, 'DRIVER_MANAGER'),
    driver: await signIn(drivers[0]!, 'DRIVER'),
    otherDriver: await signIn(drivers[1]!, 'DRIVER'),
    admin: await party(t, ['ADMIN']),
  };
}

/** A well-formed id that no row has. */
export const UNKNOWN = '01900000-0000-7000-8000-000000000000';

export const API = {
  requestPrices: '/api/v1/request-items/request-prices',
  applyFixedPrice: '/api/v1/request-items/apply-fixed-price',
  candidates: '/api/v1/candidates',
  candidate: (id: string, requestItemId: string) => `/api/v1/candidates/${id}?requestItemId=${requestItemId}`,
  approve: (id: string) => `/api/v1/candidates/${id}/approve`,
  inactivate: (talkroomId: string) => `/api/v1/request-items/talkrooms/${talkroomId}/inactivate`,
  confirmReceive: (id: string) => `/api/v1/request-items/confirm-receive/${id}`,
  report: (id: string) => `/api/v1/request-items/delivery-report/${id}`,
  complete: (id: string) => `/api/v1/request-items/complete/${id}`,
  cancel: (id: string) => `/api/v1/request-items/cancel/${id}`,
  ownerDelete: (id: string) => `/api/v1/request-items/${id}/owner`,
  adminDelete: (id: string) => `/api/v1/request-items/${id}`,
  talkrooms: (id: string) => `/api/v1/request-items/${id}/talkrooms`,
  messages: (id: string) => `/api/v1/request-items/${id}/messages`,
  privateDetail: (id: string) => `/api/v1/request-items/private/${id}`,
} as const;

/** A bid through the API; throws unless 200. */
export async function bid(t: TestApp, who: Party, requestItemId: string, price = 42000): Promise<TApplyResponse> {
  const res = await t.call('POST', API.requestPrices, { token: who.token, body: { requestItemId, price } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fixed-price application through the API; throws unless 200. */
export async function applyFixed(t: TestApp, who: Party, requestItemId: string): Promise<TApplyResponse> {
  const res = await t.call('POST', API.applyFixedPrice, { token: who.token, body: { requestItemId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The customer approves a candidate through the API; throws unless 200. */
export async function approve(t: TestApp, customer: Party, candidateId: string, requestItemId: string) {
  const res = await t.call('POST', API.approve(candidateId), { token: customer.token, body: { requestItemId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** An error answer with its code and Japanese message. */
export function expectError(res: { statusCode: number; body: string; json(): unknown }, status: number, code: ErrorCode) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, code, message: ERROR_MESSAGES[code] });
}

/** The types of the notifications a user has received about a request item, oldest first (through GET /notifications). */
export async function notificationTypes(t: TestApp, who: Party, requestItemId?: string): Promise<TNotificationType[]> {
  const res = await t.call('GET', '/api/v1/notifications?limit=100', { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  const rows = (res.json() as { data: { notification: { type: TNotificationType; link: string | null } }[] }).data;
  return rows
    .filter((r) => !requestItemId || r.notification.link?.includes(requestItemId))
    .map((r) => r.notification.type)
    .reverse();
}

export async function itemRow(t: TestApp, id: string) {
  const [row] = await t.app.deps.db.select().from(requestItems).where(eq(requestItems.id, id));
  return row!;
}

export async function talkroomRow(t: TestApp, requestItemId: string, appliedUserId: string) {
  const [row] = await t.app.deps.db
    .select()
    .from(talkrooms)
    .where(and(eq(talkrooms.requestItemId, requestItemId), eq(talkrooms.appliedUserId, appliedUserId)));
  return row;
}

/** GET /admin/overview: the operator's figures, counted from what happened through the API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminOverview } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { API } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, matchedWarehouse } from '../../../test/scenario';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';
import { createAdminService } from './admin.service';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

async function overview(): Promise<TAdminOverview> {
  const res = await t.call('GET', '/api/v1/admin/overview', { token: people.admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /admin/overview', () => {
  it('starts at zero requests with the accounts counted, and 30 days on the chart', async () => {
    const o = await overview();
    expect(o).toMatchObject({ openRequests: 0, activeCustomers: 2, activeCarriers: 3 });
    // The customer, the other customer, the manager and its two drivers; admins are not sign-ups.
    expect(o.thisWeek).toEqual({ posted: 0, matched: 0, completed: 0, completedValue: 0, signUps: 5 });
    expect(o.days).toHaveLength(30);
    expect(o.days.every((d) => d.posted === 0 && d.matched === 0 && d.completed === 0)).toBe(true);
  });

  it('counts requests posted, matched and completed, the agreed value of those completed, and today on the chart', async () => {
    const open = await makeDeliveryRequest(t, people.customer.token);
    await approvedDelivery(t, people.customer, people.driver, { price: 30000 });
    // A warehouse completes when its candidate is approved.
    await matchedWarehouse(t, people.otherCustomer, people.manager, { price: 12000 });
    // A deleted request is no longer counted.
    const gone = await makeDeliveryRequest(t, people.customer.token);
    expect((await t.call('DELETE', API.adminDelete(gone.id), { token: people.admin.token })).statusCode).toBe(200);

    const o = await overview();
    expect(o.openRequests).toBe(1);
    expect(open.status).toBe('WAITING_APPROVE');
    for (const period of [o.thisWeek, o.thisMonth]) {
      expect(period).toMatchObject({ posted: 3, matched: 2, completed: 1, completedValue: 12000 });
    }
    expect(o.days.at(-1)).toMatchObject({ posted: 3, matched: 2, completed: 1 });
    expect(o.days.slice(0, -1).every((d) => d.posted === 0)).toBe(true);
  });

  it('stops counting a suspended account as active', async () => {
    const before = await overview();
    await t.call('PATCH', `/api/v1/auth/users/${people.manager.id}/toggle-status`, { token: people.admin.token });
    // Suspending the manager suspends its two drivers too.
    expect((await overview()).activeCarriers).toBe(before.activeCarriers - 3);
  });
});

describe('the overview’s count, shared (decision 063)', () => {
  it('answers concurrent calls and those within the cache time with one count, then counts again', async () => {
    let clock = Date.parse('2026-11-24T03:00:00Z');
    const admin = createAdminService(t.app.deps.db, { overviewCacheSeconds: 10, searchCacheSeconds: 0 }, () => clock);
    const [a, b] = await Promise.all([admin.overview(), admin.overview()]);
    expect(b).toBe(a);
    await makeDeliveryRequest(t, people.customer.token);
    clock += 9_000;
    const cached = await admin.overview();
    expect(cached.generatedAt).toBe(a.generatedAt);
    expect(cached.openRequests).toBe(a.openRequests);
    clock += 2_000;
    const fresh = await admin.overview();
    expect(fresh.openRequests).toBe(a.openRequests + 1);
    expect(fresh.generatedAt).toBe(new Date(clock).toISOString());
  });
});

/**
 * The admin audit log (DESIGN §5): suspend, reactivate, delete and broadcast each leave one
 * row, written with the action; a refused action leaves none; nothing can change the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLog } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { API, expectError, party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, applyAndApprove } from '../../../test/scenario';
import { makeDeliveryRequest } from '../../../test/request-item-fixtures';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

async function log(query = ''): Promise<TAuditLog> {
  const res = await t.call('GET', `/api/v1/admin/audit-log${query}`, { token: people.admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the admin audit log', () => {
  it('records a suspension and a reactivation with who, what, before and after', async () => {
    const toggle = () => t.call('PATCH', `/api/v1/auth/users/${people.manager.id}/toggle-status`, { token: people.admin.token });
    expect((await toggle()).statusCode).toBe(200);
    expect((await toggle()).statusCode).toBe(200);

    const entries = (await log(`?targetId=${people.manager.id}`)).data;
    expect(entries.map((e) => e.action)).toEqual(['ACCOUNT_ACTIVATED', 'ACCOUNT_SUSPENDED']);
    expect(entries[1]).toMatchObject({
      targetType: 'USER',
      targetId: people.manager.id,
      actor: { id: people.admin.id, email: people.admin.email },
      before: { status: 'ACTIVE' },
      after: { status: 'INACTIVE' },
    });
    expect((entries[1]!.after as { affectedChildIds: string[] }).affectedChildIds.sort()).toEqual(
      [people.driver.id, people.otherDriver.id].sort(),
    );
  });

  it('records an admin delete, and nothing for a refused one', async () => {
    const open = await makeDeliveryRequest(t, people.customer.token);
    expect((await t.call('DELETE', API.adminDelete(open.id), { token: people.admin.token })).statusCode).toBe(200);
    expect((await log(`?targetId=${open.id}`)).data).toMatchObject([
      { action: 'REQUEST_DELETED', targetType: 'REQUEST_ITEM', before: { deleted: false }, after: { deleted: true } },
    ]);

    const approved = await makeDeliveryRequest(t, people.customer.token, { price: 20000 });
    // The first test's suspension ended the manager's and drivers' sessions: a carrier of its own.
    const carrier = await party(t, ['DRIVER_MANAGER']);
    await applyAndApprove(t, people.customer, carrier, approved.id);
    expectError(
      await t.call('DELETE', API.adminDelete(approved.id), { token: people.admin.token }),
      409,
      'DELIVERY_DELETE_NOT_ALLOWED',
    );
    expect((await log(`?targetId=${approved.id}`)).data).toEqual([]);

    // The owner's own delete is not an admin action.
    const own = await makeDeliveryRequest(t, people.customer.token);
    expect((await t.call('DELETE', API.ownerDelete(own.id), { token: people.customer.token })).statusCode).toBe(200);
    expect((await log(`?targetId=${own.id}`)).data).toEqual([]);
  });

  it('records a broadcast with its title and roles', async () => {
    const res = await t.call('POST', '/api/v1/notifications/broadcast', {
      token: people.admin.token,
      body: { targetRoles: ['CUSTOMER'], title: '年末年始の営業', message: '12月29日から休業します。' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await log('?action=NOTIFICATION_SENT')).data).toMatchObject([
      { targetType: 'NOTIFICATION', targetId: res.json().id, after: { title: '年末年始の営業', targetRoles: ['CUSTOMER'] } },
    ]);
  });

  it('has no call that changes or deletes it', async () => {
    const [entry] = (await log()).data;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      for (const url of ['/api/v1/admin/audit-log', `/api/v1/admin/audit-log/${entry!.id}`]) {
        const res = await t.call(method, url, { token: people.admin.token });
        expect([404, 405]).toContain(res.statusCode);
      }
    }
    expect((await log()).meta.totalCount).toBeGreaterThanOrEqual(4);
  });
});

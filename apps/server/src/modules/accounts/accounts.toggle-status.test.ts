import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFamilies, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { PASSWORD, login, makeManagerWithDrivers, makeUser } from '../../../test/fixtures';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeUser(t, ['ADMIN']);
  adminToken = (await login(t, admin.email, 'ADMIN')).accessToken;
});
afterAll(() => t.close());

const toggle = (id: string, token: string | undefined = adminToken) =>
  t.call('PATCH', `/api/v1/auth/users/${id}/toggle-status`, { token });

/** status and suspended_with_parent of each account, by id. */
async function statuses(ids: string[]) {
  const rows = await t.app.deps.db
    .select({ id: users.id, status: users.status, withParent: users.suspendedWithParent })
    .from(users)
    .where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, `${r.status}${r.withParent ? '(with parent)' : ''}`]));
}

const openFamilies = async (ids: string[]) =>
  (
    await t.app.deps.db
      .select({ n: count() })
      .from(tokenFamilies)
      .where(and(inArray(tokenFamilies.userId, ids), isNull(tokenFamilies.revokedAt)))
  )[0]!.n;

/** What a suspended account observes: its tokens and its login are refused. */
async function expectLockedOut(
  email: string,
  role: 'CUSTOMER' | 'DRIVER' | 'DRIVER_MANAGER',
  s: { accessToken: string; refreshToken: string },
) {
  const session = await t.call('GET', '/api/v1/auth/session', { token: s.accessToken });
  expect(session.statusCode).toBe(401);
  expect(['ACCOUNT_SUSPENDED', 'ACCESS_TOKEN_INVALID']).toContain(session.json().code);
  expect((await t.call('POST', '/api/v1/auth/refresh-token', { token: s.refreshToken })).statusCode).toBe(401);
  const again = await t.call('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD, role } });
  expect(again.statusCode).toBe(401);
  expect(again.json()).toMatchObject({
    code: 'ACCOUNT_SUSPENDED',
    message: 'このアカウントは利用停止中です。運営までお問い合わせください。',
  });
}

describe('PATCH /auth/users/:id/toggle-status', () => {
  it('suspends an account (its sessions end, login is refused) and activates it again', async () => {
    const customer = await makeUser(t, ['CUSTOMER']);
    const s = await login(t, customer.email, 'CUSTOMER');

    const off = await toggle(customer.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      message: 'アカウントを停止しました。',
      id: customer.id,
      status: 'INACTIVE',
      affectedChildIds: [],
    });
    expect(await statuses([customer.id])).toEqual({ [customer.id]: 'INACTIVE' });
    expect(await openFamilies([customer.id])).toBe(0);
    await expectLockedOut(customer.email, 'CUSTOMER', s);

    const on = await toggle(customer.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      message: 'アカウントを有効にしました。',
      id: customer.id,
      status: 'ACTIVE',
      affectedChildIds: [],
    });
    const back = await login(t, customer.email, 'CUSTOMER');
    expect(back.user).toMatchObject({ id: customer.id, status: 'ACTIVE' });
    // The sessions ended by the suspension stay ended.
    expect((await t.call('GET', '/api/v1/auth/session', { token: s.accessToken })).statusCode).toBe(401);
  });

  it('suspending a manager suspends its active drivers; reactivating brings back only those', async () => {
    const { manager, drivers } = await makeManagerWithDrivers(t, 3);
    const [d1, d2, loner] = drivers as [(typeof drivers)[0], (typeof drivers)[0], (typeof drivers)[0]];
    const managerSession = await login(t, manager.email, 'DRIVER_MANAGER');
    const d1Session = await login(t, d1.email, 'DRIVER');
    const d2Session = await login(t, d2.email, 'DRIVER');

    // One driver is suspended on its own first; the manager stays active.
    const alone = await toggle(loner.id);
    expect(alone.json()).toMatchObject({ status: 'INACTIVE', affectedChildIds: [] });
    expect((await t.call('GET', '/api/v1/auth/session', { token: managerSession.accessToken })).statusCode).toBe(200);
    expect(await statuses([manager.id, loner.id])).toEqual({ [manager.id]: 'ACTIVE', [loner.id]: 'INACTIVE' });

    const off = await toggle(manager.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: manager.id, status: 'INACTIVE' });
    expect([...off.json().affectedChildIds].sort()).toEqual([d1.id, d2.id].sort());
    expect(await statuses([manager.id, d1.id, d2.id, loner.id])).toEqual({
      [manager.id]: 'INACTIVE',
      [d1.id]: 'INACTIVE(with parent)',
      [d2.id]: 'INACTIVE(with parent)',
      [loner.id]: 'INACTIVE',
    });
    expect(await openFamilies([manager.id, d1.id, d2.id])).toBe(0);
    await expectLockedOut(manager.email, 'DRIVER_MANAGER', managerSession);
    await expectLockedOut(d1.email, 'DRIVER', d1Session);
    await expectLockedOut(d2.email, 'DRIVER', d2Session);

    const on = await toggle(manager.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: manager.id, status: 'ACTIVE' });
    expect([...on.json().affectedChildIds].sort()).toEqual([d1.id, d2.id].sort());
    expect(await statuses([manager.id, d1.id, d2.id, loner.id])).toEqual({
      [manager.id]: 'ACTIVE',
      [d1.id]: 'ACTIVE',
      [d2.id]: 'ACTIVE',
      [loner.id]: 'INACTIVE',
    });
    await login(t, d1.email, 'DRIVER');
    await login(t, manager.email, 'DRIVER_MANAGER');
    const lonerLogin = await t.call('POST', '/api/v1/auth/login', {
      body: { email: loner.email, password: PASSWORD, role: 'DRIVER' },
    });
    expect(lonerLogin.json().code).toBe('ACCOUNT_SUSPENDED');

    // The driver suspended on its own comes back only by itself.
    expect((await toggle(loner.id)).json()).toMatchObject({ status: 'ACTIVE', affectedChildIds: [] });
    await login(t, loner.email, 'DRIVER');
  });

  it('suspending a driver leaves its manager and the other drivers active', async () => {
    const { manager, drivers } = await makeManagerWithDrivers(t, 2);
    const [d1, d2] = drivers as [(typeof drivers)[0], (typeof drivers)[0]];
    const managerSession = await login(t, manager.email, 'DRIVER_MANAGER');
    const res = await toggle(d1.id);
    expect(res.json()).toEqual({ message: 'アカウントを停止しました。', id: d1.id, status: 'INACTIVE', affectedChildIds: [] });
    expect(await statuses([manager.id, d1.id, d2.id])).toEqual({
      [manager.id]: 'ACTIVE',
      [d1.id]: 'INACTIVE',
      [d2.id]: 'ACTIVE',
    });
    expect((await t.call('GET', '/api/v1/auth/session', { token: managerSession.accessToken })).statusCode).toBe(200);
  });

  it('answers 409 PARENT_SUSPENDED when reactivating a driver whose manager is suspended, and changes nothing', async () => {
    const { manager, drivers } = await makeManagerWithDrivers(t, 1);
    const driver = drivers[0]!;
    await toggle(manager.id);
    const res = await toggle(driver.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PARENT_SUSPENDED',
      message: '所属するドライバー管理者のアカウントが停止中のため、有効にできません。',
    });
    expect(await statuses([manager.id, driver.id])).toEqual({ [manager.id]: 'INACTIVE', [driver.id]: 'INACTIVE(with parent)' });
  });

  it('answers 401 ADMIN_REQUIRED for another role and 401 without a token; nothing changes', async () => {
    const { manager, drivers } = await makeManagerWithDrivers(t, 1);
    const driver = drivers[0]!;
    const { accessToken } = await login(t, manager.email, 'DRIVER_MANAGER');
    const denied = await toggle(driver.id, accessToken);
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ code: 'ADMIN_REQUIRED', message: 'アクセスが拒否されました。管理者権限が必要です。' });
    const anonymous = await t.call('PATCH', `/api/v1/auth/users/${driver.id}/toggle-status`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    expect(await statuses([driver.id])).toEqual({ [driver.id]: 'ACTIVE' });
  });

  it('answers 404 USER_NOT_FOUND for an unknown, deleted or admin account; 400 for a malformed id', async () => {
    const unknown = await toggle('01890000-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: 'ユーザーが見つかりませんでした。' });

    const deleted = await makeUser(t, ['CUSTOMER']);
    await t.app.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    expect((await toggle(deleted.id)).statusCode).toBe(404);

    const otherAdmin = await makeUser(t, ['ADMIN']);
    const res = await toggle(otherAdmin.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    expect(await statuses([otherAdmin.id, deleted.id])).toEqual({ [otherAdmin.id]: 'ACTIVE', [deleted.id]: 'ACTIVE' });

    const malformed = await toggle('42');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([{ path: 'params.id', message: 'IDの形式が正しくありません。' }]);
  });
});

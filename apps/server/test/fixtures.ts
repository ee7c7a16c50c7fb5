/**
 * Accounts that exist before a test starts, made with the same service the demo
 * seed uses, and a sign-in through the real login call.
 */
import type { TRole, TSignInRole } from '@logi/contract';
import { createAccount, type NewAccount } from '../src/modules/accounts/accounts.service';
import type { TestApp } from './helpers';

export const PASSWORD = 'Passw0rd!';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.jp`;

const companyOf = (name: string) => ({
  company: { name, nameKana: 'テストカブシキガイシャ' },
  location: { postalCode: '100-0001', prefecture: '東京都', city: '千代田区', town: '千代田', block: '1-1', building: null },
});

export async function makeUser(t: TestApp, roles: TRole[], extra: Partial<NewAccount> = {}) {
  const email = extra.email ?? unique(roles.join('-').toLowerCase() || 'user');
  const withCompany = roles.includes('CUSTOMER') || roles.includes('DRIVER_MANAGER') ? companyOf('テスト株式会社') : {};
  const user = await createAccount(t.app.deps, {
    password: PASSWORD,
    lastName: '山田',
    firstName: '太郎',
    phone: '0312345678',
    ...withCompany,
    ...extra,
    email,
    roles,
  });
  return { ...user, password: extra.password ?? PASSWORD };
}

/** A driver manager with `n` drivers (child accounts in the manager's company). */
export async function makeManagerWithDrivers(t: TestApp, n: number) {
  const manager = await makeUser(t, ['DRIVER_MANAGER']);
  const drivers = [];
  for (let i = 0; i < n; i++) {
    drivers.push(await makeUser(t, ['DRIVER'], { parentId: manager.id, companyId: manager.companyId! }));
  }
  return { manager, drivers };
}

export async function login(t: TestApp, email: string, role: TSignInRole, password = PASSWORD) {
  const res = await t.call('POST', '/api/v1/auth/login', { body: { email, password, role } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accessToken: string; refreshToken: string; user: { id: string } };
}

import { Role } from '@logi/contract';
import { describe, expect, it } from 'vitest';
import { NAV_BY_ROLE } from './navigation';
import { HOME_BY_ROLE } from '../lib/landing-paths';
import { decideRoute } from './route-guard';

describe('navigation per role', () => {
  it.each(Role.values)('links %s only to pages the guard lets it open', (role) => {
    const auth = { isSignedIn: role !== 'GUEST', role, intentCode: null, hasSubscribed: false };
    for (const item of NAV_BY_ROLE[role]) expect(decideRoute(item.to, auth), item.to).toEqual({ kind: 'allow' });
    expect(decideRoute(HOME_BY_ROLE[role], auth)).toEqual({ kind: 'allow' });
  });

  it('links the shipper and the carrier company to their 実運送体制管理簿, not a driver (the admin has it in the back office)', () => {
    const register = (role: keyof typeof NAV_BY_ROLE) => NAV_BY_ROLE[role].filter((i) => i.to === '/carrier-register');
    expect(register('CUSTOMER')).toEqual([{ to: '/carrier-register', label: '実運送体制管理簿' }]);
    expect(register('DRIVER_MANAGER')).toEqual([{ to: '/carrier-register', label: '実運送体制管理簿' }]);
    expect(register('DRIVER')).toEqual([]);
    expect(register('GUEST')).toEqual([]);
  });
});

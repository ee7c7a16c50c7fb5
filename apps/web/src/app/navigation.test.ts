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
});

/** Access tokens: a token verified once is still refused once it expires; nothing unverified is trusted. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const SECRET = 'access-token-test-secret-access-token-test-secret';
const claims = { userId: 'user-1', role: 'DRIVER', familyId: 'family-1' } as const;

describe('createAccessTokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts its own token until the second it expires, then answers ACCESS_TOKEN_EXPIRED', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T00:00:00Z'));
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T00:00:59Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T00:01:00Z'));
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
  });

  it('refuses an altered token, and one signed with another secret, after the genuine one was accepted', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ role: 'ADMIN', fid: 'family-1', sub: 'user-1', iss: 'logistics-marketplace', exp: 9e9 }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${payload}.${signature}`)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_INVALID' });
    const foreign = await createAccessTokens(`${SECRET}-other`, 60).sign(claims);
    await expect(tokens.verify(foreign)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_INVALID' });
  });
});

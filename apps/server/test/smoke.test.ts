import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('answers health and refuses unknown login', async () => {
    expect((await t.call('GET', '/healthz')).statusCode).toBe(200);
    const res = await t.call('POST', '/api/v1/auth/login', { body: { email: 'a@b.jp', password: 'x', role: 'CUSTOMER' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', statusCode: 401 });
  });
});

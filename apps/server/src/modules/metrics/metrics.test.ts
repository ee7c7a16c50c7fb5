/**
 * GET /metrics as Prometheus scrapes it: requests by route pattern and status, the pool, open
 * streams, the memos' hits and misses, Node's own figures; who may scrape (the token, production).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ISSUER_ENV, createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { UNKNOWN } from '../../../test/marketplace-fixtures';
import { openStream } from '../../../test/sse';

const TOKEN = 'scrape-token-0123456789';

/** The value of the sample `name{labels}` in a scrape, or undefined when there is none. */
function sample(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics in development (open)', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.call('GET', '/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ MARKET_CACHE_SECONDS: '30' });
  });
  afterAll(() => t.close());

  it('counts requests and their durations by route pattern, method and status, never by URL', async () => {
    const detail = { method: 'GET', route: '/api/v1/request-items/public/:requestItemId', status: '404' };
    const before = sample(await scrape(), 'http_requests_total', detail) ?? 0;
    for (let i = 0; i < 3; i++) {
      expect((await t.call('GET', `/api/v1/request-items/public/${UNKNOWN}`)).statusCode).toBe(404);
    }
    expect((await t.call('GET', '/healthz')).statusCode).toBe(200);
    const body = await scrape();
    expect(sample(body, 'http_requests_total', detail)).toBe(before + 3);
    expect(sample(body, 'http_request_duration_seconds_count', detail)).toBe(before + 3);
    expect(sample(body, 'http_request_duration_seconds_bucket', { ...detail, le: '+Inf' })).toBe(before + 3);
    // Cumulative buckets: every one of them took less than ten seconds.
    expect(sample(body, 'http_request_duration_seconds_bucket', { ...detail, le: '10' })).toBe(before + 3);
    expect(sample(body, 'http_request_duration_seconds_sum', detail)).toBeGreaterThan(0);
    expect(sample(body, 'http_requests_total', { route: '/healthz', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(body).not.toContain(UNKNOWN);
  });

  it('puts a path that matches no route in one series', async () => {
    await t.call('GET', '/api/v1/no-such-thing/1');
    await t.call('GET', '/api/v1/no-such-thing/2');
    const body = await scrape();
    expect(sample(body, 'http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(2);
    expect(body).not.toContain('no-such-thing');
  });

  it('counts the memos’ hits and misses', async () => {
    const market = { memo: 'market-anonymous' };
    const before = await scrape();
    const hits = sample(before, 'logi_memo_hits_total', market) ?? 0;
    const misses = sample(before, 'logi_memo_misses_total', market) ?? 0;
    const page = '/api/v1/request-items/list/public?page=7';
    expect((await t.call('GET', page)).statusCode).toBe(200);
    expect((await t.call('GET', page)).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'logi_memo_misses_total', market)).toBe(misses + 1);
    expect(sample(after, 'logi_memo_hits_total', market)).toBe(hits + 1);
    // Every memo is listed from the start, whether read yet or not.
    for (const memo of ['market-signed-in', 'own-lists', 'open-details', 'live-sessions', 'landing-pages']) {
      expect(sample(after, 'logi_memo_misses_total', { memo }), memo).toBeGreaterThanOrEqual(0);
    }
  });

  it('reports the database pool, the handlers running and Node’s event-loop delay', async () => {
    const body = await scrape();
    if (t.app.database.kind === 'postgres') {
      expect(sample(body, 'logi_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(body, 'logi_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(body, 'logi_db_pool_waiting')).toBe(0);
    } else {
      // PGlite: one embedded session, no pool to report on.
      expect(sample(body, 'logi_db_pool_max')).toBe(1);
      expect(sample(body, 'logi_db_pool_connections', { state: 'in_use' })).toBeUndefined();
    }
    // The scrape's own handler is running while it is read.
    expect(sample(body, 'logi_http_handlers_running')).toBe(1);
    expect(sample(body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts the open notification streams', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const user = await makeUser(t, ['CUSTOMER']);
    const { accessToken } = await login(t, user.email, 'CUSTOMER');
    expect(sample(await scrape(), 'logi_sse_streams_open')).toBe(0);
    const stream = await openStream(base, { token: accessToken });
    await stream.next((e) => e.event === 'ready');
    expect(sample(await scrape(), 'logi_sse_streams_open')).toBe(1);
    stream.close();
    await expect.poll(async () => sample(await scrape(), 'logi_sse_streams_open')).toBe(0);
  });

  it('is not in the API’s OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).filter((p) => p.includes('metrics'))).toEqual([]);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('answers 401 without the bearer token or with another, and the figures with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.call('GET', '/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    const res = await t.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_requests_total');
  });
});

describe('GET /metrics in production', () => {
  it('answers 404 when no token is set, as for any unknown path', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true', ...PRODUCTION_ISSUER_ENV });
    try {
      const res = await t.call('GET', '/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });
});

/** The built web app as a browser meets it: the SPA on every page URL, JSON errors under /api. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const INDEX_HTML =
  '<!doctype html><html lang="ja"><head><title>物流マーケット</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'logi-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(() => t.close());

describe('web app', () => {
  it('serves index.html at /', async () => {
    const res = await t.call('GET', '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('serves index.html for a page URL of the SPA (history fallback)', async () => {
    const res = await t.call('GET', '/sign-in/customer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('sends the content security policy with the page', async () => {
    const res = await t.call('GET', '/sign-in/customer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('answers an unknown API path with a JSON 404, not the page', async () => {
    const res = await t.call('GET', '/api/v1/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
  });
});

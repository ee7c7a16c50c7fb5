/** The built web app as a browser meets it: the SPA on every page URL, JSON errors under /api. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const INDEX_HTML =
  '<!doctype html><html lang="ja"><head><title>物流マーケット</title></head><body><div id="root"></div></body></html>';

/** A hashed chunk as the build leaves it: the file and its brotli and gzip copies. */
const CHUNK = '/assets/index-Ab12Cd34.js';
const CHUNK_JS = `export const greeting = ${JSON.stringify('こんにちは'.repeat(300))};`;

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'logi-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'assets'));
  const chunk = path.join(webDist, CHUNK);
  writeFileSync(chunk, CHUNK_JS);
  writeFileSync(`${chunk}.br`, brotliCompressSync(CHUNK_JS));
  writeFileSync(`${chunk}.gz`, gzipSync(CHUNK_JS));
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

  it('sends a hashed asset in the encoding the browser accepts, to be kept a year', async () => {
    const br = await t.app.inject({ url: CHUNK, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK_JS);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(CHUNK_JS) / 4);

    const gz = await t.app.inject({ url: CHUNK, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK_JS);

    const plain = await t.app.inject({ url: CHUNK });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK_JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser ask again for the page, which names the current assets', async () => {
    for (const url of ['/', '/sign-in/customer']) {
      const res = await t.call('GET', url);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers an unknown API path with a JSON 404, not the page', async () => {
    const res = await t.call('GET', '/api/v1/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
  });
});

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

describe('landing pages name their route’s chunks (modulepreload)', () => {
  let landing: TestApp;
  const INDEX =
    '<!doctype html><html lang="ja"><head><title>物流マーケット</title></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'logi-web-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    writeFileSync(
      path.join(webDist, 'route-preloads.json'),
      JSON.stringify({
        routes: [
          { path: '/', scripts: ['/assets/home-1.js', '/assets/query-1.js'], styles: [] },
          { path: '/sign-in/:role', scripts: ['/assets/auth-1.js'], styles: [] },
          { path: '/shipping-requests/create', scripts: ['/assets/create-1.js'], styles: ['/assets/form-1.css'] },
        ],
      }),
    );
    landing = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(() => landing.close());

  const page = async (url: string) => {
    const res = await landing.call('GET', url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res.body;
  };

  it('preloads the home route’s chunks in the head of /', async () => {
    expect(await page('/')).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/home-1.js"><link rel="modulepreload" crossorigin href="/assets/query-1.js"></head>',
      ),
    );
  });

  it('matches a pattern’s parameters and ignores the query; preloads a route’s stylesheet', async () => {
    const signIn = await page('/sign-in/customer?next=%2Fmy-page');
    expect(signIn).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-1.js">');
    expect(signIn).not.toContain('home-1.js');
    expect(await page('/shipping-requests/create')).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/form-1.css">',
    );
  });

  it('answers HEAD for a page as GET, without a body', async () => {
    const res = await landing.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('sends the plain index.html for any other page', async () => {
    for (const url of ['/sign-in', '/dashboard', '/sign-in/customer/extra']) expect(await page(url), url).toBe(INDEX);
  });
});

/** The built web app as a browser meets it: the SPA on every page URL, JSON errors under /api. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, makeUser } from './fixtures';
import { createTestApp, type TestApp } from './helpers';

const INDEX_HTML =
  '<!doctype html><html lang="ja"><head><title>物流マーケット</title></head><body><div id="root"></div></body></html>';

/** A hashed chunk as the build leaves it: the file and its brotli and gzip copies. */
const CHUNK = '/assets/index-Ab12Cd34.js';
const CHUNK_JS = `export const greeting = ${JSON.stringify('こんにちは'.repeat(300))};`;

/** The build's own record of its chunks: a dotfile, not for browsers. */
const MANIFEST = '.vite/manifest.json';
const MANIFEST_JSON = JSON.stringify({ 'src/main.tsx': { file: CHUNK.slice(1) } });

/**
 * A web build in a folder of its own: each file by its path in the build, and, given
 * `ssrEntry`, the server-side entry in the `-ssr` folder beside it (as `npm run build` lays them out).
 */
function webBuild(files: Record<string, string | Buffer>, ssrEntry?: string): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'logi-web-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(webDist, name)), { recursive: true });
    writeFileSync(path.join(webDist, name), content);
  }
  if (ssrEntry !== undefined) {
    mkdirSync(`${webDist}-ssr`);
    writeFileSync(path.join(`${webDist}-ssr`, 'prerender.js'), ssrEntry);
  }
  return webDist;
}

let t: TestApp;
beforeAll(async () => {
  const chunk = CHUNK.slice(1);
  const webDist = webBuild({
    'index.html': INDEX_HTML,
    [chunk]: CHUNK_JS,
    [`${chunk}.br`]: brotliCompressSync(CHUNK_JS),
    [`${chunk}.gz`]: gzipSync(CHUNK_JS),
    [MANIFEST]: MANIFEST_JSON,
  });
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

  it('answers HEAD for an asset with its headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: CHUNK });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(CHUNK_JS)));
    expect(res.body).toBe('');
  });

  it('answers a missing asset, or a path that climbs out of the assets, as any other page', async () => {
    for (const url of ['/assets/index-Missing0.js', '/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/index.html']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('does not send the build’s dotfiles (its manifest)', async () => {
    const res = await t.call('GET', `/${MANIFEST}`);
    expect(res.body).not.toContain(CHUNK.slice(1));
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

describe('landing pages: their route’s chunks preloaded, their first render painted for a signed-out visitor', () => {
  let landing: TestApp;
  const HEAD_SCRIPTS =
    '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js">';
  const INDEX = `<!doctype html><html lang="ja"><head><title>物流マーケット</title>${HEAD_SCRIPTS}</head><body><div id="root"></div></body></html>`;
  const HOME_HTML = '<main><h1>運べる案件を、すぐに見つける</h1></main>';
  const DETAIL_HTML = '<main><a href="/shipping-requests/results">検索結果へ戻る</a></main>';
  beforeAll(async () => {
    const webDist = webBuild({
      'index.html': INDEX,
      'route-preloads.json': JSON.stringify({
        routes: [
          { path: '/', scripts: ['/assets/home-1.js', '/assets/query-1.js'], styles: [] },
          { path: '/sign-in/:role', scripts: ['/assets/auth-1.js'], styles: [] },
          { path: '/shipping-requests/create', scripts: ['/assets/create-1.js'], styles: ['/assets/form-1.css'] },
        ],
      }),
      'prerendered.json': JSON.stringify({
        pages: [
          { path: '/', html: HOME_HTML, calls: ['/api/v1/request-items/top-requests/public'] },
          { path: '/shipping-requests/detail/:id', html: DETAIL_HTML, calls: ['/api/v1/request-items/public/:id'] },
        ],
      }),
    });
    landing = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(() => landing.close());

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await landing.call('GET', url, { headers });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res.body;
  };
  const signedIn = { cookie: 'auth-store=%7B%7D' };
  /** The scripts a painted page starts once it is on screen (start-after-paint.js). */
  const appScripts = (html: string) =>
    JSON.parse(/<script type="application\/json" id="app-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
      entry: string;
      preload: string[];
    } | null;

  it('preloads the home route’s chunks in the head of / for a signed-in visitor, with an empty #root', async () => {
    expect(await page('/', signedIn)).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/home-1.js"><link rel="modulepreload" crossorigin href="/assets/query-1.js"></head>',
      ),
    );
  });

  it('paints / for a signed-out visitor: its first render in #root, the scripts started after it', async () => {
    const home = await page('/');
    expect(home).toContain(`<div id="root">${HOME_HTML}</div>`);
    // No script is fetched beside the page: the one that starts them, and their list.
    expect(home).not.toContain('<script type="module" crossorigin');
    expect(home).not.toContain('rel="modulepreload"');
    expect(home).toContain('<script type="module" src="/start-after-paint.js"></script>');
    expect(appScripts(home)).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/react-1.js', '/assets/home-1.js', '/assets/query-1.js'],
    });
  });

  it('paints a pattern’s page for any value of its parameter, and nothing with a query or deeper path', async () => {
    const detail = await page('/shipping-requests/detail/0192f0c4-aaaa-7bbb-8ccc-123456789abc');
    expect(detail).toContain(`<div id="root">${DETAIL_HTML}</div>`);
    // Its route has no chunks of its own listed: the entry's scripts only.
    expect(appScripts(detail)?.preload).toEqual(['/assets/react-1.js']);
    // Search filters in the query would render another page: the plain one.
    expect(await page('/?keyword=%E5%86%B7%E5%87%8D')).toBe(await page('/', signedIn));
    expect(await page('/shipping-requests/detail/1/talkrooms/2')).toBe(INDEX);
  });

  it('has the browser start a painted page’s first API calls with it (Link preload), its parameters filled in', async () => {
    const linkOf = async (url: string, headers: Record<string, string> = {}) =>
      (await landing.call('GET', url, { headers })).headers.link;
    expect(await linkOf('/')).toBe('</api/v1/request-items/top-requests/public>; rel=preload; as=fetch; crossorigin');
    const id = '0192f0c4-aaaa-7bbb-8ccc-123456789abc';
    expect(await linkOf(`/shipping-requests/detail/${id}`)).toBe(
      `</api/v1/request-items/public/${id}>; rel=preload; as=fetch; crossorigin`,
    );
    // A value that is no plain segment never goes into the header; nor is a page preloaded that is not painted.
    expect(await linkOf('/shipping-requests/detail/a%3E%3B%20rel=x')).toBeUndefined();
    expect(await linkOf('/', signedIn)).toBeUndefined();
    expect(await linkOf('/?keyword=x')).toBeUndefined();
  });

  it('matches a pattern’s parameters and ignores the query; applies a route’s stylesheet', async () => {
    const signIn = await page('/sign-in/customer?next=%2Fmy-page');
    expect(signIn).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-1.js">');
    expect(signIn).not.toContain('home-1.js');
    expect(await page('/shipping-requests/create')).toContain('<link rel="stylesheet" crossorigin href="/assets/form-1.css">');
  });

  it('sends a landing page compressed when the browser accepts it, and says it varies by that', async () => {
    const plain = await page('/');
    const br = await landing.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // Painted or not depends on the sign-in cookie: no cache may give one visitor's page to another.
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await landing.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    const identity = await landing.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
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

describe('landing pages painted with their data (decision 074)', () => {
  let landing: TestApp;
  const INDEX = `<!doctype html><html lang="ja"><head><title>物流マーケット</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
  const LIST_CALL = '/api/v1/request-items/list/public?page=1&limit=10';
  const DETAIL_CALL = '/api/v1/request-items/public/:id';
  /**
   * Stands in for the web build's server-side entry (apps/web/src/prerender.tsx, tested with the
   * app itself there): it asks the call its page makes (a signed-in visitor's session, with the
   * token from their cookie), paints the answers as they are, declines the home page, and hands
   * back a value that would end a script element early. It notes its URL when it is loaded.
   */
  const ENTRY = `
    globalThis.entriesLoaded = [...(globalThis.entriesLoaded ?? []), import.meta.url];
    let renders = 0;
    export async function prerenderWithData(url, answer, authCookie) {
      if (url === '/') return null;
      if (globalThis.paintingFails) throw new Error('the render failed');
      const token = authCookie === undefined ? undefined : JSON.parse(authCookie).accessToken;
      const detail = /^\\/shipping-requests\\/detail\\/([^/]+)$/.exec(url);
      const call = token ? '/api/v1/auth/session' : detail ? '/api/v1/request-items/public/' + detail[1] : '${LIST_CALL}';
      const body = await answer(call, token && 'Bearer ' + token);
      if (body === undefined) return null;
      renders += 1;
      const shown = JSON.stringify([[call, body]]).replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return {
        html: '<main><pre>' + shown + '</pre><p>render ' + renders + '</p></main>',
        data: { url, note: '</script><script>alert(1)</script>' },
      };
    }`;
  /** A built web app with the entry above: each app its own copy, so its own count of renders. */
  const webDistWithEntry = () =>
    webBuild(
      {
        'index.html': INDEX,
        'route-preloads.json': JSON.stringify({
          routes: [{ path: '/shipping-requests/create', scripts: ['/assets/create-1.js'], styles: [] }],
        }),
        'prerendered.json': JSON.stringify({
          pages: [
            { path: '/', html: '<main><h1>ホーム</h1></main>', calls: ['/api/v1/request-items/top-requests/public'] },
            { path: '/shipping-requests/results', html: '<main><h1>案件を探す</h1></main>', calls: [LIST_CALL] },
            { path: '/shipping-requests/detail/:id', html: '<main>読み込み中</main>', calls: [DETAIL_CALL] },
          ],
        }),
      },
      ENTRY,
    );
  beforeAll(async () => {
    landing = await createTestApp({ WEB_DIST_DIR: webDistWithEntry() });
  });
  afterAll(() => landing.close());

  const get = (url: string, headers: Record<string, string> = {}) => landing.call('GET', url, { headers });
  const appData = (html: string) => /<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(html)?.[1];
  /** The calls and answers the stand-in entry painted. */
  const shown = (html: string) =>
    JSON.parse(/<pre>(.*?)<\/pre>/.exec(html)?.[1]?.replace(/&lt;/g, '<').replace(/&amp;/g, '&') ?? 'null') as
      [string, string][] | null;

  it('paints results with the answer its first call gets from this API as an anonymous caller, and carries the data', async () => {
    const anonymousList = await get(LIST_CALL);
    expect(anonymousList.statusCode).toBe(200);
    const res = await get('/shipping-requests/results');
    expect(res.statusCode).toBe(200);
    expect(shown(res.body)).toEqual([[LIST_CALL, anonymousList.body]]);
    // The data is in the page: nothing to preload.
    expect(res.headers.link).toBeUndefined();
    // Outside #root, and no value can close its script element.
    const data = appData(res.body);
    expect(res.body.indexOf('id="app-data"')).toBeLessThan(res.body.indexOf('<div id="root">'));
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data!)).toEqual({ url: '/shipping-requests/results', note: '</script><script>alert(1)</script>' });
  });

  it('sends it compressed like any landing page', async () => {
    const plain = (await get('/shipping-requests/results')).body;
    const br = await landing.app.inject({
      method: 'GET',
      url: '/shipping-requests/results',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    // Each its own render here (nothing is remembered with MARKET_CACHE_SECONDS=0).
    const unnumbered = (html: string) => html.replace(/render \d+/, 'render n');
    expect(unnumbered(brotliDecompressSync(br.rawPayload).toString())).toBe(unnumbered(plain));
  });

  it('sends the page as the build painted it, its call preloaded, when a call does not answer or the entry declines', async () => {
    const gone = '0192f0c4-aaaa-7bbb-8ccc-123456789abc';
    expect((await get(`/api/v1/request-items/public/${gone}`)).statusCode).toBe(404);
    const detail = await get(`/shipping-requests/detail/${gone}`);
    expect(detail.body).toContain('<div id="root"><main>読み込み中</main></div>');
    expect(appData(detail.body)).toBeUndefined();
    expect(detail.headers.link).toBe(`</api/v1/request-items/public/${gone}>; rel=preload; as=fetch; crossorigin`);
    const home = await get('/');
    expect(home.body).toContain('<div id="root"><main><h1>ホーム</h1></main></div>');
    expect(appData(home.body)).toBeUndefined();
  });

  it('renders a page once for everyone who asks meanwhile, and sends it again while its data is fresh', async () => {
    const remembering = await createTestApp({ WEB_DIST_DIR: webDistWithEntry(), MARKET_CACHE_SECONDS: '30' });
    try {
      const pages = await Promise.all(
        Array.from({ length: 5 }, () => remembering.call('GET', '/shipping-requests/results').then((res) => res.body)),
      );
      expect(pages.map((html) => /render (\d+)/.exec(html)?.[1])).toEqual(['1', '1', '1', '1', '1']);
      expect((await remembering.call('GET', '/shipping-requests/results')).body).toBe(pages[0]);
    } finally {
      await remembering.close();
    }
  });

  it('sends the page as the build painted it when the render throws', async () => {
    Object.assign(globalThis, { paintingFails: true });
    try {
      const res = await get('/shipping-requests/results');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"><main><h1>案件を探す</h1></main></div>');
      expect(appData(res.body)).toBeUndefined();
      expect(res.headers.link).toBe(`<${LIST_CALL}>; rel=preload; as=fetch; crossorigin`);
    } finally {
      Object.assign(globalThis, { paintingFails: false });
    }
  });

  it('loads the server-side entry as soon as the server listens, before any page asks for it', async () => {
    const webDist = webDistWithEntry();
    const entry = pathToFileURL(path.join(`${webDist}-ssr`, 'prerender.js')).href;
    const loaded = () => (globalThis as { entriesLoaded?: string[] }).entriesLoaded ?? [];
    const server = await createTestApp({ WEB_DIST_DIR: webDist });
    try {
      expect(loaded()).not.toContain(entry);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      await vi.waitFor(() => expect(loaded()).toContain(entry), { timeout: 10_000 });
    } finally {
      await server.close();
    }
  });

  it('paints nothing with data for a search', async () => {
    const res = await get('/shipping-requests/results?keyword=%E5%86%B7%E5%87%8D');
    expect(res.body).toContain('<div id="root"></div>');
    expect(appData(res.body)).toBeUndefined();
  });

  describe('for a signed-in visitor (decision 075)', () => {
    /** The web app's sign-in cookie as the browser holds it (apps/web/src/lib/auth-store.ts). */
    const authCookie = (session: { accessToken: string; refreshToken: string; user: unknown }) =>
      `auth-store=${encodeURIComponent(JSON.stringify(session))}`;

    it('paints their landing page, its query kept, with what this API answers their own token, and no cache keeps it', async () => {
      const customer = await makeUser(landing, ['CUSTOMER']);
      const session = await login(landing, customer.email, 'CUSTOMER');
      const res = await get('/shipping-requests/create?type=warehouse', { cookie: authCookie(session) });
      expect(res.statusCode).toBe(200);
      const [call, body] = shown(res.body)![0]!;
      expect(call).toBe('/api/v1/auth/session');
      expect(JSON.parse(body)).toMatchObject({ id: customer.id, email: customer.email });
      expect(JSON.parse(appData(res.body)!)).toMatchObject({ url: '/shipping-requests/create?type=warehouse' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toBe('accept-encoding, cookie');
      expect(res.headers.link).toBeUndefined();
      // Its route's code still starts after the paint.
      expect(res.body).toContain('/assets/create-1.js');
    });

    it('sends the page unpainted when the API refuses their token, or the page is not one people land on', async () => {
      const refused = await get('/shipping-requests/create', {
        cookie: authCookie({ accessToken: 'not-a-token', refreshToken: 'not-a-token', user: {} }),
      });
      expect(refused.body).toContain('<div id="root"></div>');
      expect(refused.body).toContain('<link rel="modulepreload" crossorigin href="/assets/create-1.js">');
      expect(appData(refused.body)).toBeUndefined();
      expect(refused.headers['cache-control']).toBe('no-cache');

      const customer = await makeUser(landing, ['CUSTOMER']);
      const elsewhere = await get('/my-page', { cookie: authCookie(await login(landing, customer.email, 'CUSTOMER')) });
      expect(elsewhere.body).toContain('<div id="root"></div>');
      expect(appData(elsewhere.body)).toBeUndefined();
    });

    it('paints a landing page afresh for each visitor: nothing one of them was shown reaches another', async () => {
      const [first, second] = await Promise.all([makeUser(landing, ['CUSTOMER']), makeUser(landing, ['CUSTOMER'])]);
      const pages = await Promise.all(
        [first, second].map(async (user) =>
          get('/shipping-requests/create', { cookie: authCookie(await login(landing, user.email, 'CUSTOMER')) }),
        ),
      );
      expect(pages.map((res) => (JSON.parse(shown(res.body)![0]![1]) as { email: string }).email)).toEqual([
        first.email,
        second.email,
      ]);
    });
  });
});

/**
 * The index.html of the pages people land on, built once at start from the web build:
 * - it names its route's code (decision 070): `route-preloads.json` lists, per landing URL
 *   pattern, the chunks its route loads lazily; each gets a `<link rel="modulepreload">`, so the
 *   browser fetches them beside the entry chunk instead of after it has run;
 * - for a signed-out visitor, it holds the page itself (decision 072): `prerendered.json` has the
 *   HTML the app renders first for a landing page, put inside `#root`, so the page paints before
 *   any script has arrived, and a `Link` header starts the API calls that first render makes. A
 *   signed-in visitor (the web app's sign-in cookie) or a URL with a query (search filters) would
 *   see another page: they get the page without either.
 * - a painted page whose first render waits for data (home, results, a request's detail) is
 *   painted with it (decision 074): the web build's server-side entry (`dist-ssr/prerender.js`
 *   beside the build) renders the page with the answers of its first calls, read from this API
 *   as an anonymous caller, and the page carries them (`#app-data`) for the app to hydrate with.
 *   When a call does not answer 200 (a request that is gone) or the entry is missing, the page is
 *   sent as the build painted it, with its calls preloaded.
 * Sent compressed (brotli or gzip, made on first use) and revalidated like index.html. Without
 * the lists (an older build) every page is the plain index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { AUTH_COOKIE } from '@logi/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createMarketCache } from '../cache/market-cache';
import { webCacheControl } from './web-cache';

interface RoutePreloads {
  routes: { path: string; scripts: string[]; styles: string[] }[];
}
interface PrerenderedPages {
  /** `calls`: the API URLs the page's first render asks for, with the pattern's parameters as `:name`. */
  pages: { path: string; html: string; calls?: string[] }[];
}

type Encoding = 'br' | 'gzip';
/** The compressions a landing page is sent in, preferred first. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** One landing page's HTML, and its compressed forms once asked for. */
export interface LandingPage {
  html: string;
  encoded(encoding: Encoding): Buffer;
}

export interface Landing {
  page: LandingPage;
  /** A `Link` header preloading the API calls the painted page's first render makes. */
  preload?: string;
}

export type LandingPages = (pathname: string, options: { prerendered: boolean }) => Promise<Landing | undefined>;

/** What the web build's server-side entry offers (apps/web/src/prerender.tsx). */
interface PaintingEntry {
  prerenderWithData(pathname: string, answers: ReadonlyMap<string, string>): Promise<{ html: string; queries: unknown } | null>;
}

export interface PaintWithData {
  /** The body of a GET of this API URL (path and query) as an anonymous caller, or undefined unless it answers 200. */
  answer(url: string): Promise<string | undefined>;
  /** How long a page painted with data is sent again as it is (the anonymous market cache's TTL); 0: never. */
  memoSeconds: number;
  /** Told when the entry fails to load, a call fails or the render throws: the page is then sent without its data. */
  onError(error: unknown): void;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `pattern`'s segments against the path's: `:name` matches any one non-empty segment. */
function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length && pattern.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]))
  );
}

/** `fresh`: a page made per request, compressed at levels that take a millisecond, not tens. */
function landingPage(html: string, fresh = false): LandingPage {
  const memo: Partial<Record<Encoding, Buffer>> = {};
  return {
    html,
    encoded: (encoding) =>
      (memo[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(html, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: fresh ? 5 : constants.BROTLI_MAX_QUALITY,
              },
            })
          : gzipSync(html, { level: fresh ? 6 : 9 })),
  };
}

/** A JSON value inside a `<script>` element: no `</script>` can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page with its first render inside #root, and its scripts started only once that is on
 * screen (`start-after-paint.js`, which reads them from #app-scripts): fetched beside it, ~200 kB
 * of code would hold the paint back on a slow connection.
 */
function paintFirst(html: string, body: string, queries?: unknown): string | undefined {
  const entry = [...html.matchAll(SCRIPT)].map((m) => m[1]!);
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  // Not the index.html Vite writes (one entry script): the page is not painted.
  if (entry.length !== 1) return undefined;
  const scripts = scriptJson({ entry: entry[0], preload });
  // Outside #root, which React takes over: the answers the page was painted with (main.tsx).
  const data = queries === undefined ? '' : `<script type="application/json" id="app-data">${scriptJson(queries)}</script>`;
  return html
    .replace(SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      '</head>',
      `<script type="application/json" id="app-scripts">${scripts}</script>${data}<script type="module" src="/start-after-paint.js"></script></head>`,
    )
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/** A path segment that may stand in a URL of a header as it is (an id): anything else is not preloaded. */
const PLAIN_SEGMENT = /^[\w.~-]+$/;

/** The page's first API calls with the pattern's parameters filled in from the requested path; undefined for a value that is not a plain segment. */
function fillCalls(calls: string[], pattern: string[], segments: string[]): string[] | undefined {
  const filled: string[] = [];
  for (const call of calls) {
    let url = call;
    for (const [i, name] of pattern.entries()) {
      if (!name.startsWith(':') || !url.includes(name)) continue;
      if (!PLAIN_SEGMENT.test(segments[i]!)) return undefined;
      url = url.replaceAll(name, segments[i]!);
    }
    filled.push(url);
  }
  return filled;
}

/** The `Link` header that has the browser start the page's first API calls with the page (issue 15 item 6). */
const preloadHeader = (urls: string[] | undefined) =>
  urls?.length ? urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ') : undefined;

/** Pages painted with data kept at once, at most (a detail page is some 40,000 characters). */
const PAINTED_LIMITS = { entries: 200, chars: 8 * 1024 * 1024 };
/**
 * Renders begun per second, at most. A render holds the event loop for several milliseconds;
 * past this budget (a crawler walking every request's detail) a page goes as the build painted
 * it, so the API beside it keeps its speed.
 */
const RENDERS_PER_SECOND = 20;

/** Why a page goes as the build painted it, when nothing failed: never remembered, never logged. */
class NotPainted extends Error {}

/**
 * Paints a page with the answers of its calls (decision 074), kept like the anonymous answers it
 * holds (the market cache: `memoSeconds`, one render for everyone asking meanwhile); null when a
 * call does not answer, the entry is missing, it declines (the page redirects), the second's
 * renders are spent, or something fails.
 */
function painterWithData(webDist: string, options: PaintWithData) {
  const file = path.join(`${path.resolve(webDist)}-ssr`, 'prerender.js');
  let entry: Promise<PaintingEntry | null> | undefined;
  const load = () =>
    (entry ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<PaintingEntry>).catch((error: unknown) => {
          options.onError(error);
          return null;
        })
      : Promise.resolve(null));
  const pages = createMarketCache<LandingPage>(options.memoSeconds, undefined, PAINTED_LIMITS, (page) => page.html.length);
  const budget = { second: 0, left: RENDERS_PER_SECOND };

  async function paint(pathname: string, urls: string[], shell: string): Promise<LandingPage> {
    const second = Math.floor(Date.now() / 1000);
    if (budget.second !== second) Object.assign(budget, { second, left: RENDERS_PER_SECOND });
    if (budget.left === 0) throw new NotPainted();
    budget.left -= 1;
    const painting = await load();
    if (!painting) throw new NotPainted();
    const bodies = await Promise.all(urls.map((url) => options.answer(url)));
    if (bodies.some((body) => body === undefined)) throw new NotPainted();
    const painted = await painting.prerenderWithData(pathname, new Map(urls.map((url, i) => [url, bodies[i]!])));
    const document = painted && paintFirst(shell, painted.html, painted.queries);
    if (!document) throw new NotPainted();
    return landingPage(document, true);
  }

  return (pathname: string, urls: string[], shell: string): Promise<LandingPage | null> =>
    pages
      .through('landing-page', { pathname }, () =>
        // Logged here, where a background reload's failure would otherwise go unseen.
        paint(pathname, urls, shell).catch((error: unknown) => {
          if (!(error instanceof NotPainted)) options.onError(error);
          throw error;
        }),
      )
      // Whatever fails (a call, the render) costs the visitor the data only, never the page.
      .catch(() => null);
}

const readList = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

export function createLandingPages(webDist: string, withData?: PaintWithData): LandingPages {
  const preloads = readList<RoutePreloads>(path.join(webDist, 'route-preloads.json'))?.routes ?? [];
  const prerendered = readList<PrerenderedPages>(path.join(webDist, 'prerendered.json'))?.pages ?? [];
  if (!preloads.length && !prerendered.length) return () => Promise.resolve(undefined);
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');

  const routes = preloads.map((route) => ({
    pattern: route.path.split('/'),
    links: [
      ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
      ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`),
    ].join(''),
  }));
  const routeOf = (segments: string[]) => routes.find((route) => matches(route.pattern, segments));
  const withLinks = (segments: string[]) => index.replace('</head>', `${routeOf(segments)?.links ?? ''}</head>`);
  const plain = routes.map((route) => ({ pattern: route.pattern, page: landingPage(withLinks(route.pattern)) }));
  const painted = prerendered.flatMap(({ path: p, html, calls = [] }) => {
    const pattern = p.split('/');
    const shell = withLinks(pattern);
    const document = paintFirst(shell, html);
    return document ? [{ pattern, calls, shell, page: landingPage(document) }] : [];
  });
  const paintWithData = withData && painterWithData(webDist, withData);
  return async (pathname, options) => {
    const segments = pathname.split('/');
    const paint = options.prerendered ? painted.find((entry) => matches(entry.pattern, segments)) : undefined;
    if (paint) {
      const urls = fillCalls(paint.calls, paint.pattern, segments);
      const withItsData = paintWithData && urls?.length ? await paintWithData(pathname, urls, paint.shell) : null;
      return withItsData ? { page: withItsData } : { page: paint.page, preload: preloadHeader(urls) };
    }
    const page = plain.find((entry) => matches(entry.pattern, segments))?.page;
    return page && { page };
  };
}

/**
 * Answers a page of the web app (the not-found handler outside /api): its landing page when it
 * has one, otherwise the plain index.html.
 */
export function landingPageHandler(webDist: string, withData?: PaintWithData) {
  const pageOf = createLandingPages(webDist, withData);
  const cacheControl = webCacheControl(webDist, path.join(webDist, 'index.html'));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query] = request.url.split('?', 2);
    const landing = await pageOf(pathname, { prerendered: query === undefined && !request.cookies[AUTH_COOKIE] });
    if (!landing) return reply.type('text/html').sendFile('index.html');
    const { page, preload } = landing;
    // Negotiated as @fastify/static negotiates the hashed assets: brotli, then gzip, by the q-values.
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as Encoding | null;
    // The page differs by encoding and by the sign-in cookie (painted or not): no cache may mix them.
    reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).header('vary', 'accept-encoding, cookie');
    if (preload) reply.header('link', preload);
    return encoding ? reply.header('content-encoding', encoding).send(page.encoded(encoding)) : reply.send(page.html);
  };
}

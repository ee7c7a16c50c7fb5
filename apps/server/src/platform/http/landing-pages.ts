/**
 * The index.html of the pages people land on, built once at start from the web build:
 * - it names its route's code (decision 070): `route-preloads.json` lists, per landing URL
 *   pattern, the chunks its route loads lazily; each gets a `<link rel="modulepreload">`, so the
 *   browser fetches them beside the entry chunk instead of after it has run;
 * - for a signed-out visitor, it holds the page itself (decision 072): `prerendered.json` has the
 *   HTML the app renders first for a landing page, put inside `#root`, so the page paints before
 *   any script has arrived, and a `Link` header starts the API calls that first render makes. A
 *   URL with a query (search filters) would show another page: it gets the page without either.
 * - a painted page whose first render waits for data (home, results, a request's detail) is
 *   painted with it (decision 074): the web build's server-side entry (ssr-entry.ts:
 *   `dist-ssr/prerender.js` beside the build) renders the page with the answers of its calls, read from this API as an
 *   anonymous caller, and the page carries them (`#app-data`) for the app to hydrate with.
 *   When a call does not answer 200 (a request that is gone) or the entry is missing, the page is
 *   sent as the build painted it, with its calls preloaded.
 * - for a signed-in visitor (the web app's sign-in cookie), the entry paints the landing page as
 *   that cookie says, with the answers the visitor's own token gets (decision 075), sent to them
 *   alone; when it cannot, the page goes without it, as before.
 * Sent compressed (brotli or gzip, made on first use) and revalidated like index.html. Without
 * the lists (an older build) every page is the plain index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { AUTH_COOKIE, type SsrAnswerCall } from '@logi/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createMarketCache } from '../cache/market-cache';
import type { MemoStats } from '../metrics/metrics';
import { ssrEntryLoader } from './ssr-entry';
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
  /** Painted for one signed-in visitor, with their data: no cache may keep it. */
  personal?: boolean;
}

export interface Visit {
  pathname: string;
  /** The URL's query, with its `?`; '' for none. */
  search: string;
  /** The value of the web app's sign-in cookie, when the browser sent one. */
  authCookie?: string;
}

export type LandingPages = (visit: Visit) => Promise<Landing | undefined>;

/** A call the page makes, as the server answers it: the body of a 200, or undefined. */
type AnswerCall = SsrAnswerCall;

export interface PaintWithData {
  /**
   * The body of a GET of this API URL (path and query), sent with `authorization` (a signed-in
   * visitor's token) or as an anonymous caller, or undefined unless it answers 200.
   */
  answer: AnswerCall;
  /** How long a page painted with data is sent again as it is (the anonymous market cache's TTL); 0: never. */
  memoSeconds: number;
  /** Counts the painted pages' hits and misses (GET /metrics). */
  memoStats?: MemoStats;
  /** Told when the entry fails to load, a call fails or the render throws: the page is then sent without its data. */
  onError(error: unknown): void;
  /**
   * Given the loading of the server-side entry, to start once the server listens: the first
   * visitor's page then does not wait for it (330 of its 360 ms), nor does readiness.
   */
  whenListening(task: () => void): void;
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
function paintFirst(html: string, body: string, paintedData?: unknown): string | undefined {
  const entry = [...html.matchAll(SCRIPT)].map((m) => m[1]!);
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  // Not the index.html Vite writes (one entry script): the page is not painted.
  if (entry.length !== 1) return undefined;
  const scripts = scriptJson({ entry: entry[0], preload });
  // Outside #root, which React takes over: the answers the page was painted with (main.tsx).
  const data =
    paintedData === undefined ? '' : `<script type="application/json" id="app-data">${scriptJson(paintedData)}</script>`;
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
const PAINTED_LIMITS = { entries: 200, size: 8 * 1024 * 1024 };
/**
 * Renders begun per second, at most. A render holds the event loop for several milliseconds;
 * past this budget (a crawler walking every request's detail, many signed-in page loads) a page
 * goes unpainted, so the API beside it keeps its speed.
 */
const RENDERS_PER_SECOND = 20;

/**
 * The render budget as a token bucket: up to `perSecond` at once after a quiet spell, and under
 * steady load one every 1/`perSecond` s. Counted per clock second instead, the
 * renders came in a burst at the start of each second, and every request behind them waited for
 * all twenty (p99 175 ms on the request form).
 */
export function renderBudget(perSecond = RENDERS_PER_SECOND, clock = () => performance.now()) {
  let tokens = perSecond;
  let at = clock();
  return function take(): boolean {
    const now = clock();
    tokens = Math.min(perSecond, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Why a page goes as the build painted it, when nothing failed: never remembered, never logged. */
class NotPainted extends Error {}

/**
 * Paints pages with their data per request: a signed-out visitor's (decision 074) with the
 * answers of an anonymous caller, kept like those answers are (the market cache: `memoSeconds`,
 * one render for everyone asking meanwhile); a signed-in visitor's (decision 075) with the
 * answers their own token gets, kept by no one. Null when a call does not answer, the entry is
 * missing, it declines (the page redirects), the second's renders are spent, or something fails.
 */
function painterWithData(webDist: string, options: PaintWithData) {
  const load = ssrEntryLoader(webDist, options.onError);
  options.whenListening(() => void load());
  const pages = createMarketCache<LandingPage>(
    options.memoSeconds,
    undefined,
    PAINTED_LIMITS,
    (page) => page.html.length,
    options.memoStats,
  );
  const takeRender = renderBudget();
  const anonymous: AnswerCall = (url) => options.answer(url, undefined);

  async function paint(url: string, shell: string, authCookie?: string): Promise<LandingPage> {
    if (!takeRender()) throw new NotPainted();
    const painting = await load();
    if (!painting) throw new NotPainted();
    const painted = await painting.prerenderWithData(url, authCookie === undefined ? anonymous : options.answer, authCookie);
    const document = painted && paintFirst(shell, painted.html, painted.data);
    if (!document) throw new NotPainted();
    return landingPage(document, true);
  }

  // Logged here, where a background reload's failure would otherwise go unseen.
  const logged = (painting: Promise<LandingPage>) =>
    painting.catch((error: unknown) => {
      if (!(error instanceof NotPainted)) options.onError(error);
      throw error;
    });

  return {
    forGuest: (pathname: string, shell: string): Promise<LandingPage | null> =>
      pages
        .through('landing-page', { pathname }, () => logged(paint(pathname, shell)))
        // Whatever fails (a call, the render) costs the visitor the data only, never the page.
        .catch(() => null),
    forSignedIn: (url: string, authCookie: string, shell: string): Promise<LandingPage | null> =>
      logged(paint(url, shell, authCookie)).catch(() => null),
  };
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
      // Applied, not only fetched: the page the server paints (decision 075) needs its route's
      // styles from the first paint, and the route's code finds them in place (Vite's loader skips
      // a stylesheet the page has) instead of adding them and restyling the whole page on arrival.
      ...route.styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
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
  return async ({ pathname, search, authCookie }) => {
    const segments = pathname.split('/');
    const plainPage = plain.find((entry) => matches(entry.pattern, segments))?.page;
    if (authCookie !== undefined) {
      // A signed-in visitor's landing page, painted as their cookie says (decision 075), on the
      // same index.html (its route's chunks preloaded) the page goes out as when it cannot be.
      const page =
        paintWithData && plainPage ? await paintWithData.forSignedIn(pathname + search, authCookie, plainPage.html) : null;
      return page ? { page, personal: true } : plainPage && { page: plainPage };
    }
    // Painted for a signed-out visitor: a URL with a query (search filters) would show another page.
    const paint = search ? undefined : painted.find((entry) => matches(entry.pattern, segments));
    if (paint) {
      const urls = fillCalls(paint.calls, paint.pattern, segments);
      const withItsData = paintWithData && urls?.length ? await paintWithData.forGuest(pathname, paint.shell) : null;
      return withItsData ? { page: withItsData } : { page: paint.page, preload: preloadHeader(urls) };
    }
    return plainPage && { page: plainPage };
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
    const query = request.url.indexOf('?');
    const landing = await pageOf({
      pathname: query === -1 ? request.url : request.url.slice(0, query),
      search: query === -1 ? '' : request.url.slice(query),
      authCookie: request.cookies[AUTH_COOKIE] || undefined,
    });
    if (!landing) return reply.type('text/html').sendFile('index.html');
    const { page, preload, personal } = landing;
    // Negotiated as @fastify/static negotiates the hashed assets: brotli, then gzip, by the q-values.
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as Encoding | null;
    // The page differs by encoding and by the sign-in cookie (painted or not): no cache may mix
    // them. One painted with a visitor's data is as personal as the API's answers: none keeps it.
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', personal ? 'no-store' : cacheControl)
      .header('vary', 'accept-encoding, cookie');
    if (preload) reply.header('link', preload);
    return encoding ? reply.header('content-encoding', encoding).send(page.encoded(encoding)) : reply.send(page.html);
  };
}

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
 * Sent compressed (brotli or gzip, made on first use) and revalidated like index.html. Without
 * the lists (an older build) every page is the plain index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { AUTH_COOKIE } from '@logi/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

export type LandingPages = (pathname: string, options: { prerendered: boolean }) => Landing | undefined;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `pattern`'s segments against the path's: `:name` matches any one non-empty segment. */
function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length && pattern.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]))
  );
}

function landingPage(html: string): LandingPage {
  const memo: Partial<Record<Encoding, Buffer>> = {};
  return {
    html,
    encoded: (encoding) =>
      (memo[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
          : gzipSync(html, { level: 9 })),
  };
}

const SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page with its first render inside #root, and its scripts started only once that is on
 * screen (`start-after-paint.js`, which reads them from #app-scripts): fetched beside it, ~200 kB
 * of code would hold the paint back on a slow connection.
 */
function paintFirst(html: string, body: string): string | undefined {
  const entry = [...html.matchAll(SCRIPT)].map((m) => m[1]!);
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  // Not the index.html Vite writes (one entry script): the page is not painted.
  if (entry.length !== 1) return undefined;
  const scripts = JSON.stringify({ entry: entry[0], preload }).replace(/</g, '\\u003c');
  return html
    .replace(SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      '</head>',
      `<script type="application/json" id="app-scripts">${scripts}</script><script type="module" src="/start-after-paint.js"></script></head>`,
    )
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/** A path segment that may stand in a URL of a header as it is (an id): anything else is not preloaded. */
const PLAIN_SEGMENT = /^[\w.~-]+$/;

/**
 * The `Link` header that has the browser start the page's first API calls with the page (issue
 * 15 item 6): each call with the pattern's parameters filled in from the requested path.
 */
function preloadHeader(calls: string[], pattern: string[], segments: string[]): string | undefined {
  const filled: string[] = [];
  for (const call of calls) {
    let url = call;
    for (const [i, name] of pattern.entries()) {
      if (!name.startsWith(':') || !url.includes(name)) continue;
      if (!PLAIN_SEGMENT.test(segments[i]!)) return undefined;
      url = url.replaceAll(name, segments[i]!);
    }
    filled.push(`<${url}>; rel=preload; as=fetch; crossorigin`);
  }
  return filled.length ? filled.join(', ') : undefined;
}

const readList = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

export function createLandingPages(webDist: string): LandingPages {
  const preloads = readList<RoutePreloads>(path.join(webDist, 'route-preloads.json'))?.routes ?? [];
  const prerendered = readList<PrerenderedPages>(path.join(webDist, 'prerendered.json'))?.pages ?? [];
  if (!preloads.length && !prerendered.length) return () => undefined;
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
    const document = paintFirst(withLinks(pattern), html);
    return document ? [{ pattern, calls, page: landingPage(document) }] : [];
  });
  return (pathname, options) => {
    const segments = pathname.split('/');
    const paint = options.prerendered ? painted.find((entry) => matches(entry.pattern, segments)) : undefined;
    if (paint) return { page: paint.page, preload: preloadHeader(paint.calls, paint.pattern, segments) };
    const page = plain.find((entry) => matches(entry.pattern, segments))?.page;
    return page && { page };
  };
}

/**
 * Answers a page of the web app (the not-found handler outside /api): its landing page when it
 * has one, otherwise the plain index.html.
 */
export function landingPageHandler(webDist: string) {
  const pageOf = createLandingPages(webDist);
  const cacheControl = webCacheControl(webDist, path.join(webDist, 'index.html'));
  return (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query] = request.url.split('?', 2);
    const landing = pageOf(pathname, { prerendered: query === undefined && !request.cookies[AUTH_COOKIE] });
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

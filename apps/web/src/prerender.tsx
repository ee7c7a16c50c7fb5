/**
 * The app's server-side entry, in two uses:
 * - at build time (`build/prerender.ts`, decision 072): the HTML of each landing page as a
 *   signed-out visitor's first render shows it (queries pending, so their skeletons), and the API
 *   calls that render makes, which the server has the browser start beside the page;
 * - per request in the API server: a page painted with the answers of its calls, for a
 *   signed-out visitor (decision 074: home, results, a request's detail) or for a signed-in one
 *   as their sign-in cookie says (decision 075: their landing pages).
 * The browser paints either before any script has run; main.tsx then hydrates it.
 */
import { type SsrAnswerCall, type SsrEntry } from '@logi/contract';
import { ROLE_SLUGS } from './texts/sign-in';
import { type QueryClient, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppRoot } from './app/providers';
import { routes } from './app/router';
import { answerCallsWith } from './lib/api';
import { authStore } from './lib/auth-store';
import type { PaintedData } from './lib/painted-data';
import { discardQueuedToasts } from './lib/toast';

export interface PaintedPage {
  html: string;
  /** The API URLs (path and query) the page's first render asks for. */
  calls: string[];
}

/**
 * The landing pages a signed-out visitor gets painted before the scripts run: those of
 * vite.config.ts's LANDING list that a signed-out visitor may see, each sign-in form by role.
 */
export const PRERENDERED = [
  '/',
  '/shipping-requests/results',
  '/shipping-requests/detail/:id',
  '/sign-in',
  ...Object.keys(ROLE_SLUGS).map((slug) => `/sign-in/${slug}`),
];

/** The page at `pathname` as a signed-out visitor's first render, or null when it redirects. */
export function prerender(pathname: string): Promise<PaintedPage | null> {
  return exclusively(async () => {
    authStore.restore(null);
    const html = await render(pathname);
    return html === null ? null : { html, calls: await firstCalls() };
  });
}

/** A page painted with its data: its HTML, and what the page carries for the browser to hydrate it with. */
export interface PaintedWithData {
  html: string;
  data: PaintedData;
}

/**
 * How the server answers a call while it paints a page: the body of a GET of this API URL (path
 * and query) sent with `authorization` (the visitor's token, as the app sends it), or undefined
 * unless it answers 200.
 */
export type AnswerCall = SsrAnswerCall;

/** Renders at most: a page whose calls wait for other calls' answers takes one more per step. */
const ROUNDS = 3;

/**
 * The page at `url` as the visitor whose sign-in cookie is `authCookie` (null: signed out) sees
 * it once its calls have answered (decisions 074 and 075): the server runs this per request, so
 * that the page shows its data before any script has arrived. It renders, has `answer` answer
 * the calls the render left pending, and renders again until none is. Null when the page
 * redirects, or when a call is not answered.
 */
export function prerenderWithData(
  url: string,
  answer: AnswerCall,
  authCookie: string | null = null,
): Promise<PaintedWithData | null> {
  return exclusively(async () => {
    const { queryClient } = await import('./lib/query-client');
    authStore.restore(authCookie);
    const restore = answerCallsWith(async (input, init) => {
      const request = new Request(input, init);
      const target = new URL(request.url);
      const text =
        request.method === 'GET'
          ? await answer(target.pathname + target.search, request.headers.get('authorization') ?? undefined)
          : undefined;
      // Any other answer fails the call, and so the paint: the app itself would refresh a token or end a session.
      return text === undefined
        ? new Response(null, { status: 503 })
        : new Response(text, { headers: { 'content-type': 'application/json' } });
    });
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const html = await render(url);
        if (html === null) return null;
        const pending = pendingQueries(queryClient);
        if (!pending.length) return { html, data: { user: authStore.getState().user.id, queries: dehydrate(queryClient) } };
        const results = await Promise.allSettled(pending.map((query) => query.fetch()));
        if (results.some((r) => r.status === 'rejected')) return null;
      }
      return null;
    } finally {
      restore();
      queryClient.clear();
      authStore.restore(null);
      discardQueuedToasts();
    }
  });
}

// The API server loads this file by its path as the contract's SsrEntry (it may not import the
// web app): a change of prerenderWithData's shape fails the typecheck here, not a page at run time.
const _servedEntry: SsrEntry = { prerenderWithData };

/** One render at a time: the app has one query client, which each render fills and empties. */
let previous: Promise<unknown> = Promise.resolve();
function exclusively<T>(run: () => Promise<T>): Promise<T> {
  const result = previous.then(run, run);
  previous = result.catch(() => {});
  return result;
}

/** The app's render of `url` (path and query), or null when it redirects. */
async function render(url: string): Promise<string | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppRoot painted>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
}

/** The queries a render left pending that it would fetch (`enabled` is the observer's option, kept on the query). */
const pendingQueries = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false);

/**
 * The calls of the queries the render left pending, read off by running them against a
 * transport that records each URL and never answers; the cache is emptied after.
 */
async function firstCalls(): Promise<string[]> {
  // Imported as the routes import it (lazily), so that the bundle keeps it in its own chunk.
  const { queryClient } = await import('./lib/query-client');
  const calls: string[] = [];
  const restore = answerCallsWith((input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.pathname + url.search);
    return new Promise<Response>(() => {});
  });
  try {
    for (const query of pendingQueries(queryClient)) void query.fetch().catch(() => {});
    // Each call reaches the transport after a few awaits (the token, the cookie): all done within a task.
    await new Promise((resolve) => setTimeout(resolve));
  } finally {
    restore();
    queryClient.clear();
  }
  return calls;
}

/**
 * The build's server-side entry (decision 072): the HTML a signed-out visitor's first paint
 * shows for a landing page, rendered once at build time by `build/prerender.ts` with the app's
 * own routes and components, as the browser's first render would show it (queries pending, so
 * their skeletons). The browser paints it before any script has run; main.tsx then hydrates it.
 * With it go the API calls that first render makes, which the server has the browser start
 * beside the page (issue 15: a landing page's first API call does not wait for the scripts).
 */
import { ROLE_SLUGS } from '@logi/contract';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppRoot } from './app/providers';
import { routes } from './app/router';

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
export async function prerender(pathname: string): Promise<PaintedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppRoot>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
  return { html, calls: await firstCalls() };
}

/**
 * The calls of the queries the render left pending (those it would fetch), read off by running
 * them against a fetch that records its URL and never answers; the cache is emptied after. Only
 * ever run at build time, in Node: it stands in for the page's `location` and `fetch`.
 */
async function firstCalls(): Promise<string[]> {
  // Imported as the routes import it (lazily), so that the bundle keeps it in its own chunk.
  const { queryClient } = await import('./lib/query-client');
  const calls: string[] = [];
  const saved = { fetch: globalThis.fetch, location: Object.getOwnPropertyDescriptor(globalThis, 'location') };
  Object.defineProperty(globalThis, 'location', { value: new URL('http://localhost/'), configurable: true });
  globalThis.fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.pathname + url.search);
    return new Promise<Response>(() => {});
  };
  try {
    for (const query of queryClient.getQueryCache().getAll())
      // `enabled` is the page's observer's option (the query keeps it); a disabled query is not asked.
      if (query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false)
        void query.fetch().catch(() => {});
    // Each call reaches fetch after a few awaits (the token, the cookie): all done within a task.
    await new Promise((resolve) => setTimeout(resolve));
  } finally {
    globalThis.fetch = saved.fetch;
    if (saved.location) Object.defineProperty(globalThis, 'location', saved.location);
    else Reflect.deleteProperty(globalThis, 'location');
    queryClient.clear();
  }
  return calls;
}

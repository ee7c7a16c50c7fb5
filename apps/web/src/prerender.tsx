/**
 * The build's server-side entry (decision 072): the HTML a signed-out visitor's first paint
 * shows for a landing page, rendered once at build time by `build/prerender.ts` with the app's
 * own routes and components, as the browser's first render would show it (queries pending, so
 * their skeletons). The browser paints it before any script has run; main.tsx then renders the
 * same page over it.
 */
import { ROLE_SLUGS } from '@logi/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';

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
export async function prerender(pathname: string): Promise<string | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}

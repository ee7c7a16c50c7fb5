import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './app/providers';
import { createAppRouter } from './app/router';
import { authStore } from './lib/auth-store';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The auth state comes from its cookie before the first route is guarded.
authStore.restore();
const router = createAppRouter();

const app = (
  <AppRoot>
    <RouterProvider router={router} />
  </AppRoot>
);

/** Runs `then` once the router has the first route's code (its lazy chunks loaded). */
function whenRouterReady(then: () => void) {
  if (router.state.initialized) return then();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    then();
  });
}

/**
 * The answers a page was painted with (home, results, a request's detail: decision 074), put in the
 * query cache first, so that the app's first render shows the same rows the server painted.
 */
async function restorePaintedData() {
  const data = document.getElementById('app-data')?.textContent;
  if (!data) return;
  const { restoreQueries } = await import('./lib/query-client');
  restoreQueries(JSON.parse(data));
}

// The first render is a transition: React renders (or hydrates) in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks input on a slow phone.
//
// A page the server sent already painted for a signed-out visitor (decision 072) is the app's own
// first render of it: React takes it over once the router is ready, keeping its nodes and anything
// typed into them. A signed-in visitor whose cookie the server did not get (a link from another
// site) sees the page rendered afresh instead.
if (root.firstElementChild && !authStore.getState().isSignedIn) {
  whenRouterReady(() => void restorePaintedData().then(() => startTransition(() => void hydrateRoot(root, app))));
} else {
  startTransition(() => createRoot(root).render(app));
}

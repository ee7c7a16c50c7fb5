import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './app/providers';
import { createAppRouter } from './app/router';
import { GUEST_USER, authStore } from './lib/auth-store';
import { readPaintedData } from './lib/painted-data';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The auth state comes from its cookie before the first route is guarded.
authStore.restore();
const router = createAppRouter();

/** The app; `painted` when it takes over the HTML the server painted. */
const app = (painted: boolean) => (
  <AppRoot painted={painted}>
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

/** What the page was painted with, when the server painted it with data (decisions 074, 075). */
const painted = readPaintedData();

/** Puts its answers in the query cache first, so that the app's first render shows what the server painted. */
async function restorePaintedData() {
  if (!painted) return;
  const { restoreQueries } = await import('./lib/query-client');
  restoreQueries(painted.queries);
}

// The first render is a transition: React renders (or hydrates) in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks input on a slow phone.
//
// A page the server sent already painted is the app's own first render of it: React takes it over
// once the router is ready, keeping its nodes and anything typed into them. The server paints a
// signed-out visitor's landing page (decision 072), with its data where it waits for some
// (decision 074), and a signed-in visitor's page as their sign-in cookie says (decision 075). A
// page painted for someone else (a signed-in visitor whose cookie the server did not get, as on a
// link from another site) is rendered afresh instead.
const paintedFor = painted ? painted.user : root.firstElementChild ? GUEST_USER.id : undefined;
if (paintedFor === authStore.getState().user.id) {
  whenRouterReady(() => void restorePaintedData().then(() => startTransition(() => void hydrateRoot(root, app(true)))));
} else {
  startTransition(() => createRoot(root).render(app(false)));
}

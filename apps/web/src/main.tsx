import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './app/providers';
import { createAppRouter } from './app/router';
import { GUEST_USER, authStore } from './lib/auth-store';
import { readPaintedData } from './lib/painted-data';
import { yieldToMain } from './lib/yield-to-main';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

type AppRouter = ReturnType<typeof createAppRouter>;

/** The app; `painted` when it takes over the HTML the server painted. */
const app = (router: AppRouter, painted: boolean) => (
  <AppRoot painted={painted}>
    <RouterProvider router={router} />
  </AppRoot>
);

/** Resolves once the router has the first route's code (its lazy chunks loaded). */
function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
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
//
// Each step of the start runs in a task of its own (yieldToMain), after the task that evaluated
// the modules: reading the sign-in cookie, then creating the router (ranking some 70 routes), which
// would otherwise block a slow phone for one long task.
async function start(root: HTMLElement) {
  await yieldToMain();
  // The auth state comes from its cookie before the first route is guarded.
  authStore.restore();
  await yieldToMain();
  const router = createAppRouter();
  const paintedFor = painted ? painted.user : root.firstElementChild ? GUEST_USER.id : undefined;
  if (paintedFor === authStore.getState().user.id) {
    await routerReady(router);
    await restorePaintedData();
    startTransition(() => void hydrateRoot(root, app(router, true)));
  } else {
    startTransition(() => createRoot(root).render(app(router, false)));
  }
}

void start(root);

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { authStore } from './lib/auth-store';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The auth state comes from its cookie before the first route is guarded.
authStore.restore();
const router = createAppRouter();

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// A transition: React renders (or hydrates) the first page in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks input on a slow phone.
const start = (render: () => void) => startTransition(render);

// A page the server sent already painted (decision 072) is the app's own first render of it:
// React takes it over once the router has its route's code, keeping its nodes (and anything
// typed into them meanwhile).
// Painted for a signed-out visitor: a signed-in one whose cookie the server did not get (a link
// from another site) sees the page rendered afresh instead.
if (root.firstElementChild && !authStore.getState().isSignedIn) {
  const hydrate = () => start(() => void hydrateRoot(root, app));
  if (router.state.initialized) hydrate();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      hydrate();
    });
  }
} else {
  start(() => createRoot(root).render(app));
}

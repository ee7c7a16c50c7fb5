import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { setSessionExpiredHandler } from './lib/api';
import { authStore } from './lib/auth-store';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The auth state comes from its cookie before the first route is guarded.
authStore.restore();
const router = createAppRouter();
setSessionExpiredHandler((target) => {
  // Nothing cached for the old session may show to whoever signs in next.
  void import('./lib/query-client').then(({ queryClient }) => queryClient.clear());
  void router.navigate(target.pathname, { state: { notice: target.message } });
});

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';
import { routePreloads } from './build/route-preloads';

/** The pages people land on, with what their routes load lazily (app/router.tsx): preloaded with the entry. */
const QUERY = 'src/lib/query-provider.tsx';
const MY_ITEMS = 'src/features/request-items/my-items/index.ts';
const APPLIED_ITEMS = 'src/features/request-items/applied-items/index.ts';
const LANDING = [
  { path: '/', modules: ['src/features/request-items/home/index.ts', QUERY] },
  { path: '/shipping-requests/results', modules: ['src/features/request-items/search/index.ts', QUERY] },
  { path: '/shipping-requests/detail/:id', modules: ['src/features/request-items/detail/index.ts', QUERY] },
  { path: '/shipping-requests/create', modules: ['src/features/request-items/create/index.ts', QUERY] },
  {
    path: '/shipping-requests/detail/:id/talkrooms/:talkroomId',
    modules: ['src/features/talkrooms/index.ts', QUERY],
  },
  // A carrier's and a shipper's own requests: where the notifications' links lead (decision 075).
  { path: '/shipping-requests/my-items', modules: [MY_ITEMS, QUERY] },
  { path: '/shipping-requests/my-items/detail/:id', modules: ['src/app/my-item-detail.tsx', QUERY] },
  { path: '/shipping-requests/applied-items', modules: [APPLIED_ITEMS, QUERY] },
  { path: '/shipping-requests/applied-items/detail/:id', modules: ['src/app/applied-item-detail.tsx', QUERY] },
  { path: '/sign-in/:role', modules: ['src/features/auth/index.ts'] },
];

// In development Vite serves the SPA and hands every server path to the API on :3000,
// so the browser sees one origin (cookies, CSRF and CSP behave as in production).
const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(LANDING), prerender(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/healthz': api, '/readyz': api, '/dev': api },
  },
  // apps/web/dist: the server serves it with history fallback (apps/server/src/app.ts).
  // The manifest lets scripts/bundle-size.mjs measure what a route loads.
  // No modulepreload polyfill: every browser the product supports preloads modules natively.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, modulePreload: { polyfill: false } },
});

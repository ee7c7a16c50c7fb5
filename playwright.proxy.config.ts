/**
 * `npm run e2e:proxy` (issue 47): the journeys through nginx over two API instances on one
 * PostgreSQL and one Redis (scripts/proxy-stack.mjs, deploy/nginx/logi.conf). The same browser
 * settings as playwright.config.ts; only the server and the chosen journeys differ.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const PORT = Number(process.env.E2E_PROXY_PORT ?? 3200);

export default defineConfig({
  ...base,
  // Sign-in, posting, bidding, the talkroom and the live notification, and the restart.
  testMatch: ['marketplace-journey.spec.ts', 'realtime.spec.ts', 'proxy.spec.ts'],
  testIgnore: [],
  // Three servers and nginx share the cores with the browser: a longer hang guard than the default's.
  timeout: 300_000,
  outputDir: 'test-results/proxy',
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    command: 'node scripts/proxy-stack.mjs',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { E2E_PROXY_PORT: String(PORT) },
  },
});

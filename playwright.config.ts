/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the production
 * build — the compiled API server serving the built web app — on a fresh data directory.
 * `npm start` builds whatever is missing or stale first (decision 060). E2E_PORT and
 * E2E_WEB_DIST (a build made with `vite build --outDir …`) let several runs share a machine.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Overridable so that several checkouts (or a build in another folder) can run side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const webDist = process.env.E2E_WEB_DIST;
const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  // Needs two instances behind nginx: playwright.proxy.config.ts.
  testIgnore: ['proxy.spec.ts'],
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ja-JP',
    // The product's users are in Japan; dates show in the device's time zone.
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${PORT}`,
      SEED_DEMO: 'true',
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
      // Every journey signs in many times from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});

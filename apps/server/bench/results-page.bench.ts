/**
 * `npm run bench:web`: the time from navigation to the first result row of
 * /shipping-requests/results, in Debian's Chromium, on the 1,000,000-request database
 * of `npm run bench:data` (BENCH_DATABASE_URL). Build the web app first
 * (`npm run build -w @logi/web`): the app serves apps/web/dist as in production.
 *
 * Each run opens a fresh browser context (empty cache, signed out, as a first visit
 * from a shared link) and records, inside the page, performance.now() — milliseconds
 * since the navigation started — when the first `[data-testid="request-row"]` is
 * added to the DOM. A second figure reloads in the same context (warm HTTP cache).
 * MARKET_CACHE_SECONDS=0 measures every list request on the database.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, chromium } from '@playwright/test';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEFAULT_BENCH_DATABASE_URL } from './bench-data';
import { exitAfter, printTable } from './bench-kit';

const URL_ = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

exitAfter(600);

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('bench:web needs the built web app: npm run build -w @logi/web');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-bench-web-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: URL_,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SEED_DEMO: 'false',
    MARKET_CACHE_SECONDS: process.env.MARKET_CACHE_SECONDS ?? '2',
  }),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const base = `http://127.0.0.1:${address.port}`;

/**
 * Records when the first result row enters the DOM, in ms since navigation start. It runs
 * in the page, so it is page source here (the server's TypeScript has no DOM types).
 */
const RECORD_FIRST_ROW = `
  new MutationObserver((_, observer) => {
    if (window.__firstRow === undefined && document.querySelector('[data-testid="request-row"]')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function firstRowMs(page: Page, load: () => Promise<unknown>): Promise<number> {
  await load();
  // Functions, not strings: the app's CSP forbids eval, which string expressions need.
  const seen = () => (globalThis as { __firstRow?: number }).__firstRow;
  await page.waitForFunction(seen, null, { timeout: 30_000 });
  return Number(await page.evaluate(seen));
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

const scenarios = [
  { name: 'results', path: '/shipping-requests/results' },
  { name: 'results vehicleType=FOUR_T_TRUCK', path: '/shipping-requests/results?vehicleType=FOUR_T_TRUCK' },
  { name: 'results keyword=冷凍', path: `/shipping-requests/results?keyword=${encodeURIComponent('冷凍')}` },
  { name: 'results page=500', path: '/shipping-requests/results?page=500' },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const lines: string[][] = [];
  for (const scenario of scenarios) {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ baseURL: base, locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
      await context.addInitScript({ content: RECORD_FIRST_ROW });
      const page = await context.newPage();
      cold.push(await firstRowMs(page, () => page.goto(scenario.path)));
      warm.push(await firstRowMs(page, () => page.reload()));
      await context.close();
    }
    lines.push([
      scenario.name,
      quantile(cold, 0.5).toFixed(0),
      quantile(cold, 0.9).toFixed(0),
      quantile(warm, 0.5).toFixed(0),
      quantile(warm, 0.9).toFixed(0),
    ]);
  }
  console.log(`\nnavigation → first result row, ms (${RUNS} runs each; cold = new context, warm = reload)`);
  printTable(['scenario', 'cold p50', 'cold p90', 'warm p50', 'warm p90'], lines);
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

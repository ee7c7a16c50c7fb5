import { defineConfig } from 'vitest/config';

// *.pg.test.ts need a second database connection (races, locks): PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database per run, copied for each test file.
    globalSetup: ['test/global-setup.ts'],
    // test/faults: their own step (vitest.faults.config.ts).
    exclude: ['**/node_modules/**', 'test/faults/**', ...(onPostgres ? [] : ['**/*.pg.test.ts'])],
    // Timeouts only catch a hang: a test waits for what a client observes, never for a time,
    // and must pass with the CPU saturated (`.ci/run` runs the suite under load), where
    // building a second app inside a test takes half a minute.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // Each file builds its own app and database; two workers match the 2 cores.
    maxWorkers: 2,
    // A deprecated call fails the test that makes it, where a warning printed once per worker
    // named no caller: node-postgres will refuse a query sent while its client is still busy
    // (pg@9), as a transaction's statements run at once (Promise.all) would be.
    execArgv: ['--throw-deprecation'],
  },
});

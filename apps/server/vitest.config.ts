import { defineConfig } from 'vitest/config';

// *.pg.test.ts need a second database connection (races, locks): PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/faults: their own step (vitest.faults.config.ts).
    exclude: ['**/node_modules/**', 'test/faults/**', ...(onPostgres ? [] : ['**/*.pg.test.ts'])],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file builds its own app and database; two workers match the 2 cores.
    maxWorkers: 2,
  },
});

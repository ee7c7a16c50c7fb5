import { defineConfig } from 'vitest/config';

// The fault tests stop and start their own PostgreSQL and Redis servers and run the API as a
// process: one file at a time, apart from `npm test` (they need the server binaries).
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

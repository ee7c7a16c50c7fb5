import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file builds its own app and database; two workers match the 2 cores.
    maxWorkers: 2,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Components run in jsdom with Testing Library; e2e/ journeys run in Playwright, not here.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // jsdom renders Radix lists slowly on a busy 2-core machine.
    testTimeout: 30_000,
    maxWorkers: 2,
  },
});

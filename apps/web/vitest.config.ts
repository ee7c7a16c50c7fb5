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
    // Timeouts only catch a hang: tests wait for what the user sees (src/test/wait.ts), and a
    // long form filled field by field takes minutes with the CPU saturated (.ci/run loads it).
    testTimeout: 240_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});

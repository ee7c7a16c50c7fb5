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
    testTimeout: 20_000,
    maxWorkers: 2,
  },
});

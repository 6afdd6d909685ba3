import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: crashes, restarts and bad networks against real server processes.
 * One file at a time: each scenario kills or restarts servers (one of them PostgreSQL) and
 * measures what survives, so two scenarios must not share a machine's two cores or a database.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    fileParallelism: false,
    // The browser scenarios share the browser tests' server (built web app, embedded database).
    globalSetup: ['../e2e/support/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});

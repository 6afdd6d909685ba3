import path from 'node:path';
import { defineConfig } from 'vitest/config';

const TIMEOUTS = { testTimeout: 240_000, hookTimeout: 120_000 };

/**
 * `npm run test:faults`: crashes, restarts and bad networks against real server processes, in
 * three groups, one after the other:
 * 1. the browser scenarios, side by side: each mostly waits on a page that answers trials at a
 *    person's pace or sits offline for a minute, on the browser tests' server;
 * 2. the server scenarios, one at a time: each kills or restarts servers and measures what
 *    survives, so two of them must not share the two cores (or time a drain while the other
 *    hogs them);
 * 3. the PostgreSQL restart, alone: it breaks everything that uses that server at the moment.
 *
 * `npm test` runs group 1 inside the browser tests (`e2e/vitest.config.ts`), beside their long
 * full run, and then groups 2 and 3 here (`npm run test:faults:servers`).
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    // Vitest's default on two cores is one worker.
    maxWorkers: 2,
    // The screen's report, and a JSON one from which `.ci/run` names the failed test files
    // (scripts/failed-tests.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: path.resolve(import.meta.dirname, '../test-results/vitest-faults.json') },
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['browser-*.spec.ts'],
          // The browser scenarios share the browser tests' server (built web app, embedded
          // database).
          globalSetup: ['../e2e/support/global-setup.ts'],
          sequence: { groupOrder: 0 },
          ...TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'servers',
          include: ['*.spec.ts'],
          exclude: ['browser-*.spec.ts', 'postgres-restart.spec.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres-restart',
          include: ['postgres-restart.spec.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          ...TIMEOUTS,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { longestFirst } from './scripts/longest-first-sequencer';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // Three workers on two cores: each server test file opens its own database, and a good share
    // of the files wait on timers, child processes or PostgreSQL, so a third worker fills the
    // time that two leave idle.
    maxWorkers: 3,
    sequence: {
      sequencer: longestFirst([
        'fuzz-data.test.ts',
        'fuzz-accounts.test.ts',
        'main.test.ts',
        'rate-limits.test.ts',
        'create-admin.test.ts',
      ]),
    },
    // Generous, as three workers share two cores; a test that hangs still ends in a minute.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

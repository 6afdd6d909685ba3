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
    // Two cores: one worker per core; each server test file opens its own database.
    maxWorkers: 2,
    sequence: {
      sequencer: longestFirst([
        'fuzz-data.test.ts',
        'fuzz-accounts.test.ts',
        'main.test.ts',
        'rate-limits.test.ts',
        'create-admin.test.ts',
      ]),
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

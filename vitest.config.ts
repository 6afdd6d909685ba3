import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { longestFirst } from './scripts/longest-first-sequencer';
import { SLOW_UNIT_TEST_FILES } from './scripts/slow-unit-tests.mjs';

export default defineConfig({
  // The web app's message macros (ADR 042), as its own build turns them into descriptors.
  plugins: [
    lingui({
      configPath: path.resolve(import.meta.dirname, 'lingui.config.ts'),
      macroTransform: true,
    }),
  ],
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // The screen's report, and a JSON one from which `.ci/run` names the failed test files
    // (scripts/failed-tests.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: path.resolve(import.meta.dirname, 'test-results/vitest-unit.json') },
    // Three workers on two cores: each server test file opens its own database, and a good share
    // of the files wait on timers, child processes or PostgreSQL, so a third worker fills the
    // time that two leave idle.
    maxWorkers: 3,
    sequence: {
      sequencer: longestFirst(SLOW_UNIT_TEST_FILES),
    },
    // Generous, as three workers share two cores; a test that hangs still ends in a minute.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { longestFirst } from '../scripts/longest-first-sequencer';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    // The fault tests' two browser scenarios (a bad network; a reload and a browser restart) run
    // here too, in `npm test`: they share this server and mostly wait, so they fit beside the
    // full run instead of adding their time after it. `npm run test:faults` also runs them with
    // the rest of the fault scenarios.
    dir: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/**/*.spec.ts', 'faults/browser-*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // The screen's report, and a JSON one from which `.ci/run` names the failed test files
    // (scripts/failed-tests.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: path.resolve(import.meta.dirname, '../test-results/vitest-e2e.json') },
    // One built server for the whole run. Three browser files at a time on two cores: the tests
    // mostly wait on pages and timers, but a fourth browser makes headless Chromium drop enough
    // frames that Go/No-Go's fixed-SOA run misses its bounds. The longest start first, each on
    // a lane of its own, while the rest share the others.
    maxWorkers: 3,
    sequence: {
      sequencer: longestFirst([
        // The whole runs at a person's pace: five minutes each for the SART (18 practice and
        // 225 test digits on a 1.15 s SOA), Go/No-Go (criterion practice and 160 trials on a
        // 1.5 s SOA), N-back (a 2-back level on a 3 s SOA) and Stroop (168 trials), about four
        // for the PVT-B (5 practice counters and 3 minutes of test, a 30 s timeout in it), under
        // two for Digit Span. The three on a fixed SOA with the tightest frame bounds start
        // first, side by side, while only whole runs share the cores; the flanker's (8 practice
        // and 96 test trials on a 2 s SOA, about four minutes), on the same engine with the same
        // bounds, takes the first lane that frees; Stroop's bounds are on its RTs and medians,
        // which a busy machine does not move, so it goes on after them.
        'sart-full-run.spec.ts',
        'go-no-go-full-run.spec.ts',
        'n-back-full-level.spec.ts',
        'flanker-full-run.spec.ts',
        'stroop-full-run.spec.ts',
        'pvt-full-run.spec.ts',
        'digit-span-full-run.spec.ts',
        // About a minute for the Tower of Hanoi's 14 problems by mouse, under one for its
        // keyboard file (a 10 s time limit run out, a reload).
        'tower-of-hanoi-mouse.spec.ts',
        'tower-of-hanoi-keyboard.spec.ts',
        'stroop-resilience.spec.ts',
        'browser-network.spec.ts',
        'timing.spec.ts',
        'browser-restart.spec.ts',
        'pvt-touch.spec.ts',
        'digit-span-touch.spec.ts',
        'stroop-touch.spec.ts',
        'n-back-touch.spec.ts',
        'go-no-go-touch.spec.ts',
        'flanker-touch.spec.ts',
        'sart-touch.spec.ts',
        'tower-of-hanoi-touch.spec.ts',
        'progress.spec.ts',
        'admin.spec.ts',
        'navigation.spec.ts',
      ]),
    },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

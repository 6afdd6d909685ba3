import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDelayDrawer, runTrials } from '../bench/timing/measure';
import { type BenchPages, serveBenchPages } from '../bench/timing/serve-pages';
import { summarizeErrors } from '../bench/timing/stats';
import { CHROMIUM_ARGS, findChromium } from './support/find-chromium';

/**
 * The short version of `npm run bench:timing`: our runtime, on its cross-origin
 * isolated bench page, answered by trusted key presses with known timestamps. The RT it records
 * must be the true delay to within 0.1 ms at the median and 1 ms at p99, idle and under jank.
 */
describe('the Stroop runtime records exact reaction times', () => {
  let pages: BenchPages;
  let browser: Browser;
  beforeAll(async () => {
    pages = await serveBenchPages();
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await pages?.close();
  });

  for (const condition of ['idle', 'jank'] as const) {
    it(`${condition}: RT and onset errors within 0.1 ms (median) and 1 ms (p99)`, async () => {
      const trials = await runTrials({
        browser,
        baseUrl: pages.baseUrl,
        system: 'cogni',
        condition,
        trials: 100,
        cueMs: 100,
        drawDelayMs: makeDelayDrawer(condition === 'idle' ? 21 : 22),
      });
      expect(trials).toHaveLength(100);
      const rt = summarizeErrors(trials.map((t) => t.rtErrorMs));
      const onset = summarizeErrors(trials.map((t) => t.onsetErrorMs));
      expect(rt.median).toBeLessThanOrEqual(0.1);
      expect(rt.p99).toBeLessThanOrEqual(1);
      expect(onset.median).toBeLessThanOrEqual(0.1);
      expect(onset.p99).toBeLessThanOrEqual(1);
    }, 120_000);
  }
});

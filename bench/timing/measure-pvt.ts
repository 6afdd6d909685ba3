import type { Browser } from 'playwright-core';
import { applyCondition, type Condition } from './conditions';
import { PRESENTATION_RECORDER } from './measure';
import { waitForNth } from './measure-soa';
import { syncPageClock } from './page-clock';
import type { RecordedTrial } from './pages/bench-page';
import { type ErrorStats, summarizeErrors } from './stats';

export type PvtRunOptions = {
  browser: Browser;
  baseUrl: string;
  condition: Condition;
  trials: number;
  /** Element Timing name of the counter (`<name>-<number>`). */
  counterName: string;
  /** The true RT of each press, ms. */
  drawDelayMs: () => number;
};

export type PvtConditionResult = {
  trials: number;
  rtErrorMs: ErrorStats;
  onsetErrorMs: ErrorStats;
  /** When this condition ran (a run of some conditions keeps the others' last results). */
  measuredAt?: string;
};

/**
 * Runs Cogni's PVT page (bench/timing/pages/cogni-pvt.ts) for `trials` stimuli under
 * `condition`: for each, waits for the counter's first presented frame P (Element Timing), then
 * sends a trusted Space press stamped P + D while the counter is redrawn every frame; the RT
 * error is the recorded RT minus D.
 */
export async function runPvtTrials(options: PvtRunOptions): Promise<PvtConditionResult> {
  const { browser, condition, trials } = options;
  // No trials asked for: no page, which needs at least one; figures of no errors.
  if (trials < 1) {
    const none = summarizeErrors([]);
    return { trials: 0, measuredAt: new Date().toISOString(), rtErrorMs: none, onsetErrorMs: none };
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PRESENTATION_RECORDER);
    await page.goto(`${options.baseUrl}/?system=cogni&design=pvt&trials=${trials}`);
    await page.waitForFunction(() => (window as unknown as { __bench?: unknown }).__bench);
    if (!(await page.evaluate(() => window.crossOriginIsolated))) {
      throw new Error('The bench page is not cross-origin isolated');
    }
    const cdp = await context.newCDPSession(page);
    await applyCondition(page, cdp, condition);
    const clock = await syncPageClock(page);
    await page.evaluate(() =>
      (window as unknown as { __bench: { start: () => void } }).__bench.start(),
    );
    const delays: number[] = [];
    const shown: number[] = [];
    for (let k = 0; k < trials; k++) {
      const presentedMs = await waitForNth(page, options.counterName, k).catch((error: Error) => {
        // As in the other parts: keep the trials measured so far and report the shorter count.
        console.warn(`cogni PVT ${condition}: stopped after ${k} trials: ${error.message}`);
        return null;
      });
      if (presentedMs === null) break;
      const delayMs = options.drawDelayMs();
      const pressAtMs = presentedMs + delayMs;
      await clock.waitUntil(pressAtMs);
      const base = {
        key: ' ',
        code: 'Space',
        windowsVirtualKeyCode: 32,
        nativeVirtualKeyCode: 32,
        timestamp: (clock.pageTimeOriginMs + pressAtMs) / 1000,
      };
      await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyDown', text: ' ' });
      await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
      delays.push(delayMs);
      shown.push(presentedMs);
    }
    // After a stall the last press may not have been taken: wait for all but that one.
    const expected = delays.length < trials ? delays.length - 1 : trials;
    await page.waitForFunction(
      (n) => (window as unknown as { __bench: { records: unknown[] } }).__bench.records.length >= n,
      expected,
      { timeout: 15_000 },
    );
    const records: RecordedTrial[] = (
      await page.evaluate(
        () => (window as unknown as { __bench: { records: RecordedTrial[] } }).__bench.records,
      )
    ).slice(0, delays.length);
    return {
      trials: records.length,
      measuredAt: new Date().toISOString(),
      rtErrorMs: summarizeErrors(records.map((r, k) => r.rtMs - (delays[k] as number))),
      onsetErrorMs: summarizeErrors(records.map((r, k) => r.onsetMs - (shown[k] as number))),
    };
  } finally {
    await context.close();
  }
}

import type { Browser, Page } from 'playwright-core';
import { ELEMENT_TIMING_RECORDER } from '../../e2e/support/task-run';
import { applyCondition, type Condition } from './conditions';
import { syncPageClock } from './page-clock';
import type { RecordedTrial } from './pages/bench-page';

export const SYSTEMS = ['cogni', 'jspsych'] as const;
export type System = (typeof SYSTEMS)[number];

/** One trial as the harness saw it and as the system recorded it, ms. */
export type TrialErrors = { rtErrorMs: number; onsetErrorMs: number; cueIntervalErrorMs: number };

export type RunOptions = {
  browser: Browser;
  baseUrl: string;
  system: System;
  condition: Condition;
  trials: number;
  cueMs: number;
  /** The true reaction time of each press, ms. */
  drawDelayMs: () => number;
  /**
   * 'touch': each answer is a finger on the page's answer button (Input.dispatchTouchEvent,
   * touch emulation on), which the app takes on pointerdown. Default 'key'.
   */
  input?: 'key' | 'touch';
};

type Presented = { stimulusMs: number; cueMs: number };

/**
 * Delays of 150-700 ms from a seeded generator, skewed to the short end as human reaction times
 * are (150 + 550·u³, mean 288 ms: with a 100 ms cue the 3000 trials fit the 30-minute budget);
 * real-valued, so presses land anywhere within a frame.
 */
export function makeDelayDrawer(seed: number, minMs = 150, maxMs = 700): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return minMs + (maxMs - minMs) * (state / 2 ** 32) ** 3;
  };
}

/**
 * Runs one system's page for `trials` trials under `condition` and returns every trial's errors.
 * Each press is a trusted key event (Input.dispatchKeyEvent), or a touch of the answer button
 * (Input.dispatchTouchEvent), whose timestamp is the stimulus's
 * presentation time P, from Element Timing, plus a drawn delay D, so the true RT is D exactly.
 */
export async function runTrials(options: RunOptions): Promise<TrialErrors[]> {
  const { browser, system, condition, trials, cueMs } = options;
  const input = options.input ?? 'key';
  // No trials asked for (`--real-cue-trials=0`): no page, which needs at least one; no errors.
  if (trials < 1) return [];
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    hasTouch: input === 'touch',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(PRESENTATION_RECORDER);
    await page.goto(
      `${options.baseUrl}/?system=${system}&trials=${trials}&cueMs=${cueMs}&input=${input}`,
    );
    await page.waitForFunction(() => window.__bench);
    if (!(await page.evaluate(() => window.crossOriginIsolated))) {
      throw new Error('The bench page is not cross-origin isolated');
    }
    const cdp = await context.newCDPSession(page);
    await applyCondition(page, cdp, condition);
    const clock = await syncPageClock(page);
    await page.evaluate(() => window.__bench.start());
    const pad = input === 'touch' ? await page.locator('#pad').boundingBox() : null;
    if (input === 'touch' && !pad) throw new Error(`${system} has no answer button`);
    const delays: number[] = [];
    const presented: Presented[] = [];
    for (let i = 0; i < trials; i++) {
      const shown = await waitForPresentation(page, 2 * i + 2).catch((error: Error) => {
        // Rare (a page under jank can lose a stimulus): the next stimulus never comes. Keep the
        // trials measured so far and report the shorter count.
        console.warn(`${system} ${condition}: stopped after ${i} trials: ${error.message}`);
        return null;
      });
      if (!shown) break;
      const delayMs = options.drawDelayMs();
      const pressAtMs = shown.stimulusMs + delayMs;
      await clock.waitUntil(pressAtMs);
      const timestamp = (clock.pageTimeOriginMs + pressAtMs) / 1000;
      if (pad) {
        const point = { x: pad.x + pad.width / 2, y: pad.y + pad.height / 2, id: 1 };
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchStart',
          touchPoints: [point],
          timestamp,
        });
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchEnd',
          touchPoints: [],
          timestamp: timestamp + 0.08,
        });
      } else {
        const base = {
          key: 'r',
          code: 'KeyR',
          windowsVirtualKeyCode: 82,
          nativeVirtualKeyCode: 82,
          timestamp,
        };
        await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyDown', text: 'r' });
        await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
      }
      delays.push(delayMs);
      presented.push(shown);
    }
    // After a stall the last press may not have been taken: wait for all but that one.
    const expected = delays.length < trials ? delays.length - 1 : trials;
    await page.waitForFunction((n) => window.__bench.records.length >= n, expected, {
      timeout: 10_000,
    });
    const records: RecordedTrial[] = await page.evaluate(() => window.__bench.records);
    return records.slice(0, delays.length).map((record, i) => {
      const shown = presented[i] as Presented;
      return {
        rtErrorMs: record.rtMs - (delays[i] as number),
        onsetErrorMs: record.onsetMs - shown.stimulusMs,
        cueIntervalErrorMs: shown.stimulusMs - shown.cueMs - cueMs,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * The browser tests' Element Timing recorder, plus a second observer that tells waiting
 * harness calls after every batch. Registered together, the recorder always runs first, so a
 * wait that finds nothing recorded is sure to be told when the entry lands: an observer made
 * only when the wait starts could miss an entry already queued for the recorder, and then wait
 * for ever.
 */
export const PRESENTATION_RECORDER = `${ELEMENT_TIMING_RECORDER}
  window.__onPresented = new Set();
  new PerformanceObserver(() => {
    for (const notify of window.__onPresented) notify();
  }).observe({ type: 'element', buffered: true });
`;

/**
 * Resolves once Element Timing has reported stimulus `n` and its cue, without polling every
 * frame, so the harness adds no work to the page's frames. A string, not a function: tsx would
 * wrap named inner functions in a helper the page does not have.
 */
const WAIT_FOR_PRESENTATION = (n: number) => `new Promise((resolve) => {
  const check = () => {
    const stimulusMs = window.__presented['stimulus-${n}'];
    const cueMs = window.__presented['cue-${n - 1}'];
    if (stimulusMs === undefined || cueMs === undefined) return false;
    window.__onPresented.delete(check);
    resolve({ stimulusMs, cueMs });
    return true;
  };
  if (!check()) window.__onPresented.add(check);
})`;

/** Waits until the stimulus `stimulus-n` has been presented; returns its and its cue's times. */
async function waitForPresentation(page: Page, n: number): Promise<Presented> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stimulus-${n} was not presented`)), 15_000);
  });
  try {
    return await Promise.race([
      page.evaluate(WAIT_FOR_PRESENTATION(n)) as Promise<Presented>,
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

import type { Browser, Page } from 'playwright-core';
import { applyCondition, type Condition } from './conditions';
import { PRESENTATION_RECORDER } from './measure';
import { syncPageClock } from './page-clock';
import type { SoaRecord } from './pages/soa-page';

/** The fixed-SOA design: the SART's digit and mask. */
export type SoaDesign = { digitMs: number; maskMs: number };

/** Element Timing names of a system's digit and mask (`<name>-<number>`). */
export type SoaNames = { digit: string; mask: string };

/** One trial as the harness saw it and as the system recorded it. */
export type SoaTrial = {
  /** The true delay of the press after the digit's presentation, ms. */
  delayMs: number;
  /** The press fell while the digit was on screen (else during the mask). */
  duringDigit: boolean;
  /** Recorded RT minus the true delay, ms; null when the system recorded no response. */
  rtErrorMs: number | null;
  /** Recorded onset minus the digit's presentation (Element Timing), ms. */
  onsetErrorMs: number;
  /** Presented digit duration (mask presentation minus digit presentation) minus digitMs. */
  digitDurationErrorMs: number | null;
  /** Presented mask duration (next digit minus mask) minus maskMs; null on the last trial. */
  maskDurationErrorMs: number | null;
  /** Digit presentation minus the absolute schedule (first digit + k × SOA), ms. */
  driftMs: number;
};

export type SoaRunOptions = {
  browser: Browser;
  baseUrl: string;
  system: 'cogni' | 'jspsych';
  names: SoaNames;
  condition: Condition;
  trials: number;
  design: SoaDesign;
  /** The true delay of trial k's press after its digit's presentation, ms. */
  delayMs: (k: number) => number;
};

/**
 * Delays that put every other press inside the digit's exposure (150-240 ms) and the rest inside
 * the mask (270 ms up to 100 ms before the next digit), real-valued so presses land anywhere
 * within a frame, from a seeded generator.
 */
export function makeSoaDelays(seed: number, design: SoaDesign): (k: number) => number {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const maskEnd = design.digitMs + design.maskMs - 100;
  return (k) =>
    k % 2 === 0
      ? 150 + (design.digitMs - 10 - 150) * next()
      : design.digitMs + 20 + (maskEnd - design.digitMs - 20) * next();
}

/**
 * Runs one system's fixed-SOA page for `trials` trials under `condition`. Every trial gets a
 * trusted Space press (Input.dispatchKeyEvent) stamped at its digit's presentation time P
 * (Element Timing) plus a drawn delay D, so the true RT is D exactly; the digit's and mask's
 * presentation times give their presented durations and the onsets' drift from the schedule.
 */
export async function runSoaTrials(options: SoaRunOptions): Promise<SoaTrial[]> {
  const { browser, system, condition, trials, design, names } = options;
  const soaMs = design.digitMs + design.maskMs;
  // No trials asked for: no page, which needs at least one; no trials to summarise.
  if (trials < 1) return [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PRESENTATION_RECORDER);
    await page.goto(
      `${options.baseUrl}/?system=${system}&design=soa&trials=${trials}&digitMs=${design.digitMs}&maskMs=${design.maskMs}`,
    );
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
    for (let k = 0; k < trials; k++) {
      const shownMs = await waitForNth(page, names.digit, k).catch((error: Error) => {
        console.warn(`${system} ${condition}: stopped after ${k} trials: ${error.message}`);
        return null;
      });
      if (shownMs === null) break;
      const delayMs = options.delayMs(k);
      const pressAtMs = shownMs + delayMs;
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
    }
    // Both systems record a trial once its SOA is over: the last one about a SOA after its digit.
    await page.waitForFunction(
      (n) => (window as unknown as { __bench: { records: unknown[] } }).__bench.records.length >= n,
      delays.length,
      { timeout: 10_000 + 2 * soaMs },
    );
    const records: SoaRecord[] = await page.evaluate(
      () => (window as unknown as { __bench: { records: SoaRecord[] } }).__bench.records,
    );
    const digits = await presentedInOrder(page, names.digit);
    const masks = await presentedInOrder(page, names.mask);
    const first = digits[0] as number;
    return delays.map((delayMs, k) => {
      const record = records[k] as SoaRecord;
      const digitMs = digits[k] as number;
      const maskMs = masks[k];
      const nextDigitMs = digits[k + 1];
      return {
        delayMs,
        duringDigit: delayMs < design.digitMs,
        rtErrorMs: record.rtMs === null ? null : record.rtMs - delayMs,
        onsetErrorMs: record.onsetMs - digitMs,
        digitDurationErrorMs: maskMs === undefined ? null : maskMs - digitMs - design.digitMs,
        maskDurationErrorMs:
          maskMs === undefined || nextDigitMs === undefined || k === delays.length - 1
            ? null
            : nextDigitMs - maskMs - design.maskMs,
        driftMs: digitMs - first - k * soaMs,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * Page-side: the presentation times of every element named `<name>-<number>`, in the order of
 * their numbers (presentation order). A string, so that tsx adds no helpers the page lacks.
 */
const ORDERED = (name: string) => `Object.entries(window.__presented)
  .filter(([id]) => id.startsWith('${name}-'))
  .map(([id, time]) => [Number(id.slice(${name.length + 1})), time])
  .sort((a, b) => a[0] - b[0])
  .map(([, time]) => time)`;

export async function presentedInOrder(page: Page, name: string): Promise<number[]> {
  return (await page.evaluate(ORDERED(name))) as number[];
}

/** Resolves with the presentation time of the k-th (from 0) element named `<name>-…`. */
export async function waitForNth(page: Page, name: string, k: number): Promise<number> {
  const wait = `new Promise((resolve) => {
    const check = () => {
      const times = ${ORDERED(name)};
      if (times.length <= ${k}) return false;
      window.__onPresented.delete(check);
      resolve(times[${k}]);
      return true;
    };
    if (!check()) window.__onPresented.add(check);
  })`;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} ${k} was not presented`)), 15_000);
  });
  try {
    return (await Promise.race([page.evaluate(wait), timeout])) as number;
  } finally {
    clearTimeout(timer);
  }
}

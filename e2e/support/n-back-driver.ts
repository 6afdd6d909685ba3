import type { CDPSession, Page } from 'playwright-core';
import { waitForNamedStimulus } from './task-run';
import { pressKeyAt, touchPadButtonAt } from './trusted-input';

/** A letter the page presented: where it stands in the run, and when it was presented. */
export type ShownLetter = {
  identifier: string;
  phase: 'practice' | 'test';
  block: number;
  trialNumber: number;
  letter: string;
  /** Its Element Timing presentation time (performance.now() time line of the page). */
  presentedAt: number;
};

/** What the page shows next: a new letter, or a prompt (between blocks, at the end). */
export type NextOnStage = ({ kind: 'stimulus' } & ShownLetter) | { kind: 'prompt'; text: string };

/** Waits for a letter newer than `after` (and its presentation time), or for a prompt. */
export async function waitForNextLetter(
  page: Page,
  after: string | null,
  timeoutMs = 15_000,
): Promise<NextOnStage> {
  const stage = '[data-testid="nback-stage"] .nback-stimulus';
  return waitForNamedStimulus(
    page,
    { selector: stage, dataKey: 'letter', name: 'letter' },
    after,
    timeoutMs,
  );
}

/** Which key means "same" in this run, read from the keys shown under the stage. */
export async function readMatchKey(page: Page): Promise<'f' | 'j'> {
  const text = (await page.locator('.task-keys kbd').first().textContent()) ?? '';
  if (text !== 'F' && text !== 'J') throw new Error(`no match key shown: ${text}`);
  return text === 'F' ? 'f' : 'j';
}

/** A trusted F or J press whose event timestamp is exactly `atMs` on the page's time line. */
export function pressLetterKeyAt(
  page: Page,
  cdp: CDPSession,
  key: 'f' | 'j',
  atMs: number,
): Promise<void> {
  const code = key === 'f' ? 'KeyF' : 'KeyJ';
  return pressKeyAt(page, cdp, { key, code, keyCode: key === 'f' ? 70 : 74 }, atMs);
}

/** A trusted touch on "Same as N back" or "Different", its touchstart stamped `atMs`. */
export function tapAnswerAt(
  page: Page,
  cdp: CDPSession,
  answer: 'match' | 'no-match',
  atMs: number,
): Promise<void> {
  return touchPadButtonAt(page, cdp, answer, atMs);
}

/**
 * The presentation time of the first Element Timing entry named `blank-…` after `afterMs`:
 * the blank that replaced a letter, i.e. the letter's offset as the page presented it.
 */
export async function blankAfter(page: Page, afterMs: number): Promise<number | null> {
  return page.evaluate((after) => {
    const presented = (window as unknown as { __presented: Record<string, number> }).__presented;
    const times = Object.entries(presented)
      .filter(([id, t]) => id.startsWith('blank-') && t > after)
      .map(([, t]) => t);
    return times.length === 0 ? null : Math.min(...times);
  }, afterMs);
}

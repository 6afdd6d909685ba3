import type * as goNoGo from '@cogni/domain/tasks/go-no-go';
import type { CDPSession, Page } from 'playwright-core';
import { playStimulusRun, startTaskRun, waitForNamedStimulus } from './task-run';
import { pressKeyAt, touchPadButtonAt } from './trusted-input';

export type GoNoGoPhase = 'practice' | 'test';

/** A stimulus the page presented: where it stands in the run, and when it was presented. */
export type ShownStimulus = {
  identifier: string;
  phase: GoNoGoPhase;
  block: number;
  trialNumber: number;
  stimulusId: goNoGo.StimulusId;
  /** Its Element Timing presentation time (performance.now() time line of the page). */
  presentedAt: number;
};

/** What the page shows next: a new stimulus, or a prompt (between blocks, at the end). */
export type NextOnStage = ({ kind: 'stimulus' } & ShownStimulus) | { kind: 'prompt'; text: string };

/**
 * Signs up a new user and starts a Go/No-Go run (startTaskRun); `beforeStart` runs on the
 * intro page (to look at it, or choose the response mode).
 */
export function startGoNoGoRun(
  page: Page,
  emailPrefix: string,
  beforeStart?: (page: Page) => Promise<void>,
): Promise<{ runId: string; cdp: CDPSession }> {
  return startTaskRun(page, { slug: 'go-no-go', emailPrefix, beforeStart });
}

/** Waits for a stimulus newer than `after` (and its presentation time), or for a prompt. */
export async function waitForNext(
  page: Page,
  after: string | null,
  timeoutMs = 15_000,
): Promise<NextOnStage> {
  const stage = '[data-testid="gng-stage"] .gng-stimulus';
  return waitForNamedStimulus<'stimulusId', goNoGo.StimulusId>(
    page,
    { selector: stage, dataKey: 'stimulus', name: 'stimulusId' },
    after,
    timeoutMs,
  );
}

/** Every Element Timing presentation time the page saw, by identifier. */
export async function presentationTimes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () => (window as unknown as { __presented: Record<string, number> }).__presented,
  );
}

/** A trusted Space press whose event timestamp is exactly `atMs` on the page's time line. */
export function pressSpaceAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  return pressKeyAt(page, cdp, { key: ' ', code: 'Space', keyCode: 32 }, atMs);
}

/** A trusted touch on the on-screen Tap button, its touchstart stamped `atMs` (page time). */
export function tapAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  return touchPadButtonAt(page, cdp, 'tap', atMs);
}

/**
 * Plays a run to its end: `respond` is called with each stimulus as it is presented; a block's
 * intro is passed with its button. Returns once 'All trials done' shows, with the number of
 * stimuli shown.
 */
export function playGoNoGoRun(
  page: Page,
  respond: (shown: ShownStimulus) => Promise<void>,
): Promise<number> {
  return playStimulusRun(page, (after) => waitForNext(page, after), respond);
}

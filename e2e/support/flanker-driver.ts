import type { Display } from '@cogni/domain/tasks/flanker';
import type { CDPSession, Page } from 'playwright-core';
import { playStimulusRun, startTaskRun, waitForNamedStimulus } from './task-run';
import { pressKeyAt, type TrustedKey, touchPadButtonAt, waitForPageTime } from './trusted-input';

/** Five arrows the page presented: where they stand in the run, and when they were presented. */
export type ShownDisplay = {
  identifier: string;
  phase: 'practice' | 'test';
  block: number;
  trialNumber: number;
  display: Display;
  /** Their Element Timing presentation time (performance.now() time line of the page). */
  presentedAt: number;
};

/** What the page shows next: new arrows, or a prompt (between blocks, at the end). */
export type NextOnStage = ({ kind: 'stimulus' } & ShownDisplay) | { kind: 'prompt'; text: string };

/** The middle arrow's direction in a display: the correct answer. */
export const targetOf = (display: Display): 'left' | 'right' =>
  display[2] === '<' ? 'left' : 'right';

/** Whether the flanking arrows point the middle one's way. */
export const isCongruent = (display: Display) => display[0] === display[2];

/**
 * Signs up a new user and starts a flanker run (startTaskRun); `beforeStart` runs on the intro
 * page (to look at it, or choose the response mode).
 */
export function startFlankerRun(
  page: Page,
  emailPrefix: string,
  beforeStart?: (page: Page) => Promise<void>,
): Promise<{ runId: string; cdp: CDPSession }> {
  return startTaskRun(page, { slug: 'flanker', emailPrefix, beforeStart });
}

/** Waits for arrows newer than `after` (and their presentation time), or for a prompt. */
export function waitForNextDisplay(
  page: Page,
  after: string | null,
  timeoutMs = 15_000,
): Promise<NextOnStage> {
  return waitForNamedStimulus<'display', Display>(
    page,
    {
      selector: '[data-testid="flanker-stage"] .flanker-display',
      dataKey: 'display',
      name: 'display',
    },
    after,
    timeoutMs,
  );
}

/** The response keys: the arrow keys, and F and J. */
export const FLANKER_KEYS: Record<'ArrowLeft' | 'ArrowRight' | 'f' | 'j', TrustedKey> = {
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  f: { key: 'f', code: 'KeyF', keyCode: 70 },
  j: { key: 'j', code: 'KeyJ', keyCode: 74 },
};

/**
 * A trusted key press whose event timestamp is exactly `atMs` on the page's time line: F and J
 * as keys with text (pressKeyAt), the arrow keys, which have none, as rawKeyDown and keyUp.
 */
export async function pressFlankerKeyAt(
  page: Page,
  cdp: CDPSession,
  key: keyof typeof FLANKER_KEYS,
  atMs: number,
): Promise<void> {
  const trusted = FLANKER_KEYS[key];
  if (key === 'f' || key === 'j') return pressKeyAt(page, cdp, trusted, atMs);
  const timeOrigin = await waitForPageTime(page, atMs);
  const event = {
    key: trusted.key,
    code: trusted.code,
    windowsVirtualKeyCode: trusted.keyCode,
    nativeVirtualKeyCode: trusted.keyCode,
    timestamp: (timeOrigin + atMs) / 1000,
  };
  await cdp.send('Input.dispatchKeyEvent', { ...event, type: 'rawKeyDown' });
  await cdp.send('Input.dispatchKeyEvent', { ...event, type: 'keyUp' });
}

/** A trusted touch on the Left or Right button, its touchstart stamped `atMs`. */
export function tapDirectionAt(
  page: Page,
  cdp: CDPSession,
  direction: 'left' | 'right',
  atMs: number,
): Promise<void> {
  return touchPadButtonAt(page, cdp, direction, atMs);
}

/**
 * Plays a run to its end: `respond` is called with each display as it is presented; a block's
 * intro is passed with its button. Returns once 'All trials done' shows, with the number of
 * displays shown.
 */
export function playFlankerRun(
  page: Page,
  respond: (shown: ShownDisplay) => Promise<void>,
): Promise<number> {
  return playStimulusRun(page, (after) => waitForNextDisplay(page, after), respond);
}

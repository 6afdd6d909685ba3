import type { Run, SavedTrial, TrialEnvelope } from '@cogni/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import type { TaskRuntimeOptions } from '../engine-loop';

/**
 * Test set-up shared by the runtime tests (jsdom): a fake clock for timers, animation frames and
 * `performance`, a focused document, and a stage element in the page.
 */

/**
 * Fakes the clocks a runtime reads (timers, animation frames, `performance`), makes the document
 * focused (so attention records no blur), and puts a fresh stage element in the page. Call in
 * `beforeEach`; undo with removeFakeStage.
 */
export function installFakeStage(): HTMLElement {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
    ],
  });
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  const stage = document.createElement('div');
  document.body.append(stage);
  return stage;
}

/** Undoes installFakeStage: removes the stage, restores real timers and every mock. */
export function removeFakeStage(stage: HTMLElement): void {
  stage.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
}

/** A run of `testType` as the server would hand it to the runner: no trials saved yet. */
export function makeTestRun(testType: string, seed: string, config: object): Run {
  const run = {
    id: 'result-1',
    sessionId: 'session-1',
    testType,
    startTime: '2026-11-26T10:00:00.000Z',
    endTime: null,
    seed,
    config: { ...config },
    isPreview: false,
    savedTrials: [],
    summary: null,
    language: 'en',
  };
  return run as Run;
}

/**
 * Dispatches a key event on the window whose timestamp is the page's clock now, as a browser's
 * would be, and returns it (to read `defaultPrevented`).
 */
export function dispatchTimedKey(
  type: 'keydown' | 'keyup',
  init: { code: string; key: string },
): KeyboardEvent {
  const event = new KeyboardEvent(type, { ...init, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: performance.now() });
  window.dispatchEvent(event);
  return event;
}

/** The frame interval the runtime tests measure and step by: 60 Hz, in ms. */
export const FAKE_FRAME_MS = 1000 / 60;

/**
 * Registers a test file's set-up: installFakeStage before each test; after it `teardown` (which
 * disposes of the test's runtime), then removeFakeStage. Returns the page, whose `stage` is the
 * current test's.
 */
export function useFakeStage(teardown: () => void): { readonly stage: HTMLElement } {
  let stage: HTMLElement | null = null;
  beforeEach(() => {
    stage = installFakeStage();
  });
  afterEach(() => {
    teardown();
    if (stage) removeFakeStage(stage);
    stage = null;
  });
  return {
    get stage() {
      if (!stage) throw new Error('The stage exists only while a test runs');
      return stage;
    },
  };
}

/**
 * A runtime's options for a test: keyboard mode at FAKE_FRAME_MS, drawing on `stage`, every trial
 * it sends handed to `onTrial`.
 */
export function fakeRuntimeOptions<Trial extends TrialEnvelope>(
  run: Run,
  stage: HTMLElement,
  onTrial: (trial: Trial) => void,
  saved: readonly SavedTrial[] = [],
): TaskRuntimeOptions {
  return {
    run,
    stage,
    sink: {
      enqueue: async (_resultId: string, trial: TrialEnvelope) => {
        onTrial(trial as Trial);
      },
    },
    saved,
    inputModality: 'keyboard',
    frameIntervalMs: FAKE_FRAME_MS,
  };
}

/**
 * Steps the fake clock a frame at a time for `ms`, calling `onFrame` after each with what the
 * stage shows (its first child).
 */
export async function stepFrames(
  stage: HTMLElement,
  ms: number,
  onFrame: (shown: HTMLElement | null) => void = () => {},
): Promise<void> {
  const endMs = performance.now() + ms;
  while (performance.now() < endMs) {
    await vi.advanceTimersByTimeAsync(FAKE_FRAME_MS);
    onFrame(stage.firstElementChild as HTMLElement | null);
  }
}

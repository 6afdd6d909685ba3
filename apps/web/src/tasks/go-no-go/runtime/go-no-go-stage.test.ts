// @vitest-environment jsdom

import { SOA_GET_READY_MS as GET_READY_MS, type Run } from '@cogni/domain';
import { DEFAULT_CONFIG, plan, type Trial } from '@cogni/domain/tasks/go-no-go';
import { describe, expect, it } from 'vitest';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  stepFrames,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import { createGoNoGoHost } from './go-no-go-stage';

const SEED = 'runtime-test-seed';

const makeRun = (): Run => makeTestRun('goNoGoTest', SEED, DEFAULT_CONFIG);

/** A Space press whose event timestamp is the page's clock now, as a browser's would be. */
function pressSpace(type: 'keydown' | 'keyup' = 'keydown') {
  return dispatchTimedKey(type, { code: 'Space', key: ' ' });
}

describe('Go/No-Go on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: Trial[] = [];
  let runtime: ReturnType<typeof createGoNoGoHost> | null = null;
  const page = useFakeStage(() => {
    runtime?.dispose();
    runtime = null;
    recorded = [];
  });

  function startRuntime() {
    runtime = createGoNoGoHost(
      fakeRuntimeOptions<Trial>(makeRun(), page.stage, (trial) => recorded.push(trial), []),
    );
    runtime.start();
    return runtime;
  }

  /** Steps the fake clock a frame at a time, calling `onFrame` with what the stage shows. */
  const runFor = (ms: number, onFrame?: (shown: HTMLElement | null) => void) =>
    stepFrames(page.stage, ms, onFrame);

  it('plays a practice round on the absolute time line, presses counted by their timestamps', async () => {
    const planned = plan(SEED, DEFAULT_CONFIG);
    const current = startRuntime();
    expect(current.getSnapshot().phase).toBe('prompt');
    current.begin();
    expect(current.getSnapshot().phase).toBe('get-ready');
    // Space does not scroll the page once a block is on.
    expect(pressSpace().defaultPrevented).toBe(true);
    pressSpace('keyup');

    // Press 300 ms after each go stimulus appears but the fourth; never on a no-go one.
    const shownAt = new Map<string, number>();
    let goSeen = 0;
    let pressAt: number | null = null;
    await runFor(GET_READY_MS + 10 * 2500 + 1000, (shown) => {
      if (pressAt !== null && performance.now() >= pressAt) {
        pressSpace();
        pressSpace('keyup');
        pressAt = null;
      }
      const position = shown?.dataset.position;
      if (!shown || !position || shownAt.has(position)) return;
      shownAt.set(position, performance.now());
      if (shown.dataset.stimulus !== 'solid') return;
      goSeen += 1;
      if (goSeen !== 4) pressAt = performance.now() + 300;
    });
    expect(shownAt.size).toBe(10);
    expect(recorded).toHaveLength(10);
    const codes = planned.practice[0] ?? new Uint8Array();
    const onsets = recorded.map((t) => t.timing.stimulusOnsetMs);
    let go = 0;
    for (const [k, trial] of recorded.entries()) {
      expect(trial).toMatchObject({ phase: 'practice', block: 0, trialNumber: k });
      // Feedback included, 2500 ms apart from the first onset: within a frame, never drifting.
      // (The fake animation frames run every 16 ms, and the fallback onset is the frame after
      // the insertion: a frame either way. The scheduler's own test checks the nearest frame.)
      expect(Math.abs((onsets[k] as number) - (onsets[0] as number) - k * 2500)).toBeLessThan(
        2 * FAKE_FRAME_MS,
      );
      expect(trial.timing.onsetMethod).toBe('animation-frame');
      const isGo = codes[k] === 0;
      expect(trial.stimulusType).toBe(isGo ? 'go' : 'nogo');
      if (isGo) go += 1;
      const expected = !isGo ? 'correct_rejection' : go === 4 ? 'omission' : 'hit';
      expect(trial.responseType, `trial ${k}`).toBe(expected);
      if (expected === 'hit')
        expect(Math.abs((trial.reactionTime as number) - 300)).toBeLessThan(2 * FAKE_FRAME_MS);
    }
    // 9 of 10: the criterion is met, and the test follows.
    expect(current.getSnapshot()).toMatchObject({
      phase: 'prompt',
      progress: { position: { phase: 'test', block: 0, trialNumber: 0 } },
      prompt: { roundResult: { round: 0, correct: 9, total: 10, criterionMet: true } },
    });
    // Between blocks Space is left to the page (it presses the focused button).
    expect(pressSpace().defaultPrevented).toBe(false);
  });

  it('records the first press in the window as the response, with its own timestamp', async () => {
    const current = startRuntime();
    current.begin();
    const pressedAt: number[] = [];
    const seen = new Set<string>();
    let pressNext: number | null = null;
    await runFor(GET_READY_MS + 3 * 2500, (shown) => {
      const position = shown?.dataset.position;
      if (position && !seen.has(position) && shown?.dataset.stimulus === 'solid') {
        seen.add(position);
        pressNext = performance.now() + 250;
      }
      if (pressNext !== null && performance.now() >= pressNext) {
        pressedAt.push(pressSpace().timeStamp);
        pressSpace('keyup');
        // A second press in the window is an extra response, not the response.
        pressSpace();
        pressSpace('keyup');
        pressNext = null;
      }
    });
    // The first three practice trials are go trials.
    expect(recorded.slice(0, 3).map((t) => t.responseType)).toEqual(['hit', 'hit', 'hit']);
    for (const [k, trial] of recorded.slice(0, 3).entries()) {
      expect(trial.timing.responseTimestampMs).toBe(pressedAt[k]);
      expect(trial.reactionTime).toBe((pressedAt[k] as number) - trial.timing.stimulusOnsetMs);
      expect(trial.nExtraResponses).toBe(1);
      expect(trial.inputModality).toBe('keyboard');
      expect(trial.response).toBe('space');
    }
    // The stimulus was removed after 500 ms and the blank's onset recorded as its offset.
    const { stimulusOnsetMs, stimulusOffsetMs } = recorded[0]?.timing ?? {};
    expect((stimulusOffsetMs as number) - (stimulusOnsetMs as number)).toBeGreaterThan(
      500 - FAKE_FRAME_MS,
    );
    expect((stimulusOffsetMs as number) - (stimulusOnsetMs as number)).toBeLessThan(
      500 + FAKE_FRAME_MS,
    );
  });

  it('marks a trial during which the page lost focus', async () => {
    const current = startRuntime();
    current.begin();
    await runFor(GET_READY_MS + 200);
    window.dispatchEvent(new FocusEvent('blur'));
    await runFor(2500);
    expect(recorded[0]?.timing.wasInterrupted).toBe(true);
    expect(current.getAttentionEvents().map((e) => e.type)).toEqual(['blur']);
  });
});

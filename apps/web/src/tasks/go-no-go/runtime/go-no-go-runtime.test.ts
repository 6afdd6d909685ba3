// @vitest-environment jsdom
import {
  DEFAULT_GO_NO_GO_CONFIG,
  type GoNoGoTrial,
  planGoNoGo,
  type Run,
  type TrialEnvelope,
} from '@cogni/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET_READY_MS, GoNoGoRuntime } from './go-no-go-runtime';

const FRAME_MS = 1000 / 60;
const SEED = 'runtime-test-seed';

function makeRun(): Run {
  const run = {
    id: 'result-1',
    sessionId: 'session-1',
    testType: 'goNoGoTest',
    startTime: '2026-11-26T10:00:00.000Z',
    endTime: null,
    seed: SEED,
    config: { ...DEFAULT_GO_NO_GO_CONFIG },
    isPreview: false,
    savedTrials: [],
    summary: null,
  };
  return run as Run;
}

/** A Space press whose event timestamp is the page's clock now, as a browser's would be. */
function pressSpace(type: 'keydown' | 'keyup' = 'keydown') {
  const event = new KeyboardEvent(type, { code: 'Space', key: ' ', cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: performance.now() });
  window.dispatchEvent(event);
  return event;
}

describe('GoNoGoRuntime (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let stage: HTMLElement;
  let recorded: GoNoGoTrial[];
  let runtime: GoNoGoRuntime | null = null;

  beforeEach(() => {
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
    stage = document.createElement('div');
    document.body.append(stage);
    recorded = [];
  });
  afterEach(() => {
    runtime?.dispose();
    runtime = null;
    stage.remove();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function startRuntime() {
    runtime = new GoNoGoRuntime({
      run: makeRun(),
      stage,
      sink: {
        enqueue: async (_resultId: string, trial: TrialEnvelope) => {
          recorded.push(trial as GoNoGoTrial);
        },
      },
      saved: [],
      inputModality: 'keyboard',
      frameIntervalMs: FRAME_MS,
    });
    runtime.start();
    return runtime;
  }

  /** Steps the fake clock a frame at a time, calling `onFrame` with what the stage shows. */
  async function runFor(ms: number, onFrame: (shown: HTMLElement | null) => void = () => {}) {
    const endMs = performance.now() + ms;
    while (performance.now() < endMs) {
      await vi.advanceTimersByTimeAsync(FRAME_MS);
      onFrame(stage.firstElementChild as HTMLElement | null);
    }
  }

  it('plays a practice round on the absolute time line, presses counted by their timestamps', async () => {
    const plan = planGoNoGo(SEED, DEFAULT_GO_NO_GO_CONFIG);
    const current = startRuntime();
    expect(current.getSnapshot().kind).toBe('between');
    current.begin();
    expect(current.getSnapshot().kind).toBe('get-ready');
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
    const planned = plan.practice[0] ?? new Uint8Array();
    const onsets = recorded.map((t) => t.timing.stimulusOnsetMs);
    let go = 0;
    for (const [k, trial] of recorded.entries()) {
      expect(trial).toMatchObject({ phase: 'practice', block: 0, trialNumber: k });
      // Feedback included, 2500 ms apart from the first onset: within a frame, never drifting.
      // (The fake animation frames run every 16 ms, and the fallback onset is the frame after
      // the insertion: a frame either way. The scheduler's own test checks the nearest frame.)
      expect(Math.abs((onsets[k] as number) - (onsets[0] as number) - k * 2500)).toBeLessThan(
        2 * FRAME_MS,
      );
      expect(trial.timing.onsetMethod).toBe('animation-frame');
      const isGo = planned[k] === 0;
      expect(trial.stimulusType).toBe(isGo ? 'go' : 'nogo');
      if (isGo) go += 1;
      const expected = !isGo ? 'correct_rejection' : go === 4 ? 'omission' : 'hit';
      expect(trial.responseType, `trial ${k}`).toBe(expected);
      if (expected === 'hit')
        expect(Math.abs((trial.reactionTime as number) - 300)).toBeLessThan(2 * FRAME_MS);
    }
    // 9 of 10: the criterion is met, and the test follows.
    expect(current.getSnapshot()).toMatchObject({
      kind: 'between',
      position: { phase: 'test', block: 0, trialNumber: 0 },
      roundResult: { round: 0, correct: 9, total: 10, criterionMet: true },
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
      500 - FRAME_MS,
    );
    expect((stimulusOffsetMs as number) - (stimulusOnsetMs as number)).toBeLessThan(500 + FRAME_MS);
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

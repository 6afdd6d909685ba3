// @vitest-environment jsdom

import { SOA_GET_READY_MS as GET_READY_MS, type Run } from '@cogni/domain';
import { type Config, plan, SETTINGS, type Trial } from '@cogni/domain/tasks/sart';
import { describe, expect, it } from 'vitest';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  stepFrames,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import { createSartFeedback, createSartHost, type SartHost } from './sart-stage';

const SEED = 'runtime-test-seed';
const DEFAULTS = SETTINGS.defaults;

const makeRun = (config: Config): Run => makeTestRun('sartTest', SEED, config);

/** A Space press whose event timestamp is the page's clock now, as a browser's would be. */
function pressSpace() {
  const down = dispatchTimedKey('keydown', { code: 'Space', key: ' ' });
  dispatchTimedKey('keyup', { code: 'Space', key: ' ' });
  return down;
}

/** What the stage shows: a digit, the mask, feedback or a blank. */
function kindOf(shown: HTMLElement | null): string {
  if (!shown) return 'nothing';
  if (shown.classList.contains('sart-digit')) return 'digit';
  if (shown.classList.contains('sart-mask')) return 'mask';
  if (shown.classList.contains('task-feedback')) return 'feedback';
  return 'blank';
}

describe('the SART on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: Trial[] = [];
  let runtime: SartHost | null = null;
  const page = useFakeStage(() => {
    runtime?.dispose();
    runtime = null;
    recorded = [];
  });

  function startRuntime(config: Config) {
    runtime = createSartHost(
      fakeRuntimeOptions<Trial>(makeRun(config), page.stage, (trial) => recorded.push(trial)),
    );
    runtime.start();
    return runtime;
  }

  /** Steps the fake clock a frame at a time, calling `onFrame` with what the stage shows. */
  const runFor = (ms: number, onFrame?: (shown: HTMLElement | null) => void) =>
    stepFrames(page.stage, ms, onFrame);

  /**
   * Runs for `ms` like runFor, and presses Space `pressDelay(digit, k)` ms after the run's k-th
   * digit is first seen on the stage (0: at once, in the frame that drew it, before the frame
   * that presents it; null: no press). `onFrame` sees every frame first.
   */
  function runPressing(
    ms: number,
    pressDelay: (digit: HTMLElement, k: number) => number | null,
    onFrame?: (shown: HTMLElement | null) => void,
  ) {
    const seen = new Set<string>();
    let pressAt: number | null = null;
    return runFor(ms, (shown) => {
      if (pressAt !== null && performance.now() >= pressAt) {
        pressSpace();
        pressAt = null;
      }
      onFrame?.(shown);
      const position = shown?.dataset.position;
      if (!shown || kindOf(shown) !== 'digit' || !position || seen.has(position)) return;
      seen.add(position);
      const delay = pressDelay(shown, seen.size - 1);
      if (delay === 0) pressSpace();
      else if (delay !== null) pressAt = performance.now() + delay;
    });
  }

  /**
   * A test block of 18 digits with the green mask on, pressing `delays[k % delays.length]` ms
   * after the k-th digit is seen (as runPressing); returns whether each trial's mask was green
   * when last seen on the stage.
   */
  async function runGreenMasks(delays: readonly (number | null)[]) {
    const config = { ...DEFAULTS, practiceEnabled: false, repsPerDigit: 2, maskFeedback: true };
    startRuntime(config).begin();
    const masks = new Map<string, boolean>();
    await runPressing(
      GET_READY_MS + 18 * 1150 + 500,
      (_digit, k) => delays[k % delays.length] ?? null,
      (shown) => {
        const position = shown?.dataset.position;
        if (shown && position && kindOf(shown) === 'mask') {
          masks.set(position, shown.classList.contains('sart-mask--pressed'));
        }
      },
    );
    expect(recorded).toHaveLength(18);
    return masks;
  }

  it('plays practice on the absolute time line: each digit for 250 ms, then the mask, then a blank after a right answer', async () => {
    const planned = plan(SEED, DEFAULTS);
    const current = startRuntime(DEFAULTS);
    expect(current.getSnapshot()).toMatchObject({
      phase: 'prompt',
      progress: { position: { phase: 'practice', trialNumber: 0 } },
    });
    current.begin();
    expect(pressSpace().defaultPrevented).toBe(true);

    // Press 300 ms after every go digit appears (during the mask); never for a 3.
    let shown = 0;
    const sequence: string[] = [];
    const sizes = new Set<string>();
    await runPressing(
      GET_READY_MS + 18 * 2050 + 500,
      (digit) => {
        shown += 1;
        return digit.dataset.digit !== '3' ? 300 : null;
      },
      (element) => {
        const kind = kindOf(element);
        if (sequence.at(-1) !== kind) sequence.push(kind);
        if (kind === 'digit') sizes.add(`digit ${element?.style.fontSize}`);
        if (kind === 'mask') sizes.add(`mask ${element?.style.height}`);
      },
    );
    expect(shown).toBe(18);
    expect(recorded).toHaveLength(18);
    // Digit, mask, blank (feedback slot after a right answer), then the next digit.
    expect(sequence.slice(0, 7)).toEqual([
      'nothing',
      'digit',
      'mask',
      'blank',
      'digit',
      'mask',
      'blank',
    ]);
    expect(sequence).not.toContain('feedback');
    // Drawn as recorded: the middle font size and the mask at 16 % and 20 % of the height.
    expect(sizes).toEqual(new Set([`digit ${0.16 * 768}px`, `mask ${0.2 * 768}px`]));
    const onsets = recorded.map((t) => t.timing.stimulusOnsetMs);
    for (const [k, trial] of recorded.entries()) {
      const code = planned.practice[k] as number;
      expect(trial).toMatchObject({
        phase: 'practice',
        trialNumber: k,
        digit: Math.floor(code / 5) + 1,
        fontSizeIndex: 2,
        isCorrect: true,
        inputModality: 'keyboard',
      });
      // 2050 ms apart (SOA + feedback), never drifting; a frame either way (fallback onsets).
      expect(Math.abs((onsets[k] as number) - (onsets[0] as number) - k * 2050)).toBeLessThan(
        2 * FAKE_FRAME_MS,
      );
      // The mask's presentation is the digit's offset, 250 ms after its onset: within two
      // frames here, where each fallback onset is the frame after the insertion and the mask
      // is aimed from the digit's (a frame late) onset.
      const shownMs = (trial.timing.stimulusOffsetMs as number) - trial.timing.stimulusOnsetMs;
      expect(Math.abs(shownMs - 250)).toBeLessThan(2 * FAKE_FRAME_MS);
      // The middle size: 16 % of jsdom's 768 px high viewport (1024 wide).
      expect(trial.fontSizePx).toBeCloseTo(0.16 * 768, 10);
      expect(trial.devicePixelRatio).toBe(1);
      if (!trial.isNogo) {
        expect(trial.responseType).toBe('go_success');
        expect(Math.abs((trial.reactionTime as number) - 300)).toBeLessThan(2 * FAKE_FRAME_MS);
      }
    }
    // The test follows, with practice's result.
    expect(current.getSnapshot()).toMatchObject({
      phase: 'prompt',
      progress: { position: { phase: 'test', block: 0, trialNumber: 0 } },
      prompt: { roundResult: { correct: 18, total: 18 } },
    });
    // Between blocks Space is left to the page (it presses the focused button).
    expect(pressSpace().defaultPrevented).toBe(false);
  });

  it('shows the error messages with the configured no-go digit after a commission and an omission', async () => {
    const config = { ...DEFAULTS, nogoDigit: 5 };
    const current = startRuntime(config);
    current.begin();
    const messages: string[] = [];
    // Press only for the no-go digit 5: every other digit is an omission.
    await runPressing(
      GET_READY_MS + 18 * 2050 + 500,
      (digit) => (digit.dataset.digit === '5' ? 200 : null),
      (shown) => {
        if (kindOf(shown) === 'feedback' && messages.at(-1) !== shown?.textContent) {
          messages.push(shown?.textContent ?? '');
        }
      },
    );
    expect(recorded.filter((t) => t.responseType === 'commission')).toHaveLength(2);
    expect(recorded.filter((t) => t.responseType === 'omission')).toHaveLength(16);
    expect(new Set(messages)).toEqual(
      new Set(['Don’t press for 5', 'Press for every digit except 5']),
    );
    expect(current.getSnapshot().prompt?.roundResult).toEqual({ correct: 0, total: 18 });
    // In touch mode the messages name the tap.
    expect(createSartFeedback('commission', 5, 'tap')?.textContent).toBe('Don’t tap for 5');
    expect(createSartFeedback('omission', 5, 'tap')?.textContent).toBe(
      'Tap for every digit except 5',
    );
    expect(createSartFeedback('none', 5, 'tap')).toBeNull();
  });

  it('starts at the test without practice, gives a press during the mask to its digit, and is made without saved trials', async () => {
    const config = { ...DEFAULTS, practiceEnabled: false, repsPerDigit: 1 };
    runtime = createSartHost({
      run: makeRun(config),
      stage: page.stage,
      sink: { enqueue: async (_id, trial) => void recorded.push(trial as Trial) },
    });
    runtime.start();
    expect(runtime.getSnapshot().progress?.position).toMatchObject({
      phase: 'test',
      trialNumber: 0,
    });
    runtime.begin();
    // Late in the mask, before the next digit.
    await runPressing(GET_READY_MS + 9 * 1150 + 500, () => 1000);
    expect(recorded).toHaveLength(9);
    for (const trial of recorded) {
      expect(trial.responded).toBe(true);
      expect(Math.abs((trial.reactionTime as number) - 1000)).toBeLessThan(2 * FAKE_FRAME_MS);
      expect(trial.nExtraResponses).toBe(0);
    }
    expect(runtime.getSnapshot().phase).toBe('finished');
  });

  it('turns the mask green after a press for a go digit when maskFeedback is on', async () => {
    // Alternate: a press during the digit, during the mask, then none.
    const masks = await runGreenMasks([120, 600, null]);
    for (const trial of recorded) {
      const key = `test:0:${trial.trialNumber}`;
      expect(masks.get(key), key).toBe(trial.responded && !trial.isNogo);
    }
  });

  it('greens the mask of the digit the engine gives a press to: a press after the next digit is drawn, before it is presented, is the digit before’s', async () => {
    // Digits 0, 3, 6...: a press as soon as the digit is drawn, a frame before its onset
    // (the animation frame that presents it): the engine gives it to the digit before.
    // Digits 1, 4, 7...: a press during the digit. Digits 2, 5, 8...: none of their own.
    const masks = await runGreenMasks([0, 120, null]);
    for (const trial of recorded) {
      const k = trial.trialNumber;
      const key = `test:0:${k}`;
      if (k % 3 === 2 && k < 17) {
        // The press at the next digit's drawing, just before the next onset: this digit's.
        expect(trial.responded, key).toBe(true);
        expect(trial.reactionTime as number, key).toBeGreaterThan(1150 - 2 * FAKE_FRAME_MS);
      } else {
        expect(trial.responded, key).toBe(k % 3 === 1);
      }
      // Green only for a press while its own mask could show it, never for the press that
      // belonged to the digit before.
      expect(masks.get(key), key).toBe(k % 3 === 1 && !trial.isNogo);
    }
    expect(recorded.some((t) => t.trialNumber % 3 === 0 && !t.isNogo)).toBe(true);
  });

  it('records the font size the browser rendered the digit in, which a style sheet may override', async () => {
    const style = document.createElement('style');
    style.textContent = '.sart-digit { font-size: 77.5px !important; }';
    document.head.append(style);
    try {
      const config = { ...DEFAULTS, practiceEnabled: false, repsPerDigit: 1 };
      const current = startRuntime(config);
      current.begin();
      const requested = new Set<string>();
      await runFor(GET_READY_MS + 9 * 1150 + 500, (shown) => {
        if (kindOf(shown) === 'digit') requested.add(shown?.style.fontSize ?? '');
      });
      expect(recorded).toHaveLength(9);
      // Drawn at five requested sizes from the viewport; rendered at the style sheet's.
      expect(requested.size).toBeGreaterThan(1);
      for (const trial of recorded) expect(trial.fontSizePx).toBe(77.5);
    } finally {
      style.remove();
    }
  });
});

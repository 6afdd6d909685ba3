// @vitest-environment jsdom

import { SOA_GET_READY_MS as GET_READY_MS, type Run } from '@cogni/domain';
import { DEFAULT_CONFIG, type Trial } from '@cogni/domain/tasks/flanker';
import { describe, expect, it } from 'vitest';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  stepFrames,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import { createFlankerHost, readFlankerKey } from './flanker-stage';

const SEED = 'flanker-runtime-seed';

const makeRun = (): Run => makeTestRun('flankerTest', SEED, DEFAULT_CONFIG);

/** A key press whose event timestamp is the page's clock now, as a browser's would be. */
function press(code: string, key: string) {
  const down = dispatchTimedKey('keydown', { code, key });
  dispatchTimedKey('keyup', { code, key });
  return down;
}

describe('the flanker keys', () => {
  it('reads the arrow keys and F and J, by physical key or by character, and nothing else', () => {
    expect(readFlankerKey({ code: 'ArrowLeft', key: 'ArrowLeft' })).toBe('left');
    expect(readFlankerKey({ code: 'ArrowRight', key: 'ArrowRight' })).toBe('right');
    expect(readFlankerKey({ code: 'KeyF', key: 'f' })).toBe('left');
    expect(readFlankerKey({ code: 'KeyU', key: 'j' })).toBe('right');
    expect(readFlankerKey({ code: 'Space', key: ' ' })).toBeNull();
  });
});

describe('the flanker task on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: Trial[] = [];
  let runtime: ReturnType<typeof createFlankerHost> | null = null;
  const page = useFakeStage(() => {
    runtime?.dispose();
    runtime = null;
    recorded = [];
  });

  it('draws five arrows then a fixation cross, and records each practice trial by the direction pressed', async () => {
    runtime = createFlankerHost(
      fakeRuntimeOptions<Trial>(makeRun(), page.stage, (trial) => recorded.push(trial), []),
    );
    runtime.start();
    runtime.begin();
    // The arrow keys do not scroll the page once a block is on.
    expect(press('ArrowLeft', 'ArrowLeft').defaultPrevented).toBe(true);

    const shownAt = new Map<string, { atMs: number; display: string }>();
    const drawn = new Set<string>();
    let pressAt: { atMs: number; code: string; key: string } | null = null;
    // Answer each display 350 ms after it appears: the middle arrow's way, but the third the
    // other way (with J or F), and the fifth not at all.
    await stepFrames(page.stage, GET_READY_MS + 8 * 3000 + 500, (shown) => {
      if (pressAt && performance.now() >= pressAt.atMs) {
        press(pressAt.code, pressAt.key);
        pressAt = null;
      }
      if (shown?.classList.contains('flanker-fixation')) drawn.add('fixation');
      const position = shown?.dataset.position;
      const display = shown?.dataset.display;
      if (!shown || !position || !display || shownAt.has(position)) return;
      expect(shown.querySelectorAll('svg.flanker-arrow')).toHaveLength(5);
      shownAt.set(position, { atMs: performance.now(), display });
      const n = shownAt.size;
      const right = display[2] === '>';
      if (n === 5) return;
      const answerRight = n === 3 ? !right : right;
      pressAt = {
        atMs: performance.now() + 350,
        ...(n === 3
          ? answerRight
            ? { code: 'KeyJ', key: 'j' }
            : { code: 'KeyF', key: 'f' }
          : answerRight
            ? { code: 'ArrowRight', key: 'ArrowRight' }
            : { code: 'ArrowLeft', key: 'ArrowLeft' }),
      };
    });
    expect(drawn.has('fixation')).toBe(true);
    expect(recorded).toHaveLength(8);
    expect(recorded.map((t) => t.responseType)).toEqual([
      'correct',
      'correct',
      'error',
      'correct',
      'omission',
      'correct',
      'correct',
      'correct',
    ]);
    const onsets = recorded.map((t) => t.timing.stimulusOnsetMs);
    for (const [k, trial] of recorded.entries()) {
      expect(trial.display).toBe(shownAt.get(`practice:0:${k}`)?.display);
      // 3000 ms apart (SOA and feedback) on the block's time line, within a frame either way.
      expect(Math.abs((onsets[k] as number) - (onsets[0] as number) - k * 3000)).toBeLessThan(
        2 * FAKE_FRAME_MS,
      );
      if (trial.reactionTime !== null) {
        expect(Math.abs(trial.reactionTime - 350)).toBeLessThan(2 * FAKE_FRAME_MS);
      }
      const { stimulusOnsetMs, stimulusOffsetMs } = trial.timing;
      expect(Math.abs((stimulusOffsetMs as number) - stimulusOnsetMs - 1000)).toBeLessThan(
        2 * FAKE_FRAME_MS,
      );
    }
    expect(runtime.getSnapshot()).toMatchObject({
      phase: 'prompt',
      progress: { position: { phase: 'test', block: 0, trialNumber: 0 } },
      prompt: { roundResult: { correct: 6, total: 8 } },
    });
  });
});

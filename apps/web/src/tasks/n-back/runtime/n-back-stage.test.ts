// @vitest-environment jsdom

import { type Run, type SavedTrial, SOA_GET_READY_MS } from '@cogni/domain';
import { plan, plannedBlockTrials, SETTINGS, type Trial } from '@cogni/domain/tasks/n-back';
import { describe, expect, it } from 'vitest';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  stepFrames,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import { createNBackHost, readNBackKey } from './n-back-stage';

const SEED = 'runtime-test-seed';
const CONFIG = SETTINGS.schema.parse({ levels: '2', keyMapping: 'B', blocksPerLevel: 1 });

const makeRun = (): Run => makeTestRun('nbackTest', SEED, CONFIG);

/** A key press whose event timestamp is the page's clock now, as a browser's would be. */
function press(code: 'KeyF' | 'KeyJ', type: 'keydown' | 'keyup' = 'keydown') {
  return dispatchTimedKey(type, { code, key: code.slice(3).toLowerCase() });
}

describe('N-back on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: Trial[] = [];
  let runtime: ReturnType<typeof createNBackHost> | null = null;
  const page = useFakeStage(() => {
    runtime?.dispose();
    runtime = null;
    recorded = [];
  });

  const runFor = (ms: number, onFrame?: (shown: HTMLElement | null) => void) =>
    stepFrames(page.stage, ms, onFrame);

  function createRuntime(saved: readonly SavedTrial[] = []) {
    return createNBackHost(
      fakeRuntimeOptions<Trial>(makeRun(), page.stage, (trial) => recorded.push(trial), saved),
    );
  }

  /** What a planned trial shows and records: its position and letter. */
  const letterOf = (t: { phase: string; block?: number; trialNumber: number; letter: string }) =>
    `${t.phase}:${t.block}:${t.trialNumber}:${t.letter}`;

  it('plays a practice round on the absolute time line, with feedback, answering F and J by the mapping', async () => {
    runtime = createRuntime();
    runtime.start();
    expect(plan(SEED, CONFIG).keyMapping).toBe('B');
    expect(runtime.getSnapshot().phase).toBe('prompt');
    runtime.begin();
    expect(press('KeyF').defaultPrevented).toBe(true);
    press('KeyF', 'keyup');
    const planned = plannedBlockTrials(plan(SEED, CONFIG), 'practice', 2, 0);
    const seen = new Set<string>();
    const shownLetters: string[] = [];
    const feedback: string[] = [];
    let pressAt: { atMs: number; code: 'KeyF' | 'KeyJ' } | null = null;
    let lastText = '';
    await runFor(SOA_GET_READY_MS + 12 * 3500 + 1000, (shown) => {
      if (pressAt && performance.now() >= pressAt.atMs) {
        press(pressAt.code);
        press(pressAt.code, 'keyup');
        pressAt = null;
      }
      const text = shown?.classList.contains('task-feedback') ? (shown.textContent ?? '') : '';
      if (text && text !== lastText) feedback.push(text);
      lastText = text;
      const position = shown?.dataset.position;
      if (!shown || !position || seen.has(position)) return;
      seen.add(position);
      shownLetters.push(`${position}:${shown.dataset.letter}:${shown.textContent}`);
      // Mapping B: J = same. Answer "same" on every letter.
      pressAt = { atMs: performance.now() + 400, code: 'KeyJ' };
    });
    expect(recorded).toHaveLength(12);
    const onsets = recorded.map((t) => t.timing.stimulusOnsetMs);
    for (const [k, trial] of recorded.entries()) {
      expect(trial).toMatchObject({
        phase: 'practice',
        block: 20,
        trialNumber: k,
        response: 'j',
        answer: 'match',
        keyMapping: 'B',
      });
      expect(Math.abs((onsets[k] as number) - (onsets[0] as number) - k * 3500)).toBeLessThan(
        2 * FAKE_FRAME_MS,
      );
      expect(Math.abs((trial.reactionTime as number) - 400)).toBeLessThan(2 * FAKE_FRAME_MS);
      const offset = (trial.timing.stimulusOffsetMs as number) - trial.timing.stimulusOnsetMs;
      expect(Math.abs(offset - 500)).toBeLessThan(FAKE_FRAME_MS + 1);
    }
    // Each letter shown and recorded is the plan's, in the plan's order.
    expect(shownLetters).toEqual(planned.map((t) => `${letterOf(t)}:${t.letter}`));
    expect(recorded.map(letterOf)).toEqual(planned.map(letterOf));
    // "Same" everywhere: 3 targets right, 7 non-targets wrong, no feedback after the fillers.
    expect(feedback.filter((f) => f === 'Correct!')).toHaveLength(3);
    expect(feedback.filter((f) => f === 'Incorrect')).toHaveLength(7);
    expect(runtime.getSnapshot()).toMatchObject({
      phase: 'prompt',
      progress: { position: { phase: 'practice', block: 21, trialNumber: 0 } },
      prompt: { roundResult: { block: 20, correct: 3, total: 10, criterionMet: false } },
    });
  });

  it('on resume inside a block shows the 2 letters before again, unrecorded, then records from the resume point', async () => {
    const saved: SavedTrial[] = Array.from({ length: 7 }, (_, trialNumber) => ({
      phase: 'practice',
      block: 20,
      trialNumber,
      isCorrect: trialNumber < 2 ? null : true,
    }));
    runtime = createRuntime(saved);
    runtime.start();
    expect(runtime.getSnapshot()).toMatchObject({
      phase: 'prompt',
      prompt: {
        resumed: true,
        reminders: 2,
        position: { phase: 'practice', block: 20, trialNumber: 7 },
      },
    });
    runtime.begin();
    const planned = plannedBlockTrials(plan(SEED, CONFIG), 'practice', 2, 0);
    const shown: string[] = [];
    /** Each position the snapshot showed running, and whether it was a reminder then. */
    const reminding = new Map<number, boolean>();
    let pressAtMs: number | null = null;
    await runFor(SOA_GET_READY_MS + 7 * 3500 + 1000, (element) => {
      const snapshot = runtime?.getSnapshot();
      if (snapshot?.phase === 'running' && snapshot.progress) {
        reminding.set(snapshot.progress.position.trialNumber, snapshot.progress.isReminder);
      }
      if (pressAtMs !== null && performance.now() >= pressAtMs) {
        press('KeyJ');
        press('KeyJ', 'keyup');
        pressAtMs = null;
      }
      const position = element?.dataset.position;
      if (!element || !position || shown.some((s) => s.startsWith(`${position}:`))) return;
      shown.push(`${position}:${element.dataset.letter}`);
      // Every letter is answered, reminders too: theirs count for nothing.
      pressAtMs = performance.now() + 400;
    });
    const expected = planned
      .slice(5)
      .map((t) => `${t.phase}:${t.block}:${t.trialNumber}:${t.letter}`);
    expect(shown).toEqual(expected);
    expect([...reminding]).toEqual(planned.slice(5).map((t) => [t.trialNumber, t.trialNumber < 7]));
    expect(recorded.map(letterOf)).toEqual(planned.slice(7).map(letterOf));
    expect(recorded.every((t) => t.response === 'j')).toBe(true);
    // Letter 7 follows the last reminder by the practice period, as in one go.
    const onsets = recorded.map((t) => t.timing.stimulusOnsetMs);
    expect(Math.abs((onsets[1] as number) - (onsets[0] as number) - 3500)).toBeLessThan(
      2 * FAKE_FRAME_MS,
    );
  });

  it('reads F and J by code or character, and nothing else', () => {
    expect(readNBackKey({ code: 'KeyF', key: 'f' })).toBe('f');
    expect(readNBackKey({ code: '', key: 'J' })).toBe('j');
    expect(readNBackKey({ code: 'Space', key: ' ' })).toBeNull();
  });
});

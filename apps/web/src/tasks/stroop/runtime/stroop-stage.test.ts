// @vitest-environment jsdom

import type { Language, Run, SavedTrial } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  DEFAULT_CONFIG,
  planRun,
  STROOP_LANGUAGES,
  type TrialInput,
} from '@cogni/domain/tasks/stroop';
import { describe, expect, it, vi } from 'vitest';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import { createStroopHost, readResponseKey, type StroopHost, stroopView } from './stroop-stage';

const SEED = 'stroop-stage-seed';
const makeRun = (config: Config): Run => makeTestRun('stroopTest', SEED, config);

/** A key press (and its release) whose event timestamp is the page's clock now. */
function press(key: 'R' | 'G' | 'B') {
  const down = dispatchTimedKey('keydown', { code: `Key${key}`, key: key.toLowerCase() });
  dispatchTimedKey('keyup', { code: `Key${key}`, key: key.toLowerCase() });
  return down;
}

describe('readResponseKey', () => {
  it('reads R, G and B by physical key, and by character on other layouts', () => {
    expect(readResponseKey({ code: 'KeyR', key: 'r' })).toBe('R');
    expect(readResponseKey({ code: 'KeyX', key: 'G' })).toBe('G');
    expect(readResponseKey({ code: 'KeyB', key: 'B' })).toBe('B');
    expect(readResponseKey({ code: 'KeyQ', key: 'q' })).toBeNull();
  });

  it('reads the keys of the run’s language as the colours they answer', () => {
    // Spanish: R rojo, V verde, A azul; G and B answer nothing.
    expect(readResponseKey({ code: 'KeyV', key: 'v' }, 'es')).toBe('G');
    expect(readResponseKey({ code: 'KeyA', key: 'a' }, 'es')).toBe('B');
    expect(readResponseKey({ code: 'KeyG', key: 'g' }, 'es')).toBeNull();
    expect(readResponseKey({ code: 'KeyQ', key: 'a' }, 'es')).toBe('B');
    expect(readResponseKey({ code: 'KeyG', key: 'g' }, 'de')).toBe('G');
  });
});

describe('Stroop on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: TrialInput[] = [];
  let host: StroopHost | null = null;
  const page = useFakeStage(() => {
    host?.dispose();
    host = null;
    recorded = [];
  });

  function start(config: Config, saved: readonly SavedTrial[] = [], language: Language = 'en') {
    const run = { ...makeRun(config), language };
    host = createStroopHost(
      fakeRuntimeOptions<TrialInput>(run, page.stage, (t) => recorded.push(t), saved),
    );
    host.start();
    host.begin(true);
    return host;
  }

  const shown = () => page.stage.firstElementChild as HTMLElement | null;
  const view = (current: StroopHost, config: Config) => stroopView(current.getSnapshot(), config);

  /** Steps the fake clock a frame at a time until `until` holds (or `ms` pass). */
  async function runUntil(until: () => boolean, ms = 5000) {
    const endMs = performance.now() + ms;
    while (!until() && performance.now() < endMs) await vi.advanceTimersByTimeAsync(FAKE_FRAME_MS);
  }

  it('shows the cue, the word in its ink 1400 ms after the cue, records the answer against its onset, and gives feedback', async () => {
    const config = DEFAULT_CONFIG;
    const [first] = planRun(SEED, config).sample;
    const current = start(config);
    await runUntil(() => shown()?.classList.contains('stroop-stage__cue') === true);
    const cueSeenMs = performance.now();
    expect(shown()?.textContent).toBe(first?.cueWord);
    // A key during the cue is no answer (and does not type anything).
    expect(press('R').defaultPrevented).toBe(true);
    await runUntil(() => shown()?.classList.contains('stroop-stage__stimulus') === true);
    expect(performance.now() - cueSeenMs).toBeGreaterThanOrEqual(config.cueDurationMs - 20);
    expect(performance.now() - cueSeenMs).toBeLessThan(config.cueDurationMs + 40);
    expect(shown()?.textContent).toBe(first?.stimulusWord);
    expect(shown()?.classList.contains(`stroop-ink--${first?.stimulusColor}`)).toBe(true);
    // Once presented (the fallback onset: the frame after its insertion), it takes the answer.
    await vi.advanceTimersByTimeAsync(2 * FAKE_FRAME_MS);
    expect(view(current, config).kind).toBe('stimulus');
    await vi.advanceTimersByTimeAsync(400);
    const answer = press(first?.correctKey ?? 'R');
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded).toHaveLength(1);
    const [trial] = recorded;
    expect(trial).toMatchObject({
      phase: 'sample',
      trialNumber: 0,
      response: first?.correctKey,
      isCorrect: true,
      inputModality: 'keyboard',
      timing: { onsetMethod: 'animation-frame', responseTimestampMs: answer.timeStamp },
    });
    expect(trial?.reactionTime).toBe(answer.timeStamp - (trial?.timing.stimulusOnsetMs ?? 0));
    const cueMs = (trial?.timing.stimulusOnsetMs ?? 0) - (trial?.timing.cueOnsetMs ?? 0);
    expect(cueMs).toBeGreaterThanOrEqual(config.cueDurationMs - 1);
    expect(cueMs).toBeLessThan(config.cueDurationMs + 2 * FAKE_FRAME_MS);
    // Feedback, then the next trial's cue once the feedback's time is up.
    await runUntil(() => shown()?.classList.contains('task-feedback') === true, 200);
    expect(shown()?.textContent).toBe('Correct');
    expect(view(current, config)).toMatchObject({ phase: 'sample', trialNumber: 0 });
    const feedbackSeenMs = performance.now();
    await runUntil(() => shown()?.classList.contains('stroop-stage__cue') === true);
    expect(performance.now() - feedbackSeenMs).toBeGreaterThanOrEqual(
      config.feedbackDurationMs - 20,
    );
    expect(view(current, config)).toMatchObject({ kind: 'cue', trialNumber: 1 });
  });

  it('shows a Spanish run in Spanish, takes its keys, and records what it showed', async () => {
    const config = DEFAULT_CONFIG;
    const [first] = planRun(SEED, config).sample;
    if (!first) throw new Error('no trial');
    const shownIn = STROOP_LANGUAGES.es;
    start(config, [], 'es');
    await runUntil(() => shown()?.classList.contains('stroop-stage__cue') === true);
    expect(shown()?.textContent).toBe(shownIn.cues[first.cueWord]);
    expect(shown()?.dataset.cue).toBe(first.cueWord);
    await runUntil(() => shown()?.classList.contains('stroop-stage__stimulus') === true);
    expect(shown()?.textContent).toBe(shownIn.words[first.stimulusWord]);
    expect(shown()?.dataset.word).toBe(first.stimulusWord);
    await vi.advanceTimersByTimeAsync(2 * FAKE_FRAME_MS + 400);
    const key = shownIn.keys[first.correctKey];
    dispatchTimedKey('keydown', { code: `Key${key}`, key: key.toLowerCase() });
    dispatchTimedKey('keyup', { code: `Key${key}`, key: key.toLowerCase() });
    await vi.advanceTimersByTimeAsync(0);
    expect(recorded[0]).toMatchObject({
      response: first.correctKey,
      isCorrect: true,
      shownWord: shownIn.words[first.stimulusWord],
      shownCue: shownIn.cues[first.cueWord],
      keyPressed: key,
    });
  });

  it('pauses for a rest break in the test, goes on at Continue, and finishes', async () => {
    const config = ConfigSchema.parse({ testTrials: 4, restBreakEveryTrials: 2 });
    const saved: SavedTrial[] = [
      ...Array.from({ length: 8 }, (_, n) => ({ phase: 'sample', block: 0, trialNumber: n })),
      ...Array.from({ length: 16 }, (_, n) => ({ phase: 'practice', block: 0, trialNumber: n })),
    ].map((p) => ({ ...p, isCorrect: true }));
    const current = start(config, saved);
    let answered: HTMLElement | null = null;
    const answerNext = async () => {
      await runUntil(
        () =>
          shown()?.classList.contains('stroop-stage__stimulus') === true && shown() !== answered,
      );
      answered = shown();
      await vi.advanceTimersByTimeAsync(300);
      press('G');
      await vi.advanceTimersByTimeAsync(0);
    };
    await answerNext();
    await answerNext();
    expect(recorded.map((t) => t.trialNumber)).toEqual([0, 1]);
    expect(view(current, config)).toMatchObject({ kind: 'rest', phase: 'test', trialNumber: 1 });
    expect(page.stage.childElementCount).toBe(0);
    current.begin();
    await answerNext();
    await answerNext();
    expect(recorded.map((t) => `${t.phase}:${t.trialNumber}`)).toEqual([
      'test:0',
      'test:1',
      'test:2',
      'test:3',
    ]);
    expect(view(current, config).kind).toBe('finished');
  });

  it('takes a tap on a colour button as touch, and an interruption marks the trial on screen', async () => {
    const config = ConfigSchema.parse({ testTrials: 2 });
    const saved: SavedTrial[] = [
      ...Array.from({ length: 8 }, (_, n) => ({ phase: 'sample', block: 0, trialNumber: n })),
      ...Array.from({ length: 16 }, (_, n) => ({ phase: 'practice', block: 0, trialNumber: n })),
    ].map((p) => ({ ...p, isCorrect: true }));
    const current = start(config, saved);
    const button = document.createElement('button');
    document.body.append(button);
    current.input.attachButton(button, 'B');
    await runUntil(() => shown()?.classList.contains('stroop-stage__stimulus') === true);
    window.dispatchEvent(new Event('blur'));
    await vi.advanceTimersByTimeAsync(300);
    const tap = new Event('pointerdown', { bubbles: true, cancelable: true });
    Object.defineProperties(tap, {
      timeStamp: { value: performance.now() },
      isPrimary: { value: true },
      button: { value: 0 },
      pointerType: { value: 'touch' },
    });
    button.dispatchEvent(tap);
    await vi.advanceTimersByTimeAsync(0);
    button.remove();
    expect(recorded[0]).toMatchObject({
      response: 'B',
      inputModality: 'touch',
      timing: { wasInterrupted: true },
    });
  });
});

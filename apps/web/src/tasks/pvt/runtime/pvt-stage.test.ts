// @vitest-environment jsdom

import { type Run, savedTrialWithFields } from '@cogni/domain';
import { ConfigSchema, RUN_ORDER_FIELDS, type Trial } from '@cogni/domain/tasks/pvt';
import { describe, expect, it, vi } from 'vitest';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  fakeRuntimeOptions,
  makeTestRun,
  useFakeStage,
} from '../../../lib/task-runtime/testing/fake-stage';
import {
  createPvtHost,
  formatCounter,
  PVT_COUNTER_NAME,
  type PvtHost,
  pvtAnnouncement,
  pvtShowsReminder,
} from './pvt-stage';

const SEED = 'pvt-runtime-seed';
/**
 * A short test: 30 s, 0.5-0.6 s intervals from the response with 0.5 s of feedback in them, one
 * practice counter, a 1 s timeout.
 */
const CONFIG = ConfigSchema.parse({
  durationS: 30,
  foreperiodMinMs: 500,
  foreperiodMaxMs: 600,
  feedbackMs: 500,
  habituationTrials: 1,
  maxRtMs: 1000,
});

const makeRun = (config: object = CONFIG): Run => makeTestRun('pvtTest', SEED, config);

/** A Space press (and its release) whose event timestamp is the page's clock now. */
function pressSpace() {
  const down = dispatchTimedKey('keydown', { code: 'Space', key: ' ' });
  dispatchTimedKey('keyup', { code: 'Space', key: ' ' });
  return down;
}

/**
 * A touch on `element` at the page's clock now, as a browser's pointerdown would be: the
 * primary pointer, or another finger while one rests on the screen.
 */
function touch(element: HTMLElement, isPrimary = true) {
  const event = new Event('pointerdown', { bubbles: true, cancelable: true });
  Object.defineProperties(event, {
    timeStamp: { value: performance.now() },
    isPrimary: { value: isPrimary },
    button: { value: 0 },
    pointerType: { value: 'touch' },
  });
  element.dispatchEvent(event);
  return event;
}

describe('formatCounter', () => {
  it('shows whole ms with at least three digits', () => {
    expect(formatCounter(0)).toBe('000');
    expect(formatCounter(87.9)).toBe('087');
    expect(formatCounter(-3)).toBe('000');
    expect(formatCounter(1234.5)).toBe('1234');
  });
});

describe('the PVT on the task host (jsdom, fake clock; onsets by the animation-frame fallback)', () => {
  let recorded: Trial[] = [];
  let runtime: PvtHost | null = null;
  /** The Element Timing name of the last counter answered. */
  let answeredCounter: string | null = null;
  const page = useFakeStage(() => {
    runtime?.dispose();
    runtime = null;
    recorded = [];
    answeredCounter = null;
  });

  function startRuntime(
    run: Run = makeRun(),
    saved: Parameters<typeof fakeRuntimeOptions>[3] = [],
    inputModality: 'keyboard' | 'touch' = 'keyboard',
  ) {
    runtime = createPvtHost({
      ...fakeRuntimeOptions<Trial>(run, page.stage, (trial) => recorded.push(trial), saved),
      inputModality,
    });
    runtime.start();
    return runtime;
  }

  const shown = () => page.stage.firstElementChild as HTMLElement | null;
  const counterShown = () => shown()?.classList.contains('pvt-counter') === true;
  /**
   * A counter other than the last one answered is on the stage (a trial is recorded a little
   * before its feedback, the frozen counter, is cleared).
   */
  const newCounterShown = () =>
    counterShown() && shown()?.getAttribute('elementtiming') !== answeredCounter;
  /** Notes the counter on the stage as answered. */
  const answering = () => {
    answeredCounter = shown()?.getAttribute('elementtiming') ?? null;
  };

  /** Steps the fake clock a frame at a time until `until` holds (or `ms` pass). */
  async function runUntil(until: () => boolean, ms = 10_000) {
    const endMs = performance.now() + ms;
    while (!until() && performance.now() < endMs) await vi.advanceTimersByTimeAsync(FAKE_FRAME_MS);
  }

  it('counts up every frame from its onset, stops at the response, and records the press against the onset', async () => {
    const current = startRuntime();
    expect(current.getSnapshot().phase).toBe('prompt');
    // Before the run begins Space is the page's.
    expect(pressSpace().defaultPrevented).toBe(false);
    current.begin();
    await vi.advanceTimersByTimeAsync(0);
    expect(current.getSnapshot()).toMatchObject({
      phase: 'running',
      progress: { position: { phase: 'habituation', trialNumber: 0 }, trialsInBlock: 1 },
      // No clock while the test runs.
      prompt: { remainingMs: null },
    });
    expect(pvtShowsReminder(current.getSnapshot())).toBe(true);
    await runUntil(counterShown);
    const counter = shown() as HTMLElement;
    expect(counter.getAttribute('elementtiming')).toMatch(new RegExp(`^${PVT_COUNTER_NAME}-\\d+$`));
    expect(counter.textContent).toBe('000');
    // The digits are the element's own text node, rewritten in place every frame.
    const text = counter.firstChild;
    const seen: string[] = [];
    await runUntil(() => {
      seen.push(counter.textContent ?? '');
      return seen.length > 12;
    });
    expect(counter.firstChild).toBe(text);
    expect(counter.childNodes).toHaveLength(1);
    const values = seen.map(Number);
    expect(values.at(-1)).toBeGreaterThan(150);
    for (let i = 1; i < values.length; i++) {
      expect(values[i]).toBeGreaterThanOrEqual(values[i - 1] as number);
    }
    // Space while a trial is on does not scroll the page.
    const press = pressSpace();
    expect(press.defaultPrevented).toBe(true);
    const stopped = counter.textContent;
    await vi.advanceTimersByTimeAsync(10 * FAKE_FRAME_MS);
    // Stopped: the frozen reaction time stays through the feedback.
    expect(counter.textContent).toBe(stopped);
    await runUntil(() => recorded.length === 1, 2000);
    const [trial] = recorded;
    expect(trial).toMatchObject({
      phase: 'habituation',
      type: 'valid',
      response: 'space',
      inputModality: 'keyboard',
      timing: { onsetMethod: 'animation-frame', responseTimestampMs: press.timeStamp },
    });
    expect(trial?.reactionTime).toBe(press.timeStamp - (trial?.timing.stimulusOnsetMs as number));
    expect(stopped).toBe(formatCounter(trial?.reactionTime as number));
    // The reminder goes with the first trial; the test follows without a break.
    expect(current.getSnapshot()).toMatchObject({
      phase: 'running',
      progress: { position: { phase: 'test', trialNumber: 0 }, trialsInBlock: 0 },
    });
    expect(pvtShowsReminder(current.getSnapshot())).toBe(false);
  });

  it("shows 'Too soon!' for a press before the counter, and restarts the trial with a new foreperiod", async () => {
    const current = startRuntime();
    current.begin();
    await vi.advanceTimersByTimeAsync(200);
    pressSpace();
    // Drawn in the next frame, told once presented (the fallback onset: the frame after).
    await vi.advanceTimersByTimeAsync(2 * FAKE_FRAME_MS);
    expect(shown()?.textContent).toBe('Too soon!');
    // Screen readers hear it through the page's live region, not a status element on the stage.
    expect(shown()?.getAttribute('role')).toBeNull();
    expect(pvtAnnouncement(current.getSnapshot(), 'keyboard')).toBe('Too soon!');
    await vi.advanceTimersByTimeAsync(300);
    expect(shown()?.textContent).toBe('Too soon!');
    await runUntil(counterShown, 3000);
    expect(pvtAnnouncement(current.getSnapshot(), 'keyboard')).toBe('');
    expect(shown()?.dataset.draw).toBe('1');
    // Once it is presented (the fallback onset is the frame after its insertion).
    await vi.advanceTimersByTimeAsync(100);
    pressSpace();
    await runUntil(() => recorded.length === 1, 2000);
    expect(recorded[0]).toMatchObject({ nFalseStarts: 1, planIndex: 0 });
    expect(recorded[0]?.falseStarts[0]?.afterMs).toBeCloseTo(200, 6);
  });

  it('takes a touch anywhere on the stage as the response', async () => {
    runtime = startRuntime(makeRun(), [], 'touch');
    runtime.begin();
    await runUntil(counterShown);
    await vi.advanceTimersByTimeAsync(300);
    const event = touch(page.stage);
    expect(event.defaultPrevented).toBe(true);
    await runUntil(() => recorded.length === 1, 2000);
    expect(recorded[0]).toMatchObject({ response: 'tap', inputModality: 'touch' });
  });

  it('takes the taps of a second finger while the first rests on the stage, and opens no menu', async () => {
    runtime = startRuntime(makeRun(), [], 'touch');
    runtime.begin();
    await vi.advanceTimersByTimeAsync(0);
    // The resting finger went down before the first counter: a false start.
    touch(page.stage);
    for (let k = 0; k < 3; k++) {
      await runUntil(newCounterShown, 12_000);
      await vi.advanceTimersByTimeAsync(300);
      answering();
      const tap = touch(page.stage, false);
      await runUntil(() => recorded.length === k + 1, 2000);
      expect(recorded[k]).toMatchObject({
        type: 'valid',
        response: 'tap',
        timing: { responseTimestampMs: tap.timeStamp },
      });
    }
    expect(recorded[0]?.nFalseStarts).toBe(1);
    const menu = new Event('contextmenu', { bubbles: true, cancelable: true });
    page.stage.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
  });

  it('times out, asks for a press, and finishes the test once its time is up', async () => {
    const current = startRuntime();
    current.begin();
    // The practice counter goes unanswered: after the 1 s timeout, a press goes on.
    await runUntil(counterShown);
    await runUntil(() => shown()?.classList.contains('pvt-timeout') === true, 2000);
    expect(shown()?.textContent).toContain('Please respond faster');
    expect(shown()?.textContent).toContain('Press Space to continue');
    await vi.advanceTimersByTimeAsync(FAKE_FRAME_MS);
    expect(pvtAnnouncement(current.getSnapshot(), 'keyboard')).toBe(
      'Please respond faster. Press Space to continue.',
    );
    await vi.advanceTimersByTimeAsync(300);
    pressSpace();
    expect(recorded[0]).toMatchObject({ type: 'timeout', reactionTime: null });
    // Then every counter answered 250 ms after it appears, to the end of the test.
    const answered = new Set<string>();
    let answerAt: number | null = null;
    await runUntil(() => {
      const id = counterShown() ? shown()?.getAttribute('elementtiming') : null;
      if (id && !answered.has(id)) {
        answered.add(id);
        answerAt = performance.now() + 250;
      }
      if (answerAt !== null && performance.now() >= answerAt) {
        pressSpace();
        answerAt = null;
      }
      return current.getSnapshot().phase === 'finished';
    }, 60_000);
    expect(current.getSnapshot().phase).toBe('finished');
    const test = recorded.filter((t) => t.phase === 'test');
    expect(test.length).toBeGreaterThan(15);
    // The next interval would have started at the last response: at or after the 30 s.
    const last = test.at(-1) as Trial;
    expect(last.endElapsedMs).toBeGreaterThanOrEqual(30_000);
    for (const t of test.slice(0, -1)) expect(t.endElapsedMs).toBeLessThan(30_000);
    // Each counter came its drawn interval after the last press, within a few frames: the
    // feedback was shown in the interval, not before it.
    for (const t of test) {
      const lateMs = (t.rsiMs as number) - t.foreperiodMs;
      expect(lateMs).toBeGreaterThanOrEqual(-FAKE_FRAME_MS);
      expect(lateMs).toBeLessThan(3 * FAKE_FRAME_MS);
    }
    expect(page.stage.childElementCount).toBe(0);
  });

  it('resumes a reloaded run for the time left, its first trial flagged', async () => {
    const first = startRuntime();
    first.begin();
    for (let k = 0; k < 3; k++) {
      await runUntil(newCounterShown);
      await vi.advanceTimersByTimeAsync(200);
      answering();
      pressSpace();
      await runUntil(() => recorded.length === k + 1, 2000);
    }
    first.dispose();
    runtime = null;
    const saved = recorded.map((t) => savedTrialWithFields(t, RUN_ORDER_FIELDS));
    const last = recorded.at(-1) as Trial;
    const resumed = startRuntime(makeRun(), saved);
    expect(resumed.getSnapshot()).toMatchObject({
      phase: 'prompt',
      prompt: {
        resumed: true,
        position: { phase: 'test', trialNumber: 2 },
        remainingMs: 30_000 - last.endElapsedMs,
      },
    });
    resumed.begin();
    await runUntil(counterShown);
    await vi.advanceTimersByTimeAsync(200);
    pressSpace();
    await runUntil(() => recorded.length === 4, 2000);
    expect(recorded[3]).toMatchObject({
      phase: 'test',
      trialNumber: 2,
      resumed: true,
      planIndex: last.planIndex + 1,
    });
    expect(recorded[3]?.elapsedMs).toBeGreaterThan(last.endElapsedMs + 500);
  });
});

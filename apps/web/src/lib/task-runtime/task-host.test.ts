// @vitest-environment jsdom

import type { EngineEvent, EngineStep, RunEngine, TrialEnvelope } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { TaskHost } from './task-host';
import {
  dispatchTimedKey,
  FAKE_FRAME_MS,
  makeTestRun,
  stepFrames,
  useFakeStage,
} from './testing/fake-stage';

// The task host with a toy engine, on a fake clock (onsets by the animation-frame fallback):
// what it does with each effect, what it tells the engine, and what it shows React.

type Scene = { text: string };
type State = {
  kind: 'prompt' | 'on' | 'done';
  startedAtMs: number;
  ticks: number;
  log: string[];
};
type Trial = TrialEnvelope;
type Effect = EngineStep<State, Scene, string, Trial>['effects'][number];

const trial = (atMs: number): Trial =>
  ({
    phase: 'test',
    block: 0,
    trialNumber: 0,
    reactionTime: null,
    isCorrect: true,
    startTime: new Date(atMs).toISOString(),
    endTime: new Date(atMs).toISOString(),
    timing: {},
  }) as unknown as Trial;

/**
 * On START: 'a' due 100 ms later and 'late' due 300 ms later. An input re-presents 'a' as
 * changed (drawn in place), puts feedback up at once, and asks for 'stale', due 10 ms before the
 * input, which the feedback overtakes. The TICK at 600 ms presents 'b' at that time, and one at
 * 800 ms records the trial and ends the run.
 */
const toyEngine: RunEngine<State, 'go', Scene, string, Trial> = {
  start: () => ({
    state: { kind: 'prompt', startedAtMs: 0, ticks: 0, log: [] },
    effects: [{ type: 'PROMPT', prompt: 'intro', getReadyMs: 500 }],
  }),
  step(state, event: EngineEvent<'go'>) {
    const log = [...state.log, `${event.type}${'key' in event ? ` ${event.key}` : ''}`];
    const effects: Effect[] = [];
    let next: State = { ...state, log };
    if (event.type === 'START' && state.kind === 'prompt') {
      next = { kind: 'on', startedAtMs: event.atMs, ticks: 0, log };
      effects.push(present('a', 'A', event.atMs + 100), present('late', 'L', event.atMs + 300));
    } else if (event.type === 'INPUT' && state.kind === 'on') {
      effects.push(
        present('a', 'A!', null),
        present('fb', 'F', null),
        present('stale', 'S', event.atMs - 10),
      );
    } else if (event.type === 'TICK' && state.kind === 'on') {
      if (state.ticks === 0) {
        effects.push(present('b', 'B', state.startedAtMs + 600));
        next = { ...next, ticks: 1 };
      } else {
        next = { ...next, kind: 'done' };
        effects.push({ type: 'RECORD', trial: trial(event.atMs) }, { type: 'FINISHED' });
      }
    } else if (event.type === 'ONSET') {
      log.push(`measured ${JSON.stringify(event.measured ?? null)}`);
    }
    return { state: next, effects };
  },
  nextDueMs: (state) =>
    state.kind === 'on' ? state.startedAtMs + (state.ticks === 0 ? 600 : 800) : null,
  progress: (state) =>
    state.kind === 'done'
      ? null
      : {
          position: { phase: 'test', block: 0, trialNumber: 0 },
          trialsInBlock: 1,
          isReminder: false,
        },
  presenting: (state) => state.kind === 'on',
};

function present(key: string, text: string, dueAtMs: number | null): Effect {
  return { type: 'PRESENT', key, scene: { text }, dueAtMs, timing: 'frame' };
}

describe('TaskHost', () => {
  let host: TaskHost<State, 'go', Scene, string, Trial> | null = null;
  const page = useFakeStage(() => {
    host?.dispose();
    host = null;
  });

  function makeHost(
    enqueue: (trial: Trial) => Promise<void> = async () => {},
    promptSettleMs?: number,
  ) {
    host = new TaskHost({
      run: makeTestRun('toyTest', 'seed', {}),
      engine: toyEngine,
      parts: {
        promptSettleMs,
        keyToInput: (event) => (event.code === 'Space' ? 'go' : null),
        draw: (scene) => {
          const element = document.createElement('p');
          element.textContent = scene.text;
          return { element, name: 'toy', measure: () => ({ width: scene.text.length }) };
        },
        redraw: (element, scene) => {
          element.textContent = scene.text;
          return true;
        },
      },
      stage: page.stage,
      sink: { enqueue: async (_id, trial) => enqueue(trial as Trial) },
      saved: [],
      inputModality: 'keyboard',
      frameIntervalMs: FAKE_FRAME_MS,
    });
    host.start();
    return host;
  }

  it('shows the prompt, waits its get-ready pause, runs, records and finishes', async () => {
    const recorded: Trial[] = [];
    const current = makeHost(async (t) => void recorded.push(t));
    expect(current.getSnapshot()).toMatchObject({ phase: 'prompt', prompt: 'intro' });
    // Between prompts the keys are the page's.
    expect(dispatchTimedKey('keydown', { code: 'Space', key: ' ' }).defaultPrevented).toBe(false);
    dispatchTimedKey('keyup', { code: 'Space', key: ' ' });
    current.begin();
    expect(current.getSnapshot().phase).toBe('get-ready');
    await stepFrames(page.stage, 500 + FAKE_FRAME_MS);
    expect(current.getSnapshot().phase).toBe('running');
    await stepFrames(page.stage, 1200);
    expect(recorded).toHaveLength(1);
    expect(current.getSnapshot()).toMatchObject({ phase: 'finished', progress: null });
    expect(page.stage.textContent).toBe('');
  });

  it('presents each scene near its due time, tells the engine when it was drawn and presented, with what it measured', async () => {
    const current = makeHost();
    current.begin();
    const seen: { atMs: number; text: string }[] = [];
    await stepFrames(page.stage, 2000, (shown) => {
      const text = shown?.textContent ?? '';
      if (seen.at(-1)?.text !== text) seen.push({ atMs: performance.now(), text });
    });
    const start = 500;
    const at = (text: string) => seen.find((s) => s.text === text)?.atMs ?? Number.NaN;
    expect(Math.abs(at('A') - (start + 100))).toBeLessThanOrEqual(2 * FAKE_FRAME_MS);
    expect(Math.abs(at('L') - (start + 300))).toBeLessThanOrEqual(2 * FAKE_FRAME_MS);
    // 'b' is drawn ahead of the TICK that names it, in the frame nearest its due time.
    expect(Math.abs(at('B') - (start + 600))).toBeLessThanOrEqual(2 * FAKE_FRAME_MS);
    const { log } = current.state;
    expect(log.filter((line) => line.startsWith('DRAWN'))).toEqual([
      'DRAWN a',
      'DRAWN late',
      'DRAWN b',
    ]);
    expect(log.filter((line) => line.startsWith('ONSET'))).toEqual([
      'ONSET a',
      'ONSET late',
      'ONSET b',
    ]);
    expect(log).toContain('measured {"width":1}');
  });

  it('changes a scene on the stage in place, and never draws one that a scene due after it overtook', async () => {
    const current = makeHost();
    current.begin();
    await stepFrames(page.stage, 500 + 150);
    const a = page.stage.firstElementChild;
    expect(a?.textContent).toBe('A');
    // A press: 'a' changes where it is, and feedback goes up at once, before 'late' is due.
    expect(dispatchTimedKey('keydown', { code: 'Space', key: ' ' }).defaultPrevented).toBe(true);
    dispatchTimedKey('keyup', { code: 'Space', key: ' ' });
    expect(a?.textContent).toBe('A!');
    const shown: string[] = [];
    await stepFrames(page.stage, 600, (element) => {
      const text = element?.textContent ?? '';
      if (shown.at(-1) !== text) shown.push(text);
    });
    expect(shown).toEqual(['F', 'L', 'B']);
    expect(current.state.log).not.toContain('DRAWN stale');
  });

  it("ignores a prompt's button pressed before the task's settle time, unless the run begins at once", async () => {
    const current = makeHost(async () => {}, 400);
    current.begin();
    expect(current.getSnapshot().phase).toBe('prompt');
    await stepFrames(page.stage, 450);
    current.begin();
    expect(current.getSnapshot().phase).toBe('get-ready');
    host?.dispose();
    const atOnce = makeHost(async () => {}, 400);
    atOnce.begin(true);
    expect(atOnce.getSnapshot().phase).toBe('get-ready');
  });

  it('shows an outbox failure and goes on', async () => {
    const current = makeHost(async () => {
      throw new Error('The outbox is full');
    });
    current.begin();
    await stepFrames(page.stage, 2000);
    expect(current.getSnapshot()).toMatchObject({
      phase: 'finished',
      saveError: 'The outbox is full',
    });
  });
});

/**
 * On START: 'x' due 2000 ms later; a TICK is due at 1000 ms (a time limit) and would present
 * 'after-timeout' at 1100 ms and 'next' at 1200 ms. An input before it withdraws 'x' and asks for
 * 'next' 200 ms after the input, and no TICK follows.
 */
type LimitState = { kind: 'prompt' | 'on'; startedAtMs: number; answered: boolean };
const limitEngine: RunEngine<LimitState, 'go', Scene, string, Trial> = {
  start: () => ({
    state: { kind: 'prompt', startedAtMs: 0, answered: false },
    effects: [{ type: 'PROMPT', prompt: 'intro', getReadyMs: 0 }],
  }),
  step(state, event) {
    if (event.type === 'START' && state.kind === 'prompt') {
      return {
        state: { kind: 'on', startedAtMs: event.atMs, answered: false },
        effects: [present('x', 'X', event.atMs + 2000)],
      };
    }
    if (state.kind !== 'on' || state.answered) return { state, effects: [] };
    if (event.type === 'TICK') {
      return {
        state: { ...state, answered: true },
        effects: [
          present('after-timeout', 'T', state.startedAtMs + 1100),
          present('next', 'N', state.startedAtMs + 1200),
        ],
      };
    }
    if (event.type === 'INPUT') {
      return {
        state: { ...state, answered: true },
        effects: [{ type: 'WITHDRAW', key: 'x' }, present('next', 'N', event.atMs + 200)],
      };
    }
    return { state, effects: [] };
  },
  nextDueMs: (state) => (state.kind === 'on' && !state.answered ? state.startedAtMs + 1000 : null),
  progress: () => null,
  presenting: (state) => state.kind === 'on',
};

describe('TaskHost drawing ahead of a time limit', () => {
  let host: TaskHost<LimitState, 'go', Scene, string, Trial> | null = null;
  const page = useFakeStage(() => {
    host?.dispose();
    host = null;
  });

  it('calls off what it drew ahead once an input ends the limit early, moves a scene to its new time, and withdraws a scene on its way', async () => {
    host = new TaskHost({
      run: makeTestRun('toyTest', 'seed', {}),
      engine: limitEngine,
      parts: {
        keyToInput: (event) => (event.code === 'Space' ? 'go' : null),
        draw: (scene) => {
          const element = document.createElement('p');
          element.textContent = scene.text;
          return { element, name: 'toy' };
        },
      },
      stage: page.stage,
      sink: { enqueue: async () => {} },
      saved: [],
      inputModality: 'keyboard',
      frameIntervalMs: FAKE_FRAME_MS,
    });
    host.start();
    host.begin();
    await stepFrames(page.stage, 300);
    const pressedAt = dispatchTimedKey('keydown', { code: 'Space', key: ' ' }).timeStamp;
    dispatchTimedKey('keyup', { code: 'Space', key: ' ' });
    const shown: { text: string; atMs: number }[] = [];
    await stepFrames(page.stage, 3000, (element) => {
      const text = element?.textContent ?? '';
      if (text && shown.at(-1)?.text !== text) shown.push({ text, atMs: performance.now() });
    });
    expect(shown.map((s) => s.text)).toEqual(['N']);
    expect(Math.abs((shown[0]?.atMs ?? 0) - (pressedAt + 200))).toBeLessThanOrEqual(
      2 * FAKE_FRAME_MS,
    );
  });
});

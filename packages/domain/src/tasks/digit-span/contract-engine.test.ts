import { describe, expect, it } from 'vitest';
import type { EngineEffect, EngineEvent } from '../engine';
import { createRng } from '../shared/random';
import { CONTRACT_RUN_TIME_ORIGIN_MS, contractRun } from '../shared/testing/contract-run';
import { type Config, ConfigSchema, DEFAULT_CONFIG } from './config';
import {
  type Event,
  engine,
  GET_READY_MS,
  type Input,
  type Key,
  type Prompt,
  type Scene,
  type State,
} from './engine';
import { parseDigits, plan } from './plan';
import { positionKey } from './run-order';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

// Digit Span's engine on the task contract (engine: its own engine with its effects in
// the contract's words) records what Digit Span's own engine records from the same events, and
// keys its scenes by the list, so an onset names what was presented and the keypad is redrawn in
// place as the answer changes.

type Effect = EngineEffect<Scene, Prompt, Trial>;

/** A Digit Span event in the contract's words, with the engine in `state`. */
function contractEventOf(event: Event, state: State): EngineEvent<Input> {
  switch (event.type) {
    case 'KEY':
      return { type: 'INPUT', atMs: event.atMs, modality: event.modality, input: event.key };
    case 'ONSET': {
      if (state.kind !== 'trial') throw new Error('An onset outside a list');
      const list = positionKey(state.trial.planned);
      const { shown } = event;
      const what =
        shown.kind === 'digit'
          ? `digit:${shown.index}`
          : shown.kind === 'blank'
            ? `off:${shown.index}`
            : shown.kind;
      return { type: 'ONSET', key: `${list}:${what}`, atMs: event.atMs, method: event.method };
    }
    default:
      return event;
  }
}

/** The contract engine of a run, driven by hand. */
const digitSpanRun = (config: Config, seed: string) =>
  contractRun(engine.forRun(config, plan(seed, config)));

const KEYS: Key[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

describe("Digit Span's engine on the task contract", () => {
  it('records what the Digit Span engine records from the same events, both directions', () => {
    const rng = createRng('behaviour');
    for (const config of [
      DEFAULT_CONFIG,
      ConfigSchema.parse({ directions: 'both', digitOnMs: 300, digitOffMs: 50 }),
    ]) {
      const seed = 'contract-equivalence';
      const session = runVirtualSession({
        config,
        plan: plan(seed, config),
        timeOriginMs: CONTRACT_RUN_TIME_ORIGIN_MS,
        startMs: 0,
        introMs: 1000,
        feedbackMs: 1500,
        behave: (trial) => {
          // Mostly right, now and then a wrong digit, a correction, an empty submit or none.
          const keys: Key[] = parseDigits(trial.expected).map(
            (digit) => (rng() < 0.1 ? KEYS[Math.floor(rng() * 9)] : String(digit)) as Key,
          );
          if (rng() < 0.2) keys.splice(1, 0, '5', 'backspace');
          if (rng() < 0.05) keys.splice(0, keys.length, 'submit');
          if (rng() < 0.95) keys.push('submit');
          let atMs = 0;
          return {
            keys: keys.map((key) => {
              atMs += 200 + rng() * 500;
              return { key, afterPadMs: atMs };
            }),
            onsetLateMs: () => rng() * 12,
            interrupted: rng() < 0.03,
          };
        },
      });
      expect(session.trials.length).toBeGreaterThan(8);
      const run = digitSpanRun(config, seed);
      run.replay(session.events, contractEventOf);
      expect(run.records()).toEqual(session.trials);
      expect(run.effects.at(-1)).toEqual({ type: 'FINISHED' });
      expect(run.engine.progress(run.state)).toBeNull();
    }
  });

  it("prompts with the part's intro, keys a list's scenes by it, and redraws the keypad with the answer", () => {
    const config = DEFAULT_CONFIG;
    const run = digitSpanRun(config, 'keys');
    expect(run.effects).toEqual([
      {
        type: 'PROMPT',
        prompt: {
          kind: 'intro',
          position: { phase: 'practice', block: 0, trialNumber: 0 },
          resumed: false,
          practice: null,
        },
        getReadyMs: GET_READY_MS,
      },
    ]);
    const [ready] = run.send({ type: 'START', atMs: 1000 });
    expect(ready).toEqual({
      type: 'PRESENT',
      key: 'practice:0:0:ready',
      scene: { kind: 'ready', position: { phase: 'practice', block: 0, trialNumber: 0 } },
      dueAtMs: 1000,
      timing: 'frame',
    });
    expect(run.engine.presenting(run.state)).toBe(true);
    const first = run.send({
      type: 'ONSET',
      key: 'practice:0:0:ready',
      atMs: 1010,
      method: 'element-timing',
    });
    expect(first.map((e) => e.type === 'PRESENT' && e.key)).toEqual([
      'practice:0:0:blank',
      'practice:0:0:digit:0',
    ]);
    const d0 = (first[1] as Extract<Effect, { type: 'PRESENT' }>).dueAtMs as number;
    const rest = run.send({
      type: 'ONSET',
      key: 'practice:0:0:digit:0',
      atMs: d0,
      method: 'element-timing',
    });
    const presents = rest.filter((e) => e.type === 'PRESENT');
    expect(presents.at(-1)).toMatchObject({
      key: 'practice:0:0:pad',
      scene: { kind: 'pad', entered: [], confirmEmpty: false },
    });
    for (const effect of presents) {
      if (effect.type !== 'PRESENT') continue;
      run.send({
        type: 'ONSET',
        key: effect.key,
        atMs: effect.dueAtMs as number,
        method: 'element-timing',
      });
    }
    // The keypad is up: a key redraws it at once with the answer so far.
    const padMs = presents.at(-1)?.type === 'PRESENT' ? (presents.at(-1)?.dueAtMs as number) : 0;
    expect(
      run.send({ type: 'INPUT', atMs: padMs + 400, modality: 'keyboard', input: '7' }),
    ).toEqual([
      {
        type: 'PRESENT',
        key: 'practice:0:0:pad',
        scene: {
          kind: 'pad',
          position: { phase: 'practice', block: 0, trialNumber: 0 },
          entered: [7],
          confirmEmpty: false,
        },
        dueAtMs: null,
        timing: 'frame',
      },
    ]);
    // Submitted: the record, then the feedback to go on from.
    const end = run.send({
      type: 'INPUT',
      atMs: padMs + 900,
      modality: 'keyboard',
      input: 'submit',
    });
    expect(end.map((e) => e.type)).toEqual(['RECORD', 'PROMPT']);
    expect(end[1]).toMatchObject({ prompt: { kind: 'feedback' }, getReadyMs: 300 });
    expect(run.engine.presenting(run.state)).toBe(false);
  });

  it('reads no onset of another list or of a scene it did not ask about', () => {
    const run = digitSpanRun(DEFAULT_CONFIG, 'others');
    run.send({ type: 'START', atMs: 1000 });
    const before = run.state;
    for (const key of ['test:0:3:ready', 'practice:0:0:blank', 'practice:0:0:feedback']) {
      expect(run.send({ type: 'ONSET', key, atMs: 1010, method: 'element-timing' })).toEqual([]);
    }
    expect(run.state).toBe(before);
  });
});

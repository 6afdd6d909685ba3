import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../engine';
import { createRng } from '../shared/random';
import { CONTRACT_RUN_TIME_ORIGIN_MS, contractRun } from '../shared/testing/contract-run';
import { type Config, DEFAULT_CONFIG } from './config';
import { type Event, engine, type Input, type State } from './engine';
import { plan } from './plan';
import { runVirtualSession } from './virtual-runtime';

// The PVT's engine on the task contract (engine: its own engine with its effects in the
// contract's words) records what the PVT's own engine records from the same events, and keys
// its scenes so that the host freezes the counter in place and calls off a counter still due.

/**
 * A PVT event in the contract's words, with the engine in `state`: counters are scenes keyed by
 * their phase and plan draw.
 */
function contractEventOf(event: Event, state: State): EngineEvent<Input> {
  const counterKey = (draw: number) =>
    `counter:${state.kind === 'trial' ? state.trial.position.phase : 'none'}:${draw}`;
  switch (event.type) {
    case 'PRESS':
      return { type: 'INPUT', atMs: event.atMs, modality: event.modality, input: 'space' };
    case 'DRAWN':
      return { type: 'DRAWN', key: counterKey(event.draw), atMs: event.atMs };
    case 'ONSET':
      return { ...event, key: counterKey(event.draw) };
    default:
      return event;
  }
}

/** The contract engine of a run, driven by hand. */
const pvtRun = (config: Config, seed: string) =>
  contractRun(engine.forRun(config, plan(seed, config)));

describe("the PVT's engine on the task contract", () => {
  it('records what the PVT engine records from the same events, false starts and timeouts', () => {
    const config: Config = { ...DEFAULT_CONFIG, variant: 'PVT-B', durationS: 180 };
    const seed = 'contract-equivalence';
    const rng = createRng('behaviour');
    const session = runVirtualSession({
      config,
      plan: plan(seed, config),
      timeOriginMs: CONTRACT_RUN_TIME_ORIGIN_MS,
      startMs: 0,
      introMs: 1000,
      behave: () => {
        const roll = rng();
        return {
          // Now and then a false start, a timeout, a lapse, a press in the feedback, a late
          // counter or lost focus.
          falseStartAfterMs: roll < 0.1 ? 100 + rng() * 500 : undefined,
          rtMs: roll < 0.15 ? null : roll < 0.25 ? 500 + rng() * 400 : 180 + rng() * 200,
          extraPressesAfterMs: rng() < 0.1 ? [200] : [],
          onsetLateMs: rng() < 0.2 ? -4 : rng() * 12,
          interrupted: rng() < 0.03,
        };
      },
    });
    const kinds = new Set(session.effects.map((e) => e.type));
    expect(kinds).toContain('SHOW_TOO_SOON');
    expect(kinds).toContain('SHOW_TIMEOUT');

    const run = pvtRun(config, seed);
    run.replay(session.events, contractEventOf);
    expect(run.records()).toEqual(session.trials);
    expect(run.effects.at(-1)).toEqual({ type: 'FINISHED' });
    expect(run.engine.progress(run.state)).toBeNull();
  });

  it('prompts with the intro, freezes the counter under its key, and blanks at the due time', () => {
    const config: Config = { ...DEFAULT_CONFIG, habituationTrials: 2 };
    const run = pvtRun(config, 'keys');
    expect(run.effects).toEqual([
      {
        type: 'PROMPT',
        prompt: {
          position: { phase: 'habituation', block: 0, trialNumber: 0 },
          resumed: false,
          remainingMs: null,
        },
        getReadyMs: 0,
      },
    ]);
    expect(run.engine.presenting(run.state)).toBe(false);
    const [counter] = run.send({ type: 'START', atMs: 1000 });
    if (counter?.type !== 'PRESENT') throw new Error('no counter');
    expect(counter).toMatchObject({
      key: 'counter:habituation:0',
      scene: { kind: 'counter', draw: 0, frozenMs: null },
      timing: 'frame',
    });
    expect(run.engine.presenting(run.state)).toBe(true);
    expect(run.engine.progress(run.state)).toEqual({
      position: { phase: 'habituation', block: 0, trialNumber: 0 },
      trialsInBlock: 2,
      isReminder: false,
    });
    const onsetMs = counter.dueAtMs as number;
    run.send({ type: 'DRAWN', key: 'counter:habituation:0', atMs: onsetMs - 8 });
    run.send({
      type: 'ONSET',
      key: 'counter:habituation:0',
      atMs: onsetMs,
      method: 'element-timing',
    });
    // Onsets of other scenes are not the counter's.
    expect(
      run.send({ type: 'ONSET', key: 'blank:5', atMs: onsetMs, method: 'animation-frame' }),
    ).toEqual([]);
    expect(
      run.send({ type: 'INPUT', atMs: onsetMs + 250, modality: 'keyboard', input: 'space' }),
    ).toEqual([
      {
        type: 'PRESENT',
        key: 'counter:habituation:0',
        scene: { ...counter.scene, frozenMs: 250 },
        dueAtMs: null,
        timing: 'frame',
      },
    ]);
    const due = run.engine.nextDueMs(run.state) as number;
    const end = run.send({ type: 'TICK', atMs: due });
    const feedbackEndMs = onsetMs + 250 + config.feedbackMs;
    expect(end.map((e) => e.type)).toEqual(['RECORD', 'PRESENT', 'PRESENT']);
    expect(end[1]).toEqual({
      type: 'PRESENT',
      key: `blank:${feedbackEndMs}`,
      scene: { kind: 'blank' },
      dueAtMs: feedbackEndMs,
      timing: 'frame',
    });
    expect(end[2]).toMatchObject({
      key: 'counter:habituation:1',
      scene: { kind: 'counter', draw: 1 },
    });
  });

  it("calls off a counter still due at a false start, and shows 'Too soon!' at once", () => {
    const run = pvtRun(DEFAULT_CONFIG, 'false-start');
    run.send({ type: 'START', atMs: 1000 });
    const effects = run.send({ type: 'INPUT', atMs: 1500, modality: 'touch', input: 'tap' });
    expect(effects).toEqual([
      { type: 'WITHDRAW', key: 'counter:habituation:0' },
      {
        type: 'PRESENT',
        key: 'too-soon:habituation:0',
        scene: { kind: 'too-soon' },
        dueAtMs: null,
        timing: 'frame',
      },
    ]);
    // The next foreperiod (the plan's next draw) follows 'Too soon!'.
    const due = run.engine.nextDueMs(run.state) as number;
    const restart = run.send({ type: 'TICK', atMs: due });
    expect(restart.map((e) => e.type === 'PRESENT' && e.key)).toEqual([
      `blank:${1500 + DEFAULT_CONFIG.feedbackMs}`,
      'counter:habituation:1',
    ]);
  });
});

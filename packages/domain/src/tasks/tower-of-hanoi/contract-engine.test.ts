import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../engine';
import { createRng } from '../shared/random';
import { CONTRACT_RUN_TIME_ORIGIN_MS, contractRun } from '../shared/testing/contract-run';
import { type Config, DEFAULT_CONFIG } from './config';
import { engine, type Input, type State, type StepEvent } from './engine';
import { chooseMove } from './participant';
import { plan } from './plan';
import { positionKey } from './run-order';
import { runVirtualSession } from './virtual-runtime';

// The Tower of Hanoi's engine on the task contract (engine: its own engine with its
// effects in the contract's words) records what its own engine records from the same events,
// shows the problem as one scene changed by every board event, and gives a problem begun before
// a reload (the open position) again from its start.

/** A Tower of Hanoi event in the contract's words, with the engine in `state`. */
function contractEventOf(event: StepEvent, state: State): EngineEvent<Input> {
  if (event.type !== 'ONSET') return event;
  if (state.kind !== 'problem') throw new Error('An onset outside a problem');
  const key = `${positionKey(state.current.position)}:problem`;
  return { type: 'ONSET', key, atMs: event.atMs, method: event.method };
}

/** The contract engine of a run, driven by hand, in the mouse's mode. */
const towerOfHanoiRun = (
  config: Config,
  seed: string,
  openPosition: { phase: string; block: number; trialNumber: number } | null = null,
) =>
  contractRun(engine.forRun(config, plan(seed, config)), {
    inputModality: 'mouse',
    openPosition,
  });

describe("the Tower of Hanoi's engine on the task contract", () => {
  it('records what the Tower of Hanoi engine records from the same events, time limits included', () => {
    const config: Config = {
      ...DEFAULT_CONFIG,
      problemSet: 'random',
      randomProblems: 4,
      timeLimitS: 20,
    };
    const seed = 'contract-equivalence';
    const rng = createRng('behaviour');
    const session = runVirtualSession({
      config,
      plan: plan(seed, config),
      timeOriginMs: CONTRACT_RUN_TIME_ORIGIN_MS,
      startMs: 0,
      introMs: 2000,
      resultMs: 1500,
      inputModality: 'mouse',
      behave: (_position, problem) => {
        const queue: { input: Input; afterMs: number }[] = [];
        return ({ board }) => {
          if (queue.length === 0 && board.lifted === null) {
            // Now and then an error, a disc put back, or a long pause that runs out the time.
            const [from, to] = chooseMove(rng, board.position, problem.goal, 0.3);
            const pause = rng() < 0.05 ? 25_000 : 300 + rng() * 900;
            queue.push({ input: { kind: 'peg', peg: from }, afterMs: pause });
            if (rng() < 0.1) queue.push({ input: { kind: 'cancel' }, afterMs: 300 });
            else queue.push({ input: { kind: 'peg', peg: to }, afterMs: 200 + rng() * 400 });
          }
          return queue.shift() ?? null;
        };
      },
    });
    expect(session.trials.length).toBeGreaterThan(3);
    expect(session.trials.some((trial) => !trial.solved)).toBe(true);
    const run = towerOfHanoiRun(config, seed);
    run.replay(session.events, contractEventOf);
    expect(run.records()).toEqual(session.trials);
    expect(run.effects.at(-1)).toEqual({ type: 'FINISHED' });
    expect(run.engine.progress(run.state)).toBeNull();
  });

  it('shows the problem at once, changes that scene with each board event, and prompts the result', () => {
    const run = towerOfHanoiRun(DEFAULT_CONFIG, 'scenes');
    expect(run.effects).toEqual([
      {
        type: 'PROMPT',
        prompt: {
          kind: 'intro',
          next: { phase: 'practice', block: 0, trialNumber: 0 },
          resumed: false,
          restarting: false,
        },
        getReadyMs: 0,
      },
    ]);
    const [shown] = run.send({ type: 'START', atMs: 1000 });
    if (shown?.type !== 'PRESENT') throw new Error('no problem');
    expect(shown).toMatchObject({
      key: 'practice:0:0:problem',
      dueAtMs: null,
      scene: { kind: 'problem', event: null, eventCount: 0, board: { moves: 0, attempt: 1 } },
    });
    expect(run.engine.presenting(run.state)).toBe(true);
    expect(run.engine.progress(run.state)).toEqual({
      position: { phase: 'practice', block: 0, trialNumber: 0 },
      trialsInBlock: 1,
      isReminder: false,
    });
    run.send({ type: 'ONSET', key: 'practice:0:0:problem', atMs: 1016, method: 'element-timing' });
    // The same peg twice: a disc lifted, then put back; each a new scene under the same key.
    const { problem } = shown.scene;
    const from = ([1, 2, 3] as const).find((peg) =>
      chooseMove(createRng('x'), problem.start, problem.goal, 0).includes(peg),
    ) as 1 | 2 | 3;
    const lift = run.send({
      type: 'INPUT',
      atMs: 2000,
      modality: 'mouse',
      input: { kind: 'peg', peg: from },
    });
    const putBack = run.send({
      type: 'INPUT',
      atMs: 2500,
      modality: 'mouse',
      input: { kind: 'cancel' },
    });
    for (const [effects, count] of [
      [lift, 1],
      [putBack, 2],
    ] as const) {
      expect(effects).toHaveLength(1);
      expect(effects[0]).toMatchObject({
        type: 'PRESENT',
        key: 'practice:0:0:problem',
        dueAtMs: null,
        scene: { eventCount: count },
      });
    }
  });

  it('gives the open position again from its start, flagged restarted', () => {
    const config = DEFAULT_CONFIG;
    const run = towerOfHanoiRun(config, 'open', { phase: 'practice', block: 0, trialNumber: 0 });
    expect(run.effects[0]).toMatchObject({
      type: 'PROMPT',
      prompt: { kind: 'intro', restarting: true },
    });
  });
});

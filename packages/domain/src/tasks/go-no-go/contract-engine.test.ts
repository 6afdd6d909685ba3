import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { SOA_GET_READY_MS } from '../shared/soa-task-engine';
import { CONTRACT_RUN_TIME_ORIGIN_MS, soaContractRun } from '../shared/testing/soa-contract-run';
import { type Config, DEFAULT_CONFIG } from './config';
import { engine, type Input } from './engine';
import { plan } from './plan';
import { runVirtualSession } from './virtual-runtime';

// Go/No-Go's engine on the task contract (engine: the shared fixed-SOA engine behind
// soaEngine) records what Go/No-Go's own engine records from the same page, repeated practice
// rounds included, and prompts each block with the round that came before.

const contractRun = (config: Config, seed: string) =>
  soaContractRun(engine.forRun(config, plan(seed, config)));

describe("Go/No-Go's engine on the task contract", () => {
  it('records what the Go/No-Go engine records from the same events, practice rounds and test', () => {
    const config: Config = { ...DEFAULT_CONFIG, testTrials: 60 };
    const seed = 'contract-equivalence';
    const planned = plan(seed, config);
    const rng = createRng('behaviour');
    const session = runVirtualSession({
      config,
      plan: planned,
      timeOriginMs: CONTRACT_RUN_TIME_ORIGIN_MS,
      startMs: 2000,
      introMs: 3000,
      behave: (trial) => ({
        // Often wrong in practice, so that a round is repeated; late or double now and then.
        pressesAfterOnsetMs:
          rng() < (trial.phase === 'practice' ? 0.5 : 0.8)
            ? rng() < 0.1
              ? [200 + rng() * 200, 600 + rng() * 200]
              : [150 + rng() * 700]
            : [],
        onsetLateMs: rng() < 0.2 ? -4 : rng() * 12,
        interrupted: rng() < 0.02,
      }),
    });
    const run = contractRun(config, seed);
    run.replay(session.events, (): Input => 'space');
    expect(run.records()).toEqual(session.trials);
    expect(run.records().filter((t) => t.phase === 'test')).toHaveLength(60);
    expect(run.effects.at(-1)).toEqual({ type: 'FINISHED' });
    // Every intro after the first names the practice round before it.
    const prompts = run.effects.flatMap((e) => (e.type === 'PROMPT' ? [e] : []));
    expect(prompts[0]).toMatchObject({
      prompt: { roundResult: null },
      getReadyMs: SOA_GET_READY_MS,
    });
    for (const prompt of prompts.slice(1)) {
      expect(prompt.prompt.roundResult).toMatchObject({ total: config.practiceTrials });
    }
  });

  it('draws a blank at each offset and feedback after each practice trial', () => {
    const config: Config = { ...DEFAULT_CONFIG, practiceTrials: 4, testTrials: 10 };
    const run = contractRun(config, 'scenes');
    run.send({ type: 'START', atMs: 1000 });
    for (let k = 0; k < 4; k++) {
      run.presentOnTime();
      run.send({ type: 'TICK', atMs: run.engine.nextDueMs(run.state) as number });
      run.send({ type: 'TICK', atMs: run.engine.nextDueMs(run.state) as number });
    }
    const presented = run.effects.flatMap((e) =>
      e.type === 'PRESENT' ? [`${e.key} ${e.scene.kind}`] : [],
    );
    expect(presented.slice(0, 3)).toEqual([
      'practice:0:0 stimulus',
      'practice:0:0:offset offset',
      'practice:0:0:feedback feedback',
    ]);
    const offsets = run.effects.flatMap((e) =>
      e.type === 'PRESENT' && e.scene.kind === 'offset' ? [e.scene.offset] : [],
    );
    expect(offsets.every((offset) => offset === null)).toBe(true);
  });
});

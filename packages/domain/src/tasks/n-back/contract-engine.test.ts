import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import type { SoaPress } from '../shared/soa-engine';
import { CONTRACT_RUN_TIME_ORIGIN_MS, soaContractRun } from '../shared/testing/soa-contract-run';
import { blockNumber, type Config, DEFAULT_CONFIG } from './config';
import { engine } from './engine';
import { plan } from './plan';
import type { Response } from './trial';
import { runVirtualSession } from './virtual-runtime';

// N-back's engine on the task contract (engine: the shared fixed-SOA engine behind
// soaEngine) records what N-back's own engine records from the same page, and shows a resumed
// block's last letters again first.

const contractRun = (config: Config, seed: string) =>
  soaContractRun(engine.forRun(config, plan(seed, config)));

describe("N-back's engine on the task contract", () => {
  it('records what the N-back engine records from the same events, every level', () => {
    const config: Config = { ...DEFAULT_CONFIG, levels: '1-2', blocksPerLevel: 1 };
    const seed = 'contract-equivalence';
    const rng = createRng('behaviour');
    const session = runVirtualSession({
      config,
      plan: plan(seed, config),
      timeOriginMs: CONTRACT_RUN_TIME_ORIGIN_MS,
      startMs: 2000,
      introMs: 3000,
      behave: (trial) => ({
        presses:
          rng() < 0.9
            ? [
                {
                  afterOnsetMs: 300 + rng() * 1200,
                  answer: rng() < 0.8 === (trial.isTarget === true) ? 'match' : 'no-match',
                },
              ]
            : [],
        onsetLateMs: rng() < 0.2 ? -4 : rng() * 12,
        interrupted: rng() < 0.02,
      }),
    });
    const run = contractRun(config, seed);
    run.replay(session.events, (press: SoaPress<{ response: Response }>) => press.response);
    expect(run.records()).toEqual(session.trials);
    expect(run.records().some((t) => t.phase === 'test')).toBe(true);
    expect(run.effects.at(-1)).toEqual({ type: 'FINISHED' });
  });

  it('prompts a block resumed inside with its last n letters as reminders', () => {
    const config: Config = { ...DEFAULT_CONFIG, levels: '2' };
    // Five letters of 2-back practice's first round saved: the round goes on at the sixth.
    const block = blockNumber(2, 0);
    const saved = [0, 1, 2, 3, 4].map((trialNumber) => ({
      phase: 'practice',
      block,
      trialNumber,
      isCorrect: true,
    }));
    const run = soaContractRun(engine.forRun(config, plan('resume', config)), {
      saved,
    });
    const prompt = run.effects[0];
    if (prompt?.type !== 'PROMPT') throw new Error('no prompt');
    expect(prompt.prompt).toMatchObject({
      position: { phase: 'practice', block, trialNumber: 5 },
      resumed: true,
      reminders: 2,
    });
    // The two letters before the sixth come first, as reminders.
    run.send({ type: 'START', atMs: 1000 });
    expect(run.engine.progress(run.state)).toMatchObject({
      position: { phase: 'practice', block, trialNumber: 3 },
      isReminder: true,
    });
  });
});

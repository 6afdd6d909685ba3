import { describe, expect, it } from 'vitest';
import type { EngineEffect } from '../engine';
import { positionOf } from '../shared/envelope';
import { createRng } from '../shared/random';
import { SOA_GET_READY_MS, soaSceneKey } from '../shared/soa-task-engine';
import { CONTRACT_RUN_TIME_ORIGIN_MS, soaContractRun } from '../shared/testing/soa-contract-run';
import { type Config, DEFAULT_CONFIG, getFontSizePx, NOMINAL_VIEWPORT } from './config';
import { engine, type Input, type Prompt, type Scene } from './engine';
import { type PlannedTrial, type Position, plan, plannedTrialAt } from './plan';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

// The SART's engine on the task contract (engine, the shared fixed-SOA engine behind
// soaEngine) records what the SART's own engine records from the same page: the events of a
// virtual session of the SART engine, said in the contract's words, give the same trials.

type Effect = EngineEffect<Scene, Prompt, Trial>;

/** A SART run of the contract engine driven by hand. */
const contractRun = (config: Config, seed: string) =>
  soaContractRun(engine.forRun(config, plan(seed, config)));

/** The nominal viewport's rendered size of a digit: what the web task's measure reports. */
const measuredOf = (config: Config, trial: PlannedTrial) => ({
  fontSizePx: getFontSizePx(config, trial.fontSizeIndex, NOMINAL_VIEWPORT),
  devicePixelRatio: NOMINAL_VIEWPORT.devicePixelRatio,
});

describe("the SART's engine on the task contract", () => {
  it('records what the SART engine records from the same events, practice and test', () => {
    const config: Config = { ...DEFAULT_CONFIG, repsPerDigit: 10 };
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
        // Go digits mostly pressed, now and then twice or late; no-go digits now and then.
        pressesAfterOnsetMs:
          trial.isNogo && rng() < 0.6
            ? []
            : rng() < 0.1
              ? [250 + rng() * 300, 700 + rng() * 300]
              : rng() < 0.9
                ? [180 + rng() * 900]
                : [],
        onsetLateMs: rng() < 0.2 ? -4 : rng() * 12,
        interrupted: rng() < 0.02,
      }),
    });
    expect(session.trials.length).toBe(config.practiceTrials + 90);

    const run = contractRun(config, seed);
    run.replay(
      session.events,
      (): Input => 'space',
      (trial) => measuredOf(config, trial),
    );
    expect(run.records()).toEqual(session.trials);
    expect(run.effects.at(-1)).toEqual({ type: 'FINISHED' });
    expect(run.engine.progress(run.state)).toBeNull();
  });

  it("prompts each block with the practice's result, and a second's get-ready", () => {
    const config: Config = { ...DEFAULT_CONFIG, practiceTrials: 9, repsPerDigit: 2 };
    const run = contractRun(config, 'prompts');
    expect(run.effects).toEqual([
      {
        type: 'PROMPT',
        prompt: {
          position: { phase: 'practice', block: 0, trialNumber: 0 },
          resumed: false,
          reminders: 0,
          roundResult: null,
        },
        getReadyMs: SOA_GET_READY_MS,
      },
    ]);
    expect(run.engine.presenting(run.state)).toBe(false);
    run.send({ type: 'START', atMs: 1000 });
    expect(run.engine.presenting(run.state)).toBe(true);
    // Every practice digit presented on time and left alone: go digits are errors.
    while (run.state.soa.kind !== 'waiting' && run.state.soa.kind !== 'finished') {
      run.presentOnTime();
      const due = run.engine.nextDueMs(run.state);
      if (due === null) throw new Error('stuck');
      run.send({ type: 'TICK', atMs: due });
    }
    const prompt = run.effects.at(-1);
    // Left alone, the no-go digits are right and the go digits wrong.
    const correct = run.records().filter((trial) => trial.isNogo).length;
    expect(run.records().filter((trial) => trial.isCorrect).length).toBe(correct);
    expect(prompt).toEqual({
      type: 'PROMPT',
      prompt: {
        position: { phase: 'test', block: 0, trialNumber: 0 },
        resumed: false,
        reminders: 0,
        roundResult: { correct, total: 9 },
      },
      getReadyMs: SOA_GET_READY_MS,
    });
    // Feedback after each practice trial (a blank after a right one), at once, keyed by it.
    const feedback = run.effects.filter(
      (e): e is Extract<Effect, { type: 'PRESENT' }> =>
        e.type === 'PRESENT' && e.scene.kind === 'feedback',
    );
    expect(feedback.map((e) => [e.key, e.dueAtMs])).toEqual(
      Array.from({ length: 9 }, (_, k) => [`practice:0:${k}:feedback`, null]),
    );
    expect(feedback.map((e) => e.scene.kind === 'feedback' && e.scene.feedback)).toEqual(
      run.records().map((trial) => (trial.isNogo ? 'none' : 'omission')),
    );
    expect(run.engine.progress(run.state)).toEqual({
      position: { phase: 'test', block: 0, trialNumber: 0 },
      trialsInBlock: 18,
      isReminder: false,
    });
  });

  it('takes a digit presented before its TICK as its onset once its trial is on', () => {
    const config: Config = { ...DEFAULT_CONFIG, practiceEnabled: false };
    const late = contractRun(config, 'early');
    const early = contractRun(config, 'early');
    for (const run of [late, early]) run.send({ type: 'START', atMs: 1000 });
    const first = (run: typeof late) => {
      const { soa } = run.state;
      if (soa.kind !== 'trial') throw new Error('no trial');
      return soa.trial;
    };
    for (const run of [late, early]) {
      run.send({
        type: 'ONSET',
        key: soaSceneKey(first(run).planned),
        atMs: first(run).dueAtMs,
        method: 'element-timing',
      });
    }
    const dueMs = late.engine.nextDueMs(late.state) as number;
    const secondKey = 'test:0:1';
    // Presented 3 ms before its due time: reported after the TICK, or before it.
    late.send({ type: 'TICK', atMs: dueMs });
    late.send({ type: 'ONSET', key: secondKey, atMs: dueMs - 3, method: 'element-timing' });
    early.send({ type: 'ONSET', key: secondKey, atMs: dueMs - 3, method: 'element-timing' });
    expect(early.state.early).toEqual({
      key: secondKey,
      onset: { atMs: dueMs - 3, method: 'element-timing' },
    });
    early.send({ type: 'TICK', atMs: dueMs });
    expect(early.state.early).toBeNull();
    expect(early.state.soa).toEqual(late.state.soa);
    expect(early.effects).toEqual(late.effects);
  });

  it("turns a go digit's mask green when a press for it arrives, during the digit or the mask", () => {
    const config: Config = {
      ...DEFAULT_CONFIG,
      practiceEnabled: false,
      maskFeedback: true,
    };
    const planned = plan('mask', config);
    const go = Array.from({ length: 9 }, (_, trialNumber) =>
      plannedTrialAt(planned, config, { phase: 'test', block: 0, trialNumber }),
    ).findIndex((trial) => trial?.isNogo === false);
    const run = contractRun(config, 'mask');
    run.send({ type: 'START', atMs: 1000 });
    // Up to the go digit, every digit presented on time.
    for (;;) {
      const { soa } = run.state;
      if (soa.kind !== 'trial') throw new Error('no trial');
      run.presentOnTime();
      if (soa.trial.planned.trialNumber === go) break;
      run.send({ type: 'TICK', atMs: run.engine.nextDueMs(run.state) as number });
    }
    const { soa } = run.state;
    if (soa.kind !== 'trial' || !soa.trial.onset) throw new Error('no onset');
    const onset = soa.trial.onset.atMs;
    const mask = run.effects.at(-1);
    expect(mask).toEqual({
      type: 'PRESENT',
      key: `test:0:${go}:offset`,
      scene: { kind: 'offset', trial: soa.trial.planned, offset: { pressed: false } },
      dueAtMs: onset + config.digitMs,
      timing: 'frame',
    });
    const after = run.send({
      type: 'INPUT',
      atMs: onset + 400,
      modality: 'keyboard',
      input: 'space',
    });
    expect(after).toEqual([
      {
        type: 'PRESENT',
        key: `test:0:${go}:offset`,
        scene: { kind: 'offset', trial: soa.trial.planned, offset: { pressed: true } },
        dueAtMs: null,
        timing: 'frame',
      },
    ]);
    // A second press changes nothing on the screen.
    expect(
      run.send({ type: 'INPUT', atMs: onset + 500, modality: 'keyboard', input: 'space' }),
    ).toEqual([]);
  });

  it('records the font size the page measured, and the nominal one where it measured none', () => {
    const config: Config = { ...DEFAULT_CONFIG, practiceEnabled: false, repsPerDigit: 2 };
    const run = contractRun(config, 'measured');
    run.send({ type: 'START', atMs: 1000 });
    let measure = true;
    while (run.state.soa.kind !== 'finished') {
      const { soa } = run.state;
      if (soa.kind === 'trial' && !soa.trial.onset) {
        run.presentOnTime(measure ? { fontSizePx: 77.5, devicePixelRatio: 2 } : undefined);
        measure = !measure;
      }
      run.send({ type: 'TICK', atMs: run.engine.nextDueMs(run.state) as number });
    }
    const records = run.records();
    expect(
      records.filter((_, k) => k % 2 === 0).map((t) => [t.fontSizePx, t.devicePixelRatio]),
    ).toEqual(Array(9).fill([77.5, 2]));
    const planned = plan('measured', config);
    expect(records.filter((_, k) => k % 2 === 1).map((t) => t.fontSizePx)).toEqual(
      records
        .filter((_, k) => k % 2 === 1)
        .map(
          (t) =>
            measuredOf(
              config,
              plannedTrialAt(planned, config, positionOf(t) as Position) as PlannedTrial,
            ).fontSizePx,
        ),
    );
  });
});

import { savedTrialWithFields, storedTrialOf } from '@cogni/domain';
import * as pvt from '@cogni/domain/tasks/pvt';
import { describe, expect, it } from 'vitest';
import { readConfig, toSavedTrial } from './to-run';

/**
 * PVT runs stored before intervalFrom existed (task version 1.0.0): their stored configuration
 * lacks it and is read as 'feedbackEnd', the timing they ran with (the interval before each
 * counter counted from the end of the feedback), so a run in progress is checked against its own
 * plan, resumes where it stopped, and scores; new runs store the setting ('response').
 */
describe('PVT runs stored before intervalFrom', () => {
  const { intervalFrom: _added, ...stored1_0 } = pvt.DEFAULT_CONFIG;

  it("reads a stored configuration without the setting as 'feedbackEnd', and one with it as stored", () => {
    expect(readConfig(pvt.pvtTask, { config: stored1_0 })).toEqual({
      ...pvt.DEFAULT_CONFIG,
      intervalFrom: 'feedbackEnd',
    });
    expect(readConfig(pvt.pvtTask, { config: pvt.DEFAULT_CONFIG })).toEqual(pvt.DEFAULT_CONFIG);
    expect(pvt.DEFAULT_CONFIG.intervalFrom).toBe('response');
  });

  it('checks, resumes and scores a stored run against the plan it was drawn with', () => {
    const config = readConfig(pvt.pvtTask, { config: stored1_0 }) as pvt.Config;
    const seed = 'stored-1.0.0';
    const plan = pvt.plan(seed, config);
    const trials = pvt.fixtureRun(seed, config);
    // Each interval from the end of the feedback before it: 1 s after the response before.
    const test = trials.filter((t) => t.phase === 'test');
    for (let k = 1; k < test.length; k++) {
      const before = test[k - 1];
      const trial = test[k];
      if (!before || !trial || before.type === 'timeout') continue;
      expect(trial.startElapsedMs).toBeCloseTo(before.endElapsedMs + 1000, 6);
    }
    for (const trial of trials) expect(pvt.pvtTask.checkTrial(trial, plan, config)).toEqual([]);
    // Saved up to its tenth trial and reloaded: the resume carries the last end plus the feedback.
    const saved = trials
      .slice(0, 10)
      .map((trial) =>
        toSavedTrial(pvt.pvtTask, { ...trial, block: trial.block ?? 0, fields: trial as unknown }),
      );
    const last = trials[9];
    if (!last) throw new Error('no tenth trial');
    expect(pvt.getResumePoint(pvt.resolveConfig(config), saved)).toMatchObject({
      next: { phase: 'test', trialNumber: last.trialNumber + 1 },
      carriedMs: last.endElapsedMs + (last.type === 'timeout' ? 0 : 1000),
    });
    expect(saved).toEqual(
      trials.slice(0, 10).map((t) => savedTrialWithFields(t, pvt.RUN_ORDER_FIELDS)),
    );
    expect(
      pvt.pvtTask.nextPosition(
        config,
        trials.map((t) => savedTrialWithFields(t, pvt.RUN_ORDER_FIELDS)),
      ),
    ).toBeNull();
    const score = pvt.pvtTask.score(
      config,
      trials.map((trial) => storedTrialOf(trial)),
    );
    expect(score.scores.stimuli).toBeGreaterThan(50);
    // Read with the new default timing, its trials would be refused: the reading matters.
    const asNew = pvt.plan(seed, pvt.DEFAULT_CONFIG);
    expect(
      trials.some((trial) => pvt.pvtTask.checkTrial(trial, asNew, pvt.DEFAULT_CONFIG).length > 0),
    ).toBe(true);
  });
});

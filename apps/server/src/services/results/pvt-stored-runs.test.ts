import { savedTrialWithFields, storedTrialOf } from '@cogni/domain';
import {
  DEFAULT_PVT_CONFIG,
  getPvtResumePoint,
  PVT_RUN_ORDER_FIELDS,
  type PvtConfig,
  planPvt,
  pvtFixtureRun,
  pvtTask,
  resolvePvtConfig,
} from '@cogni/domain/tasks/pvt';
import { describe, expect, it } from 'vitest';
import { readConfig, toSavedTrial } from './to-run';

/**
 * PVT runs stored before intervalFrom existed (task version 1.0.0): their stored configuration
 * lacks it and is read as 'feedbackEnd', the timing they ran with (the interval before each
 * counter counted from the end of the feedback), so a run in progress is checked against its own
 * plan, resumes where it stopped, and scores; new runs store the setting ('response').
 */
describe('PVT runs stored before intervalFrom', () => {
  const { intervalFrom: _added, ...stored1_0 } = DEFAULT_PVT_CONFIG;

  it("reads a stored configuration without the setting as 'feedbackEnd', and one with it as stored", () => {
    expect(readConfig(pvtTask, { config: stored1_0 })).toEqual({
      ...DEFAULT_PVT_CONFIG,
      intervalFrom: 'feedbackEnd',
    });
    expect(readConfig(pvtTask, { config: DEFAULT_PVT_CONFIG })).toEqual(DEFAULT_PVT_CONFIG);
    expect(DEFAULT_PVT_CONFIG.intervalFrom).toBe('response');
  });

  it('checks, resumes and scores a stored run against the plan it was drawn with', () => {
    const config = readConfig(pvtTask, { config: stored1_0 }) as PvtConfig;
    const seed = 'stored-1.0.0';
    const plan = planPvt(seed, config);
    const trials = pvtFixtureRun(seed, config);
    // Each interval from the end of the feedback before it: 1 s after the response before.
    const test = trials.filter((t) => t.phase === 'test');
    for (let k = 1; k < test.length; k++) {
      const before = test[k - 1];
      const trial = test[k];
      if (!before || !trial || before.type === 'timeout') continue;
      expect(trial.startElapsedMs).toBeCloseTo(before.endElapsedMs + 1000, 6);
    }
    for (const trial of trials) expect(pvtTask.checkTrial(trial, plan, config)).toEqual([]);
    // Saved up to its tenth trial and reloaded: the resume carries the last end plus the feedback.
    const saved = trials
      .slice(0, 10)
      .map((trial) =>
        toSavedTrial(pvtTask, { ...trial, block: trial.block ?? 0, fields: trial as unknown }),
      );
    const last = trials[9];
    if (!last) throw new Error('no tenth trial');
    expect(getPvtResumePoint(resolvePvtConfig(config), saved)).toMatchObject({
      next: { phase: 'test', trialNumber: last.trialNumber + 1 },
      carriedMs: last.endElapsedMs + (last.type === 'timeout' ? 0 : 1000),
    });
    expect(saved).toEqual(
      trials.slice(0, 10).map((t) => savedTrialWithFields(t, PVT_RUN_ORDER_FIELDS)),
    );
    expect(
      pvtTask.nextPosition(
        config,
        trials.map((t) => savedTrialWithFields(t, PVT_RUN_ORDER_FIELDS)),
      ),
    ).toBeNull();
    const score = pvtTask.score(
      config,
      trials.map((trial) => storedTrialOf(trial)),
    );
    expect(score.scores.stimuli).toBeGreaterThan(50);
    // Read with the new default timing, its trials would be refused: the reading matters.
    const asNew = planPvt(seed, DEFAULT_PVT_CONFIG);
    expect(
      trials.some((trial) => pvtTask.checkTrial(trial, asNew, DEFAULT_PVT_CONFIG).length > 0),
    ).toBe(true);
  });
});

import {
  DEFAULT_STROOP_CONFIG,
  PHASES,
  plannedTrialAt,
  planPhase,
  type StroopCompactPlan,
  StroopConfigSchema,
  stroopTask,
} from '@cogni/domain/tasks/stroop';
import { describe, expect, it } from 'vitest';
import { getPlan, recallRun, rememberRun } from './run-facts';

describe('remembered runs', () => {
  it.each([
    ['the default settings', DEFAULT_STROOP_CONFIG],
    ['other trial counts', StroopConfigSchema.parse({ sampleTrials: 3, testTrials: 200 })],
  ])('give every planned trial exactly as planPhase plans it, with %s', (_, config) => {
    for (const seed of ['0123456789abcdef0123456789abcdef', 'another seed', 'x']) {
      rememberRun(seed, {
        task: stroopTask,
        seed,
        config,
        result: { startTime: new Date(), userId: 'u' },
      });
      const facts = recallRun(seed);
      if (!facts) throw new Error('not remembered');
      // The remembered plan is Stroop's compact plan (one byte a trial).
      const compact = getPlan(facts) as StroopCompactPlan;
      expect(getPlan(facts)).toBe(compact);
      for (const phase of PHASES) {
        const plan = planPhase(seed, phase, config);
        expect(plan.map((t) => plannedTrialAt(compact, phase, t.trialNumber))).toEqual(plan);
        expect(plannedTrialAt(compact, phase, plan.length)).toBeUndefined();
      }
    }
  });

  it('forget nothing they were not told and return what they were', () => {
    expect(recallRun('never-started')).toBeUndefined();
    rememberRun('run-1', {
      task: stroopTask,
      seed: 's',
      config: DEFAULT_STROOP_CONFIG,
      result: { startTime: new Date(), userId: 'u' },
    });
    expect(recallRun('run-1')).toMatchObject({
      task: stroopTask,
      seed: 's',
      config: DEFAULT_STROOP_CONFIG,
    });
  });
});

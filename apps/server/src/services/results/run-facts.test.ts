import * as stroop from '@cogni/domain/tasks/stroop';
import { describe, expect, it } from 'vitest';
import { getPlan, recallRun, rememberRun } from './run-facts';

describe('remembered runs', () => {
  it.each([
    ['the default settings', stroop.DEFAULT_CONFIG],
    ['other trial counts', stroop.ConfigSchema.parse({ sampleTrials: 3, testTrials: 200 })],
  ])('give every planned trial exactly as planPhase plans it, with %s', (_, config) => {
    for (const seed of ['0123456789abcdef0123456789abcdef', 'another seed', 'x']) {
      rememberRun(seed, {
        task: stroop.stroopTask,
        seed,
        config,
        result: { startTime: new Date(), ownerId: 'u' },
      });
      const facts = recallRun(seed);
      if (!facts) throw new Error('not remembered');
      // The remembered plan is Stroop's compact plan (one byte a trial).
      const compact = getPlan(facts) as stroop.CompactPlan;
      expect(getPlan(facts)).toBe(compact);
      for (const phase of stroop.PHASES) {
        const plan = stroop.planPhase(seed, phase, config);
        expect(plan.map((t) => stroop.plannedTrialAt(compact, phase, t.trialNumber))).toEqual(plan);
        expect(stroop.plannedTrialAt(compact, phase, plan.length)).toBeUndefined();
      }
    }
  });

  it('forget nothing they were not told and return what they were', () => {
    expect(recallRun('never-started')).toBeUndefined();
    rememberRun('run-1', {
      task: stroop.stroopTask,
      seed: 's',
      config: stroop.DEFAULT_CONFIG,
      result: { startTime: new Date(), ownerId: 'u' },
    });
    expect(recallRun('run-1')).toMatchObject({
      task: stroop.stroopTask,
      seed: 's',
      config: stroop.DEFAULT_CONFIG,
    });
  });
});

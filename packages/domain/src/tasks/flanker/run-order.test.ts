import { describe, expect, it } from 'vitest';
import { ConfigSchema, DEFAULT_CONFIG } from './config';
import { countTrialsBefore, nextPosition } from './run-order';

const saved = (phase: string, trialNumber: number) => ({
  phase,
  block: 0,
  trialNumber,
  isCorrect: false,
});

describe('the flanker run order', () => {
  it('starts with practice, goes on after the last saved trial, and moves to the test after practice', () => {
    expect(nextPosition(DEFAULT_CONFIG, [])).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 0,
    });
    expect(nextPosition(DEFAULT_CONFIG, [saved('practice', 0), saved('practice', 3)])).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 4,
    });
    expect(nextPosition(DEFAULT_CONFIG, [saved('practice', 7)])).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
    expect(nextPosition(DEFAULT_CONFIG, [saved('test', 95), saved('practice', 2)])).toBeNull();
  });

  it('ignores positions the run cannot have, and starts at the test without practice', () => {
    expect(nextPosition(DEFAULT_CONFIG, [saved('test', 96), saved('warmup', 1)])).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 0,
    });
    const noPractice = ConfigSchema.parse({ practiceTrials: 0 });
    expect(nextPosition(noPractice, [])).toEqual({ phase: 'test', block: 0, trialNumber: 0 });
    expect(countTrialsBefore(DEFAULT_CONFIG, { phase: 'test', block: 0, trialNumber: 5 })).toBe(13);
  });
});

import { describe, expect, it } from 'vitest';
import type { ArrivedTrial, SavedTrial } from '../contract';
import { RUN_ARRIVAL_TOLERANCE_MS } from '../shared/plausibility';
import { DEFAULT_CONFIG } from './config';
import { fixtureRun } from './fixture-run';
import {
  findEarlyArrival,
  findRunImplausibility,
  getMinimumArrivalMs,
  getTrialFlags,
} from './plausibility';
import { getNextPosition } from './run-order';

const config = DEFAULT_CONFIG;

const saved = (phase: 'practice' | 'test', count: number): SavedTrial[] =>
  Array.from({ length: count }, (_, i) => ({
    phase,
    block: 0,
    trialNumber: i,
    isCorrect: i % 3 > 0,
  }));

describe('getNextPosition', () => {
  it('starts with practice, or with the test when practice is off', () => {
    expect(getNextPosition(config, [])).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 0,
    });
    expect(getNextPosition({ ...config, practiceEnabled: false }, [])).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
  });

  it('continues after the last saved trial, and goes to the test after practice whatever its accuracy', () => {
    expect(getNextPosition(config, saved('practice', 7).reverse())).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 7,
    });
    const wrong = saved('practice', 18).map((t) => ({ ...t, isCorrect: false }));
    expect(getNextPosition(config, wrong)).toEqual({ phase: 'test', block: 0, trialNumber: 0 });
    expect(getNextPosition(config, [...saved('practice', 18), ...saved('test', 100)])).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 100,
    });
    expect(getNextPosition(config, [...saved('practice', 18), ...saved('test', 225)])).toBeNull();
  });

  it('ignores positions the run cannot have', () => {
    const bogus: SavedTrial[] = [
      { phase: 'test', block: 1, trialNumber: 5, isCorrect: true },
      { phase: 'test', block: 0, trialNumber: 225, isCorrect: true },
      { phase: 'warmup', block: 0, trialNumber: 0, isCorrect: true },
    ];
    expect(getNextPosition(config, bogus)).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 0,
    });
    const off = { ...config, practiceEnabled: false };
    expect(getNextPosition(off, saved('practice', 3))).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
  });
});

describe('SART plausibility', () => {
  it('flags anticipations only', () => {
    expect(getTrialFlags({ reactionTime: 99.9 })).toEqual(['anticipation']);
    expect(getTrialFlags({ reactionTime: 100 })).toEqual([]);
    expect(getTrialFlags({ reactionTime: null })).toEqual([]);
  });

  it('needs each trial’s period before a trial can arrive: practice 2050 ms, test 1150 ms', () => {
    expect(getMinimumArrivalMs(config, { phase: 'practice', block: 0, trialNumber: 0 })).toBe(1150);
    expect(getMinimumArrivalMs(config, { phase: 'practice', block: 0, trialNumber: 17 })).toBe(
      17 * 2050 + 1150,
    );
    expect(getMinimumArrivalMs(config, { phase: 'test', block: 0, trialNumber: 224 })).toBe(
      18 * 2050 + 224 * 1150 + 1150,
    );
    const off = { ...config, practiceEnabled: false };
    expect(getMinimumArrivalMs(off, { phase: 'test', block: 0, trialNumber: 10 })).toBe(11 * 1150);
  });

  it('refuses a trial that arrives sooner than a person could have taken the run to it', () => {
    const position = { phase: 'test', block: 0, trialNumber: 224 };
    const minimum = 18 * 2050 + 225 * 1150;
    expect(findEarlyArrival(config, position, minimum - RUN_ARRIVAL_TOLERANCE_MS)).toBeNull();
    expect(findEarlyArrival(config, position, minimum - RUN_ARRIVAL_TOLERANCE_MS - 1)).toBe(
      '243 trials arrived within 290.6 s; taking them takes at least 295.6 s',
    );
  });

  it('judges a fixture run sent at its pace plausible, and one sent at once not', () => {
    const runStart = new Date('2026-11-26T10:00:00.000Z');
    const fixture = fixtureRun('plausible', config);
    let elapsedMs = 0;
    const paced: ArrivedTrial[] = fixture.map((t) => {
      elapsedMs += t.phase === 'practice' ? 2050 : 1150;
      return {
        phase: t.phase,
        block: 0,
        trialNumber: t.trialNumber,
        startTime: new Date(t.startTime),
        endTime: new Date(t.endTime),
        arrivedAt: new Date(runStart.getTime() + elapsedMs),
      };
    });
    expect(findRunImplausibility(config, runStart, paced)).toBeNull();
    const rushed = paced.map((t) => ({ ...t, arrivedAt: new Date(runStart.getTime() + 60_000) }));
    expect(findRunImplausibility(config, runStart, rushed)).toMatch(
      /^243 trials arrived within 60\.0 s/,
    );
  });
});

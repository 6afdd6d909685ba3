import { describe, expect, it } from 'vitest';
import type { ArrivedTrial, SavedTrial } from '../contract';
import { RUN_ARRIVAL_TOLERANCE_MS } from '../shared/plausibility';
import { DEFAULT_CONFIG, getBlockCounts, SETTINGS } from './config';
import { fixtureRun } from './fixture-run';
import { plan } from './plan';
import {
  findEarlyArrival,
  findRunImplausibility,
  getMinimumArrivalMs,
  getTrialFlags,
} from './plausibility';
import { getNextPosition } from './run-order';

const config = DEFAULT_CONFIG;

const round = (block: number, correct: number): SavedTrial[] =>
  Array.from({ length: config.practiceTrials }, (_, i) => ({
    phase: 'practice',
    block,
    trialNumber: i,
    isCorrect: i < correct,
  }));

describe('getNextPosition', () => {
  it('starts at practice round 0, trial 0', () => {
    expect(getNextPosition(config, [])).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 0,
    });
  });

  it('continues after the last saved trial in run order, whatever order they are given in', () => {
    const saved = round(0, 10).slice(0, 6).reverse();
    expect(getNextPosition(config, saved)).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 6,
    });
  });

  it('repeats a round below the criterion and goes to the test after one that meets it', () => {
    expect(getNextPosition(config, round(0, 7))).toEqual({
      phase: 'practice',
      block: 1,
      trialNumber: 0,
    });
    expect(getNextPosition(config, round(0, 8))).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
    expect(getNextPosition(config, [...round(0, 0), ...round(1, 9)])).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
  });

  it('goes to the test after the last round allowed, even below the criterion', () => {
    const saved = [...round(0, 0), ...round(1, 0), ...round(2, 0)];
    expect(getNextPosition(config, saved)).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
  });

  it('counts a duplicated save once toward the criterion', () => {
    const saved = [
      ...round(0, 7),
      { phase: 'practice', block: 0, trialNumber: 0, isCorrect: true },
    ];
    expect(getNextPosition(config, saved)).toMatchObject({ phase: 'practice', block: 1 });
  });

  it('ignores positions the run cannot have, and ends after the last test trial', () => {
    const stray: SavedTrial[] = [
      { phase: 'practice', block: 7, trialNumber: 0, isCorrect: true },
      { phase: 'test', block: 1, trialNumber: 0, isCorrect: true },
      { phase: 'sample', block: 0, trialNumber: 0, isCorrect: true },
      { phase: 'test', block: 0, trialNumber: 500, isCorrect: true },
    ];
    expect(getNextPosition(config, stray)).toEqual({
      phase: 'practice',
      block: 0,
      trialNumber: 0,
    });
    const done: SavedTrial[] = [
      ...round(0, 10),
      ...Array.from({ length: config.testTrials }, (_, i) => ({
        phase: 'test',
        block: 0,
        trialNumber: i,
        isCorrect: null,
      })),
    ];
    expect(getNextPosition(config, done)).toBeNull();
  });
});

describe('plausibility by the server clock', () => {
  it('flags an anticipation under 100 ms, and nothing else', () => {
    expect(getTrialFlags({ reactionTime: 99.99 })).toEqual(['anticipation']);
    expect(getTrialFlags({ reactionTime: 100 })).toEqual([]);
    expect(getTrialFlags({ reactionTime: null })).toEqual([]);
  });

  it('needs every earlier SOA and feedback, plus the trial’s own SOA, before a trial arrives', () => {
    // Practice trial: 2500 ms a trial. Round 1 trial 2: 10 x 2500 + 2 x 2500 + 1500.
    expect(getMinimumArrivalMs(config, { phase: 'practice', block: 1, trialNumber: 2 })).toBe(
      31_500,
    );
    // Test trial 10: one practice round (25,000) + 10 x 1500 + 1500.
    expect(getMinimumArrivalMs(config, { phase: 'test', block: 0, trialNumber: 10 })).toBe(41_500);
    const position = { phase: 'test', block: 0, trialNumber: 10 };
    expect(findEarlyArrival(config, position, 41_500 - RUN_ARRIVAL_TOLERANCE_MS)).toBeNull();
    expect(findEarlyArrival(config, position, 30_000)).toBe(
      '21 trials arrived within 30.0 s; taking them takes at least 41.5 s',
    );
    expect(findEarlyArrival(config, { phase: 'test', block: 3, trialNumber: 0 }, 0)).toBeNull();
  });

  /** The fixture run's trials arriving when they end, on the fixture's own clock. */
  function arrivals(paceFactor: number): { runStart: Date; trials: ArrivedTrial[] } {
    const fixture = fixtureRun('plausible', config);
    const first = Date.parse(fixture[0]?.startTime ?? '');
    const runStart = new Date(first - 3000);
    const trials = fixture.map((t) => {
      const ends = Date.parse(t.startTime) + config.soaMs;
      return {
        phase: t.phase,
        block: t.block ?? 0,
        trialNumber: t.trialNumber,
        startTime: new Date(t.startTime),
        endTime: new Date(t.endTime),
        arrivedAt: new Date(runStart.getTime() + (ends - runStart.getTime()) * paceFactor),
      };
    });
    return { runStart, trials };
  }

  it('passes the fixture run taken at its own pace, and flags one sent three times too fast', () => {
    const fair = arrivals(1);
    expect(findRunImplausibility(config, fair.runStart, fair.trials)).toBeNull();
    const fast = arrivals(1 / 3);
    expect(findRunImplausibility(config, fast.runStart, fast.trials)).toMatch(
      /^\d+ trials arrived within .* s; taking them takes at least .* s$/,
    );
  });

  it('flags device times that go backwards by more than a second', () => {
    const { runStart, trials } = arrivals(1);
    const moved = trials.map((t, i) =>
      i === 50 && t.startTime
        ? { ...t, startTime: new Date(t.startTime.getTime() - 4000), endTime: t.endTime }
        : t,
    );
    expect(findRunImplausibility(config, runStart, moved)).toMatch(
      /^Trial times go backwards: .* trial \d+ starts 4\.0 s before the previous trial ended$/,
    );
  });
});

describe('the settings', () => {
  const { schema } = SETTINGS;
  const problems = (value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('are the product defaults, and valid', () => {
    expect(config).toEqual({
      testTrials: 160,
      goProportion: 0.8,
      stimulusMs: 500,
      soaMs: 1500,
      responseWindowMs: 1450,
      practiceTrials: 10,
      practiceCriterion: 0.8,
      practiceMaxRounds: 3,
      feedbackMs: 1000,
      firstGoTrials: 3,
      maxConsecutiveNoGo: 1,
      stimulusSet: 'fill-outline',
      goMapping: 'A',
    });
    expect(getBlockCounts(config, 'test')).toEqual({ trials: 160, go: 128, noGo: 32 });
    expect(getBlockCounts(config, 'practice')).toEqual({ trials: 10, go: 8, noGo: 2 });
  });

  it('refuse a response window not shorter than the SOA and a stimulus longer than it', () => {
    expect(problems({ soaMs: 1000 })).toEqual([
      'responseWindowMs: The response window (1450 ms) must be shorter than the SOA (1000 ms)',
    ]);
    expect(problems({ soaMs: 1450 })).toEqual([
      'responseWindowMs: The response window (1450 ms) must be shorter than the SOA (1450 ms)',
    ]);
    expect(problems({ soaMs: 400, responseWindowMs: 300 })).toEqual([
      'stimulusMs: The stimulus duration (500 ms) must not exceed the SOA (400 ms)',
    ]);
  });

  it('refuse counts that the spacing rules cannot place, on the setting concerned', () => {
    // 20 of 40 no-go trials, never two in a row, 3 leading go: 20 go leave 18 gaps. A practice
    // round (5 of 10 no-go, 5 go) leaves 3.
    expect(problems({ testTrials: 40, goProportion: 0.5 })).toEqual([
      'practiceTrials: A practice round cannot hold 5 no-go trials among 5 go trials with 3 leading go trials and at most 1 no-go in a row (room for 3)',
      'testTrials: The test block cannot hold 20 no-go trials among 20 go trials with 3 leading go trials and at most 1 no-go in a row (room for 18)',
    ]);
    expect(
      schema.safeParse({ testTrials: 40, goProportion: 0.5, maxConsecutiveNoGo: 2 }).success,
    ).toBe(true);
    // 2 practice trials at 80 % go: round(0.4) = 0 no-go trials.
    expect(problems({ practiceTrials: 2 })).toEqual([
      'practiceTrials: A practice round of 2 trials at a go proportion of 0.8 has no no-go trial',
    ]);
    // 4 practice trials at 50 %: 2 go, fewer than the 3 leading go trials.
    expect(problems({ practiceTrials: 4, goProportion: 0.5, maxConsecutiveNoGo: 2 })).toEqual([
      'practiceTrials: A practice round has 2 go trials, fewer than the 3 leading go trials it needs',
    ]);
  });

  it('round the no-go count half up, and the plan refuses a configuration the schema would', () => {
    expect(getBlockCounts({ ...config, testTrials: 10, goProportion: 0.75 }, 'test')).toEqual({
      trials: 10,
      go: 7,
      noGo: 3,
    });
    expect(getBlockCounts({ ...config, testTrials: 10, goProportion: 0.65 }, 'test').noGo).toBe(4);
    expect(() => plan('x', { ...config, soaMs: 1000 })).toThrow(
      'This Go/No-Go configuration cannot be run: The response window (1450 ms) must be shorter than the SOA (1000 ms)',
    );
  });
});

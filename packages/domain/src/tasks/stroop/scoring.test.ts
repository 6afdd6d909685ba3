import { describe, expect, it } from 'vitest';
import { ConfigSchema, DEFAULT_CONFIG } from './config';
import { type ScoredTrial, score } from './scoring';

// A short run: 8 test trials with a rest break after trial 3 (so trial 4 is first after it).
const config = ConfigSchema.parse({ testTrials: 8, restBreakEveryTrials: 4 });
const rows: [number, 'Color' | 'Word', boolean, boolean, number][] = [
  // trialNumber, cue, isSwitch, isCorrect, reactionTime
  [0, 'Color', false, true, 500],
  [1, 'Color', false, true, 600],
  [2, 'Word', true, false, 700],
  [3, 'Word', false, true, 400],
  [4, 'Color', true, true, 800],
  [5, 'Color', false, false, 900],
  [6, 'Word', true, true, 650],
  [7, 'Word', false, true, 450],
];
function toTestTrial([
  trialNumber,
  cueWord,
  isSwitch,
  isCorrect,
  reactionTime,
]: (typeof rows)[number]): ScoredTrial {
  return { phase: 'test', trialNumber, cueWord, isSwitch, isCorrect, reactionTime };
}

const fixture: ScoredTrial[] = [
  // A practice trial, which scoring must ignore.
  {
    phase: 'practice',
    trialNumber: 0,
    cueWord: 'Color',
    isSwitch: false,
    isCorrect: false,
    reactionTime: 9999,
  },
  ...rows.map(toTestTrial),
];

describe('scoring version 1, against a hand-computed fixture', () => {
  const summary = score(config, fixture);

  it('computes the summary from test trials only', () => {
    expect(summary).toMatchObject({
      totalTrials: 8,
      correctTrials: 6,
      overallScore: 75,
      averageReactionTime: 625, // 5000 / 8
      colorNamingAccuracy: 75, // trials 0, 1, 4, 5: 3 of 4
      wordReadingAccuracy: 75, // trials 2, 3, 6, 7: 3 of 4
      interferenceEffect: 150, // 700 - 550
    });
  });

  it('computes the switch cost, cells and inverse efficiency', () => {
    const { metrics } = summary;
    // RT-eligible: correct, not trial 0, not trial 4 (first after the break): 1, 3, 6, 7.
    // Switch 6 -> 650; repeats 1, 3, 7 -> 483.33.
    expect(metrics.switchCost.rtMs).toBeCloseTo(650 - 1450 / 3, 10);
    // Switch errors 1 of 3 (trial 2); repeat errors 1 of 4 (trial 5).
    expect(metrics.switchCost.errorRatePercent).toBeCloseTo(100 / 3 - 25, 10);
    expect(metrics.cells).toEqual({
      'switch, word': { trialCount: 2, meanRtMs: 650, errorRatePercent: 50 },
      'noswitch, word': { trialCount: 2, meanRtMs: 425, errorRatePercent: 0 },
      'switch, color': { trialCount: 1, meanRtMs: null, errorRatePercent: 0 },
      'noswitch, color': { trialCount: 2, meanRtMs: 600, errorRatePercent: 50 },
    });
    expect(metrics.inverseEfficiencyMs).toBe(700); // 525 / 0.75
    expect(metrics.excludedFromRt).toEqual({ errors: 2, firstOfPhase: 1, firstAfterBreak: 1 });
  });

  it('gives nulls, not NaN, when there is nothing to average', () => {
    const empty = score(DEFAULT_CONFIG, []);
    expect(empty).toMatchObject({
      totalTrials: 0,
      overallScore: 0,
      averageReactionTime: null,
      interferenceEffect: null,
    });
    expect(empty.metrics.inverseEfficiencyMs).toBeNull();
    expect(JSON.stringify(empty)).not.toContain('NaN');
  });

  it('floors the overall score', () => {
    const twoOfThree = rows.slice(0, 3).map(toTestTrial);
    expect(score(config, twoOfThree).overallScore).toBe(66);
  });
});

import { describe, expect, it } from 'vitest';
import { SETTINGS } from './config';
import { type ScoredTrial, score } from './scoring';
import type { Answer } from './trial';

const config = SETTINGS.schema.parse({ levels: '1-2' });

type Spec = {
  phase?: 'practice' | 'test';
  block?: number;
  isTarget: boolean | null;
  answer: Answer | null;
  rt?: number | null;
  lure?: 'none' | 'n-1' | 'n+1';
  isCorrect?: boolean | null;
  interrupted?: boolean;
  extra?: number;
};

function trials(specs: readonly Spec[]): ScoredTrial[] {
  return specs.map((s, trialNumber) => ({
    phase: s.phase ?? 'test',
    block: s.block ?? 10,
    trialNumber,
    level: Math.floor((s.block ?? 10) / 10),
    isTarget: s.isTarget,
    lureType: s.lure ?? 'none',
    answer: s.answer,
    reactionTime: s.answer === null ? null : (s.rt ?? 500),
    isCorrect:
      s.isCorrect !== undefined
        ? s.isCorrect
        : s.isTarget === null
          ? null
          : (s.answer === 'match') === s.isTarget && s.answer !== null,
    nExtraResponses: s.extra ?? 0,
    keyMapping: 'B',
    timing: { wasInterrupted: s.interrupted ?? false },
  }));
}

/**
 * Level 1's test: a filler; 4 targets (hits at 400, 500 and 120 ms, one "no match"); 6
 * non-targets (a false alarm on an n+1 lure, correct rejections at 600, 700, 800 and 900 ms,
 * the last interrupted, and one without an answer). Level 1's practice: a round with 7 of 10
 * correct. Level 2: nothing.
 */
const FIXTURE = trials([
  { isTarget: null, answer: 'no-match' },
  { isTarget: true, answer: 'match', rt: 400 },
  { isTarget: true, answer: 'match', rt: 500, extra: 2 },
  { isTarget: true, answer: 'match', rt: 120 },
  { isTarget: true, answer: 'no-match', rt: 650 },
  { isTarget: false, answer: 'match', rt: 450, lure: 'n+1' },
  { isTarget: false, answer: 'no-match', rt: 600 },
  { isTarget: false, answer: 'no-match', rt: 700 },
  { isTarget: false, answer: 'no-match', rt: 800 },
  { isTarget: false, answer: 'no-match', rt: 900, interrupted: true },
  { isTarget: false, answer: null },
  ...Array.from({ length: 11 }, (_, i) => ({
    phase: 'practice' as const,
    isTarget: i === 0 ? null : false,
    answer: 'no-match' as const,
    isCorrect: i === 0 ? null : i <= 7,
  })),
]);

describe('scoreNBack against hand-computed values', () => {
  const { scores, ...headline } = score(config, FIXTURE);
  const [one, two] = scores.levels;

  it('counts outcomes per level, fillers left out', () => {
    expect(one).toMatchObject({
      n: 1,
      targets: 4,
      nonTargets: 6,
      hits: 3,
      misses: 1,
      falseAlarms: 1,
      correctRejections: 4,
      omissions: 1,
      targetOmissions: 0,
      nonTargetOmissions: 1,
      omissionRate: 0.1,
      hitRate: 0.75,
      accuracy: 0.7,
      anticipations: 1,
      lureTrials: 1,
      lureFalseAlarms: 1,
      lureFalseAlarmRate: 1,
      omissionsAbove10Percent: false,
    });
    expect(one?.falseAlarmRate).toBeCloseTo(1 / 6, 12);
    expect(scores.counts).toEqual({
      scoredTrials: 10,
      fillers: 1,
      extraResponses: 2,
      interrupted: 1,
    });
  });

  it("computes d' and c with the log-linear correction: H* = 3.5/5, F* = 1.5/7", () => {
    expect(one?.dPrime).toBeCloseTo(1.3160391204514152, 12);
    expect(one?.criterion).toBeCloseTo(0.13361904751766696, 12);
    // Level 2 had no trials: no rates, no d'.
    expect(two).toMatchObject({ n: 2, targets: 0, dPrime: null, hitRate: null, accuracy: null });
    // Pooled over levels (here level 1 alone) and the mean of the levels' d'.
    expect(scores.overall.dPrime).toBeCloseTo(1.3160391204514152, 12);
    expect(scores.overall.meanLevelDPrime).toBeCloseTo(1.3160391204514152, 12);
  });

  it('leaves anticipations and interrupted trials out of the RTs', () => {
    expect(one).toMatchObject({
      meanHitRtMs: 450,
      medianHitRtMs: 450,
      meanCorrectRejectionRtMs: 700,
      medianCorrectRejectionRtMs: 700,
    });
    expect(headline.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 10, trialNumber: 3, exclusions: ['anticipation'] },
      { phase: 'test', block: 10, trialNumber: 9, exclusions: ['interrupted'] },
    ]);
  });

  it('carries the practice criterion per level', () => {
    expect(one?.practice).toEqual({ roundsTaken: 1, lastRoundCorrect: 7, criterionMet: false });
    expect(one?.practiceCriterionNotMet).toBe(true);
    expect(two?.practice).toEqual({ roundsTaken: 0, lastRoundCorrect: null, criterionMet: null });
    expect(scores.qcFlags).toEqual({
      levelsWithOmissionsAbove10Percent: [],
      levelsWithPracticeCriterionNotMet: [1],
      oneKeyAbove85Percent: false,
    });
    expect(scores.keyMapping).toBe('B');
  });

  it('gives the headline and the report cells by the same rules', () => {
    // Balanced accuracy with "same" as the response: H = 3/4; non-targets without "same" 5 of 6
    // (4 "different", 1 unanswered): (3/4 + 5/6) / 2 = 19/24 = 0.7916..., headline 79. Correct
    // trials (hits + correct rejections) 7 of 10.
    expect(scores.overall.balancedAccuracy).toBeCloseTo(19 / 24, 15);
    expect(headline).toMatchObject({
      overallScore: 79,
      totalTrials: 10,
      correctTrials: 7,
      averageReactionTime: 450,
    });
    expect(headline.reportCells['1-target']).toEqual({
      trialCount: 4,
      rtTrialCount: 2,
      meanRtMs: 450,
      errorTrialCount: 4,
      errorRatePercent: 25,
    });
    expect(headline.reportCells['1-nontarget']).toMatchObject({
      trialCount: 6,
      rtTrialCount: 3,
      meanRtMs: 700,
      errorTrialCount: 6,
    });
    expect(headline.reportCells['1-nontarget']?.errorRatePercent).toBeCloseTo(100 / 3, 12);
    expect(headline.reportCells['6-target']?.trialCount).toBe(0);
  });

  it('flags omissions over 10 % of a level and one key in over 85 % of answers', () => {
    const lazy = trials([
      ...Array.from({ length: 9 }, () => ({ isTarget: false, answer: 'match' as const })),
      { isTarget: true, answer: null },
      { isTarget: true, answer: 'match' as const },
    ]);
    const { scores: flagged } = score(config, lazy);
    expect(flagged.qcFlags.levelsWithOmissionsAbove10Percent).toEqual([]);
    expect(flagged.qcFlags.oneKeyAbove85Percent).toBe(true);
    // 5 of 6 scored answers "different" (83 %): fillers, answered "different" as told, do not
    // tip it over 85 %.
    const { scores: withFillers } = score(
      config,
      trials([
        ...Array.from({ length: 3 }, () => ({ isTarget: null, answer: 'no-match' as const })),
        ...Array.from({ length: 5 }, () => ({ isTarget: false, answer: 'no-match' as const })),
        { isTarget: true, answer: 'match' as const },
      ]),
    );
    expect(withFillers.qcFlags.oneKeyAbove85Percent).toBe(false);
    const absent = trials([
      ...Array.from({ length: 8 }, () => ({ isTarget: false, answer: 'no-match' as const })),
      { isTarget: true, answer: null },
      { isTarget: false, answer: null },
      { isTarget: true, answer: 'match' as const },
    ]);
    const { scores: missing } = score(config, absent);
    expect(missing.levels[0]?.omissionRate).toBeCloseTo(2 / 11, 12);
    expect(missing.qcFlags.levelsWithOmissionsAbove10Percent).toEqual([1]);
    expect(missing.levels[0]).toMatchObject({
      targetOmissions: 1,
      nonTargetOmissions: 1,
      misses: 1,
    });
  });

  it("pools counts over levels for the overall d', and gives an empty run zeros", () => {
    const both = trials([
      { isTarget: true, answer: 'match' },
      { isTarget: false, answer: 'no-match' },
      { block: 20, isTarget: true, answer: 'no-match' },
      { block: 20, isTarget: false, answer: 'match' },
    ]);
    const { scores: pooled } = score(config, both);
    // 1 hit of 2 targets, 1 false alarm of 2 non-targets: H* = F* = 1.5/3, d' = 0.
    expect(pooled.overall.dPrime).toBeCloseTo(0, 12);
    expect(pooled.overall.meanLevelDPrime).toBeCloseTo(
      ((pooled.levels[0]?.dPrime ?? 0) + (pooled.levels[1]?.dPrime ?? 0)) / 2,
      12,
    );
    const empty = score(config, []);
    expect(empty).toMatchObject({ overallScore: 0, totalTrials: 0, correctTrials: 0 });
    expect(empty.scores.keyMapping).toBeNull();
  });
});

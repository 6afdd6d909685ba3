import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, SETTINGS } from './config';
import { type ScoredTrial, score } from './scoring';
import type { Answer } from './trial';

/**
 * Hand-built runs scored by hand from docs/scoring/n-back.md, the arithmetic in comments.
 * Φ⁻¹ values are those of an independent implementation (Python's statistics.NormalDist).
 */

/** A test trial of block `block` (level = block / 10): its kind, answer, RT and interruption. */
function trial(
  block: number,
  trialNumber: number,
  isTarget: boolean | null,
  answer: Answer | null,
  rt: number | null = answer === null ? null : 500,
  options: { interrupted?: boolean; lure?: 'n-1' | 'n+1' } = {},
): ScoredTrial {
  return {
    phase: 'test',
    block,
    trialNumber,
    level: Math.floor(block / 10),
    isTarget,
    lureType: options.lure ?? 'none',
    answer,
    reactionTime: rt,
    isCorrect: isTarget === null ? null : answer !== null && (answer === 'match') === isTarget,
    nExtraResponses: 0,
    keyMapping: 'A',
    timing: { wasInterrupted: options.interrupted ?? false },
  };
}

describe('N-back scored by hand', () => {
  const config = SETTINGS.schema.parse({ levels: '1-2' });
  const result = score(config, [
    // 1-back (block 10): a filler, then 4 targets and 6 non-targets.
    trial(10, 0, null, 'match', 500), //  filler answered "same": in no score
    trial(10, 1, true, 'match', 400), //  hit
    trial(10, 2, true, 'match', 100), //  hit, anticipation (RT < 150)
    trial(10, 3, true, 'no-match', 600), // miss
    trial(10, 4, true, null), //          miss (no answer)
    trial(10, 5, false, 'match', 450, { lure: 'n+1' }), // false alarm on a lure
    trial(10, 6, false, 'no-match', 600), // correct rejection
    trial(10, 7, false, 'no-match', 700, { interrupted: true }), // correct rejection, interrupted
    trial(10, 8, false, null), //         no answer on a non-target
    trial(10, 9, false, 'no-match', 800), // correct rejection
    trial(10, 10, false, 'no-match', 900), // correct rejection
    // 2-back (block 20): two fillers, then 3 targets and 5 non-targets.
    trial(20, 0, null, 'no-match', 500), // filler
    trial(20, 1, null, null), //          filler
    trial(20, 2, true, 'match', 500), //  hit
    trial(20, 3, true, 'match', 550, { interrupted: true }), // hit, interrupted
    trial(20, 4, true, 'match', 650), //  hit
    trial(20, 5, false, 'match', 700), // false alarm
    trial(20, 6, false, 'match', 120), // false alarm, anticipation
    trial(20, 7, false, 'no-match', 1000), // correct rejection
    trial(20, 8, false, 'no-match', 130), // correct rejection, anticipation
    trial(20, 9, false, null, null, { interrupted: true }), // no answer, interrupted
  ]);
  const [one, two] = result.scores.levels;

  it('gives the headline as balanced accuracy with "same" as the response', () => {
    // Pooled: targets 4 + 3 = 7, hits 2 + 3 = 5; non-targets 6 + 5 = 11, "same" on 1 + 2 = 3,
    // so 8 without "same" (6 "different" + 2 unanswered). Fillers are left out.
    // H = 5/7, F = 3/11: balanced accuracy (5/7 + 8/11) / 2 = (55/77 + 56/77) / 2 = 111/154
    // = 0.7207...; headline floor(72.07) = 72 (in integers: (5 x 11 + 8 x 7) x 100 /
    // (2 x 7 x 11) = 11100 / 154). Percent correct (the version-1 headline): hits 5 + correct
    // rejections 6 = 11 of 18, 61.
    expect(result.overallScore).toBe(72);
    expect(result.scores.overall.balancedAccuracy).toBeCloseTo(111 / 154, 15);
    expect(result.totalTrials).toBe(18);
    expect(result.correctTrials).toBe(11);
    expect(result.scores.overall.accuracy).toBeCloseTo(11 / 18, 15);
  });

  it("gives d' per level and pooled with the log-linear correction", () => {
    // 1-back: H* = (2 + 0.5) / (4 + 1) = 0.5, F* = (1 + 0.5) / (6 + 1) = 0.2142857;
    // d' = 0 - (-0.7916386077433746) = 0.7916386077433746; c = -(0 - 0.79164) / 2 = 0.39582.
    expect(one?.dPrime).toBeCloseTo(0.7916386077433746, 12);
    expect(one?.criterion).toBeCloseTo(0.3958193038716873, 12);
    // 2-back: H* = 3.5 / 4 = 0.875, F* = 2.5 / 6 = 0.41667;
    // d' = 1.1503493803760079 - (-0.2104283942479247) = 1.3607777746239327.
    expect(two?.dPrime).toBeCloseTo(1.3607777746239327, 12);
    // Pooled: H* = 5.5 / 8 = 0.6875, F* = 3.5 / 12 = 0.29167;
    // d' = 0.4887764111146694 - (-0.548522282698098) = 1.0372986938127675.
    expect(result.scores.overall.dPrime).toBeCloseTo(1.0372986938127675, 12);
    // Mean of the levels' d': (0.7916386077433746 + 1.3607777746239327) / 2.
    expect(result.scores.overall.meanLevelDPrime).toBeCloseTo(1.0762081911836536, 12);
  });

  it('leaves anticipations and interrupted trials out of every RT, and records them', () => {
    // 1-back hits: 400 (100 an anticipation). Correct rejections: 600 800 900 (700 interrupted):
    // mean 2300 / 3 = 766.67, median 800.
    expect(one).toMatchObject({
      meanHitRtMs: 400,
      medianHitRtMs: 400,
      medianCorrectRejectionRtMs: 800,
    });
    expect(one?.meanCorrectRejectionRtMs).toBeCloseTo(2300 / 3, 12);
    // 2-back hits: 500 650 (550 interrupted): mean and median 575. Correct rejections: 1000
    // (130 an anticipation).
    expect(two).toMatchObject({
      meanHitRtMs: 575,
      medianHitRtMs: 575,
      meanCorrectRejectionRtMs: 1000,
      medianCorrectRejectionRtMs: 1000,
    });
    // Hits over all levels: 400 500 650: mean 1550 / 3 = 516.67, median 500.
    expect(result.scores.overall.meanHitRtMs).toBeCloseTo(1550 / 3, 12);
    expect(result.scores.overall.medianHitRtMs).toBe(500);
    expect(result.averageReactionTime).toBeCloseTo(1550 / 3, 12);
    // Anticipations: 1-back trial 2; 2-back trials 6 and 8.
    expect(one?.anticipations).toBe(1);
    expect(two?.anticipations).toBe(2);
    expect(result.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 10, trialNumber: 2, exclusions: ['anticipation'] },
      { phase: 'test', block: 10, trialNumber: 7, exclusions: ['interrupted'] },
      { phase: 'test', block: 20, trialNumber: 3, exclusions: ['interrupted'] },
      { phase: 'test', block: 20, trialNumber: 6, exclusions: ['anticipation'] },
      { phase: 'test', block: 20, trialNumber: 8, exclusions: ['anticipation'] },
      { phase: 'test', block: 20, trialNumber: 9, exclusions: ['interrupted'] },
    ]);
    // The report cells: RT over the correct answers that the RT scores keep, errors over every
    // scored trial (a non-target without an answer is an error).
    const cells = result.reportCells;
    // 1-back targets: RT 400; errors 2 of 4.
    expect(cells['1-target']).toEqual({
      trialCount: 4,
      rtTrialCount: 1,
      meanRtMs: 400,
      errorTrialCount: 4,
      errorRatePercent: 50,
    });
    // 1-back non-targets: RT (600 + 800 + 900) / 3; errors 2 of 6 (a false alarm, no answer).
    expect(cells['1-nontarget']).toMatchObject({ trialCount: 6, rtTrialCount: 3 });
    expect(cells['1-nontarget']?.meanRtMs).toBeCloseTo(2300 / 3, 12);
    expect(cells['1-nontarget']?.errorRatePercent).toBeCloseTo(100 / 3, 12);
    // 2-back targets: RT (500 + 650) / 2 = 575; no errors.
    expect(cells['2-target']).toEqual({
      trialCount: 3,
      rtTrialCount: 2,
      meanRtMs: 575,
      errorTrialCount: 3,
      errorRatePercent: 0,
    });
    // 2-back non-targets: RT 1000; errors 3 of 5 (two false alarms, no answer) = 60 %.
    expect(cells['2-nontarget']).toEqual({
      trialCount: 5,
      rtTrialCount: 1,
      meanRtMs: 1000,
      errorTrialCount: 5,
      errorRatePercent: 60,
    });
  });
});

describe('N-back strategies without discrimination, by hand at the default design', () => {
  /**
   * The default test (levels 1-3, 3 blocks of 20 scored letters with 6 targets, plus n fillers)
   * answered with one answer throughout (null: never answered): per level 18 targets and 42
   * non-targets, pooled 54 and 126.
   */
  function defaultTest(answer: Answer | null): ScoredTrial[] {
    return [1, 2, 3].flatMap((n) =>
      [0, 1, 2].flatMap((block) =>
        Array.from({ length: 20 + n }, (_, i) =>
          trial(n * 10 + block, i, i < n ? null : (i - n) % 10 < 3, answer),
        ),
      ),
    );
  }

  it.each([
    // Percent correct (the version-1 headline): 0 of 180 answered; 126 of 180 (70); 54 (30).
    [null, 0],
    ['no-match', 126],
    ['match', 54],
  ] as const)('answering %s throughout scores 50 (%i correct)', (answer, correct) => {
    const result = score(DEFAULT_CONFIG, defaultTest(answer));
    // "Same" on every letter or on none: H = F, balanced accuracy 0.5, headline 50.
    expect(result.overallScore).toBe(50);
    expect(result.totalTrials).toBe(180);
    expect(result.correctTrials).toBe(correct);
  });

  it('gives a participant who never answers "same" d\' = +0.33 per level and +0.30 pooled', () => {
    for (const answer of [null, 'no-match'] as const) {
      const { scores } = score(DEFAULT_CONFIG, defaultTest(answer));
      // Per level: H* = 0.5 / 19 = 0.0263158, F* = 0.5 / 43 = 0.0116279;
      // d' = -1.9379315108528286 - (-2.2692057962849637) = 0.3312742854321351: above 0, because
      // a level has fewer targets than non-targets.
      for (const level of scores.levels) {
        expect(level.dPrime).toBeCloseTo(0.3312742854321351, 12);
      }
      // Pooled: H* = 0.5 / 55, F* = 0.5 / 127;
      // d' = -2.361894446584972 - (-2.6574247900665866) = 0.29553034348161455.
      expect(scores.overall.dPrime).toBeCloseTo(0.29553034348161455, 12);
    }
    // "Same" throughout: H* = 18.5 / 19, F* = 42.5 / 43, the mirror image: d' = -0.33 per level.
    const same = score(DEFAULT_CONFIG, defaultTest('match')).scores;
    expect(same.levels[0]?.dPrime).toBeCloseTo(-0.3312742854321351, 12);
    expect(same.overall.dPrime).toBeCloseTo(-0.29553034348161455, 12);
  });
});

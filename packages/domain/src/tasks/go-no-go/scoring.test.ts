import { describe, expect, it } from 'vitest';
import { type Config, DEFAULT_CONFIG } from './config';
import { type ScoredTrial, score } from './scoring';

/** A small run: 10 test trials, 80 % go (8 go + 2 no-go); practice as configured by default. */
const config: Config = { ...DEFAULT_CONFIG, testTrials: 10 };

type Spec = {
  type: 'go' | 'nogo';
  rt?: number;
  extra?: number;
  late?: boolean;
  interrupted?: boolean;
};

function trial(
  phase: 'practice' | 'test',
  block: number,
  trialNumber: number,
  spec: Spec,
): ScoredTrial {
  const responded = spec.rt !== undefined;
  return {
    phase,
    block,
    trialNumber,
    stimulusType: spec.type,
    responded,
    reactionTime: spec.rt ?? null,
    isCorrect: (spec.type === 'go') === responded,
    nExtraResponses: spec.extra ?? 0,
    lateResponse: spec.late ?? false,
    timing: { wasInterrupted: spec.interrupted ?? false },
  };
}

const test = (specs: Spec[]) => specs.map((spec, i) => trial('test', 0, i, spec));

/** Practice: round 0 with 7 of 10 correct (below 80 %), round 1 with 10 of 10. */
const practice = [
  ...Array.from({ length: 10 }, (_, i) =>
    trial('practice', 0, i, i < 3 ? { type: 'go' } : { type: 'go', rt: 400 }),
  ),
  ...Array.from({ length: 10 }, (_, i) => trial('practice', 1, i, { type: 'go', rt: 380 })),
];

describe('score against hand-computed runs', () => {
  it('scores a 10-trial test with every kind of trial', () => {
    const trials = [
      ...practice,
      ...test([
        { type: 'go', rt: 300 }, //          0 hit
        { type: 'go', rt: 400 }, //          1 hit
        { type: 'go', rt: 500 }, //          2 hit
        { type: 'nogo', rt: 250 }, //        3 commission (RT 250: not an anticipation)
        { type: 'go', rt: 80 }, //           4 hit, anticipation: out of the RT scores
        { type: 'go', late: true }, //       5 omission, with a late press
        { type: 'nogo' }, //                 6 correct rejection
        { type: 'go', rt: 600, extra: 2 }, // 7 hit with 2 extra presses
        { type: 'go', rt: 350, interrupted: true }, // 8 hit, interrupted: out of the RT scores
        { type: 'go', rt: 450 }, //          9 hit
      ]),
    ];
    const result = score(config, trials);
    // Go: 8 trials, hits 0 1 2 4 7 8 9 = 7, omissions 1. No-go: 2 trials, commissions 1, CR 1.
    // Correct = 7 + 1 = 8 of 10: accuracy 0.8. Overall score: balanced accuracy
    // (7/8 + 1/2) / 2 = 0.6875, floor(68.75) = 68.
    expect(result.totalTrials).toBe(10);
    expect(result.correctTrials).toBe(8);
    expect(result.overallScore).toBe(68);
    expect(result.scores.balancedAccuracy).toBe(0.6875);
    // RT-eligible hits: 300 400 500 600 450 (80 is an anticipation, 350 interrupted).
    // Mean 2250 / 5 = 450. Median 450. Deviations -150 -50 50 150 0: squares 50000,
    // / (5 - 1) = 12500, SD = sqrt(12500) = 111.80339887498948. CV = 111.803... / 450.
    expect(result.averageReactionTime).toBe(450);
    const s = result.scores;
    expect(s.meanGoRtMs).toBe(450);
    expect(s.medianGoRtMs).toBe(450);
    expect(s.sdGoRtMs).toBeCloseTo(111.80339887498948, 10);
    expect(s.cvGoRt).toBeCloseTo(0.24845199749997662, 12);
    // Commissions 1 of 2: 0.5, and none of them an anticipation: 0.5 without them too.
    expect(s.commissions).toBe(1);
    expect(s.commissionRate).toBe(0.5);
    expect(s.commissionRateExclAnticipations).toBe(0.5);
    expect(s.falseAlarmRate).toBe(0.5);
    expect(s.meanCommissionRtMs).toBe(250);
    // Omissions 1 of 8 = 0.125; hit rate 7 / 8 = 0.875.
    expect(s.omissions).toBe(1);
    expect(s.omissionRate).toBe(0.125);
    expect(s.hitRate).toBe(0.875);
    // d': H* = (7 + 0.5) / (8 + 1) = 5/6, F* = (1 + 0.5) / (2 + 1) = 0.5.
    // Φ⁻¹(5/6) = 0.967421566101701, Φ⁻¹(0.5) = 0: d' = 0.967421566101701.
    expect(s.dPrime).toBeCloseTo(0.967421566101701, 13);
    expect(s.accuracy).toBe(0.8);
    expect(s.counts).toEqual({
      goTrials: 8,
      noGoTrials: 2,
      hits: 7,
      correctRejections: 1,
      anticipations: 1,
      lateResponses: 1,
      extraResponses: 2,
      interrupted: 1,
    });
    // Two rounds; the last (round 1) had 10 of 10 correct: criterion met.
    expect(s.practice).toEqual({ roundsTaken: 2, criterionMet: true });
    // The report's cells by the same rules: the go RT over the RT-eligible hits (as meanGoRtMs),
    // the anticipation and the interrupted hit left out of it but not of the error rate.
    expect(result.reportCells).toEqual({
      go: {
        trialCount: 8,
        rtTrialCount: 5,
        meanRtMs: 450,
        errorTrialCount: 8,
        errorRatePercent: 12.5,
      },
      nogo: {
        trialCount: 2,
        rtTrialCount: 0,
        meanRtMs: null,
        errorTrialCount: 2,
        errorRatePercent: 50,
      },
    });
    expect(result.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 4, exclusions: ['anticipation'] },
      { phase: 'test', block: 0, trialNumber: 8, exclusions: ['interrupted'] },
    ]);
    // Median 450 is not under 200; 12.5 % omissions is over 10 %; 50 % commissions is under 90 %.
    expect(s.qcFlags).toEqual({
      medianGoRtBelow200: false,
      omissionRateAbove10Percent: true,
      commissionRateAtLeast90Percent: false,
    });
  });

  it('scores a participant who presses on everything, fast', () => {
    const trials = test([
      { type: 'go', rt: 150 }, //   hit
      { type: 'go', rt: 160 }, //   hit
      { type: 'go', rt: 170 }, //   hit
      { type: 'nogo', rt: 50 }, //  commission, anticipation
      { type: 'go', rt: 180 }, //   hit
      { type: 'go', rt: 190 }, //   hit
      { type: 'go', rt: 200 }, //   hit
      { type: 'nogo', rt: 140 }, // commission
      { type: 'go', rt: 210 }, //   hit
      { type: 'go', rt: 220 }, //   hit
    ]);
    const { overallScore, correctTrials, averageReactionTime, scores } = score(config, trials);
    // Correct 8 (every go) of 10 (accuracy 0.8), but every no-go answered too: balanced
    // accuracy (8/8 + 0/2) / 2 = 0.5, overall score 50. Go RTs 150..220: mean 185, median
    // (180 + 190) / 2 = 185.
    expect(overallScore).toBe(50);
    expect(scores.accuracy).toBe(0.8);
    expect(correctTrials).toBe(8);
    expect(averageReactionTime).toBe(185);
    expect(scores.medianGoRtMs).toBe(185);
    // Commissions 2 of 2: 1.0. Without the anticipatory one: (2 - 1) / (2 - 1) = 1.0.
    expect(scores.commissionRate).toBe(1);
    expect(scores.commissionRateExclAnticipations).toBe(1);
    // Commission RT: only 140 (50 is an anticipation).
    expect(scores.meanCommissionRtMs).toBe(140);
    expect(scores.omissionRate).toBe(0);
    // d': H* = 8.5 / 9, F* = 2.5 / 3: Φ⁻¹(0.9444...) - Φ⁻¹(0.8333...) = 0.6257972519213489.
    expect(scores.dPrime).toBeCloseTo(0.6257972519213489, 13);
    expect(scores.counts.anticipations).toBe(1);
    // A forged run's anticipations reach neither the RT scores nor the report's go cell.
    const forged = score(
      config,
      trials.map((t) => (t.reactionTime === null ? t : { ...t, reactionTime: 0.001 })),
    );
    expect(forged.averageReactionTime).toBeNull();
    expect(forged.reportCells.go).toMatchObject({ rtTrialCount: 0, meanRtMs: null });
    expect(forged.scores.commissionRate).toBe(1);
    // No practice trials: criterion unknown.
    expect(scores.practice).toEqual({ roundsTaken: 0, criterionMet: null });
    expect(scores.qcFlags).toEqual({
      medianGoRtBelow200: true,
      omissionRateAbove10Percent: false,
      commissionRateAtLeast90Percent: true,
    });
  });

  it('leaves a commission rate without anticipations undefined when every no-go answer was one', () => {
    const trials = test([
      { type: 'go', rt: 300 },
      { type: 'nogo', rt: 20 },
    ]);
    const { scores } = score(config, trials);
    expect(scores.commissionRate).toBe(1);
    // (1 - 1) / (1 - 1): no denominator.
    expect(scores.commissionRateExclAnticipations).toBeNull();
    // One RT: no SD and no CV.
    expect(scores.sdGoRtMs).toBeNull();
    expect(scores.cvGoRt).toBeNull();
  });

  it('gives nulls where a denominator is 0, and scores only the test phase', () => {
    const result = score(config, practice);
    expect(result).toMatchObject({
      overallScore: 0,
      totalTrials: 0,
      correctTrials: 0,
      averageReactionTime: null,
    });
    const s = result.scores;
    for (const value of [
      s.commissionRate,
      s.commissionRateExclAnticipations,
      s.omissionRate,
      s.hitRate,
      s.falseAlarmRate,
      s.meanGoRtMs,
      s.medianGoRtMs,
      s.sdGoRtMs,
      s.cvGoRt,
      s.meanCommissionRtMs,
      s.dPrime,
      s.accuracy,
      s.balancedAccuracy,
    ]) {
      expect(value).toBeNull();
    }
    expect(s.qcFlags).toEqual({
      medianGoRtBelow200: false,
      omissionRateAbove10Percent: false,
      commissionRateAtLeast90Percent: false,
    });
    // A test with go trials only has no d'.
    expect(score(config, test([{ type: 'go', rt: 300 }])).scores.dPrime).toBeNull();
  });

  it('floors the headline without floating-point loss (29 of 100 is 29, not 28)', () => {
    // Go trials only: no false-alarm rate, so the headline is percent correct.
    const specs: Spec[] = Array.from({ length: 100 }, (_, i) =>
      i < 29 ? { type: 'go', rt: 300 } : { type: 'go' },
    );
    expect(score(config, test(specs)).overallScore).toBe(29);
  });
});

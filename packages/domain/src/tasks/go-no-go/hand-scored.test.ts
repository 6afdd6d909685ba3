import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { type ScoredTrial, score } from './scoring';

/**
 * Hand-built runs scored by hand from docs/scoring/go-no-go.md, the arithmetic in comments.
 * Φ⁻¹ values are those of an independent implementation (Python's statistics.NormalDist).
 */

const config = DEFAULT_CONFIG;

/** A test trial: go or no-go, the RT of its press (none: no press), interrupted or not. */
function trial(
  trialNumber: number,
  type: 'go' | 'nogo',
  rt: number | null,
  interrupted = false,
): ScoredTrial {
  return {
    phase: 'test',
    block: 0,
    trialNumber,
    stimulusType: type,
    responded: rt !== null,
    reactionTime: rt,
    isCorrect: (type === 'go') === (rt !== null),
    nExtraResponses: 0,
    lateResponse: false,
    timing: { wasInterrupted: interrupted },
  };
}

describe('Go/No-Go scored by hand', () => {
  it('run A: the headline weighs go and no-go trials equally', () => {
    const result = score(config, [
      trial(0, 'go', 320), //        hit
      trial(1, 'go', 410), //        hit
      trial(2, 'go', 60), //         hit, anticipation (RT < 100): out of the RT scores
      trial(3, 'nogo', 280), //      commission
      trial(4, 'go', null), //       omission
      trial(5, 'go', 530, true), //  hit, interrupted: out of the RT scores
      trial(6, 'go', 370), //        hit
      trial(7, 'nogo', null), //     correct rejection
      trial(8, 'go', null), //       omission
      trial(9, 'go', 450), //        hit
    ]);
    // Go 8: hits 6 (0 1 2 5 6 9), omissions 2. No-go 2: commissions 1, correct rejections 1.
    // Balanced accuracy = (6/8 + 1/2) / 2 = (0.75 + 0.5) / 2 = 0.625; headline floor(62.5) = 62
    // (in integers: (6 x 2 + 1 x 8) x 100 / (2 x 8 x 2) = 2000 / 32 = 62.5). Percent correct,
    // the version-2 headline, is (6 + 1) / 10 = 70 %.
    expect(result.overallScore).toBe(62);
    expect(result.scores.balancedAccuracy).toBe(0.625);
    expect(result.totalTrials).toBe(10);
    expect(result.correctTrials).toBe(7);
    expect(result.scores.accuracy).toBe(0.7);
    // d' = Φ⁻¹((6 + 0.5) / (8 + 1)) - Φ⁻¹((1 + 0.5) / (2 + 1)) = Φ⁻¹(0.7222...) - Φ⁻¹(0.5)
    //    = 0.5894557978497785 - 0 = 0.5894557978497785.
    expect(result.scores.dPrime).toBeCloseTo(0.5894557978497785, 12);
    // RT-eligible hits: 320 410 370 450 (60 an anticipation, 530 interrupted).
    // Mean 1550 / 4 = 387.5; median (370 + 410) / 2 = 390; deviations -67.5 22.5 -17.5 62.5,
    // squares 4556.25 + 506.25 + 306.25 + 3906.25 = 9275, SD = √(9275 / 3) = 55.60275772537425;
    // CV = 55.60275772537425 / 387.5 = 0.14349098767838517.
    expect(result.averageReactionTime).toBe(387.5);
    expect(result.scores.meanGoRtMs).toBe(387.5);
    expect(result.scores.medianGoRtMs).toBe(390);
    expect(result.scores.sdGoRtMs).toBeCloseTo(55.60275772537425, 10);
    expect(result.scores.cvGoRt).toBeCloseTo(0.14349098767838517, 12);
    expect(result.scores.meanCommissionRtMs).toBe(280);
    expect(result.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 2, exclusions: ['anticipation'] },
      { phase: 'test', block: 0, trialNumber: 5, exclusions: ['interrupted'] },
    ]);
    // The go cell's RT over the same four hits; errors over all 8 go trials: 2 / 8 = 25 %.
    expect(result.reportCells.go).toEqual({
      trialCount: 8,
      rtTrialCount: 4,
      meanRtMs: 387.5,
      errorTrialCount: 8,
      errorRatePercent: 25,
    });
  });

  it('run B: anticipations and interrupted trials leave the RT scores, commissions included', () => {
    const result = score(config, [
      trial(0, 'go', 300), //        hit
      trial(1, 'nogo', 50), //       commission, anticipation
      trial(2, 'nogo', 250, true), // commission, interrupted
      trial(3, 'go', 400), //        hit
      trial(4, 'nogo', 200), //      commission
      trial(5, 'go', null), //       omission
      trial(6, 'nogo', null), //     correct rejection
      trial(7, 'go', 500), //        hit
      trial(8, 'go', 90, true), //   hit, anticipation and interrupted
      trial(9, 'go', 360), //        hit
    ]);
    // Go 6: hits 5, omission 1. No-go 4: commissions 3, correct rejection 1.
    // Balanced accuracy = (5/6 + 1/4) / 2 = (10/12 + 3/12) / 2 = 13/24 = 0.5416...; headline 54
    // (in integers: (5 x 4 + 1 x 6) x 100 / (2 x 6 x 4) = 2600 / 48 = 54.17). Percent correct:
    // 6 / 10 = 60 %.
    expect(result.overallScore).toBe(54);
    expect(result.scores.balancedAccuracy).toBeCloseTo(13 / 24, 15);
    expect(result.correctTrials).toBe(6);
    // d' = Φ⁻¹(5.5 / 7) - Φ⁻¹(3.5 / 5) = 0.7916386077433746 - 0.5244005127080407
    //    = 0.2672380950353339.
    expect(result.scores.dPrime).toBeCloseTo(0.2672380950353339, 12);
    // RT-eligible hits: 300 400 500 360 (90 is an anticipation, and interrupted).
    // Mean 1560 / 4 = 390; median (360 + 400) / 2 = 380; deviations -90 10 110 -30, squares
    // 8100 + 100 + 12100 + 900 = 21200, SD = √(21200 / 3) = 84.06346808612328.
    expect(result.scores.meanGoRtMs).toBe(390);
    expect(result.scores.medianGoRtMs).toBe(380);
    expect(result.scores.sdGoRtMs).toBeCloseTo(84.06346808612328, 10);
    // Commission RT: 200 only (50 an anticipation, 250 interrupted).
    expect(result.scores.meanCommissionRtMs).toBe(200);
    // Commission rate 3 / 4; without the anticipatory one (3 - 1) / (4 - 1) = 2/3.
    expect(result.scores.commissionRate).toBe(0.75);
    expect(result.scores.commissionRateExclAnticipations).toBeCloseTo(2 / 3, 15);
    expect(result.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 1, exclusions: ['anticipation'] },
      { phase: 'test', block: 0, trialNumber: 2, exclusions: ['interrupted'] },
      { phase: 'test', block: 0, trialNumber: 8, exclusions: ['anticipation', 'interrupted'] },
    ]);
    // Go cell: RT over the same four hits; errors 1 / 6. No-go cell: no correct trial has an RT;
    // errors 3 / 4 = 75 %.
    expect(result.reportCells.go).toMatchObject({ rtTrialCount: 4, meanRtMs: 390 });
    expect(result.reportCells.go?.errorRatePercent).toBeCloseTo(100 / 6, 12);
    expect(result.reportCells.nogo).toEqual({
      trialCount: 4,
      rtTrialCount: 0,
      meanRtMs: null,
      errorTrialCount: 4,
      errorRatePercent: 75,
    });
  });

  /** The default test: 128 go + 32 no-go trials, pressed on all or none. */
  const defaultTest = (press: boolean) =>
    Array.from({ length: 160 }, (_, i) =>
      trial(i, i % 5 === 4 ? 'nogo' : 'go', press ? 400 : null),
    );

  it("never pressing scores 50 and d' = -0.50 at the default 128 go + 32 no-go", () => {
    const result = score(config, defaultTest(false));
    // H = 0 / 128, F = 0 / 32: (0 + 1) / 2 = 0.5, headline 50. Percent correct: 32 / 160 = 20.
    expect(result.overallScore).toBe(50);
    expect(result.correctTrials).toBe(32);
    // Log-linear: H* = 0.5 / 129 = 0.003875969, F* = 0.5 / 33 = 0.015151515;
    // d' = Φ⁻¹(H*) - Φ⁻¹(F*) = -2.6626874500056874 - (-2.1661067528923286)
    //    = -0.49658069711335884: below 0, because there are more go than no-go trials.
    expect(result.scores.dPrime).toBeCloseTo(-0.49658069711335884, 12);
  });

  it("pressing for everything scores 50 and d' = +0.50 at the default counts", () => {
    const result = score(config, defaultTest(true));
    // H = 128 / 128, F = 32 / 32: (1 + 0) / 2 = 0.5, headline 50. Percent correct: 128 / 160 = 80.
    expect(result.overallScore).toBe(50);
    expect(result.correctTrials).toBe(128);
    // H* = 128.5 / 129 = 1 - 0.5 / 129, F* = 32.5 / 33 = 1 - 0.5 / 33: Φ⁻¹ is odd about 0.5, so
    // d' = 2.6626874500056874 - 2.1661067528923286 = +0.49658069711335884.
    expect(result.scores.dPrime).toBeCloseTo(0.49658069711335884, 12);
  });
});

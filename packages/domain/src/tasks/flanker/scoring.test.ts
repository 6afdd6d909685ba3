import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { type ScoredTrial, score } from './scoring';

/** A test trial: congruency, outcome and RT; not interrupted unless said. */
function trial(
  trialNumber: number,
  congruency: 'congruent' | 'incongruent',
  responseType: 'correct' | 'error' | 'omission',
  reactionTime: number | null,
  wasInterrupted = false,
): ScoredTrial {
  return {
    phase: 'test',
    block: 0,
    trialNumber,
    congruency,
    responseType,
    reactionTime,
    isCorrect: responseType === 'correct',
    nExtraResponses: 0,
    timing: { wasInterrupted },
  };
}

/**
 * Hand-scored run: congruent correct RTs 400, 420, 440 (mean 420, median 420), one congruent
 * error at 380 and one congruent anticipation (correct, 120 ms); incongruent correct RTs 480,
 * 500, 530, 550 (mean 515, median 515), one incongruent correct but interrupted (300 ms, left out
 * of the RTs), one incongruent error (450), one incongruent omission.
 */
const TRIALS: ScoredTrial[] = [
  trial(0, 'congruent', 'correct', 400),
  trial(1, 'congruent', 'correct', 420),
  trial(2, 'congruent', 'correct', 440),
  trial(3, 'congruent', 'error', 380),
  trial(4, 'congruent', 'correct', 120),
  trial(5, 'incongruent', 'correct', 480),
  trial(6, 'incongruent', 'correct', 500),
  trial(7, 'incongruent', 'correct', 530),
  trial(8, 'incongruent', 'correct', 550),
  trial(9, 'incongruent', 'correct', 300, true),
  trial(10, 'incongruent', 'error', 450),
  trial(11, 'incongruent', 'omission', null),
  { ...trial(0, 'congruent', 'error', 200), phase: 'practice' },
  { ...trial(1, 'incongruent', 'correct', 600), phase: 'practice' },
];

describe('flanker scoring', () => {
  const result = score(DEFAULT_CONFIG, TRIALS);
  const { scores } = result;

  it('scores each congruency over its trials without anticipations, RTs over correct unflagged trials', () => {
    expect(scores.congruent).toEqual({
      trials: 5,
      anticipations: 1,
      scoredTrials: 4,
      correct: 3,
      errors: 1,
      omissions: 0,
      accuracy: 0.75,
      rtTrials: 3,
      meanRtMs: 420,
      medianRtMs: 420,
      sdRtMs: 20,
    });
    expect(scores.incongruent).toMatchObject({
      trials: 7,
      anticipations: 0,
      scoredTrials: 7,
      correct: 5,
      errors: 1,
      omissions: 1,
      accuracy: 5 / 7,
      rtTrials: 4,
      meanRtMs: 515,
      medianRtMs: 515,
    });
  });

  it('takes the flanker effect within correct, unflagged trials, and the accuracy effect', () => {
    expect(scores.flankerEffectMs).toBe(95);
    expect(scores.flankerEffectMedianMs).toBe(95);
    expect(scores.accuracyFlankerEffect).toBeCloseTo(0.75 - 5 / 7, 12);
  });

  it('gives the headline over every test trial, and the counts, practice and checks', () => {
    expect(result).toMatchObject({
      overallScore: Math.floor((8 * 100) / 12),
      totalTrials: 12,
      correctTrials: 8,
      averageReactionTime: (400 + 420 + 440 + 480 + 500 + 530 + 550) / 7,
    });
    expect(scores.accuracy).toBeCloseTo(8 / 11, 12);
    expect(scores.medianRtMs).toBe(480);
    expect(scores.omissionRate).toBeCloseTo(1 / 12, 12);
    expect(scores.counts).toEqual({
      testTrials: 12,
      anticipations: 1,
      extraResponses: 0,
      interrupted: 1,
    });
    expect(scores.practice).toEqual({ trials: 2, correct: 1 });
    expect(scores.qcFlags).toEqual({
      accuracyBelow80Percent: true,
      omissionRateAbove10Percent: false,
      medianRtBelow200: false,
    });
  });

  it('fills the report cells by the same rules and lists every test trial with its exclusions', () => {
    expect(result.reportCells.congruent).toEqual({
      trialCount: 5,
      rtTrialCount: 3,
      meanRtMs: 420,
      errorTrialCount: 4,
      errorRatePercent: 25,
    });
    expect(result.reportCells.incongruent).toMatchObject({
      trialCount: 7,
      rtTrialCount: 4,
      meanRtMs: 515,
    });
    expect(result.trialExclusions).toHaveLength(12);
    expect(result.trialExclusions[4]).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 4,
      exclusions: ['anticipation'],
    });
    expect(result.trialExclusions[9]?.exclusions).toEqual(['interrupted']);
    expect(result.trialExclusions[0]?.exclusions).toEqual([]);
  });

  it('leaves the effects null where a congruency has no correct trial', () => {
    const onlyCongruent = score(DEFAULT_CONFIG, TRIALS.slice(0, 5));
    expect(onlyCongruent.scores.flankerEffectMs).toBeNull();
    expect(onlyCongruent.scores.accuracyFlankerEffect).toBeNull();
    expect(score(DEFAULT_CONFIG, []).overallScore).toBe(0);
  });
});

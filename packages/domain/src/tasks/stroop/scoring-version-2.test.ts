import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './config';
import { flagTrials, type ScoringTrial, scoreV2 } from './scoring';
import { getCue, type Ink, isSwitchTrial, type ResponseKey, type Word } from './stimuli';

// 16 test trials, a rest break after trial 7 (so trial 8 comes first after it).
const config = ConfigSchema.parse({ testTrials: 16, restBreakEveryTrials: 8 });

const NAMES: Record<ResponseKey, { word: Word; ink: Ink }> = {
  R: { word: 'RED', ink: 'red' },
  G: { word: 'GREEN', ink: 'green' },
  B: { word: 'BLUE', ink: 'blue' },
};
const OTHER: Record<ResponseKey, ResponseKey> = { R: 'G', G: 'B', B: 'R' };

type Row = {
  /** The correct key: the stimulus is built so that the trial's cue asks for it. */
  key: ResponseKey;
  rt: number;
  correct?: boolean;
  interrupted?: boolean;
  /** ms between the trial before's response and this trial's cue; 17 (a frame) by default. */
  gapMs?: number;
};

/** Test trials numbered from 0, with the cue cycle and switches of the real design. */
function buildRun(rows: readonly Row[]): ScoringTrial[] {
  let clockMs = Date.parse('2026-11-26T10:00:00.000Z');
  return rows.map((row, trialNumber) => {
    const cueWord = getCue(trialNumber);
    // Incongruent, as every real trial: the cue's dimension names the key, the other does not.
    const stimulusWord = cueWord === 'Word' ? NAMES[row.key].word : NAMES[OTHER[row.key]].word;
    const stimulusColor = cueWord === 'Color' ? NAMES[row.key].ink : NAMES[OTHER[row.key]].ink;
    clockMs += row.gapMs ?? 17;
    const startMs = clockMs;
    clockMs += config.cueDurationMs + row.rt;
    return {
      phase: 'test',
      trialNumber,
      cueWord,
      stimulusWord,
      stimulusColor,
      isSwitch: isSwitchTrial(trialNumber),
      isCorrect: row.correct ?? true,
      reactionTime: row.rt,
      startTime: new Date(startMs).toISOString(),
      endTime: new Date(clockMs).toISOString(),
      wasInterrupted: row.interrupted ?? false,
    };
  });
}

// Cues: C C W W C C W W | C C W W C C W W; switches at 2, 4, 6, 8, 10, 12, 14.
const FIXTURE = buildRun([
  { key: 'R', rt: 500 }, //                      0  first of the phase, no cell
  { key: 'G', rt: 700 }, //                      1  repeat, Colour
  { key: 'G', rt: 800, correct: false }, //      2  switch, Word: an error
  { key: 'B', rt: 900 }, //                      3  repeat, Word: post-error
  { key: 'B', rt: 1000 }, //                     4  switch, Colour
  { key: 'R', rt: 600 }, //                      5  repeat, Colour
  { key: 'G', rt: 150, correct: false }, //      6  switch, Word: an anticipation, wrong
  { key: 'R', rt: 1200 }, //                     7  repeat, Word: post-error
  { key: 'R', rt: 1100 }, //                     8  switch, Colour: first after the break
  { key: 'G', rt: 650, interrupted: true }, //   9  repeat, Colour: interrupted
  { key: 'B', rt: 950 }, //                     10  switch, Word
  { key: 'R', rt: 750 }, //                     11  repeat, Word
  { key: 'R', rt: 980, gapMs: 8000 }, //        12  switch, Colour: first after a pause
  { key: 'B', rt: 640 }, //                     13  repeat, Colour
  { key: 'B', rt: 930 }, //                     14  switch, Word
  { key: 'G', rt: 770 }, //                     15  repeat, Word
]);

describe('flagStroopTrials', () => {
  it('flags each trial once, by the rules of version 2', () => {
    const flags = flagTrials(config, FIXTURE).map((t) => [t.trialNumber, t.exclusions]);
    expect(flags).toEqual([
      [0, ['first']],
      [1, []],
      [2, []],
      [3, ['postError']],
      [4, []],
      [5, []],
      [6, ['anticipation']],
      [7, ['postError']],
      [8, ['first']],
      [9, ['interrupted']],
      [10, []],
      [11, []],
      [12, ['first']],
      [13, []],
      [14, []],
      [15, []],
    ]);
  });

  it('puts trial 0 in no cell, and marks which correct keys repeat the trial before', () => {
    const flagged = flagTrials(config, FIXTURE);
    expect(flagged[0]).toMatchObject({ cell: null, isResponseRepeat: null });
    expect(flagged.map((t) => t.isResponseRepeat).slice(1)).toEqual([
      false,
      true,
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('flags a correct RT more than 2.5 SD from the own cell mean, in one pass', () => {
    // 41 trials at 700 ms; the Colour-repeat cell (trials 1, 5, ..., 37) has one at 2000 ms:
    // its mean is 830 and its SD 411.1, so 2000 is 2.85 SD out and 700 is 0.32 SD.
    const rows: Row[] = Array.from({ length: 41 }, (_, n) => ({
      key: 'R' as const,
      rt: n === 21 ? 2000 : 700,
    }));
    const long = ConfigSchema.parse({ testTrials: 41, restBreakEveryTrials: 100 });
    const flagged = flagTrials(long, buildRun(rows));
    expect(
      flagged.filter((t) => t.exclusions.includes('outlier')).map((t) => t.trialNumber),
    ).toEqual([21]);
    expect(flagged[21]?.countsForRt).toBe(false);
    expect(flagged[21]?.countsForErrors).toBe(true);
  });

  it('ignores other phases and sorts by trial number', () => {
    const shuffled = [FIXTURE[3], FIXTURE[0], { ...FIXTURE[1], phase: 'practice' }, FIXTURE[1]];
    const flagged = flagTrials(config, shuffled as ScoringTrial[]);
    expect(flagged.map((t) => t.trialNumber)).toEqual([0, 1, 3]);
    // Trial 2 is missing: trial 3 has no trial before it, so it is a first trial.
    expect(flagged[2]?.exclusions).toEqual(['first']);
  });
});

describe('scoreStroopV2', () => {
  const { scores, ...headline } = scoreV2(config, FIXTURE);

  it('gives the headline over every test trial, and the mean RT of the RT trials', () => {
    expect(headline).toEqual({
      totalTrials: 16,
      correctTrials: 14,
      // 14 x 100 / 16 = 87.5 -> 87.
      overallScore: 87,
      // Trials 1, 4, 5, 10, 11, 13, 14, 15.
      averageReactionTime: (700 + 1000 + 600 + 950 + 750 + 640 + 930 + 770) / 8,
    });
  });

  it('computes the headline exactly: 29 correct of 50 is 58, not 57', () => {
    // Version 2's floor(29 / 50 x 100) is floor(57.99999999999999) = 57 in floating point;
    // 29 x 100 / 50 = 58.
    const rows = Array.from({ length: 50 }, (_, i) => ({
      key: 'R' as const,
      rt: 700,
      correct: i < 29,
    }));
    expect(scoreV2(config, buildRun(rows))).toMatchObject({
      correctTrials: 29,
      overallScore: 58,
    });
    // 57 of 100: floor(57 / 100 x 100) = 56 in floating point, 57 x 100 / 100 = 57.
    const hundred = Array.from({ length: 100 }, (_, i) => ({
      key: 'G' as const,
      rt: 700,
      correct: i < 57,
    }));
    expect(scoreV2(config, buildRun(hundred))).toMatchObject({
      correctTrials: 57,
      overallScore: 57,
    });
  });

  it('scores each cue x switch cell with its own RT and error-rate trials', () => {
    expect(scores.cells).toEqual({
      'noswitch, color': {
        trialCount: 4,
        rtTrialCount: 3,
        meanRtMs: (700 + 600 + 640) / 3,
        errorTrialCount: 3,
        errorRatePercent: 0,
        inverseEfficiencyMs: (700 + 600 + 640) / 3,
      },
      'switch, color': {
        trialCount: 3,
        rtTrialCount: 1,
        meanRtMs: 1000,
        errorTrialCount: 1,
        errorRatePercent: 0,
        inverseEfficiencyMs: 1000,
      },
      'noswitch, word': {
        trialCount: 4,
        rtTrialCount: 2,
        meanRtMs: 760,
        errorTrialCount: 2,
        errorRatePercent: 0,
        inverseEfficiencyMs: 760,
      },
      'switch, word': {
        trialCount: 4,
        rtTrialCount: 2,
        meanRtMs: 940,
        errorTrialCount: 3,
        errorRatePercent: expect.closeTo(100 / 3, 9),
        inverseEfficiencyMs: expect.closeTo(1410, 9),
      },
    });
  });

  it('computes the switch costs within each cue and averages the two', () => {
    const colorRepeat = (700 + 600 + 640) / 3;
    expect(scores.switchCost.rtMs.color).toBeCloseTo(1000 - colorRepeat, 9);
    expect(scores.switchCost.rtMs.word).toBeCloseTo(940 - 760, 9);
    expect(scores.switchCost.rtMs.mean).toBeCloseTo((1000 - colorRepeat + 180) / 2, 9);
    expect(scores.switchCost.errorRatePercent).toEqual({
      color: 0,
      word: expect.closeTo(100 / 3, 9),
      mean: expect.closeTo(100 / 6, 9),
    });
    expect(scores.switchCost.inverseEfficiencyMs.word).toBeCloseTo(1410 - 760, 9);
    expect(scores.switchCost.inverseEfficiencyMs.mean).toBeCloseTo(
      (1000 - colorRepeat + 650) / 2,
      9,
    );
  });

  it('splits the switch cost by response repetition and reports how often the key repeats', () => {
    const colorRepeat = (700 + 600 + 640) / 3;
    // Colour switches 4, 8 and 12 all repeat the key; only 4 counts for RT.
    expect(scores.switchCostByResponse.responseChange).toEqual({
      color: null,
      word: 190,
      mean: null,
    });
    expect(scores.switchCostByResponse.responseRepeat.color).toBeCloseTo(1000 - colorRepeat, 9);
    expect(scores.switchCostByResponse.responseRepeat.word).toBe(170);
    // Switch trials 2, 4, 6, 8, 10, 12, 14: 2, 4, 8, 12 and 14 repeat the key. No repeat does.
    expect(scores.responseRepetitionPercent).toEqual({ switch: (5 / 7) * 100, repeat: 0 });
  });

  it('names the Colour-minus-Word difference the colour-naming cost, and keeps the old name', () => {
    const colorRepeat = (700 + 600 + 640) / 3;
    const expected = (1000 - 940 + (colorRepeat - 760)) / 2;
    expect(scores.colorNamingCost.rtMs).toBeCloseTo(expected, 9);
    expect(scores.interferenceEffect).toBe(scores.colorNamingCost.rtMs);
    expect(scores.colorNamingCost.errorRatePercent).toBeCloseTo((0 - 100 / 3 + 0) / 2, 9);
    // Error-rate trials: Colour 1, 4, 5, 13 (all right), Word 2, 10, 11, 14, 15 (2 wrong).
    expect(scores.colorNamingAccuracy).toBe(100);
    expect(scores.wordReadingAccuracy).toBe(80);
  });

  it('counts every exclusion, the errors and the trials each kind of score used', () => {
    expect(scores.exclusions).toEqual({
      first: 3,
      postError: 2,
      anticipation: 1,
      interrupted: 1,
      outlier: 0,
      errors: 2,
      rtTrials: 8,
      errorRateTrials: 9,
    });
    expect(scores.inverseEfficiencyMs).toBeCloseTo(792.5 / (8 / 9), 9);
    expect(scores.scoringVersion).toBe(3);
  });

  it('scores an empty run without numbers', () => {
    const empty = scoreV2(config, []);
    expect(empty).toMatchObject({ totalTrials: 0, overallScore: 0, averageReactionTime: null });
    expect(empty.scores.switchCost.rtMs).toEqual({ word: null, color: null, mean: null });
    expect(empty.scores.inverseEfficiencyMs).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigSchema, DEFAULT_CONFIG } from './config';
import { type ScoredTrial, score } from './scoring';
import { type ListAnswer, scoredList } from './testing';

/**
 * Hand-built runs scored by hand from docs/scoring/digit-span.md (scoring version 3), the
 * arithmetic in comments. Test trial numbers are place x 3 + repeat at the default
 * interruptionRepeats 2 (place = (length - start) x 2 + attempt - 1).
 */

/** A right answer: every digit typed in its place (all times well above their floors). */
const right = (length: number, firstKey: number, rt: number, interrupted = false) =>
  ({
    correct: true,
    entered: length,
    positions: length,
    firstKey,
    rt,
    interrupted,
  }) satisfies ListAnswer;
/** A wrong answer: `entered` digits typed, `positions` of them in their place. */
const wrong = (entered: number, positions: number, firstKey: number, rt: number, i = false) =>
  ({ correct: false, entered, positions, firstKey, rt, interrupted: i }) satisfies ListAnswer;

describe('Digit Span scored by hand: a run with interrupted lists (default configuration)', () => {
  const trials: ScoredTrial[] = [
    scoredList('practice', 'forward', 0, 2, right(2, 800, 1500)),
    // Forward, start 3.
    scoredList('test', 'forward', 0, 3, right(3, 800, 2000)), //            3/1
    scoredList('test', 'forward', 3, 3, wrong(3, 2, 900, 5000, true)), //   3/2 interrupted: given again
    scoredList('test', 'forward', 4, 3, right(3, 1000, 2400)), //           3/2 repeat 1
    scoredList('test', 'forward', 6, 4, wrong(4, 2, 1000, 3000)), //        4/1
    scoredList('test', 'forward', 9, 4, right(4, 1100, 2600, true)), //     4/2 interrupted (right): given again
    scoredList('test', 'forward', 10, 4, right(4, 1200, 3200)), //          4/2 repeat 1: passes 4
    scoredList('test', 'forward', 12, 5, wrong(5, 3, 1300, 4000)), //       5/1
    scoredList('test', 'forward', 15, 5, wrong(4, 1, 1400, 3500, true)), // 5/2 interrupted, no repeat left
    // Backward, start 2: its own two repeats.
    scoredList('practice', 'backward', 0, 2, right(2, 700, 1400)),
    scoredList('test', 'backward', 0, 2, right(2, 700, 1500)), //           2/1
    scoredList('test', 'backward', 3, 2, right(2, 900, 1700)), //           2/2
    scoredList('test', 'backward', 6, 3, wrong(0, 0, 1000, 2000, true)), // 3/1 interrupted, empty: given again
    scoredList('test', 'backward', 7, 3, wrong(3, 1, 1100, 2500)), //       3/1 repeat 1
    scoredList('test', 'backward', 9, 3, right(3, 900, 2100)), //           3/2
    scoredList('test', 'backward', 12, 4, wrong(4, 2, 1200, 3000)), //      4/1
    scoredList('test', 'backward', 15, 4, wrong(0, 0, 1000, 1500)), //      4/2 empty: ends at 4
  ];
  const scores = score(DEFAULT_CONFIG, trials);

  it('leaves the lists given again out of the forward scores, and counts the one over the limit', () => {
    // Scored: 0, 4, 6, 10, 12, 15 (3 and 9 were given again; 15 is the third interruption of
    // the direction, over the limit of 2, so it counts by its answer: wrong).
    // Correct: 0 (3), 4 (3), 10 (4): total correct 3, longest span 4.
    // Two-error: 3: 0 failed -> 3; 4: 1 failed of 2 -> 4; 5: 2 failed -> stop. 4.
    // Digits 3 + 3 + 4 + 4 + 5 + 5 = 24; in place 3 + 3 + 2 + 4 + 3 + 1 = 16: 16/24 = 2/3.
    // Answer time of the correct lists: (2000 + 2400 + 3200) / 3 = 2533.33.
    // First key of the scored lists without an exclusion (15 is 'interruptedOverLimit'):
    // (800 + 1000 + 1000 + 1200 + 1300) / 5 = 1060.
    expect(scores.scores.forward).toEqual({
      trials: 6,
      totalCorrect: 3,
      longestSpan: 4,
      twoErrorMaxSpan: 4,
      highestLengthGiven: 5,
      reachedMaxLength: false,
      digitsPresented: 24,
      correctPositions: 16,
      partialCreditProportion: 2 / 3,
      emptyAnswers: 0,
      timedOut: 0,
      meanAnswerTimeMs: 7600 / 3,
      meanFirstKeyMs: 1060,
      practice: { tries: 1, passed: true },
      interrupted: 2,
      interruptedOverLimit: 1,
      valid: false,
      invalidReasons: ['interruptedOverLimit'],
    });
  });

  it('leaves the list given again out of the backward scores, its empty answer too', () => {
    // Scored: 0, 3, 7, 9, 12, 15 (6 given again). Correct: 0, 3 (2), 9 (3): 3, span 3.
    // Two-error: 2: none failed -> 2; 3: 7 failed, 9 right -> 3; 4: both failed -> stop. 3.
    // Digits 2 + 2 + 3 + 3 + 4 + 4 = 18; in place 2 + 2 + 1 + 3 + 2 + 0 = 10: 10/18 = 5/9.
    // Empty answers: 15 only (6 is left out). Answer time (1500 + 1700 + 2100) / 3 = 1766.67;
    // first key (700 + 900 + 1100 + 900 + 1200 + 1000) / 6 = 5800 / 6 = 966.67.
    expect(scores.scores.backward).toEqual({
      trials: 6,
      totalCorrect: 3,
      longestSpan: 3,
      twoErrorMaxSpan: 3,
      highestLengthGiven: 4,
      reachedMaxLength: false,
      digitsPresented: 18,
      correctPositions: 10,
      partialCreditProportion: 10 / 18,
      emptyAnswers: 1,
      timedOut: 0,
      meanAnswerTimeMs: 5300 / 3,
      meanFirstKeyMs: 5800 / 6,
      practice: { tries: 1, passed: true },
      interrupted: 1,
      interruptedOverLimit: 0,
      valid: true,
      invalidReasons: [],
    });
  });

  it('gives the headline over the lists scored, and every list given as the total', () => {
    // Correct 3 + 3 = 6 of the ladders' 14 + 14 = 28: floor(600 / 28) = floor(21.43) = 21.
    // Total trials: every test list given, 8 forward + 7 backward = 15.
    expect(scores).toMatchObject({
      overallScore: 21,
      totalTrials: 15,
      correctTrials: 6,
      averageReactionTime: null,
    });
    expect(scores.scores).toMatchObject({
      spanDifference: 1,
      totalCorrect: 6,
      maxTotalCorrect: 28,
    });
  });

  it('flags each interrupted list, and reports the cells over the lists scored', () => {
    // The lists with an exclusion (every other scored list has none).
    const excluded = scores.trialExclusions.filter((t) => t.exclusions.length > 0);
    expect(excluded).toEqual([
      { phase: 'test', block: 0, trialNumber: 3, exclusions: ['interrupted'] },
      { phase: 'test', block: 0, trialNumber: 9, exclusions: ['interrupted'] },
      { phase: 'test', block: 0, trialNumber: 15, exclusions: ['interruptedOverLimit'] },
      { phase: 'test', block: 1, trialNumber: 6, exclusions: ['interrupted'] },
    ]);
    // Forward: 8 lists in the cell; errors over the 6 scored (6, 12, 15 wrong): 50 %; RT over
    // the correct ones without an exclusion: 2533.33. Backward: 7; 7, 12, 15 wrong of 6: 50 %.
    expect(scores.reportCells).toEqual({
      forward: {
        trialCount: 8,
        rtTrialCount: 3,
        meanRtMs: 7600 / 3,
        errorTrialCount: 6,
        errorRatePercent: 50,
      },
      backward: {
        trialCount: 7,
        rtTrialCount: 3,
        meanRtMs: 5300 / 3,
        errorTrialCount: 6,
        errorRatePercent: 50,
      },
    });
  });
});

describe('Digit Span scored by hand: a stored run of task version 1.0.0 (no repeats)', () => {
  // Its stored configuration has no interruptionRepeats: read as 0. Its trials have no
  // `interrupted` field; timing.wasInterrupted says it. Numbers are places (one list each).
  const config = ConfigSchema.parse({
    directions: 'forward',
    practiceMaxTries: 0,
    interruptionRepeats: 0,
  });
  const stored = (n: number, length: number, answer: ListAnswer): ScoredTrial => {
    const { interrupted: _field, ...trial } = scoredList('test', 'forward', n, length, answer);
    return trial;
  };
  const scores = score(config, [
    stored(0, 3, right(3, 800, 2000)), //                 3/1
    stored(1, 3, wrong(3, 1, 900, 2500, true)), //        3/2 interrupted, wrong
    stored(2, 4, wrong(4, 2, 1000, 3000, true)), //       4/1 interrupted, wrong
    stored(3, 4, wrong(4, 0, 1100, 3100)), //             4/2: ends at 4
  ]);

  it('counts every interrupted list by its answer, as that run went, and flags the direction', () => {
    // Correct: 0 only: total 1, longest span 3, two-error 3 (4 has two failed).
    // The two interrupted lists count (they ended the ladder) but are left out of the time
    // means: answer time 2000 (list 0), first key (800 + 1100) / 2 = 950.
    expect(scores.scores.forward).toMatchObject({
      trials: 4,
      totalCorrect: 1,
      longestSpan: 3,
      twoErrorMaxSpan: 3,
      meanAnswerTimeMs: 2000,
      meanFirstKeyMs: 950,
      interrupted: 0,
      interruptedOverLimit: 2,
      valid: false,
      invalidReasons: ['interruptedOverLimit'],
    });
    // Headline: 1 of the ladder's 14: floor(100 / 14) = 7.
    expect(scores).toMatchObject({ overallScore: 7, totalTrials: 4, correctTrials: 1 });
    expect(scores.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 1, exclusions: ['interruptedOverLimit'] },
      { phase: 'test', block: 0, trialNumber: 2, exclusions: ['interruptedOverLimit'] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { SavedTrial } from '../contract';
import { ConfigSchema, DEFAULT_CONFIG } from './config';
import { plan, plannedTrialAt } from './plan';
import { getNextPosition } from './run-order';
import { type ScoredTrial, score, twoErrorMaxSpan } from './scoring';
import { scoredList } from './testing';

/** A list of a run walked through the run order: scored, and read by the run order. */
type ListOfRun = ScoredTrial & SavedTrial;

describe('Digit Span scoring by hand', () => {
  // Forward: practice wrong then right; lengths 3 (both right), 4 (swap, right), 5 (one digit
  // short with 3 in place, then empty): stops at 5. Backward: four wrong practice lists, then
  // both lists of 2 submitted empty.
  const trials: ScoredTrial[] = [
    scoredList('practice', 'forward', 0, 2, { correct: false, positions: 0 }),
    scoredList('practice', 'forward', 1, 2, { correct: true }),
    scoredList('test', 'forward', 0, 3, { correct: true, rt: 2000 }),
    scoredList('test', 'forward', 1, 3, { correct: true, rt: 2200 }),
    scoredList('test', 'forward', 2, 4, { correct: false, positions: 2 }),
    scoredList('test', 'forward', 3, 4, { correct: true, rt: 3000 }),
    scoredList('test', 'forward', 4, 5, { correct: false, positions: 3, entered: 4 }),
    scoredList('test', 'forward', 5, 5, { correct: false, positions: 0, entered: 0, rt: 1100 }),
    ...[0, 1, 2, 3].map((n) => scoredList('practice', 'backward', n, 2, { correct: false })),
    scoredList('test', 'backward', 0, 2, { correct: false, entered: 0 }),
    scoredList('test', 'backward', 1, 2, { correct: false, entered: 0 }),
  ];
  const scores = score(DEFAULT_CONFIG, trials);

  it('scores the forward direction', () => {
    expect(scores.scores.forward).toEqual({
      trials: 6,
      totalCorrect: 3,
      longestSpan: 4,
      twoErrorMaxSpan: 4,
      highestLengthGiven: 5,
      reachedMaxLength: false,
      // 3 + 3 + 4 + 4 + 5 + 5 digits; 3 + 3 + 2 + 4 + 3 + 0 in place.
      digitsPresented: 24,
      correctPositions: 15,
      partialCreditProportion: 15 / 24,
      emptyAnswers: 1,
      timedOut: 0,
      // The correct lists' answer times: (2000 + 2200 + 3000) / 3.
      meanAnswerTimeMs: 2400,
      meanFirstKeyMs: 1000,
      practice: { tries: 2, passed: true },
      interrupted: 0,
      interruptedOverLimit: 0,
      valid: true,
      invalidReasons: [],
    });
  });

  it('flags the backward direction: practice never right, and more than half its lists empty', () => {
    expect(scores.scores.backward).toMatchObject({
      trials: 2,
      totalCorrect: 0,
      longestSpan: 0,
      twoErrorMaxSpan: 0,
      emptyAnswers: 2,
      partialCreditProportion: 0,
      meanAnswerTimeMs: null,
      practice: { tries: 4, passed: false },
      valid: false,
      invalidReasons: ['practiceNotPassed', 'mostlyEmpty'],
    });
  });

  it('gives the headline: 3 of the ladders’ 28 lists, and no mean reaction time', () => {
    expect(scores).toMatchObject({
      overallScore: Math.floor(300 / 28),
      totalTrials: 8,
      correctTrials: 3,
      averageReactionTime: null,
    });
    // Every test list is listed, none left out of anything.
    expect(scores.trialExclusions).toHaveLength(8);
    expect(scores.trialExclusions.every((t) => t.exclusions.length === 0)).toBe(true);
    expect(scores.scores).toMatchObject({
      spanDifference: 4,
      totalCorrect: 3,
      maxTotalCorrect: 28,
    });
  });

  it('reports each direction by the plain rule: errors over its lists, RT over its correct ones', () => {
    expect(scores.reportCells).toEqual({
      forward: {
        trialCount: 6,
        rtTrialCount: 3,
        meanRtMs: 2400,
        errorTrialCount: 6,
        errorRatePercent: 50,
      },
      backward: {
        trialCount: 2,
        rtTrialCount: 0,
        meanRtMs: null,
        errorTrialCount: 2,
        errorRatePercent: 100,
      },
    });
  });

  it('counts a list at the maximum length as reaching the ceiling, and half the lists empty as valid', () => {
    const config = ConfigSchema.parse({
      directions: 'forward',
      forwardStartLength: 8,
      practiceMaxTries: 0,
    });
    const ceiling = score(config, [
      scoredList('test', 'forward', 0, 8, { correct: false, entered: 0 }),
      scoredList('test', 'forward', 1, 8, { correct: true }),
      scoredList('test', 'forward', 2, 9, { correct: true, rt: 5000 }),
      scoredList('test', 'forward', 3, 9, {
        correct: false,
        timedOut: true,
        entered: 0,
        positions: 0,
      }),
    ]);
    expect(ceiling.scores.backward).toBeNull();
    expect(ceiling.scores.spanDifference).toBeNull();
    expect(ceiling.scores.forward).toMatchObject({
      longestSpan: 9,
      reachedMaxLength: true,
      emptyAnswers: 2,
      timedOut: 1,
      practice: null,
      valid: true,
    });
    expect(ceiling.overallScore).toBe(50);
  });

  it('stops the two-error maximum length at two failures in one length, below the longest span', () => {
    // Three lists per length: length 3 has one right and two wrong, so the ladder goes on,
    // but the two-error count ends before it.
    const three = [
      scoredList('test', 'forward', 0, 3, { correct: true }),
      scoredList('test', 'forward', 0, 3, { correct: false }),
      scoredList('test', 'forward', 0, 3, { correct: false }),
      scoredList('test', 'forward', 0, 4, { correct: true }),
    ];
    expect(twoErrorMaxSpan(three)).toBe(0);
    const config = ConfigSchema.parse({ directions: 'forward', trialsPerLength: 3 });
    expect(score(config, three).scores.forward).toMatchObject({
      longestSpan: 4,
      twoErrorMaxSpan: 0,
    });
    // One list per length: the first failed length ends the count.
    expect(
      twoErrorMaxSpan([
        scoredList('test', 'forward', 0, 3, { correct: true }),
        scoredList('test', 'forward', 0, 4, { correct: false }),
      ]),
    ).toBe(3);
  });

  it('leaves a list with a time under its floor out of the time means and the report RT', () => {
    const forged = (trialNumber: number) => ({
      ...scoredList('test', 'forward', trialNumber, 3, { correct: true, rt: 0.02 }),
      firstKeyRt: 0.01,
    });
    const timed = scoredList('test', 'forward', 2, 3, { correct: true, rt: 2000 });
    const run = score(DEFAULT_CONFIG, [forged(0), forged(1), timed]);
    expect(run.scores.forward).toMatchObject({
      totalCorrect: 3,
      meanAnswerTimeMs: 2000,
      meanFirstKeyMs: 1000,
    });
    expect(run.reportCells.forward).toMatchObject({
      trialCount: 3,
      rtTrialCount: 1,
      meanRtMs: 2000,
      errorRatePercent: 0,
    });
    expect(run.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 0, exclusions: ['tooFast'] },
      { phase: 'test', block: 0, trialNumber: 1, exclusions: ['tooFast'] },
    ]);
  });

  it('scores a run without trials as zero', () => {
    const empty = score(DEFAULT_CONFIG, []);
    expect(empty).toMatchObject({ overallScore: 0, totalTrials: 0, correctTrials: 0 });
    expect(empty.scores.forward).toMatchObject({
      trials: 0,
      longestSpan: 0,
      highestLengthGiven: null,
      partialCreditProportion: null,
      practice: null,
      valid: true,
    });
  });
});

describe('the headline at chance (docs/scoring/digit-span.md, "Headline")', () => {
  const config = DEFAULT_CONFIG;

  // One plan: random digits are right with the same chance whatever the list.
  const runPlan = plan('chance', config);

  /** A whole run answered by `answer` (the digits typed for a list of that length), in run order. */
  function runOf(answer: (length: number) => number[]): ListOfRun[] {
    const trials: ListOfRun[] = [];
    for (;;) {
      const next = getNextPosition(config, trials);
      if (!next) return trials;
      const planned = plannedTrialAt(runPlan, config, next);
      if (!planned) throw new Error('no planned list');
      const entered = answer(planned.length).join('-');
      const nDigits = entered === '' ? 0 : entered.split('-').length;
      const expected = planned.expected.split('-');
      trials.push({
        ...next,
        direction: planned.direction,
        length: planned.length,
        isCorrect: entered === planned.expected,
        reactionTime: 3000,
        nDigitsEntered: nDigits,
        nCorrectPositions: entered.split('-').filter((d, i) => d === expected[i]).length,
        timedOut: false,
        firstKeyRt: 1000,
        nBackspaces: 0,
        response: 'enter',
      });
    }
  }

  it('is 0 for a participant who answers nothing', () => {
    const scores = score(
      config,
      runOf(() => []),
    );
    // Four practice lists and both lists of the start length, in each direction.
    expect(scores).toMatchObject({ overallScore: 0, totalTrials: 4, correctTrials: 0 });
  });

  it('is 0.083 on average (0 in 97 % of runs) for one who types random digits', () => {
    // Exact: each of L digits typed uniformly from 1-9 is right with probability 9^-L; a length
    // is passed with 1 - (1 - 9^-L)^2. One list right of 28 scores floor(100 / 28) = 3. By hand
    // over the ladders (forward 3-9, backward 2-8, independent): E[total correct] = 0.02750,
    // P(any list right) = 0.02721, E[overallScore] = 0.08280 (almost all from one list right:
    // 3 x 0.0272 = 0.0816, plus the rare runs with more).
    // Here every path of the run order is scored, weighted by its probability (paths under
    // 1e-13 left out); practice is left out, as it is in no score of the headline.
    const noPractice = { ...config, practiceMaxTries: 0 };
    let expected = 0;
    let anyRight = 0;
    let covered = 0;
    const explore = (trials: ListOfRun[], probability: number) => {
      const next = getNextPosition(noPractice, trials);
      if (!next) {
        const { overallScore } = score(noPractice, trials);
        expected += probability * overallScore;
        if (overallScore > 0) anyRight += probability;
        covered += probability;
        return;
      }
      const planned = plannedTrialAt(runPlan, noPractice, next);
      if (!planned) throw new Error('no planned list');
      const right = 9 ** -planned.length;
      for (const isCorrect of [true, false]) {
        const p = probability * (isCorrect ? right : 1 - right);
        if (p < 1e-13) continue;
        explore(
          [
            ...trials,
            {
              ...next,
              direction: planned.direction,
              length: planned.length,
              isCorrect,
              reactionTime: 3000,
              nDigitsEntered: planned.length,
              nCorrectPositions: isCorrect ? planned.length : 0,
              timedOut: false,
              firstKeyRt: 1000,
              nBackspaces: 0,
              response: 'enter',
            },
          ],
          p,
        );
      }
    };
    explore([], 1);
    expect(covered).toBeGreaterThan(1 - 1e-9);
    expect(expected).toBeCloseTo(0.0828, 4);
    expect(anyRight).toBeCloseTo(0.02721, 5);
  });
});

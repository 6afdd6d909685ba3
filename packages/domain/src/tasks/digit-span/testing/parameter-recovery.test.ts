import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedTrial } from '../../contract';
import { mean } from '../../shared/statistics';
import {
  DEFAULT_DIGIT_SPAN_CONFIG,
  type DigitSpanDirection,
  getDigitSpanLadderTrialCount,
} from '../config';
import { DIGIT_SPAN_DEFAULT_PARTICIPANT, digitSpanRecallProbability } from '../participant';
import { digitSpanLengthOf, getDigitSpanNextPosition } from '../run-order';
import { type DigitSpanScoredTrial, scoreDigitSpan } from '../scoring';
import {
  DIGIT_SPAN_RECOVERY_SPANS,
  type DigitSpanRecoveryRun,
  expectedDigitSpanLongest,
  simulateDigitSpanRecoveryRun,
} from './parameter-recovery';

/** A list of a run walked through the run order: scored, and read by the run order. */
type ListOfRun = DigitSpanScoredTrial & SavedTrial;

/**
 * Span recovery (docs/scoring/digit-span.md, "Recovery"): 1,000 simulated runs at the default
 * configuration, played through the engine, by participants whose true span is known: the
 * longest length they recall correctly more often than not (P(correct at L) =
 * 1 / (1 + exp((L - span - 0.5) / 0.4))). Each run's participant has its own true spans: every
 * pair of a forward span 4-8 and a backward span 3-7 in turn, so 200 runs at each span and true
 * span differences from -3 to +5. The score that recovers the true span is the
 * longest span (= the two-error maximum length). Bounds:
 * - the mean longest span over all runs of a direction within ±0.5 of the true span;
 * - the mean span difference within ±0.5 of the true difference at each true difference, with
 *   no slope on it (a bias that depends on the span would show as one);
 * - at each true span, the mean longest span within 3 standard errors of its exact expectation on
 *   this ladder (expectedDigitSpanLongest, from the recall probabilities), and that expectation
 *   within ±0.5 of the true span: the ladder's own bias, since a length is passed with one of
 *   two lists right, is about +0.3.
 */
const RUNS = 1000;
const FORWARD_SPANS = DIGIT_SPAN_RECOVERY_SPANS.forward;
const BACKWARD_SPANS = DIGIT_SPAN_RECOVERY_SPANS.backward;

describe('span recovery over 1,000 simulated runs at the default configuration', () => {
  const config = DEFAULT_DIGIT_SPAN_CONFIG;
  let runs: DigitSpanRecoveryRun[] = [];
  beforeAll(() => {
    runs = Array.from({ length: RUNS }, (_, i) => simulateDigitSpanRecoveryRun(i, config));
  });

  const expectedLongest = (direction: DigitSpanDirection, span: number) =>
    expectedDigitSpanLongest(config, direction, span);

  it('matches the exact expectation of the ladder at every span, which is within ±0.5 of the truth', () => {
    for (const [direction, spans] of [
      ['forward', FORWARD_SPANS],
      ['backward', BACKWARD_SPANS],
    ] as const) {
      for (const span of spans) {
        const scores = runs
          .filter((run) => run.truth[direction] === span)
          .map((run) => run.scores[direction]?.longestSpan ?? Number.NaN);
        const m = mean(scores) as number;
        const sd = Math.sqrt(
          scores.reduce((sum, v) => sum + (v - m) ** 2, 0) / (scores.length - 1),
        );
        const expected = expectedLongest(direction, span);
        expect(Math.abs(m - expected), `${direction} ${span}`).toBeLessThan(
          (3 * sd) / Math.sqrt(scores.length),
        );
        expect(Math.abs(expected - span), `${direction} ${span}`).toBeLessThan(0.5);
      }
    }
  });

  const bias = (direction: DigitSpanDirection) => {
    const errors = runs.map(
      (run) => (run.scores[direction]?.longestSpan ?? Number.NaN) - run.truth[direction],
    );
    return mean(errors) as number;
  };

  it('recovers the forward and the backward span: the mean longest span within ±0.5 of the truth', () => {
    expect(Math.abs(bias('forward'))).toBeLessThan(0.5);
    expect(Math.abs(bias('backward'))).toBeLessThan(0.5);
  });

  it('recovers the span difference within ±0.5 on average, at every true difference', () => {
    const trueDifference = (run: DigitSpanRecoveryRun) => run.truth.forward - run.truth.backward;
    const errorOf = (run: DigitSpanRecoveryRun) =>
      (run.scores.spanDifference as number) - trueDifference(run);
    expect(Math.abs(mean(runs.map(errorOf)) as number)).toBeLessThan(0.5);
    const differences = [...new Set(runs.map(trueDifference))].sort((a, b) => a - b);
    expect(differences).toEqual([-3, -2, -1, 0, 1, 2, 3, 4, 5]);
    for (const difference of differences) {
      const errors = runs.filter((run) => trueDifference(run) === difference).map(errorOf);
      expect(Math.abs(mean(errors) as number), `difference ${difference}`).toBeLessThan(0.5);
    }
    // No bias that grows with the difference: the error's slope on the true difference is flat.
    const xs = runs.map(trueDifference);
    const ys = runs.map(errorOf);
    const mx = mean(xs) as number;
    const my = mean(ys) as number;
    const slope =
      xs.reduce((sum, x, i) => sum + (x - mx) * ((ys[i] as number) - my), 0) /
      xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
    expect(Math.abs(slope)).toBeLessThan(0.1);
  });

  it('gives the two-error maximum length equal to the longest span on this ladder, in every run', () => {
    for (const { scores } of runs) {
      for (const direction of [scores.forward, scores.backward]) {
        expect(direction?.twoErrorMaxSpan).toBe(direction?.longestSpan);
      }
    }
  });

  it('ranks spans: total correct grows with the true span', () => {
    const totalAt = (span: number) =>
      mean(
        runs
          .filter((r) => r.truth.forward === span)
          .map((r) => r.scores.forward?.totalCorrect ?? 0),
      ) as number;
    for (let i = 1; i < FORWARD_SPANS.length; i++) {
      expect(totalAt(FORWARD_SPANS[i] as number)).toBeGreaterThan(
        totalAt(FORWARD_SPANS[i - 1] as number),
      );
    }
    expect(getDigitSpanLadderTrialCount(config, 'forward')).toBe(14);
  });
});

describe('what hiding failures behind interruptions gains (docs/scoring/digit-span.md, "Interrupted lists")', () => {
  const config = {
    ...DEFAULT_DIGIT_SPAN_CONFIG,
    directions: 'forward' as const,
    practiceMaxTries: 0,
  };

  /**
   * The exact expected longest span of the default participant of span `span` who leaves the
   * page on every list they fail (so each failure is given again while repeats are left): every
   * path of the run order, scored, weighted by its probability (paths under 1e-8 left out).
   */
  function expectedLongestHidingFailures(span: number): { expected: number; covered: number } {
    let expected = 0;
    let covered = 0;
    const explore = (trials: ListOfRun[], probability: number) => {
      const next = getDigitSpanNextPosition(config, trials);
      if (!next) {
        expected += probability * (scoreDigitSpan(config, trials).scores.forward?.longestSpan ?? 0);
        covered += probability;
        return;
      }
      const { length } = digitSpanLengthOf(config, next);
      const p = digitSpanRecallProbability(length, span, DIGIT_SPAN_DEFAULT_PARTICIPANT.spread);
      for (const isCorrect of [true, false]) {
        const branch = probability * (isCorrect ? p : 1 - p);
        if (branch < 1e-8) continue;
        const list = {
          ...next,
          direction: 'forward' as const,
          length,
          isCorrect,
          interrupted: !isCorrect,
          fields: { interrupted: !isCorrect },
          reactionTime: 3000,
          nDigitsEntered: length,
          nCorrectPositions: isCorrect ? length : 0,
          timedOut: false,
          firstKeyRt: 1000,
          nBackspaces: 0,
          response: 'enter' as const,
        };
        explore([...trials, list], branch);
      }
    };
    explore([], 1);
    return { expected, covered };
  }

  it('raises the expected longest span by at most 0.3 digit with the default 2 repeats', () => {
    // By hand (a recursion over lengths and repeats left): +0.255 at span 4, +0.253 at 6,
    // +0.242 at 8.
    for (const [span, gain] of [
      [4, 0.255],
      [6, 0.253],
      [8, 0.242],
    ] as const) {
      const { expected, covered } = expectedLongestHidingFailures(span);
      expect(covered).toBeGreaterThan(1 - 1e-5);
      const honest = expectedDigitSpanLongest(config, 'forward', span);
      expect(expected - honest, `span ${span}`).toBeCloseTo(gain, 2);
      expect(expected - honest).toBeLessThan(0.3);
    }
  });
});

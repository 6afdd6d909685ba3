import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedTrial } from '../../contract';
import { mean } from '../../shared/statistics';
import { DEFAULT_CONFIG, type Direction, getLadderTrialCount } from '../config';
import { DEFAULT_PARTICIPANT, recallProbability } from '../participant';
import { getNextPosition, lengthOf } from '../run-order';
import { type ScoredTrial, score } from '../scoring';
import {
  expectedLongest,
  RECOVERY_SPANS,
  type RecoveryRun,
  simulateRecoveryRun,
} from './parameter-recovery';

/** A list of a run walked through the run order: scored, and read by the run order. */
type ListOfRun = ScoredTrial & SavedTrial;

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
 *   this ladder (expectedLongest, from the recall probabilities), and that expectation
 *   within ±0.5 of the true span: the ladder's own bias, since a length is passed with one of
 *   two lists right, is about +0.3.
 */
const RUNS = 1000;
const FORWARD_SPANS = RECOVERY_SPANS.forward;
const BACKWARD_SPANS = RECOVERY_SPANS.backward;

describe('span recovery over 1,000 simulated runs at the default configuration', () => {
  const config = DEFAULT_CONFIG;
  let runs: RecoveryRun[] = [];
  beforeAll(() => {
    runs = Array.from({ length: RUNS }, (_, i) => simulateRecoveryRun(i, config));
  });

  const expectedAt = (direction: Direction, span: number) =>
    expectedLongest(config, direction, span);

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
        const expected = expectedAt(direction, span);
        expect(Math.abs(m - expected), `${direction} ${span}`).toBeLessThan(
          (3 * sd) / Math.sqrt(scores.length),
        );
        expect(Math.abs(expected - span), `${direction} ${span}`).toBeLessThan(0.5);
      }
    }
  });

  const bias = (direction: Direction) => {
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
    const trueDifference = (run: RecoveryRun) => run.truth.forward - run.truth.backward;
    const errorOf = (run: RecoveryRun) =>
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
    expect(getLadderTrialCount(config, 'forward')).toBe(14);
  });
});

describe('what hiding failures behind interruptions gains (docs/scoring/digit-span.md, "Interrupted lists")', () => {
  const config = {
    ...DEFAULT_CONFIG,
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
      const next = getNextPosition(config, trials);
      if (!next) {
        expected += probability * (score(config, trials).scores.forward?.longestSpan ?? 0);
        covered += probability;
        return;
      }
      const { length } = lengthOf(config, next);
      const p = recallProbability(length, span, DEFAULT_PARTICIPANT.spread);
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
      const honest = expectedLongest(config, 'forward', span);
      expect(expected - honest, `span ${span}`).toBeCloseTo(gain, 2);
      expect(expected - honest).toBeLessThan(0.3);
    }
  });
});

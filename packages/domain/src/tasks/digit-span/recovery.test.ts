import { beforeAll, describe, expect, it } from 'vitest';
import { mean } from '../shared/statistics';
import {
  DEFAULT_DIGIT_SPAN_CONFIG,
  type DigitSpanDirection,
  getDigitSpanLadderTrialCount,
} from './config';
import {
  DIGIT_SPAN_RECOVERY_SPANS,
  type DigitSpanRecoveryRun,
  expectedDigitSpanLongest,
  simulateDigitSpanRecoveryRun,
} from './recovery';

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

import { beforeAll, describe, expect, it } from 'vitest';
import { mean } from '../shared/statistics';
import {
  DEFAULT_DIGIT_SPAN_CONFIG,
  type DigitSpanDirection,
  getDigitSpanLadderTrialCount,
  getDigitSpanLengths,
} from './config';
import {
  DIGIT_SPAN_DEFAULT_PARTICIPANT,
  type DigitSpanParticipantParams,
  digitSpanRecallProbability,
  simulateDigitSpanParticipant,
} from './participant';
import { type DigitSpanScores, scoreDigitSpan } from './scoring';

/**
 * Span recovery (docs/scoring/digit-span.md, "Recovery"): 1,000 simulated runs at the default
 * configuration, played through the engine, by participants whose true span is known: the
 * longest length they recall correctly more often than not (P(correct at L) =
 * 1 / (1 + exp((L - span - 0.5) / 0.4))). Each run's participant has its own true spans, forward
 * 4-8 and backward 3-7 in turn, 200 runs at each. The score that recovers the true span is the
 * longest span (= the two-error maximum length). Bounds:
 * - the mean longest span over all runs of a direction within ±0.5 of the true span;
 * - at each true span, the mean longest span within 3 standard errors of its exact expectation on
 *   this ladder (computed below from the recall probabilities), and that expectation within
 *   ±0.5 of the true span: the ladder's own bias, since a length is passed with one of two lists
 *   right, is about +0.3.
 */
const RUNS = 1000;
const FORWARD_SPANS = [4, 5, 6, 7, 8];
const BACKWARD_SPANS = [3, 4, 5, 6, 7];

describe('span recovery over 1,000 simulated runs at the default configuration', () => {
  const config = DEFAULT_DIGIT_SPAN_CONFIG;
  let runs: { truth: { forward: number; backward: number }; scores: DigitSpanScores }[] = [];
  beforeAll(() => {
    runs = Array.from({ length: RUNS }, (_, i) => {
      const truth = {
        forward: FORWARD_SPANS[i % FORWARD_SPANS.length] as number,
        backward: BACKWARD_SPANS[i % BACKWARD_SPANS.length] as number,
      };
      const params: DigitSpanParticipantParams = {
        ...DIGIT_SPAN_DEFAULT_PARTICIPANT,
        forwardSpan: truth.forward,
        backwardSpan: truth.backward,
        emptyRate: 0,
      };
      const trials = simulateDigitSpanParticipant(`recovery-${i}`, config, params);
      return { truth, scores: scoreDigitSpan(config, trials).scores };
    });
  });

  /**
   * The exact expected longest span of a participant of span `span` on the ladder: a length is
   * passed with probability 1 - (1 - P(L))^2; the ladder stops at the first length failed (the
   * longest span is then the length before it, or 0 at the start length) or after the maximum.
   */
  const expectedLongest = (direction: DigitSpanDirection, span: number) => {
    const { start, max } = getDigitSpanLengths(config, direction);
    const spread = DIGIT_SPAN_DEFAULT_PARTICIPANT.spread;
    let reach = 1;
    let expected = 0;
    for (let length = start; length <= max; length++) {
      const pass = 1 - (1 - digitSpanRecallProbability(length, span, spread)) ** 2;
      expected += reach * (1 - pass) * (length === start ? 0 : length - 1);
      reach *= pass;
    }
    return expected + reach * max;
  };

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

  it('recovers the span difference within ±0.5 on average', () => {
    const errors = runs.map(
      (run) => (run.scores.spanDifference as number) - (run.truth.forward - run.truth.backward),
    );
    expect(Math.abs(mean(errors) as number)).toBeLessThan(0.5);
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

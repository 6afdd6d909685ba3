import {
  DEFAULT_DIGIT_SPAN_CONFIG,
  type DigitSpanConfig,
  type DigitSpanDirection,
  getDigitSpanLengths,
} from '../config';
import {
  DIGIT_SPAN_DEFAULT_PARTICIPANT,
  digitSpanRecallProbability,
  simulateDigitSpanParticipant,
} from '../participant';
import { type DigitSpanScores, scoreDigitSpan } from '../scoring';

/** The true spans of the recovery runs: forward 4-8 and backward 3-7. */
export const DIGIT_SPAN_RECOVERY_SPANS = {
  forward: [4, 5, 6, 7, 8],
  backward: [3, 4, 5, 6, 7],
} as const;

/** One simulated recovery run: the participant's true spans, and the scores of its run. */
export type DigitSpanRecoveryRun = {
  truth: Record<DigitSpanDirection, number>;
  scores: DigitSpanScores;
};

/**
 * Recovery run `i` (0-based) at `config`: a default participant (no empty answers) whose true
 * spans are a pair of DIGIT_SPAN_RECOVERY_SPANS, every pair in turn (25 pairs, so true span
 * differences from -3 to +5), played through the engine and scored.
 */
export function simulateDigitSpanRecoveryRun(
  i: number,
  config: DigitSpanConfig = DEFAULT_DIGIT_SPAN_CONFIG,
): DigitSpanRecoveryRun {
  const { forward, backward } = DIGIT_SPAN_RECOVERY_SPANS;
  const truth = {
    forward: forward[i % forward.length] as number,
    backward: backward[(i + Math.floor(i / forward.length)) % backward.length] as number,
  };
  const trials = simulateDigitSpanParticipant(`recovery-${i}`, config, {
    ...DIGIT_SPAN_DEFAULT_PARTICIPANT,
    forwardSpan: truth.forward,
    backwardSpan: truth.backward,
    emptyRate: 0,
  });
  return { truth, scores: scoreDigitSpan(config, trials).scores };
}

/**
 * The exact expected longest span of the default participant of span `span` on a direction's
 * ladder: a length is passed with probability 1 - (1 - P(L))^lists; the ladder stops at the
 * first length failed (the longest span is then the length before it, or 0 at the start length)
 * or after the maximum.
 */
export function expectedDigitSpanLongest(
  config: DigitSpanConfig,
  direction: DigitSpanDirection,
  span: number,
): number {
  const { start, max } = getDigitSpanLengths(config, direction);
  const { spread } = DIGIT_SPAN_DEFAULT_PARTICIPANT;
  let reach = 1;
  let expected = 0;
  for (let length = start; length <= max; length++) {
    const pass =
      1 - (1 - digitSpanRecallProbability(length, span, spread)) ** config.trialsPerLength;
    expected += reach * (1 - pass) * (length === start ? 0 : length - 1);
    reach *= pass;
  }
  return expected + reach * max;
}

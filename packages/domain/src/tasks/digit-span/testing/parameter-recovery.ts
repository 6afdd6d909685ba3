import { type Config, DEFAULT_CONFIG, type Direction, getLengths } from '../config';
import { DEFAULT_PARTICIPANT, recallProbability, simulateParticipant } from '../participant';
import { type Scores, score } from '../scoring';

/** The true spans of the recovery runs: forward 4-8 and backward 3-7. */
export const RECOVERY_SPANS = {
  forward: [4, 5, 6, 7, 8],
  backward: [3, 4, 5, 6, 7],
} as const;

/** One simulated recovery run: the participant's true spans, and the scores of its run. */
export type RecoveryRun = {
  truth: Record<Direction, number>;
  scores: Scores;
};

/**
 * Recovery run `i` (0-based) at `config`: a default participant (no empty answers) whose true
 * spans are a pair of RECOVERY_SPANS, every pair in turn (25 pairs, so true span
 * differences from -3 to +5), played through the engine and scored.
 */
export function simulateRecoveryRun(i: number, config: Config = DEFAULT_CONFIG): RecoveryRun {
  const { forward, backward } = RECOVERY_SPANS;
  const truth = {
    forward: forward[i % forward.length] as number,
    backward: backward[(i + Math.floor(i / forward.length)) % backward.length] as number,
  };
  const trials = simulateParticipant(`recovery-${i}`, config, {
    ...DEFAULT_PARTICIPANT,
    forwardSpan: truth.forward,
    backwardSpan: truth.backward,
    emptyRate: 0,
  });
  return { truth, scores: score(config, trials).scores };
}

/**
 * The exact expected longest span of the default participant of span `span` on a direction's
 * ladder: a length is passed with probability 1 - (1 - P(L))^lists; the ladder stops at the
 * first length failed (the longest span is then the length before it, or 0 at the start length)
 * or after the maximum.
 */
export function expectedLongest(config: Config, direction: Direction, span: number): number {
  const { start, max } = getLengths(config, direction);
  const { spread } = DEFAULT_PARTICIPANT;
  let reach = 1;
  let expected = 0;
  for (let length = start; length <= max; length++) {
    const pass = 1 - (1 - recallProbability(length, span, spread)) ** config.trialsPerLength;
    expected += reach * (1 - pass) * (length === start ? 0 : length - 1);
    reach *= pass;
  }
  return expected + reach * max;
}

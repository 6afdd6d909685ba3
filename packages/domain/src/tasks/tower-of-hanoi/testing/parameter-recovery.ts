import { type Config, DEFAULT_CONFIG } from '../config';
import { DEFAULT_PARTICIPANT, simulateParticipant } from '../participant';
import { bishopProblems, type Problem } from '../plan';
import { allPositions, applyMove, distancesTo, legalMoves } from '../puzzle';
import { type Scores, score } from '../scoring';

/**
 * The exact expected number of moves a participant of error rate `errorRate` takes to solve a
 * problem (participant.ts: a non-improving move with probability errorRate where there is one,
 * an improving one otherwise, each of its kind alike): E(goal) = 0 and, elsewhere,
 * E(s) = 1 + the mean of E over the kind of move chosen, weighted by its probability, solved
 * by iteration to convergence.
 */
export function expectedMoves(problem: Pick<Problem, 'start' | 'goal'>, errorRate: number): number {
  const distances = distancesTo(problem.goal);
  const positions = allPositions(problem.goal.length);
  const choices = new Map(
    positions.map((position) => {
      const here = distances.get(position) as number;
      const next = legalMoves(position).map(([f, t]) => applyMove(position, f, t));
      const better = next.filter((p) => (distances.get(p) as number) < here);
      const other = next.filter((p) => (distances.get(p) as number) >= here);
      return [position, { better, other }] as const;
    }),
  );
  let expected = new Map(positions.map((p) => [p, distances.get(p) as number]));
  const meanOf = (list: readonly string[]) =>
    list.reduce((sum, p) => sum + (expected.get(p) as number), 0) / list.length;
  for (let round = 0; round < 100_000; round++) {
    const next = new Map<string, number>();
    let change = 0;
    for (const position of positions) {
      if (position === problem.goal) {
        next.set(position, 0);
        continue;
      }
      const { better, other } = choices.get(position) as { better: string[]; other: string[] };
      const value =
        other.length === 0
          ? 1 + meanOf(better)
          : 1 + (1 - errorRate) * meanOf(better) + errorRate * meanOf(other);
      change = Math.max(change, Math.abs(value - (expected.get(position) as number)));
      next.set(position, value);
    }
    expected = next;
    if (change < 1e-12) break;
  }
  return expected.get(problem.start) as number;
}

/** The expected excess-move rate (excess over minimum moves, summed over `problems`). */
export function expectedExcessMoveRate(problems: readonly Problem[], errorRate: number): number {
  const minimum = problems.reduce((sum, p) => sum + p.minMoves, 0);
  const expected = problems.reduce((sum, p) => sum + expectedMoves(p, errorRate), 0);
  return (expected - minimum) / minimum;
}

/** The error rate whose expected excess-move rate on `problems` is `rate` (bisection). */
export function errorRateForExcessMoveRate(problems: readonly Problem[], rate: number): number {
  let low = 0;
  let high = 0.95;
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2;
    if (expectedExcessMoveRate(problems, middle) < rate) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * The exact probability that a participant of error rate `errorRate` solves a problem in its
 * minimum (participant.ts): every move an improving one. From a position with a non-improving
 * move the next move improves with probability 1 - errorRate, from one without it always does,
 * and each improving move is alike: P(goal) = 1 and, elsewhere,
 * P(s) = (1 - errorRate, or 1) x the mean of P over the improving moves. Positions are taken in
 * order of their distance to the goal, so each improving move's P is known before it is needed.
 */
export function optimalProbability(
  problem: Pick<Problem, 'start' | 'goal'>,
  errorRate: number,
): number {
  const distances = distancesTo(problem.goal);
  const byDistance = [...distances.keys()].sort(
    (a, b) => (distances.get(a) as number) - (distances.get(b) as number),
  );
  const probability = new Map<string, number>();
  for (const position of byDistance) {
    if (position === problem.goal) {
      probability.set(position, 1);
      continue;
    }
    const here = distances.get(position) as number;
    const next = legalMoves(position).map(([f, t]) => applyMove(position, f, t));
    const better = next.filter((p) => (distances.get(p) as number) < here);
    const hasOther = better.length < next.length;
    const meanBetter =
      better.reduce((sum, p) => sum + (probability.get(p) as number), 0) / better.length;
    probability.set(position, (hasOther ? 1 - errorRate : 1) * meanBetter);
  }
  return probability.get(problem.start) as number;
}

/** The expected proportion of `problems` solved in their minimum at error rate `errorRate`. */
export function expectedProportionOptimal(problems: readonly Problem[], errorRate: number): number {
  const sum = problems.reduce((s, p) => s + optimalProbability(p, errorRate), 0);
  return sum / problems.length;
}

/**
 * The exact distribution of the headline (scoring version 3: floor(100 K / n), K the problems of
 * n solved in their minimum) when problem i is solved in its minimum with probability
 * `probabilities[i]`, independently of the others: K's distribution by adding one problem at a
 * time (P(K = k) after problem i is P(k) (1 - p_i) + P(k - 1) p_i), then the headline's mean,
 * its SD, and the distribution of K itself (`count[k]` = P(K = k)).
 */
export function headlineDistribution(probabilities: readonly number[]): {
  count: number[];
  mean: number;
  sd: number;
} {
  let count = [1];
  for (const p of probabilities) {
    count = [...count, 0].map((q, k) => q * (1 - p) + (k > 0 ? (count[k - 1] as number) * p : 0));
  }
  const n = probabilities.length;
  const headline = (k: number) => (n === 0 ? 0 : Math.floor((k * 100) / n));
  const mean = count.reduce((sum, q, k) => sum + q * headline(k), 0);
  const meanSquare = count.reduce((sum, q, k) => sum + q * headline(k) ** 2, 0);
  return { count, mean, sd: Math.sqrt(Math.max(0, meanSquare - mean ** 2)) };
}

/** The true excess-move rates of the recovery runs, each in turn. */
export const RECOVERY_RATES = [0.1, 0.25, 0.5, 1] as const;

/** One recovery run: the participant's true excess-move rate, and the scores of its run. */
export type RecoveryRun = {
  truth: number;
  errorRate: number;
  /** The run's headline (overallScore). */
  overallScore: number;
  scores: Scores;
};

/**
 * Recovery run `i` (0-based) at `config` (the Bishop set): a default participant (no slips but
 * the chosen moves) whose error rate gives the true excess-move rate
 * RECOVERY_RATES[i mod 4] on the Bishop problems, played through the engine and
 * scored.
 */
export function simulateRecoveryRun(
  i: number,
  errorRates: readonly number[],
  config: Config = DEFAULT_CONFIG,
): RecoveryRun {
  const index = i % RECOVERY_RATES.length;
  const errorRate = errorRates[index] as number;
  const trials = simulateParticipant(`recovery-${i}`, config, {
    ...DEFAULT_PARTICIPANT,
    errorRate,
  });
  const scores = score(config, trials);
  return {
    truth: RECOVERY_RATES[index] as number,
    errorRate,
    overallScore: scores.overallScore,
    scores: scores.scores,
  };
}

/** The error rates of the recovery runs' participants, one per true rate, on the Bishop set. */
export function recoveryErrorRates(): number[] {
  const problems = bishopProblems();
  return RECOVERY_RATES.map((rate) => errorRateForExcessMoveRate(problems, rate));
}

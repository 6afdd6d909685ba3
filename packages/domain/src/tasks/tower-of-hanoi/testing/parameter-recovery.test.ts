import { beforeAll, describe, expect, it } from 'vitest';
import { mean, sampleSd } from '../../shared/statistics';
import { bishopProblems, type Problem } from '../plan';
import { allPositions, applyMove, distancesTo, legalMoves } from '../puzzle';
import {
  expectedMoves,
  expectedProportionOptimal,
  headlineDistribution,
  optimalProbability,
  RECOVERY_RATES,
  type RecoveryRun,
  recoveryErrorRates,
  simulateRecoveryRun,
} from './parameter-recovery';

/**
 * Excess-move recovery (docs/scoring/tower-of-hanoi.md, "Recovery"): 1,000 simulated runs of the
 * default configuration (the 13 Bishop problems), played through the engine, by participants
 * whose true excess-move rate is known: each move is a non-improving one with a fixed
 * probability, chosen so that the exact expected excess moves over the 13 problems, divided by
 * their 81 minimum moves, is 0.1, 0.25, 0.5 or 1 (250 runs each). The participants also lift and
 * put back discs, aim at smaller discs and tap empty pegs, which are not moves. Bounds:
 * - every problem of every run solved (so the rate is over the same 81 minimum moves), with
 *   more slips than runs;
 * - at each true rate, the mean scored rate within ±10 % of it (relative) and within 3.5
 *   standard errors (its standard error over 250 runs is 3.5 % of the rate or less);
 * - the mean scored rates in the order of the true ones.
 * The same runs recover the proportion of problems solved in their minimum, whose true value
 * at each error rate is the exact probability of a solution without a non-improving move,
 * averaged over the 13 problems, and the headline (floor(100 K / 13), K the problems solved in
 * their minimum), whose true value is its exact expectation over K's distribution (the problems
 * are independent): each mean scored value within 3.5 standard errors of its true value, the
 * means in the reverse order of the rates.
 */
const RUNS = 1000;

/** The error rates docs/scoring/tower-of-hanoi.md gives for the true rates, to 3 decimals. */
const DOCUMENTED_ERROR_RATES = [0.054, 0.12, 0.202, 0.307];

/**
 * The expected moves from `problem`'s start to its goal at error rate `errorRate`, found another
 * way than recovery.ts's iteration: the equations E(goal) = 0 and, elsewhere,
 * E(s) = 1 + the sum over the next positions t of p(s -> t) E(t), solved at once by Gauss-Jordan
 * elimination with partial pivoting.
 */
function expectedMovesBySolving(
  problem: Pick<Problem, 'start' | 'goal'>,
  errorRate: number,
): number {
  const distances = distancesTo(problem.goal);
  const unknowns = allPositions(problem.goal.length).filter((p) => p !== problem.goal);
  const index = new Map(unknowns.map((p, i) => [p, i]));
  const n = unknowns.length;
  // Row i: E(s_i) - sum_j p(s_i -> s_j) E(s_j) = 1, the right-hand side in column n.
  const rows = unknowns.map((position, i) => {
    const row = new Array<number>(n + 1).fill(0);
    row[i] = 1;
    row[n] = 1;
    const here = distances.get(position) as number;
    const next = legalMoves(position).map(([from, to]) => applyMove(position, from, to));
    const better = next.filter((p) => (distances.get(p) as number) < here);
    const other = next.filter((p) => (distances.get(p) as number) >= here);
    const kinds: [string[], number][] =
      other.length === 0
        ? [[better, 1]]
        : [
            [better, 1 - errorRate],
            [other, errorRate],
          ];
    for (const [list, weight] of kinds) {
      for (const p of list) {
        const j = index.get(p);
        if (j !== undefined) row[j] = (row[j] as number) - weight / list.length;
      }
    }
    return row;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(rows[r]?.[col] as number) > Math.abs(rows[pivot]?.[col] as number)) pivot = r;
    }
    [rows[col], rows[pivot]] = [rows[pivot] as number[], rows[col] as number[]];
    const top = rows[col] as number[];
    const lead = top[col] as number;
    for (let c = col; c <= n; c++) top[c] = (top[c] as number) / lead;
    for (const [r, row] of rows.entries()) {
      const factor = row[col] as number;
      if (r === col || factor === 0) continue;
      for (let c = col; c <= n; c++) row[c] = (row[c] as number) - factor * (top[c] as number);
    }
  }
  return rows[index.get(problem.start) as number]?.[n] as number;
}

/**
 * The probability of a solution in the minimum, found another way than recovery.ts's pass over
 * the positions: every shortest path from the start enumerated, each with the product of its
 * steps' probabilities (the improving move taken, among the improving ones alike, and no
 * non-improving move where there is one).
 */
function optimalProbabilityByPaths(
  problem: Pick<Problem, 'start' | 'goal'>,
  errorRate: number,
): number {
  const distances = distancesTo(problem.goal);
  const walk = (position: string): number => {
    if (position === problem.goal) return 1;
    const here = distances.get(position) as number;
    const next = legalMoves(position).map(([from, to]) => applyMove(position, from, to));
    const better = next.filter((p) => (distances.get(p) as number) < here);
    const keep = better.length < next.length ? 1 - errorRate : 1;
    return better.reduce((sum, p) => sum + (keep / better.length) * walk(p), 0);
  };
  return walk(problem.start);
}

describe('the true excess-move rates of the recovery participants', () => {
  it('computes the expected moves exactly: the same as solving the equations directly', () => {
    for (const problem of bishopProblems()) {
      // Without errors a participant takes the minimum.
      expect(expectedMoves(problem, 0)).toBeCloseTo(problem.minMoves, 9);
      for (const errorRate of [0.05, 0.2, 0.5]) {
        expect(expectedMoves(problem, errorRate), problem.id).toBeCloseTo(
          expectedMovesBySolving(problem, errorRate),
          8,
        );
      }
    }
  });

  it('finds the documented error rates, whose expected excess-move rate is each true rate', () => {
    const problems = bishopProblems();
    const minimum = problems.reduce((sum, p) => sum + p.minMoves, 0);
    expect(minimum).toBe(81);
    const errorRates = recoveryErrorRates();
    for (const [i, rate] of RECOVERY_RATES.entries()) {
      const errorRate = errorRates[i] as number;
      expect(errorRate, `e for ${rate}`).toBeCloseTo(DOCUMENTED_ERROR_RATES[i] as number, 3);
      const expected = problems.reduce((sum, p) => sum + expectedMovesBySolving(p, errorRate), 0);
      expect((expected - minimum) / minimum).toBeCloseTo(rate, 6);
    }
  });

  it('computes the probability of a solution in the minimum exactly: the same by its paths', () => {
    for (const problem of bishopProblems()) {
      expect(optimalProbability(problem, 0)).toBe(1);
      for (const errorRate of [0.05, 0.2, 0.5]) {
        expect(optimalProbability(problem, errorRate), problem.id).toBeCloseTo(
          optimalProbabilityByPaths(problem, errorRate),
          12,
        );
      }
    }
  });
});

describe('the exact distribution of the headline', () => {
  it('is the same as summing over every outcome of the 13 problems (2^13 of them)', () => {
    const probabilities = bishopProblems().map((p) => optimalProbability(p, 0.2));
    let mean = 0;
    let meanSquare = 0;
    for (let outcome = 0; outcome < 2 ** 13; outcome++) {
      let probability = 1;
      let optimal = 0;
      for (const [i, p] of probabilities.entries()) {
        const isOptimal = (outcome >> i) & 1;
        probability *= isOptimal ? p : 1 - p;
        optimal += isOptimal;
      }
      const headline = Math.floor((optimal * 100) / 13);
      mean += probability * headline;
      meanSquare += probability * headline ** 2;
    }
    const exact = headlineDistribution(probabilities);
    expect(exact.mean).toBeCloseTo(mean, 10);
    expect(exact.sd).toBeCloseTo(Math.sqrt(meanSquare - mean ** 2), 10);
    expect(exact.count.reduce((sum, q) => sum + q, 0)).toBeCloseTo(1, 12);
    // Every problem certain: 13 of 13, exactly 100; none possible: 0.
    expect(headlineDistribution(probabilities.map(() => 1)).mean).toBe(100);
    expect(headlineDistribution(probabilities.map(() => 0)).mean).toBe(0);
  });
});

describe('excess-move recovery over 1,000 simulated runs at the default configuration', () => {
  let runs: RecoveryRun[] = [];
  beforeAll(() => {
    const errorRates = recoveryErrorRates();
    runs = Array.from({ length: RUNS }, (_, i) => simulateRecoveryRun(i, errorRates));
  });

  it('solves every problem, so each run is scored over the same minimum moves', () => {
    for (const { scores } of runs) expect(scores.solved).toBe(13);
    const slips = runs.reduce(
      (sum, { scores }) =>
        sum + scores.illegalAttempts + scores.cancels + scores.emptySourceAttempts,
      0,
    );
    expect(slips).toBeGreaterThan(RUNS);
  });

  it('recovers each true excess-move rate within ±10 % and 3.5 standard errors', () => {
    const means: number[] = [];
    for (const truth of RECOVERY_RATES) {
      const rates = runs
        .filter((run) => run.truth === truth)
        .map((run) => run.scores.excessMoveRate as number);
      expect(rates).toHaveLength(RUNS / RECOVERY_RATES.length);
      const m = mean(rates) as number;
      const se = (sampleSd(rates) as number) / Math.sqrt(rates.length);
      expect(se / truth, `SE at ${truth}`).toBeLessThan(0.035);
      expect(Math.abs(m - truth) / truth, `rate ${truth}`).toBeLessThan(0.1);
      expect(Math.abs(m - truth), `rate ${truth}`).toBeLessThan(3.5 * se);
      means.push(m);
    }
    for (let i = 1; i < means.length; i++) {
      expect(means[i]).toBeGreaterThan(means[i - 1] as number);
    }
  });

  it('recovers the true proportion solved in the minimum within 3.5 standard errors', () => {
    const errorRates = recoveryErrorRates();
    const means: number[] = [];
    for (const [i, truth] of RECOVERY_RATES.entries()) {
      const expected = expectedProportionOptimal(bishopProblems(), errorRates[i] as number);
      const proportions = runs
        .filter((run) => run.truth === truth)
        .map((run) => run.scores.proportionOptimal as number);
      const m = mean(proportions) as number;
      const se = (sampleSd(proportions) as number) / Math.sqrt(proportions.length);
      expect(Math.abs(m - expected), `at true rate ${truth}`).toBeLessThan(3.5 * se);
      means.push(m);
    }
    for (let i = 1; i < means.length; i++) {
      expect(means[i]).toBeLessThan(means[i - 1] as number);
    }
  });

  it('recovers the true expected headline (perfect solutions) within 3.5 standard errors', () => {
    const errorRates = recoveryErrorRates();
    const means: number[] = [];
    for (const [i, truth] of RECOVERY_RATES.entries()) {
      const expected = headlineDistribution(
        bishopProblems().map((p) => optimalProbability(p, errorRates[i] as number)),
      ).mean;
      const headlines = runs.filter((run) => run.truth === truth).map((run) => run.overallScore);
      const m = mean(headlines) as number;
      const se = (sampleSd(headlines) as number) / Math.sqrt(headlines.length);
      expect(Math.abs(m - expected), `at true rate ${truth}`).toBeLessThan(3.5 * se);
      means.push(m);
    }
    for (let i = 1; i < means.length; i++) {
      expect(means[i]).toBeLessThan(means[i - 1] as number);
    }
  });
});

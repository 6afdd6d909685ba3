/**
 * The headline of a task with two kinds of trial, one answered by a response and one by
 * withholding it (Go/No-Go, SART) or by the other key (N-back): floor(100 x balanced accuracy),
 * the mean of the hit rate and the correct-rejection rate. As 50 x (1 + H - F), it gives 50 to
 * every strategy that does not tell the two kinds apart: responding to everything (H = F = 1),
 * to nothing (H = F = 0) or at random (H = F on average), whatever the kinds' shares. Integer
 * arithmetic, exact whenever the percentage is whole; percent correct where a kind of trial is
 * missing, 0 without trials.
 */
export function balancedAccuracyHeadline(counts: {
  /** Trials that call for the response, and how many of them had it. */
  signal: number;
  hits: number;
  /** Trials that call for no response (or the other one), and how many of them had the response. */
  noise: number;
  falseAlarms: number;
}): number {
  const { signal, hits, noise, falseAlarms } = counts;
  const correctRejections = noise - falseAlarms;
  if (signal > 0 && noise > 0) {
    return Math.floor(((hits * noise + correctRejections * signal) * 100) / (2 * signal * noise));
  }
  return percentHeadline(hits + correctRejections, signal + noise);
}

/**
 * The headline of a task scored as a share of its trials: floor(100 x correct / total) in one
 * integer division, exact, where floor(correct / total x 100) in floating point is one point low
 * at some counts (29 / 50 x 100 is 57.99999999999999). 0 without trials.
 */
export function percentHeadline(correct: number, total: number): number {
  return total === 0 ? 0 : Math.floor((correct * 100) / total);
}

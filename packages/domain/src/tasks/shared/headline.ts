/** One kind of trial of a headline: how many trials asked for that answer, and how many got it. */
export type AnswerClass = { trials: number; correct: number };

/**
 * floor(100 x balanced accuracy): the mean over the kinds of trial (the answers the task asks
 * for) of the share answered correctly. A strategy that does not tell the kinds apart (one answer
 * to everything, no answer, answers at random) is right on 1 / k of each kind on average, so
 * it scores 100 / k whatever the kinds' shares: 50 with two kinds. Kinds without
 * trials are left out; 0 without trials. Integer arithmetic (the sum of correct_i x the product
 * of the other kinds' trials, over k x the product of all), exact whenever the result is whole.
 */
export function balancedHeadline(classes: readonly AnswerClass[]): number {
  const present = classes.filter((c) => c.trials > 0);
  if (present.length === 0) return 0;
  const product = present.reduce((p, c) => p * c.trials, 1);
  const numerator = present.reduce((sum, c) => sum + c.correct * (product / c.trials), 0);
  return Math.floor((numerator * 100) / (present.length * product));
}

/**
 * The headline of a task with two kinds of trial, one answered by a response and one by
 * withholding it (Go/No-Go, SART) or by the other key (N-back): balancedHeadline of the two, as
 * 50 x (1 + H - F). Responding to everything (H = F = 1), to nothing (H = F = 0) or at random
 * (H = F on average) scores 50. Percent correct where a kind of trial is missing.
 */
export function balancedAccuracyHeadline(counts: {
  /** Trials that call for the response, and how many of them had it. */
  signal: number;
  hits: number;
  /** Trials that call for no response (or the other one), and how many of them had the response. */
  noise: number;
  falseAlarms: number;
}): number {
  return balancedHeadline([
    { trials: counts.signal, correct: counts.hits },
    { trials: counts.noise, correct: counts.noise - counts.falseAlarms },
  ]);
}

/**
 * The headline of a task scored as a share of its trials: floor(100 x correct / total) in one
 * integer division, exact, where floor(correct / total x 100) in floating point is one point low
 * at some counts (29 / 50 x 100 is 57.99999999999999). 0 without trials.
 */
export function percentHeadline(correct: number, total: number): number {
  return total === 0 ? 0 : Math.floor((correct * 100) / total);
}

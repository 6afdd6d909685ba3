import { createRng, type Rng, shuffle } from '../shared/random';
import {
  countNoGoGaps,
  findGoNoGoConfigProblems,
  type GoNoGoBlockCounts,
  type GoNoGoConfig,
  type GoNoGoPhase,
  type GoNoGoStimulusId,
  type GoNoGoStimulusType,
  getGoNoGoBlockCounts,
  goNoGoStimulusIdOf,
} from './config';

/** A trial's code in a planned block. */
export const GO_CODE = 0;
export const NOGO_CODE = 1;

/**
 * A run's plan, as the server keeps it to check each save: one byte a trial (GO_CODE or
 * NOGO_CODE) per block. Every practice round a run may need is planned, each with its own
 * order, so the plan is fixed before the run starts whatever the participant does. The rest of
 * a planned trial follows from the configuration (the stimulus shown for each type).
 */
export type GoNoGoPlan = {
  /** Round b of criterion practice is `practice[b]`; there are practiceMaxRounds of them. */
  readonly practice: readonly Uint8Array[];
  readonly test: Uint8Array;
};

/** Where a trial sits in a Go/No-Go run. */
export type GoNoGoPosition = { phase: GoNoGoPhase; block: number; trialNumber: number };

/** A planned trial: its position and the stimulus it shows. */
export type PlannedGoNoGoTrial = GoNoGoPosition & {
  stimulusType: GoNoGoStimulusType;
  stimulusId: GoNoGoStimulusId;
};

/**
 * How many no-go trials each gap gets: `noGo` spread over `gaps` gaps, at most `maxPerGap` in
 * one, every such spread equally likely. With one per gap this is a uniform choice of `noGo`
 * gaps without replacement (the first `noGo` of a Fisher-Yates shuffle of the gaps). With more,
 * the gaps' counts are drawn in turn, each with the probability that the number of ways to
 * spread the rest over the remaining gaps gives it: no draw is ever rejected and redrawn. The
 * numbers of ways exceed 1e308, so each row of them is kept scaled to its largest; a state whose
 * weights all fall below the smallest double (under 1e-300 of the row's largest, never met in
 * practice) takes the largest count the remaining gaps allow.
 */
export function spreadNoGo(rng: Rng, noGo: number, gaps: number, maxPerGap: number): Uint16Array {
  if (noGo > gaps * maxPerGap) {
    throw new Error(`Cannot spread ${noGo} no-go trials over ${gaps} gaps, ${maxPerGap} per gap`);
  }
  const perGap = new Uint16Array(gaps);
  if (maxPerGap === 1) {
    const indices = Array.from({ length: gaps }, (_, i) => i);
    for (const gap of shuffle(indices, rng).slice(0, noGo)) perGap[gap] = 1;
    return perGap;
  }
  // ways[k * width + r]: the ways to put r no-go trials in k gaps, at most maxPerGap each,
  // scaled so that row k's largest is 1.
  const width = noGo + 1;
  const ways = new Float64Array((gaps + 1) * width);
  ways[0] = 1;
  for (let k = 1; k <= gaps; k++) {
    let largest = 0;
    for (let r = 0; r <= noGo; r++) {
      let sum = 0;
      for (let x = 0; x <= Math.min(maxPerGap, r); x++) sum += ways[(k - 1) * width + r - x] ?? 0;
      ways[k * width + r] = sum;
      largest = Math.max(largest, sum);
    }
    for (let r = 0; r <= noGo; r++) ways[k * width + r] = (ways[k * width + r] ?? 0) / largest;
  }
  let left = noGo;
  for (let gap = 0; gap < gaps; gap++) {
    const rest = (gaps - gap - 1) * width;
    const most = Math.min(maxPerGap, left);
    let total = 0;
    for (let x = 0; x <= most; x++) total += ways[rest + left - x] ?? 0;
    let chosen = Math.max(0, left - (gaps - gap - 1) * maxPerGap);
    if (total > 0) {
      let target = rng() * total;
      for (let x = 0; x <= most; x++) {
        const weight = ways[rest + left - x] ?? 0;
        if (weight === 0) continue;
        chosen = x;
        target -= weight;
        if (target < 0) break;
      }
    } else {
      chosen = most;
    }
    perGap[gap] = chosen;
    left -= chosen;
  }
  return perGap;
}

/**
 * One block's sequence, GO_CODE or NOGO_CODE a trial, from its exact counts: the first
 * `firstGoTrials` trials are go, and no more than `maxConsecutiveNoGo` no-go trials come in a
 * row. The go trials are laid out in order and the no-go trials spread over the gaps after
 * the leading go trials (spreadNoGo), so every sequence that keeps the rules is equally likely.
 */
export function planGoNoGoBlock(
  rng: Rng,
  counts: GoNoGoBlockCounts,
  firstGoTrials: number,
  maxConsecutiveNoGo: number,
): Uint8Array {
  const perGap = spreadNoGo(
    rng,
    counts.noGo,
    countNoGoGaps(counts, firstGoTrials),
    maxConsecutiveNoGo,
  );
  const sequence = new Uint8Array(counts.trials).fill(GO_CODE);
  let position = 0;
  for (let goBefore = 0; ; goBefore++) {
    // Gap i follows the (firstGoTrials + i)-th go trial.
    const noGo = goBefore >= firstGoTrials ? (perGap[goBefore - firstGoTrials] ?? 0) : 0;
    for (let i = 0; i < noGo; i++) sequence[position++] = NOGO_CODE;
    if (goBefore === counts.go) break;
    position++;
  }
  return sequence;
}

/**
 * The whole run's plan from its seed, before it starts: each practice round and the test block
 * drawn from a generator of its own (the seed, the phase and the block), so each is shuffled
 * separately and one never shifts another. Throws for a configuration findGoNoGoConfigProblems
 * refuses (the settings schema refuses it first).
 */
export function planGoNoGo(seed: string, config: GoNoGoConfig): GoNoGoPlan {
  const problems = findGoNoGoConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`This Go/No-Go configuration cannot be run: ${problems.join('; ')}`);
  }
  const block = (phase: GoNoGoPhase, index: number) =>
    planGoNoGoBlock(
      createRng(`${seed}:go-no-go:${phase}:${index}`),
      getGoNoGoBlockCounts(config, phase),
      config.firstGoTrials,
      config.maxConsecutiveNoGo,
    );
  return {
    practice: Array.from({ length: config.practiceMaxRounds }, (_, round) =>
      block('practice', round),
    ),
    test: block('test', 0),
  };
}

/** The planned block at a phase and block number, or undefined if the plan has none. */
export function plannedGoNoGoBlock(plan: GoNoGoPlan, phase: string, block: number) {
  if (phase === 'test') return block === 0 ? plan.test : undefined;
  if (phase === 'practice') return plan.practice[block];
  return undefined;
}

/** The planned trial at `position`, or undefined if the plan has no such trial. */
export function plannedGoNoGoTrialAt(
  plan: GoNoGoPlan,
  config: Pick<GoNoGoConfig, 'stimulusSet'>,
  position: GoNoGoPosition,
): PlannedGoNoGoTrial | undefined {
  const code = plannedGoNoGoBlock(plan, position.phase, position.block)?.[position.trialNumber];
  if (code === undefined) return undefined;
  const stimulusType: GoNoGoStimulusType = code === NOGO_CODE ? 'nogo' : 'go';
  return { ...position, stimulusType, stimulusId: goNoGoStimulusIdOf(config, stimulusType) };
}

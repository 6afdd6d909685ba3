import { createRng, type Rng } from '../shared/random';
import { spreadOverGaps } from '../shared/spread';
import {
  type BlockCounts,
  type Config,
  countNoGoGaps,
  findConfigProblems,
  getBlockCounts,
  type Phase,
  type StimulusId,
  type StimulusType,
  stimulusIdOf,
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
export type Plan = {
  /** Round b of criterion practice is `practice[b]`; there are practiceMaxRounds of them. */
  readonly practice: readonly Uint8Array[];
  readonly test: Uint8Array;
};

/** Where a trial sits in a Go/No-Go run. */
export type Position = { phase: Phase; block: number; trialNumber: number };

/** A planned trial: its position and the stimulus it shows. */
export type PlannedTrial = Position & {
  stimulusType: StimulusType;
  stimulusId: StimulusId;
};

/**
 * How many no-go trials each gap gets: `noGo` spread over `gaps` gaps, at most `maxPerGap` in
 * one, every such spread equally likely (spreadOverGaps).
 */
export function spreadNoGo(rng: Rng, noGo: number, gaps: number, maxPerGap: number): Uint16Array {
  return spreadOverGaps(rng, noGo, gaps, maxPerGap, 'no-go trials');
}

/**
 * One block's sequence, GO_CODE or NOGO_CODE a trial, from its exact counts: the first
 * `firstGoTrials` trials are go, and no more than `maxConsecutiveNoGo` no-go trials come in a
 * row. The go trials are laid out in order and the no-go trials spread over the gaps after
 * the leading go trials (spreadNoGo), so every sequence that keeps the rules is equally likely.
 */
export function planBlock(
  rng: Rng,
  counts: BlockCounts,
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
 * separately and one never shifts another. Throws for a configuration findConfigProblems
 * refuses (the settings schema refuses it first).
 */
export function plan(seed: string, config: Config): Plan {
  const problems = findConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`This Go/No-Go configuration cannot be run: ${problems.join('; ')}`);
  }
  const block = (phase: Phase, index: number) =>
    planBlock(
      createRng(`${seed}:go-no-go:${phase}:${index}`),
      getBlockCounts(config, phase),
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
export function plannedBlock(plan: Plan, phase: string, block: number) {
  if (phase === 'test') return block === 0 ? plan.test : undefined;
  if (phase === 'practice') return plan.practice[block];
  return undefined;
}

/** The planned trial at `position`, or undefined if the plan has no such trial. */
export function plannedTrialAt(
  plan: Plan,
  config: Pick<Config, 'stimulusSet' | 'goMapping'>,
  position: Position,
): PlannedTrial | undefined {
  const code = plannedBlock(plan, position.phase, position.block)?.[position.trialNumber];
  if (code === undefined) return undefined;
  const stimulusType: StimulusType = code === NOGO_CODE ? 'nogo' : 'go';
  return { ...position, stimulusType, stimulusId: stimulusIdOf(config, stimulusType) };
}

import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  formatSeconds,
  isAnticipation,
  judgeArrivedRun,
  RUN_ARRIVAL_TOLERANCE_MS,
} from '../shared/plausibility';
import { SIMPLE_REACTION_FLOOR_MS, TOO_FAST } from '../shared/time-floors';
import {
  type Config,
  minimumSendDelayMs,
  minimumTrialMs,
  type Params,
  PHASES,
  resolveConfig,
} from './config';
import type { Position } from './plan';
import {
  compareRunOrder,
  endsTest,
  isPosition,
  nextForeperiodElapsedMs,
  runOrderFieldsOf,
} from './run-order';
import type { TrialType } from './trial';

/**
 * How far a trial's start may be from where the one before left off, in time on task, ms: both
 * are the engine's sums of the same page timestamps, so they differ only by float rounding.
 */
const CHAIN_TOLERANCE_MS = 1;

/**
 * The floor of a response's reaction time, ms, whatever the run's false-start threshold: at the
 * default threshold (100 ms) a response under it is a false start already, but the threshold may
 * be set lower (down to 0), and a response under 100 ms is no reaction to the counter even then
 * (Basner & Dinges, 2011; ADR 036).
 */
export const RESPONSE_FLOOR_MS = SIMPLE_REACTION_FLOOR_MS;

/** Is a response under the floor though not a false start (its run's threshold is lower)? */
export function isTooFast(trial: { type: TrialType; reactionTime: number | null }): boolean {
  return (
    (trial.type === 'valid' || trial.type === 'lapse') &&
    isAnticipation(trial.reactionTime, RESPONSE_FLOOR_MS)
  );
}

/** What the server notes about a trial it keeps. */
export const TRIAL_FLAGS = ['falseStart', 'timeout', TOO_FAST] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/**
 * The flags of a trial: a response under the false-start threshold, a timeout, a response under
 * the floor that the run's lower threshold did not make a false start ('tooFast'). They follow
 * from the trial alone, so a replay gets the same ones.
 */
export function getTrialFlags(trial: {
  type: TrialType;
  reactionTime: number | null;
}): TrialFlag[] {
  if (trial.type === 'false_start') return ['falseStart'];
  if (trial.type === 'timeout') return ['timeout'];
  return isTooFast(trial) ? [TOO_FAST] : [];
}

/** How many trials come before `position`: every habituation trial before the test's. */
function countTrialsBefore(params: Params, position: Position): number {
  return (position.phase === 'test' ? params.habituationTrials : 0) + position.trialNumber;
}

/**
 * The least time from a run's start to the trial at `position` being sent: each trial before it
 * and itself at its least (minimumTrialMs: the shortest interval of its phase, and when the
 * interval is counted from the feedback's end the feedback or the timeout too), then its sending
 * (minimumSendDelayMs: a trial is sent when its feedback ends, which counted from the response
 * is within the next interval). Constant time, for every save.
 */
export function getMinimumArrivalMs(params: Params, position: Position): number {
  const habituation = minimumTrialMs(params, 'habituation');
  const sending = minimumSendDelayMs(params);
  if (position.phase === 'habituation') return (position.trialNumber + 1) * habituation + sending;
  return (
    params.habituationTrials * habituation +
    (position.trialNumber + 1) * minimumTrialMs(params, 'test') +
    sending
  );
}

/** Where PVT trials stand in a run, for the shared arrival checks. */
const arrivalRules = (params: Params): ArrivalRules<Position> => ({
  isPosition: (position): position is Position => isPosition(params, position),
  compare: compareRunOrder,
  trialsBefore: (position) => countTrialsBefore(params, position),
  minimumArrivalMs: (position) => getMinimumArrivalMs(params, position),
});

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS). Positions the run
 * cannot have are left to the trial check.
 */
export function findEarlyArrival(
  config: Config,
  position: TrialPosition,
  elapsedMs: number,
): string | null {
  return findPositionEarlyArrival(arrivalRules(resolveConfig(config)), position, elapsedMs);
}

/**
 * Why the trials of a run do not follow one another as the engine runs them, or null if they
 * do. In each phase, by trial number: the numbers go 0, 1, 2, ... without a gap; each trial takes
 * the plan draw after the last one the trial before took (planIndex + nFalseStarts + 1) and
 * starts in time on task where that one's next interval started (nextForeperiodElapsedMs: its
 * end, or when counted from the feedback's end its end plus the feedback, its end after a
 * timeout; a resumed trial too, as the resume carries the time on task over); and no test trial
 * follows the one that ended the test. Each trial's own check (on save) ties its first draw and
 * its start to its foreperiods and timing record, and a phase's first trial to draw 0 and time on
 * task 0, so a run that passes both cannot skip plan draws or time on task. Trials without their
 * run-order fields (a caller that does not hand them over) are not checked.
 */
export function findChainBreak(params: Params, trials: readonly ArrivedTrial[]): string | null {
  for (const phase of PHASES) {
    const inPhase = trials
      .filter((t) => t.phase === phase && isPosition(params, t))
      .sort(compareRunOrder);
    const first = inPhase[0];
    if (first && first.trialNumber !== 0) {
      return `The ${phase} begins with trial ${first.trialNumber}`;
    }
    for (let i = 1; i < inPhase.length; i++) {
      const previous = inPhase[i - 1] as ArrivedTrial;
      const trial = inPhase[i] as ArrivedTrial;
      const label = `${phase === 'test' ? 'Test' : 'Habituation'} trial ${trial.trialNumber}`;
      if (trial.trialNumber !== previous.trialNumber + 1) {
        return `The ${phase} has trial ${trial.trialNumber} after trial ${previous.trialNumber}`;
      }
      const before = runOrderFieldsOf(previous);
      const fields = runOrderFieldsOf(trial);
      if (!before || !fields) continue;
      if (phase === 'test' && endsTest(params, before)) {
        return `Test trial ${trial.trialNumber} follows the trial that ended the test`;
      }
      const planIndex = before.planIndex + before.nFalseStarts + 1;
      if (fields.planIndex !== planIndex) {
        return `${label} takes plan draw ${fields.planIndex}, not ${planIndex} after the trial before`;
      }
      const startMs = nextForeperiodElapsedMs(params, before);
      if (Math.abs(fields.startElapsedMs - startMs) > CHAIN_TOLERANCE_MS) {
        return `${label} starts at ${formatSeconds(fields.startElapsedMs)} on task, not at ${formatSeconds(startMs)} where the trial before left off`;
      }
    }
  }
  return null;
}

/**
 * Why a finished run cannot have been taken by a person, or null if it can: its trials do not
 * follow one another (findChainBreak: skipped plan draws or time on task), they reached the
 * server sooner after the run's start than their intervals and feedback take, its last test
 * trial came before the test's duration could have passed (the test ends only with a trial whose
 * next interval would start at or after it), or the device's clock times of its trials go
 * backwards. Scores of such a run are still kept; this only tells reports to leave it out.
 */
export function findRunImplausibility(
  config: Config,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  const params = resolveConfig(config);
  const reasons: string[] = [];
  const chain = findChainBreak(params, trials);
  if (chain) reasons.push(chain);
  const timing = judgeArrivedRun(arrivalRules(params), runStart, trials);
  if (timing) reasons.push(timing);
  const testTrials = trials.filter((t) => t.phase === 'test' && isPosition(params, t));
  const last = testTrials.sort(compareRunOrder).at(-1);
  if (last) {
    const leastMs =
      params.habituationTrials * minimumTrialMs(params, 'habituation') +
      params.durationMs -
      params.feedbackMs;
    const elapsedMs = last.arrivedAt.getTime() - runStart.getTime();
    if (leastMs - elapsedMs > RUN_ARRIVAL_TOLERANCE_MS) {
      reasons.push(
        `The test's last trial arrived ${formatSeconds(Math.max(0, elapsedMs))} after the start; a ${params.durationMs / 1000} s test takes at least ${formatSeconds(leastMs)}`,
      );
    }
  }
  return reasons.length > 0 ? reasons.join('; ') : null;
}

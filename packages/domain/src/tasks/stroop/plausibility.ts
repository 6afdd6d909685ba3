import { describeEarlyArrival, judgeRunTiming } from '../shared/plausibility';
import { type Config, getPhaseTrialCount, hasFeedback, PHASES, type Phase } from './config';
import type { TrialTiming } from './trial';

/**
 * Reaction times under this many ms are anticipations: a response started before the stimulus
 * could have been seen and read. Such a trial is stored, flagged 'anticipation'.
 */
export const ANTICIPATION_FLOOR_MS = 200;

/**
 * What the server notes about a trial it keeps: 'anticipation', a reaction time under the
 * floor; 'short-cue', a stimulus that appeared more than CUE_ONSET_TOLERANCE_MS before the cue's
 * duration was up.
 */
export const TRIAL_FLAGS = ['anticipation', 'short-cue'] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/**
 * The flags of a trial. They follow from the trial and the run's settings alone, so a replay
 * gets the same ones. A short cue is kept and flagged rather than refused: a browser can show
 * a stimulus early (a frame that comes sooner than the ones before it, or an onset the browser
 * could only time by the next animation frame), and a refused trial would be lost.
 */
export function getTrialFlags(
  trial: { reactionTime: number; timing: Pick<TrialTiming, 'cueOnsetMs' | 'stimulusOnsetMs'> },
  config: Pick<Config, 'cueDurationMs'>,
): TrialFlag[] {
  const flags: TrialFlag[] = [];
  if (trial.reactionTime < ANTICIPATION_FLOOR_MS) flags.push('anticipation');
  const cueShownMs = trial.timing.stimulusOnsetMs - trial.timing.cueOnsetMs;
  if (cueShownMs < config.cueDurationMs - CUE_ONSET_TOLERANCE_MS) flags.push('short-cue');
  return flags;
}

/**
 * How far the reaction time may be from the response's timestamp minus the stimulus onset, in
 * ms (shared by every task): only a record made other than by the browser differs.
 */
export { REACTION_TIME_TOLERANCE_MS } from '../shared/envelope';

/**
 * How much earlier than the cue's duration after the cue the stimulus may appear before the
 * trial is flagged 'short-cue', in ms: three frames at 60 Hz. The browser inserts the stimulus
 * ahead of its due time by its usual delay from insertion to presentation, and one presentation
 * can come sooner than the usual one by about as much again. A late stimulus (a page that
 * stalled) is never flagged.
 */
export const CUE_ONSET_TOLERANCE_MS = 50;

/**
 * The least time a trial of `phase` takes before the next can begin: its cue, and its feedback in
 * the sample and practice phases (the response itself and rest breaks can take any time).
 */
export function getMinimumTrialDurationMs(config: Config, phase: Phase): number {
  return config.cueDurationMs + (hasFeedback(phase) ? config.feedbackDurationMs : 0);
}

/** What the plausibility check reads of a stored trial. */
export type ArrivedTrial = {
  phase: Phase;
  trialNumber: number;
  /** By the device's clock (cue onset and response); null for a trial never measured. */
  startTime: Date | null;
  endTime: Date | null;
  /** When the trial reached the server, by the server's clock. */
  arrivedAt: Date;
};

/**
 * The least time from a run's start to trial `trialNumber` of `phase` being answered: every
 * earlier trial's cue and feedback, then this trial's cue. Constant time, for every save.
 */
export function getMinimumArrivalMs(config: Config, phase: Phase, trialNumber: number): number {
  let before = 0;
  for (const earlier of PHASES) {
    if (earlier === phase) break;
    before += getPhaseTrialCount(config, earlier) * getMinimumTrialDurationMs(config, earlier);
  }
  return before + trialNumber * getMinimumTrialDurationMs(config, phase) + config.cueDurationMs;
}

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS, shared/plausibility).
 */
export function findEarlyArrival(
  config: Config,
  phase: Phase,
  trialNumber: number,
  elapsedMs: number,
): string | null {
  return describeEarlyArrival(
    countTrialsBefore(config, phase, trialNumber),
    getMinimumArrivalMs(config, phase, trialNumber),
    elapsedMs,
  );
}

/** How many trials come before trial `trialNumber` of `phase` in a run. */
function countTrialsBefore(config: Config, phase: Phase, trialNumber: number) {
  let count = trialNumber;
  for (const earlier of PHASES) {
    if (earlier === phase) break;
    count += getPhaseTrialCount(config, earlier);
  }
  return count;
}

/**
 * Why a run cannot have been taken by a person, or null if it can: its trials reached the server
 * sooner after the run's start than their cues and feedback take to show (by the server's clock),
 * or the device's clock times of its trials go backwards. Scores of such a run are still kept;
 * this only tells reports to leave it out.
 */
export function findRunImplausibility(
  config: Config,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  const ordered = [...trials].sort(
    (a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber,
  );
  return judgeRunTiming(
    runStart,
    ordered.map((trial) => ({
      ...trial,
      label: `${trial.phase} trial ${trial.trialNumber}`,
      index: countTrialsBefore(config, trial.phase, trial.trialNumber),
      minimumArrivalMs: getMinimumArrivalMs(config, trial.phase, trial.trialNumber),
    })),
  );
}

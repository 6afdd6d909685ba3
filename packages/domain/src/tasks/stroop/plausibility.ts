import { getPhaseTrialCount, hasFeedback, PHASES, type Phase, type StroopConfig } from './config';
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
  config: Pick<StroopConfig, 'cueDurationMs'>,
): TrialFlag[] {
  const flags: TrialFlag[] = [];
  if (trial.reactionTime < ANTICIPATION_FLOOR_MS) flags.push('anticipation');
  const cueShownMs = trial.timing.stimulusOnsetMs - trial.timing.cueOnsetMs;
  if (cueShownMs < config.cueDurationMs - CUE_ONSET_TOLERANCE_MS) flags.push('short-cue');
  return flags;
}

/**
 * How far the reaction time may be from the response's timestamp minus the stimulus onset, in
 * ms. The browser computes it as exactly that difference of the two numbers it sends, so only a
 * record made some other way differs.
 */
export const REACTION_TIME_TOLERANCE_MS = 0.01;

/**
 * How much earlier than the cue's duration after the cue the stimulus may appear before the
 * trial is flagged 'short-cue', in ms: three frames at 60 Hz. The browser inserts the stimulus
 * ahead of its due time by its usual delay from insertion to presentation, and one presentation
 * can come sooner than the usual one by about as much again. A late stimulus (a page that
 * stalled) is never flagged.
 */
export const CUE_ONSET_TOLERANCE_MS = 50;

/**
 * How much earlier than a person could have taken them the trials of a run may reach the server,
 * in ms: the run's start and the trials' arrival are read from the clocks of the server instances
 * that handled them, which may differ by a little. Trials the browser kept during an outage arrive
 * late, never early.
 */
export const RUN_ARRIVAL_TOLERANCE_MS = 5000;

/**
 * How far a trial's start may fall before the previous trial's end by the device's clock, in ms:
 * within a page both come from one monotonic clock, but a run resumed after a reload starts a new
 * time line from the device's clock, which may have been corrected in between.
 */
export const TRIAL_CLOCK_TOLERANCE_MS = 1000;

/**
 * The least time a trial of `phase` takes before the next can begin: its cue, and its feedback in
 * the sample and practice phases (the response itself and rest breaks can take any time).
 */
export function getMinimumTrialDurationMs(config: StroopConfig, phase: Phase): number {
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The least time from a run's start to trial `trialNumber` of `phase` being answered: every
 * earlier trial's cue and feedback, then this trial's cue. Constant time, for every save.
 */
export function getMinimumArrivalMs(
  config: StroopConfig,
  phase: Phase,
  trialNumber: number,
): number {
  let before = 0;
  for (const earlier of PHASES) {
    if (earlier === phase) break;
    before += getPhaseTrialCount(config, earlier) * getMinimumTrialDurationMs(config, earlier);
  }
  return before + trialNumber * getMinimumTrialDurationMs(config, phase) + config.cueDurationMs;
}

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS).
 */
export function findEarlyArrival(
  config: StroopConfig,
  phase: Phase,
  trialNumber: number,
  elapsedMs: number,
): string | null {
  const neededMs = getMinimumArrivalMs(config, phase, trialNumber);
  if (neededMs - elapsedMs <= RUN_ARRIVAL_TOLERANCE_MS) return null;
  const count = countTrialsBefore(config, phase, trialNumber) + 1;
  return `${count} trials arrived within ${seconds(Math.max(0, elapsedMs))}; taking them takes at least ${seconds(neededMs)}`;
}

/** How many trials come before trial `trialNumber` of `phase` in a run. */
function countTrialsBefore(config: StroopConfig, phase: Phase, trialNumber: number) {
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
  config: StroopConfig,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  const ordered = [...trials].sort(
    (a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber,
  );
  const reasons: string[] = [];
  // The trial that arrived furthest ahead of what a person could have done by then.
  let worst: { reason: string; aheadMs: number } | undefined;
  for (const trial of ordered) {
    const elapsedMs = trial.arrivedAt.getTime() - runStart.getTime();
    const reason = findEarlyArrival(config, trial.phase, trial.trialNumber, elapsedMs);
    const aheadMs = getMinimumArrivalMs(config, trial.phase, trial.trialNumber) - elapsedMs;
    if (reason && (!worst || aheadMs > worst.aheadMs)) worst = { reason, aheadMs };
  }
  if (worst) reasons.push(worst.reason);

  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1];
    const trial = ordered[i];
    if (!previous?.endTime || !trial?.startTime) continue;
    const backMs = previous.endTime.getTime() - trial.startTime.getTime();
    if (backMs > TRIAL_CLOCK_TOLERANCE_MS) {
      reasons.push(
        `Trial times go backwards: ${trial.phase} trial ${trial.trialNumber} starts ${seconds(backMs)} before the previous trial ended`,
      );
      break;
    }
  }
  return reasons.length > 0 ? reasons.join('; ') : null;
}

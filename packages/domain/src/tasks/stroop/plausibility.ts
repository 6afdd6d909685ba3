import { hasFeedback, PHASES, type Phase, type StroopConfig } from './config';

/**
 * Reaction times under this many ms are anticipations: a response started before the stimulus
 * could have been seen and read. Such a trial is stored, flagged 'anticipation'.
 */
export const ANTICIPATION_FLOOR_MS = 200;

/** What the server notes about a trial it keeps: 'anticipation', a reaction time under the floor. */
export const TRIAL_FLAGS = ['anticipation'] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/** The flags of a trial. They follow from the trial alone, so a replay gets the same ones. */
export function getTrialFlags(trial: { reactionTime: number }): TrialFlag[] {
  return trial.reactionTime < ANTICIPATION_FLOOR_MS ? ['anticipation'] : [];
}

/**
 * How far the reaction time may be from the response's timestamp minus the stimulus onset, in
 * ms. The browser computes it as exactly that difference of the two numbers it sends, so only a
 * record made some other way differs.
 */
export const REACTION_TIME_TOLERANCE_MS = 0.01;

/**
 * How much earlier than the cue's duration after the cue the stimulus may appear, in ms. The
 * browser inserts the stimulus ahead of its due time by the usual delay from insertion to
 * presentation (half a frame and more on a fixed-refresh display, a whole frame at 30 Hz), and
 * one presentation can come sooner than the usual one by about as much again; the timing
 * benchmark saw cue intervals off by up to 22 ms. 50 ms is three frames at 60 Hz. A late
 * stimulus (a page that stalled) is always accepted.
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

  // Trial k's response comes at the earliest after every earlier trial's cue and feedback and
  // its own cue.
  let before = 0;
  let worst = { count: 0, elapsedMs: 0, neededMs: 0 };
  for (const [index, trial] of ordered.entries()) {
    const neededMs = before + config.cueDurationMs;
    const elapsedMs = trial.arrivedAt.getTime() - runStart.getTime();
    if (neededMs - elapsedMs > worst.neededMs - worst.elapsedMs) {
      worst = { count: index + 1, elapsedMs, neededMs };
    }
    before += getMinimumTrialDurationMs(config, trial.phase);
  }
  if (worst.neededMs - worst.elapsedMs > RUN_ARRIVAL_TOLERANCE_MS) {
    reasons.push(
      `${worst.count} trials arrived within ${seconds(Math.max(0, worst.elapsedMs))}; taking them takes at least ${seconds(worst.neededMs)}`,
    );
  }

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

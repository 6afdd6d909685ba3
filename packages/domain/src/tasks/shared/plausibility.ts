/**
 * How a run is judged against the server's clock (ADR 026), the same for every task; a task
 * supplies the least time a person needs to reach each of its trials.
 */

import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from './envelope';

/**
 * How much earlier than a person could have taken them the trials of a run may reach the
 * server, in ms: the run's start and the trials' arrival are read from the clocks of the server
 * instances that handled them, which may differ by a little. Trials the browser kept during an
 * outage arrive late, never early.
 */
export const RUN_ARRIVAL_TOLERANCE_MS = 5000;

/**
 * How far a trial's start may fall before the previous trial's end by the device's clock, in ms:
 * within a page both come from one monotonic clock, but a run resumed after a reload starts a new
 * time line from the device's clock, which may have been corrected in between.
 */
export const TRIAL_CLOCK_TOLERANCE_MS = 1000;

/** A duration as people read it in a reason: '12.5 s'. */
export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A trial as the run's judgement reads it, already in run order. */
export type TimedTrial = {
  /** 'practice trial 3', as a reason names the trial. */
  label: string;
  /** How many trials of the run come before it. */
  index: number;
  /** The least time from the run's start to this trial being answered, ms. */
  minimumArrivalMs: number;
  /** By the device's clock; null for a trial never measured. */
  startTime: Date | null;
  endTime: Date | null;
  /** When the trial reached the server, by the server's clock. */
  arrivedAt: Date;
};

/**
 * Why a trial reaching the server `elapsedMs` after its run started cannot have been taken by a
 * person by then (`index + 1` trials done in less than `minimumArrivalMs`), or null if it can,
 * within RUN_ARRIVAL_TOLERANCE_MS.
 */
export function describeEarlyArrival(
  index: number,
  minimumArrivalMs: number,
  elapsedMs: number,
): string | null {
  if (minimumArrivalMs - elapsedMs <= RUN_ARRIVAL_TOLERANCE_MS) return null;
  return `${index + 1} trials arrived within ${formatSeconds(Math.max(0, elapsedMs))}; taking them takes at least ${formatSeconds(minimumArrivalMs)}`;
}

/**
 * Why a whole run cannot have been taken by a person, or null if it can: the trial that arrived
 * furthest ahead of what a person could have done by then, and the first trial whose device time
 * starts more than TRIAL_CLOCK_TOLERANCE_MS before the previous one ended. `ordered` is in run
 * order. Scores of such a run are still kept; this only tells reports to leave it out.
 */
export function judgeRunTiming(runStart: Date, ordered: readonly TimedTrial[]): string | null {
  const reasons: string[] = [];
  let worst: { reason: string; aheadMs: number } | undefined;
  for (const trial of ordered) {
    const elapsedMs = trial.arrivedAt.getTime() - runStart.getTime();
    const reason = describeEarlyArrival(trial.index, trial.minimumArrivalMs, elapsedMs);
    const aheadMs = trial.minimumArrivalMs - elapsedMs;
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
        `Trial times go backwards: ${trial.label} starts ${formatSeconds(backMs)} before the previous trial ended`,
      );
      break;
    }
  }
  return reasons.length > 0 ? reasons.join('; ') : null;
}

/** Is a reaction time under `thresholdMs` (a press begun before the stimulus could be taken in)? Null (no response) is not. */
export function isAnticipation(reactionTime: number | null, thresholdMs: number): boolean {
  return reactionTime !== null && reactionTime < thresholdMs;
}

/**
 * Where a task's trials stand in a run, for judging arrivals against the server's clock: which
 * positions the run can have, their run order, how many trials come before one at least, and
 * the least time from the run's start to it being sent.
 */
export type ArrivalRules<Position extends TrialPosition> = {
  isPosition(position: TrialPosition): position is Position;
  compare(a: Position, b: Position): number;
  trialsBefore(position: Position): number;
  minimumArrivalMs(position: Position): number;
};

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS). Positions the run
 * cannot have are left to the trial check.
 */
export function findPositionEarlyArrival<Position extends TrialPosition>(
  rules: ArrivalRules<Position>,
  position: TrialPosition,
  elapsedMs: number,
): string | null {
  if (!rules.isPosition(position)) return null;
  return describeEarlyArrival(
    rules.trialsBefore(position),
    rules.minimumArrivalMs(position),
    elapsedMs,
  );
}

/**
 * Why a run cannot have been taken by a person, or null if it can (judgeRunTiming over the
 * run's trials of positions it can have, put in run order and labelled 'test block 0 trial 3').
 */
export function judgeArrivedRun<Position extends TrialPosition>(
  rules: ArrivalRules<Position>,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  const ordered = trials
    .flatMap((t) => (rules.isPosition(t) ? [{ ...t, position: t as Position }] : []))
    .sort((a, b) => rules.compare(a.position, b.position));
  return judgeRunTiming(
    runStart,
    ordered.map((trial) => {
      const { phase, block, trialNumber } = trial.position;
      return {
        ...trial,
        label: `${phase} block ${block} trial ${trialNumber}`,
        index: rules.trialsBefore(trial.position),
        minimumArrivalMs: rules.minimumArrivalMs(trial.position),
      };
    }),
  );
}

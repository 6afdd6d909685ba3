import type { SavedTrial } from '../contract';
import { MAX_TRIAL_NUMBER, type TrialPosition } from '../shared/envelope';
import {
  type Config,
  maximumTestStimuli,
  type Params,
  PHASES,
  type Phase,
  resolveConfig,
} from './config';
import type { Position } from './plan';
import { TRIAL_TYPES, type Trial, type TrialType } from './trial';

/**
 * The trial fields the run order reads beside the position (ADR 027's `runOrderFields`): the
 * test ends after the trial whose next interval would start at or after its duration, a
 * resumed phase goes on with the next plan draw and the time on task so far, and the run's
 * check (findRunImplausibility) reads that each trial starts where the one before left off.
 */
export const RUN_ORDER_FIELDS = [
  'planIndex',
  'nFalseStarts',
  'type',
  'startElapsedMs',
  'endElapsedMs',
] as const satisfies readonly (keyof Trial)[];

/** What the run order reads of a saved trial's own fields. */
export type RunOrderFields = Pick<Trial, (typeof RUN_ORDER_FIELDS)[number]>;

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** Is `position` one the run can have: a habituation trial, or a counter the test can show? */
export function isPosition(params: Params, position: TrialPosition): position is Position {
  if (!isPhase(position.phase) || position.block !== 0) return false;
  const count =
    position.phase === 'habituation' ? params.habituationTrials : maximumTestStimuli(params);
  return (
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < Math.min(count, MAX_TRIAL_NUMBER + 1)
  );
}

/** Orders positions as a run takes them: habituation, then the test. */
export function compareRunOrder(a: TrialPosition, b: TrialPosition): number {
  return (
    PHASES.indexOf(a.phase as Phase) - PHASES.indexOf(b.phase as Phase) ||
    a.block - b.block ||
    a.trialNumber - b.trialNumber
  );
}

/**
 * The time on task at which the interval after this trial starts. Counted from the response: its
 * end (the response, or the press that goes on after 'Please respond faster'). Counted from the
 * feedback's end: its end plus the feedback, or its end itself after a timeout (no feedback).
 */
export function nextForeperiodElapsedMs(
  params: Pick<Params, 'feedbackMs' | 'intervalFrom'>,
  trial: { type: TrialType; endElapsedMs: number },
): number {
  if (params.intervalFrom === 'response' || trial.type === 'timeout') return trial.endElapsedMs;
  return trial.endElapsedMs + params.feedbackMs;
}

/** Does the test end after this trial (its next interval would start at or after the duration)? */
export function endsTest(
  params: Pick<Params, 'feedbackMs' | 'intervalFrom' | 'durationMs'>,
  trial: { type: TrialType; endElapsedMs: number },
): boolean {
  return nextForeperiodElapsedMs(params, trial) >= params.durationMs;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A trial's run-order fields (SavedTrial or ArrivedTrial), or null where missing or malformed. */
export function runOrderFieldsOf(trial: {
  fields?: Readonly<Record<string, unknown>>;
}): RunOrderFields | null {
  const { planIndex, nFalseStarts, type, startElapsedMs, endElapsedMs } = trial.fields ?? {};
  if (
    !isNumber(planIndex) ||
    !isNumber(nFalseStarts) ||
    !isNumber(startElapsedMs) ||
    !isNumber(endElapsedMs) ||
    !(TRIAL_TYPES as readonly unknown[]).includes(type)
  ) {
    return null;
  }
  return { planIndex, nFalseStarts, type: type as TrialType, startElapsedMs, endElapsedMs };
}

/**
 * Where a run stands after the trials saved so far: the next position (null when the run is
 * over), and how its phase goes on: the plan draw of its next foreperiod, the time on task
 * already spent in the phase (resumes continue it: the test lasts its duration on task, the
 * reload's gap left out) and whether the phase was begun before.
 */
export type ResumePoint = {
  next: Position | null;
  planIndex: number;
  carriedMs: number;
  isPhaseBegun: boolean;
};

/**
 * The resume point after `saved` (positions the run cannot have are ignored). After the last
 * habituation trial comes the test; after a test trial, the next one unless the test ended with
 * it (endsTest: its next interval would start at or after the duration). A trial saved
 * without its run-order fields (never sent so) counts as ending nothing and using one draw. The
 * next trial takes the draw after the last saved trial's, so a trial in progress at a reload
 * (never saved) is taken again from its own first draw.
 */
export function getResumePoint(params: Params, saved: readonly SavedTrial[]): ResumePoint {
  let last: SavedTrial | null = null;
  for (const trial of saved) {
    if (!isPosition(params, trial)) continue;
    if (!last || compareRunOrder(trial, last) > 0) last = trial;
  }
  const first: Position =
    params.habituationTrials > 0
      ? { phase: 'habituation', block: 0, trialNumber: 0 }
      : { phase: 'test', block: 0, trialNumber: 0 };
  if (!last) return { next: first, planIndex: 0, carriedMs: 0, isPhaseBegun: false };
  const phase = last.phase as Phase;
  const fields = runOrderFieldsOf(last);
  const planIndex = fields ? fields.planIndex + fields.nFalseStarts + 1 : last.trialNumber + 1;
  const carriedMs = fields ? nextForeperiodElapsedMs(params, fields) : 0;
  if (phase === 'habituation') {
    if (last.trialNumber + 1 < params.habituationTrials) {
      return {
        next: { phase, block: 0, trialNumber: last.trialNumber + 1 },
        planIndex,
        carriedMs,
        isPhaseBegun: true,
      };
    }
    return {
      next: { phase: 'test', block: 0, trialNumber: 0 },
      planIndex: 0,
      carriedMs: 0,
      isPhaseBegun: false,
    };
  }
  const isOver =
    (fields !== null && endsTest(params, fields)) ||
    !isPosition(params, { phase, block: 0, trialNumber: last.trialNumber + 1 });
  return {
    next: isOver ? null : { phase, block: 0, trialNumber: last.trialNumber + 1 },
    planIndex,
    carriedMs,
    isPhaseBegun: true,
  };
}

/** Where a run continues after the trials saved so far; null when the test is over. */
export function getNextPosition(config: Config, saved: readonly SavedTrial[]): Position | null {
  return getResumePoint(resolveConfig(config), saved).next;
}

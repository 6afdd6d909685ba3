import {
  getPhaseTrialCount,
  hasFeedback,
  isRestBreakAfter,
  PHASES,
  type Phase,
  type StroopConfig,
} from './config';
import { type PlannedTrial, planPhase, type ResponseKey } from './stimuli';

/** A place in the run: a phase and a trial number in it. */
export type StroopPosition = { phase: Phase; trialNumber: number };

export type StroopState =
  | { kind: 'intro'; startAt: StroopPosition | null }
  | { kind: 'cue'; trial: PlannedTrial }
  | { kind: 'stimulus'; trial: PlannedTrial }
  | { kind: 'feedback'; trial: PlannedTrial; isCorrect: boolean }
  | { kind: 'rest'; after: PlannedTrial }
  | { kind: 'finished' }
  | { kind: 'complete' };

export type StroopEvent =
  | { type: 'START' }
  | { type: 'CUE_ENDED' }
  | { type: 'RESPONDED'; key: ResponseKey }
  | { type: 'FEEDBACK_ENDED' }
  | { type: 'CONTINUE' }
  | { type: 'SUMMARY_SAVED' };

/** What the runtime must do after a step: the engine itself never touches a clock or the DOM. */
export type StroopEffect =
  | { type: 'SHOW_CUE'; trial: PlannedTrial; durationMs: number }
  | { type: 'SHOW_STIMULUS'; trial: PlannedTrial }
  | { type: 'RECORD_TRIAL'; trial: PlannedTrial; response: ResponseKey; isCorrect: boolean }
  | { type: 'SHOW_FEEDBACK'; isCorrect: boolean; durationMs: number };

export type StroopStep = { state: StroopState; effects: StroopEffect[] };

export type StroopPlans = Record<Phase, readonly PlannedTrial[]>;

/** The whole run planned from its seed: every phase's trials. */
export function planRun(seed: string, config: StroopConfig): StroopPlans {
  return {
    sample: planPhase(seed, 'sample', config),
    practice: planPhase(seed, 'practice', config),
    test: planPhase(seed, 'test', config),
  };
}

function plannedAt(plans: StroopPlans, position: StroopPosition): PlannedTrial {
  const trial = plans[position.phase][position.trialNumber];
  if (!trial) throw new Error(`No trial ${position.trialNumber} in ${position.phase}`);
  return trial;
}

/** The position after `position`, in run order, or null after the last test trial. */
export function getNextPosition(
  config: StroopConfig,
  position: StroopPosition,
): StroopPosition | null {
  if (position.trialNumber + 1 < getPhaseTrialCount(config, position.phase)) {
    return { phase: position.phase, trialNumber: position.trialNumber + 1 };
  }
  const nextPhase = PHASES[PHASES.indexOf(position.phase) + 1];
  return nextPhase ? { phase: nextPhase, trialNumber: 0 } : null;
}

/**
 * Where a run continues (docs/product.md#how-resume-works): the position after the last saved trial
 * in run order, so no saved trial is repeated. Null when every trial is saved.
 */
export function getResumePosition(
  config: StroopConfig,
  saved: readonly StroopPosition[],
): StroopPosition | null {
  let last: StroopPosition | null = null;
  const rank = (p: StroopPosition) => PHASES.indexOf(p.phase) * 100_000 + p.trialNumber;
  for (const position of saved) if (!last || rank(position) > rank(last)) last = position;
  return last ? getNextPosition(config, last) : { phase: 'sample', trialNumber: 0 };
}

/** The state a run opens in: the intro, set to start at `startAt` (null: all trials are done). */
export function createInitialState(startAt: StroopPosition | null): StroopState {
  return startAt ? { kind: 'intro', startAt } : { kind: 'finished' };
}

function beginTrial(
  config: StroopConfig,
  plans: StroopPlans,
  position: StroopPosition,
): StroopStep {
  const trial = plannedAt(plans, position);
  return {
    state: { kind: 'cue', trial },
    effects: [{ type: 'SHOW_CUE', trial, durationMs: config.cueDurationMs }],
  };
}

function afterTrial(config: StroopConfig, plans: StroopPlans, trial: PlannedTrial): StroopStep {
  if (isRestBreakAfter(config, trial.phase, trial.trialNumber)) {
    return { state: { kind: 'rest', after: trial }, effects: [] };
  }
  const next = getNextPosition(config, trial);
  return next ? beginTrial(config, plans, next) : { state: { kind: 'finished' }, effects: [] };
}

/**
 * The Stroop test as a pure state machine (ADR 027): intro -> sample -> practice
 * -> test -> finished ('View Results') -> complete. Events that do not fit the state (a key
 * during the cue, a second response) change nothing.
 */
export function stepStroop(
  config: StroopConfig,
  plans: StroopPlans,
  state: StroopState,
  event: StroopEvent,
): StroopStep {
  const unchanged: StroopStep = { state, effects: [] };
  switch (event.type) {
    case 'START':
      return state.kind === 'intro' && state.startAt
        ? beginTrial(config, plans, state.startAt)
        : unchanged;
    case 'CUE_ENDED':
      return state.kind === 'cue'
        ? {
            state: { kind: 'stimulus', trial: state.trial },
            effects: [{ type: 'SHOW_STIMULUS', trial: state.trial }],
          }
        : unchanged;
    case 'RESPONDED': {
      if (state.kind !== 'stimulus') return unchanged;
      const { trial } = state;
      const isCorrect = event.key === trial.correctKey;
      const record: StroopEffect = { type: 'RECORD_TRIAL', trial, response: event.key, isCorrect };
      if (hasFeedback(trial.phase)) {
        return {
          state: { kind: 'feedback', trial, isCorrect },
          effects: [
            record,
            { type: 'SHOW_FEEDBACK', isCorrect, durationMs: config.feedbackDurationMs },
          ],
        };
      }
      const next = afterTrial(config, plans, trial);
      return { state: next.state, effects: [record, ...next.effects] };
    }
    case 'FEEDBACK_ENDED':
      return state.kind === 'feedback' ? afterTrial(config, plans, state.trial) : unchanged;
    case 'CONTINUE':
      return state.kind === 'rest' ? continueAfterRest(config, plans, state.after) : unchanged;
    case 'SUMMARY_SAVED':
      return state.kind === 'finished' ? { state: { kind: 'complete' }, effects: [] } : unchanged;
  }
}

function continueAfterRest(
  config: StroopConfig,
  plans: StroopPlans,
  after: PlannedTrial,
): StroopStep {
  const next = getNextPosition(config, after);
  return next ? beginTrial(config, plans, next) : { state: { kind: 'finished' }, effects: [] };
}

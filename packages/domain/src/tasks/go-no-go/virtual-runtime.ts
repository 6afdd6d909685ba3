import type { SavedTrial } from '../contract';
import type { InputModality } from '../shared/envelope';
import type { GoNoGoConfig } from './config';
import {
  createGoNoGoEngine,
  type GoNoGoEffect,
  type GoNoGoEvent,
  type GoNoGoState,
  type GoNoGoStep,
  goNoGoNextDueMs,
  stepGoNoGo,
} from './engine';
import type { GoNoGoPlan, PlannedGoNoGoTrial } from './plan';
import type { GoNoGoTrial } from './trial';

/** What a participant does on one trial, and how the page presents it. */
export type GoNoGoTrialBehaviour = {
  /** Presses, in ms after the presented onset (any order; may fall after the window). */
  pressesAfterOnsetMs: readonly number[];
  /** How much later than its due time the stimulus is presented, in ms. */
  onsetLateMs: number;
  /** The page lost focus during the trial. */
  interrupted?: boolean;
};

export type GoNoGoVirtualSessionOptions = {
  config: GoNoGoConfig;
  plan: GoNoGoPlan;
  behave: (trial: PlannedGoNoGoTrial) => GoNoGoTrialBehaviour;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs: number;
  /** Page time at which the first intro appears. */
  startMs: number;
  /** Time spent on each intro or practice-result screen before START. */
  introMs: number;
  inputModality?: InputModality;
  /** The trials already saved: the session resumes after them. */
  saved?: readonly SavedTrial[];
  /** Stop after this many trials are recorded (an interrupted session). */
  stopAfterTrials?: number;
};

export type GoNoGoVirtualSession = {
  trials: GoNoGoTrial[];
  events: GoNoGoEvent[];
  effects: GoNoGoEffect[];
  state: GoNoGoState;
};

/**
 * Runs the engine the way the browser runtime does, on a simulated page time line: START after
 * each intro, ONSET at the due time (plus the behaviour's lateness), OFFSET when the stimulus
 * is hidden, the participant's presses, and a TICK at each time the engine asks for. What it
 * records is what a browser would send. Pure: no clock, no timers.
 */
export function runGoNoGoVirtualSession(
  options: GoNoGoVirtualSessionOptions,
): GoNoGoVirtualSession {
  const { config, plan } = options;
  const events: GoNoGoEvent[] = [];
  const effects: GoNoGoEffect[] = [];
  const trials: GoNoGoTrial[] = [];
  let hideAtMs: number | null = null;
  const take = (step: GoNoGoStep) => {
    for (const effect of step.effects) {
      effects.push(effect);
      if (effect.type === 'RECORD_TRIAL') trials.push(effect.trial);
      if (effect.type === 'HIDE_STIMULUS') hideAtMs = effect.dueAtMs;
    }
    return step.state;
  };
  let state = take(
    createGoNoGoEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: options.inputModality,
    }),
  );
  const send = (event: GoNoGoEvent) => {
    events.push(event);
    state = take(stepGoNoGo(config, plan, state, event));
  };
  const modality = options.inputModality ?? 'keyboard';
  let nowMs = options.startMs;
  const limit = options.stopAfterTrials ?? Number.POSITIVE_INFINITY;
  while (state.kind !== 'finished' && trials.length < limit) {
    if (state.kind === 'waiting') {
      nowMs += options.introMs;
      send({ type: 'START', atMs: nowMs });
      continue;
    }
    if (state.kind === 'trial' && !state.trial.onset) {
      const behaviour = options.behave(state.trial.planned);
      const onsetMs = Math.max(state.trial.dueAtMs, nowMs) + behaviour.onsetLateMs;
      hideAtMs = null;
      send({ type: 'ONSET', atMs: onsetMs, method: 'element-timing' });
      if (behaviour.interrupted) send({ type: 'INTERRUPTED', atMs: onsetMs + 1 });
      const offsetMs: number | null = hideAtMs;
      const presses = [...behaviour.pressesAfterOnsetMs].sort((a, b) => a - b);
      let offsetSent = false;
      for (const afterMs of presses) {
        if (offsetMs !== null && !offsetSent && onsetMs + afterMs >= offsetMs) {
          send({ type: 'OFFSET', atMs: offsetMs });
          offsetSent = true;
        }
        send({ type: 'PRESS', atMs: onsetMs + afterMs, modality });
      }
      if (offsetMs !== null && !offsetSent) send({ type: 'OFFSET', atMs: offsetMs });
    }
    const dueMs = goNoGoNextDueMs(config, state);
    if (dueMs === null) throw new Error(`The engine is stuck in ${state.kind}`);
    nowMs = Math.max(nowMs, dueMs);
    send({ type: 'TICK', atMs: nowMs });
  }
  return { trials, events, effects, state };
}
